"""`lanboard forget MATCH`: discard an unfinished match of yours, after saying what that means.

Nothing is deleted: the match file and every file beside it of the same match (its note, what
was kept of a torn tail) move to $LANBOARD_HOME/archive/, where `lanboard games` and `lanboard
resume` no longer see them and `lanboard verify` still reads the file. A match a node of ours
still runs is not forgotten (`lanboard stop` ends it first). A match other players may still be
playing, as far as this machine can tell (not over, and its last entry recent or the match
announced on the LAN), is never forgotten silently: that is said, and a person at a terminal
must answer, `--yes` notwithstanding.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import trio

from protocol.identity import data_dir
from protocol.private_files import private_dir

from .background import StoppedMatch, ago, running_nodes, stopped_matches
from .command_hint import lanboard
from .errors import UsageError
from .unfinished import RECENT_S, described

NAME = "forget"
HELP = "discard an unfinished match of yours (its files move to an archive folder)"
LAN_LOOK_S = 1.0   # how long to listen for the match announced on the LAN


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("match", help="the start of its match id (see `lanboard games`)")
    p.add_argument("--yes", action="store_true",
                   help="do not ask for confirmation (still asked when other players may be "
                        "playing the match)")


def archive_dir(home: Path) -> Path:
    return home / "archive"


def announced_on_lan() -> dict[str, str]:
    """Match id (as announced) -> who announces it, for the games running on the LAN now."""
    from node.discovery import list_lobbies
    return {s.info.match: f"{s.info.host}'s node at {s.address}:{s.port}"
            for s in trio.run(list_lobbies, LAN_LOOK_S, None) if s.info.match}


def still_played(m: StoppedMatch, announced: dict[str, str], now: float | None = None) -> str:
    """Why other players may still be playing the match, or "" when nothing says so."""
    from .local_bots import only_local_bots
    for match, who in announced.items():
        if match.startswith(m.path.stem) or m.path.stem.startswith(match):
            return f"it is announced on the LAN by {who}"
    now = time.time() if now is None else now
    if now - m.since <= RECENT_S and not only_local_bots(m.meta):
        return (f"it is not over and its last entry is recent, at {ago(m.since, now)}; the "
                "others go on without you after a timeout")
    return ""


def find(home: Path, which: str) -> StoppedMatch:
    running = trio.run(running_nodes)
    key = Path(which).stem.lower() if which.endswith(".match") else which.lower()
    for n in running:
        if not n.bot_of_ours and n.match and n.match.startswith(key[:16]):
            raise UsageError(f"a node of yours is running match {n.match[:16]}: "
                             f"`{lanboard('stop', n.match[:16])}` ends it first")
    found = [m for m in stopped_matches(home, running) if m.path.stem.startswith(key)]
    if not found:
        raise UsageError(f"no unfinished match {which!r} of yours (`{lanboard('games')}` lists "
                         "them)")
    if len(found) > 1:
        raise UsageError(f"{which!r} names {len(found)} matches: "
                         + ", ".join(m.path.stem for m in found) + "; give more of its id")
    return found[0]


def run(args: argparse.Namespace) -> int:
    home = data_dir()
    m = find(home, args.match)
    archive = archive_dir(home)
    stem = m.path.stem
    print(f"Forgetting match {stem} ({m.meta.get('game', '?')} {described(m.path)}) moves its "
          f"files to {archive}: `{lanboard('games')}` and `{lanboard('resume')}` no longer see "
          f"it, `{lanboard('verify', '--partial', str(archive / m.path.name))}` still checks "
          "it. Nothing is sent to the other players.")
    played = still_played(m, announced_on_lan())
    if played:
        print(f"Other players may still be playing this match: {played}. Once it is forgotten "
              "you cannot come back to your seat or fetch the end of the game.")
        if not sys.stdin.isatty():
            raise UsageError("not forgotten: other players may still be playing it; answer at "
                             "a terminal (--yes does not skip this)")
        if not confirmed("Forget it all the same? [y/N] "):
            return 1
    elif not args.yes:
        if not sys.stdin.isatty():
            raise UsageError("not forgotten: confirm at a terminal, or pass --yes")
        if not confirmed("Forget it? [y/N] "):
            return 1
    private_dir(archive)   # as the matches folder (node.store)
    for path in sorted(m.path.parent.glob(f"{stem}.*")):
        path.rename(archive / path.name)
    print(f"forgotten: {archive / m.path.name}")
    return 0


def confirmed(question: str) -> bool:
    try:
        yes = input(question).strip().lower() in ("y", "yes")
    except EOFError:
        yes = False
    if not yes:
        print("not forgotten")
    return yes
