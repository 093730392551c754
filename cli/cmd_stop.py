"""`lanboard stop [MATCH]`: end a node of yours running in the background, cleanly.

The node says first what leaving means for its game ({"cmd": "stop"} without "confirm", see
node.control); a person confirms (or passes --yes), then the node is asked to stop and this
waits until its control socket is gone. With MATCH, every node of this user on that match stops
(the bots this machine started for it too, also when their host is gone)."""
from __future__ import annotations

import argparse
import sys
import time

import trio

from node.control import call

from .background import RunningNode, running_nodes
from .command_hint import lanboard
from .errors import UsageError
from .node_runner import node_running

NAME = "stop"
HELP = "end a game of yours running in the background (says first what that means)"
WAIT_S = 15.0
UNLINK_GRACE_S = 1.0


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("match", nargs="?", help="the start of its match id (see `lanboard games`); "
                                            "default: your running node")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")


def targets(running: list[RunningNode], match: str | None) -> list[RunningNode]:
    if match:
        return [n for n in running if n.match and n.match.startswith(match.lower())]
    return [n for n in running if not n.bot_of_ours]


def run(args: argparse.Namespace) -> int:
    running = trio.run(running_nodes)
    chosen = targets(running, args.match)
    if not chosen:
        which = f" on match {args.match!r}" if args.match else ""
        raise UsageError(f"no node of yours is running{which} (`{lanboard('games')}` lists them)")
    first = chosen[0]
    said = trio.run(call, first.control, {"cmd": "stop"})
    if not said.get("ok"):
        raise UsageError(f"the node refuses: {said.get('error')}")
    others = len(chosen) - 1
    print(said["what_happens"] + (f" ({others} more node{'s' * (others > 1)} of yours on "
                                  "this match stop too.)" if others else ""))
    if not args.yes:
        if not sys.stdin.isatty():
            raise UsageError("not stopped: confirm at a terminal, or pass --yes")
        if input("Stop it? [y/N] ").strip().lower() not in ("y", "yes"):
            print("not stopped")
            return 1
    for n in chosen:
        try:
            trio.run(call, n.control, {"cmd": "stop", "confirm": True})
        except (OSError, ConnectionError):
            pass   # it ended meanwhile (a bot whose host just stopped)
    deadline = time.monotonic() + WAIT_S
    left, quiet = chosen, {}
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        now = time.monotonic()
        # A node stops answering when it closes its socket and unlinks the file just after;
        # one killed outright leaves the file, which is no node (UNLINK_GRACE_S tells them apart).
        left = [n for n in left if node_running(n.control) or (
            n.control.exists() and now - quiet.setdefault(n.control, now) < UNLINK_GRACE_S)]
    if left:
        print(f"asked to stop, but still running after {WAIT_S:g} s: "
              + ", ".join(str(n.control) for n in left), file=sys.stderr)
        return 1
    print(f"stopped {len(chosen)} node{'s' * (len(chosen) > 1)}")
    return 0
