"""The bot players `lanboard host --bots K` runs on this machine.

Each is a node process of its own with its own identity, so its own home (data_dir()/bots/bot-k),
and a child of the host's node.
"""
from __future__ import annotations

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import trio

from protocol.identity import data_dir


def bot_home(k: int) -> Path:
    return data_dir() / "bots" / f"bot-{k}"


def bot_command(port: int, k: int, kind: str) -> list[str]:
    # --new: a bot's home may hold an unfinished match of an earlier game; this is a new one
    return [sys.executable, "-m", "cli.main", "join", "--peer", f"127.0.0.1:{port}",
            "--bot", kind, "--name", f"Bot {k}", "--new"]


def spawn_bots(nursery: trio.Nursery, port: int, count: int, kind: str) -> None:
    for k in range(1, count + 1):
        _start(nursery, bot_command(port, k, kind), bot_home(k))


def _start(nursery: trio.Nursery, argv: list[str], home: Path) -> None:
    env = dict(os.environ, LANBOARD_HOME=str(home))
    nursery.start_soon(partial(trio.run_process, argv, env=env, check=False,
                               stdout=subprocess.DEVNULL))
