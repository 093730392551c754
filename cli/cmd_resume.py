"""`lanboard resume`: continue a match after a crash or a closed terminal."""
from __future__ import annotations

import argparse
import json
from functools import partial
from pathlib import Path

import trio

from node.runtime import Node, unfinished_matches
from protocol.identity import data_dir, load_or_create

from .errors import UsageError
from .node_runner import Printer, exit_status, run_with_control, setup_logging

NAME = "resume"
HELP = "continue an unfinished match from its match file (default: the most recent one)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("match", nargs="?", help="match file, or the start of its match id")
    p.add_argument("--listen", default="0.0.0.0", help="address to listen on")
    p.add_argument("--json", action="store_true", help="print events as JSON lines")
    p.add_argument("--verbose", action="store_true")


def find_match(home: Path, which: str | None) -> Path:
    if which and Path(which).exists():
        return Path(which)
    candidates = unfinished_matches(home)
    if which:
        candidates = [p for p in candidates if p.stem.startswith(which.lower())]
    if not candidates:
        raise UsageError(f"no unfinished match{' ' + repr(which) if which else ''} in "
                         f"{home / 'matches'}")
    return candidates[0]


def run(args: argparse.Namespace) -> int:
    home = data_dir()
    path = find_match(home, args.match)
    meta = json.loads(path.with_suffix(".json").read_text())
    setup_logging(args.verbose)
    printer = Printer(args.json, bot=bool(meta.get("bot")))
    node = Node(load_or_create(home), meta.get("name", "player"), home, bot=meta.get("bot"),
                listen_host=args.listen, on_event=printer)
    control = home / f"control-{node.identity.check_code}.sock"

    async def play():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(partial(node.resume, path))
            printer("listening", {"port": port, "control": str(control)})
        return node.outcome

    return exit_status(trio.run(run_with_control, node, printer, play, control))
