"""`lanboard resume`: continue a match after a crash or a closed terminal."""
from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from pathlib import Path

import trio

from node.runtime import Node, unfinished_matches
from node.stopped import MatchStopped, stopped_in_note
from protocol.identity import data_dir, load_or_create

from .command_hint import lanboard
from .errors import UsageError
from .local_bots import only_local_bots, resume_bots, stopped_bots
from .node_runner import (END_IDLE_S, Printer, exit_status, node_running, run_with_control,
                          setup_logging)

NAME = "resume"
HELP = "continue an unfinished match from its match file (default: the most recent one)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("match", nargs="?", help="match file, or the start of its match id")
    p.add_argument("--listen", default=None,
                   help="address to listen on (default: where the match's node listened)")
    p.add_argument("--json", action="store_true", help="print events as JSON lines")
    p.add_argument("--headless", action="store_true",
                   help="no terminal UI: print events as plain lines (the default without a tty)")
    p.add_argument("--verbose", action="store_true")


def find_match(home: Path, which: str | None) -> Path:
    if which and Path(which).exists():
        path = Path(which)
        if not path.with_suffix(".json").is_file():
            raise UsageError(f"{which} is not one of your matches (a node keeps a note "
                             f"{path.with_suffix('.json').name} beside each; "
                             f"`{lanboard('verify')}` checks any match file)")
        return path
    candidates = unfinished_matches(home)
    if which:
        candidates = [p for p in candidates if p.stem.startswith(which.lower())] or \
            ended_by_cheat(home, which)   # resume then says why it does not go on
    if not candidates:
        raise UsageError(f"no unfinished match{' ' + repr(which) if which else ''} in "
                         f"{home / 'matches'}")
    return candidates[0]


def run(args: argparse.Namespace) -> int:
    return resume(find_match(data_dir(), args.match), args)


def resume_if_chosen(args: argparse.Namespace, role: str, game: str | None) -> int | None:
    """What `host`/`join` do first: refuse while a node of ours runs, then resume an unfinished
    match only if the player chooses it (cli.unfinished); None: go on with the command."""
    from .unfinished import offer
    refuse_if_running()
    chosen = offer(args, role, game)
    return None if chosen is None else resume(chosen, args)


def refuse_if_running() -> None:
    """One node per player identity: its control socket and its seat are its own."""
    from .ui.launch import default_control
    if node_running(default_control()):
        raise UsageError("a node of yours is still running a game (it goes on without a "
                         f"terminal): `{lanboard('attach')}` opens it again, "
                         f"`{lanboard('games')}` lists it and `{lanboard('stop')}` ends it "
                         "before a new one")


def ended_by_cheat(home: Path, which: str) -> list[Path]:
    """Matches named `which` that a proven cheat ended (their note says so)."""
    out = []
    for note in sorted(Path(home, "matches").glob("*.json")):
        if not note.stem.startswith(which.lower()):
            continue
        try:
            if stopped_in_note(note.with_suffix(".match"), json.loads(note.read_text())):
                out.append(note.with_suffix(".match"))
        except (OSError, ValueError):
            continue
    return out


def resume(path: Path, args: argparse.Namespace) -> int:
    home = data_dir()
    refuse_if_running()
    # `host`, `join` and `play` resume with their own arguments, which may lack these
    listen, verbose = getattr(args, "listen", None), getattr(args, "verbose", False)
    meta = json.loads(path.with_suffix(".json").read_text())
    stopped = stopped_in_note(path, meta)
    if stopped:   # said before a node (or the UI) starts; the node checks the file itself
        raise MatchStopped(stopped)
    from .ui.launch import open_ui, start_node, ui_wanted
    if ui_wanted(args):
        argv = ["resume", str(path)] + (["--listen", listen] if listen else [])
        return open_ui(start_node(argv + (["--verbose"] if verbose else []), "resume")[1])
    setup_logging(verbose)
    printer = Printer(getattr(args, "json", False), bot=bool(meta.get("bot")))
    node = Node(load_or_create(home), meta.get("name", "player"), home, bot=meta.get("bot"),
                listen_host=listen or meta.get("listen", "0.0.0.0"), on_event=printer)
    control = home / f"control-{node.identity.check_code}.sock"

    async def play():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(partial(node.resume, path))
            printer("listening", {"port": port, "control": str(control)})
            # Bots `host --bots` started for this match that died with us (a closed terminal,
            # a reboot) come back with us: without them the game would wait out the timeouts.
            bots = stopped_bots(path)
            if bots:
                print(f"restarting {len(bots)} local bot{'s' * (len(bots) > 1)}",
                      file=sys.stderr, flush=True)
                resume_bots(nursery, bots)
        return node.outcome

    # Resumed against this machine's bots only, the game ends itself when left unattached, as
    # `play` started it (cli.node_runner.END_IDLE_S; a bot's own node never does).
    local = not meta.get("bot") and only_local_bots(meta)
    return exit_status(trio.run(partial(run_with_control, node, printer, play, control,
                                        local_bots_only=local, end_idle=END_IDLE_S)))
