"""What lanboard writes is its user's alone: files 0600, the folders it makes 0700, like the key.

Invariants: a file made through `open_private` never exists with a wider mode, not even for an
instant (the mode goes to `os.open`, and a stale file that had another mode is narrowed before
anything is written to it). This module imports nothing of lanboard's, so the terminal UI can
make its files private without loading the engine (tests/ui/test_layers.py).
"""
from __future__ import annotations

import os
from pathlib import Path

__all__ = ["PRIVATE", "PRIVATE_DIR", "open_private", "private_dir"]

PRIVATE = 0o600       # every file written for the user: keys, matches, notes, logs, the book
PRIVATE_DIR = 0o700   # every folder made for them


def open_private(path: str | os.PathLike, flags: int = os.O_WRONLY | os.O_CREAT | os.O_TRUNC) -> int:
    """A descriptor on `path` opened with `flags`, the file the user's alone."""
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0), PRIVATE)
    if hasattr(os, "fchmod"):
        # O_TRUNC keeps the mode of a file that already existed
        os.fchmod(fd, PRIVATE)
    return fd


def private_dir(path: str | os.PathLike) -> Path:
    """`path` as a folder, made (with its parents) readable by the user alone where it is new;
    one that exists is kept as its owner left it."""
    directory = Path(path)
    directory.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    return directory
