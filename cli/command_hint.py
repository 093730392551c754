"""How a hint names a `lanboard` command: as typed where `lanboard` is on PATH, else by a path
that runs this very installation.

`make play` runs .venv/bin/lanboard without putting .venv/bin on PATH, so a hint saying
"lanboard attach" there names a command the player's shell does not find. Every hint that tells
the player a command to type builds it with `lanboard(...)`, so they all work where they are read.
"""
from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path


def lanboard(*words: str) -> str:
    """'lanboard WORDS…', or '/path/to/.venv/bin/lanboard WORDS…' when PATH has no lanboard."""
    return " ".join([program(), *map(shlex.quote, words)])


def program() -> str:
    if shutil.which("lanboard"):
        return "lanboard"
    # not resolved: a venv's python is a link to the base interpreter, its scripts are beside it
    beside = Path(sys.executable).parent / "lanboard"
    if beside.is_file():
        return shlex.quote(str(beside))
    return f"{shlex.quote(sys.executable)} -m cli.main"
