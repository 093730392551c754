"""`lanboard attach`: open the terminal UI on a node that is already running."""
from __future__ import annotations

import argparse
from pathlib import Path

from .command_hint import lanboard
from .errors import UsageError

NAME = "attach"
HELP = "open the terminal UI on a running node (after closing the terminal, for example)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("control", nargs="?", metavar="CONTROL_SOCKET",
                   help="the node's control socket (default: the one of your own identity)")


def run(args: argparse.Namespace) -> int:
    from protocol.identity import data_dir

    from .ui.launch import default_control, open_ui
    path = Path(args.control) if args.control else default_control()
    if not path.exists():
        others = sorted(data_dir().glob("control-*.sock"))
        hint = ("; running nodes: " + ", ".join(map(str, others))) if others else \
            f"; no node of yours is running (start one with {lanboard('play')}, host or join)"
        raise UsageError(f"no control socket at {path}{hint}")
    return open_ui(path)
