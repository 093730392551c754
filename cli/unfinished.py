"""An unfinished match is continued only when the player says so.

`lanboard host` opens a new lobby and `lanboard join` joins one (`play` starts a new game):
never does one of them switch by itself to an older match. When this player has an unfinished
match of the same kind (the same game and role, written to in the last RECENT_S), the command
asks at a terminal whether to resume it or start a new game; without a terminal (a script) it
does what it says and prints one line naming the match and the `lanboard resume` command that
continues it. An older unfinished match is named the same way, not asked about. `--new` asks
nothing and names nothing.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from node.runtime import unfinished_matches

from .command_hint import lanboard
from .errors import UsageError

# A match untouched for longer was most likely abandoned: it is named, not asked about.
RECENT_S = 6 * 3600


def same_kind(home: Path, role: str, game: str | None, bot: str | None) -> tuple[Path | None,
                                                                               Path | None]:
    """(the most recent unfinished match of this kind to offer, the most recent older one to
    name), for `role` "host" or "join"; a joiner's game is not known before it finds a lobby,
    so any game matches."""
    recent = older = None
    for path in unfinished_matches(home):
        meta = note(path)
        if meta is None or (meta.get("seat") == 0) != (role == "host"):
            continue
        if game is not None and meta.get("game") != game:
            continue
        if (meta.get("bot") or None) != (bot or None):
            continue
        if time.time() - path.stat().st_mtime <= RECENT_S:
            recent = recent or path
        else:
            older = older or path
    return recent, older


def note(path: Path) -> dict | None:
    """The node's note beside a match file (seat, game, players), None when unreadable."""
    try:
        meta = json.loads(path.with_suffix(".json").read_text())
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) else None


def described(path: Path, now: float | None = None) -> str:
    """'with Alice and Bot 1 from 14:02' (the day too when not today): who else played the
    match and when its last entry was written."""
    meta = note(path) or {}
    names = [p.get("name", "?") for i, p in enumerate(meta.get("players") or [])
             if i != meta.get("seat")]
    who = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    t = path.stat().st_mtime
    now = time.time() if now is None else now
    day = "" if time.localtime(t)[:3] == time.localtime(now)[:3] else \
        time.strftime("%Y-%m-%d ", time.localtime(t))
    at = time.strftime("%H:%M", time.localtime(t))
    return f"{'with ' + who + ' ' if who else ''}from {day}{at}"


def resume_line(path: Path) -> str:
    """The one line a script reads: the match not continued, and the command that does."""
    return (f"note: your unfinished match {described(path)} is not continued: "
            f"`{lanboard('resume', path.stem[:16])}` continues it, "
            f"`{lanboard('forget', path.stem[:16])}` discards it")


def at_terminal(args) -> bool:
    return sys.stdin.isatty() and not getattr(args, "json", False)


def offer(args, role: str, game: str | None) -> Path | None:
    """The match the player chose to resume instead of what the command says, or None: asked at
    a terminal for a recent match of this kind, said in one line otherwise (module docstring)."""
    if getattr(args, "new", False):
        return None
    from protocol.identity import data_dir
    recent, older = same_kind(data_dir(), role, game, getattr(args, "bot", None))
    if recent is not None and at_terminal(args):
        return recent if ask_resume(recent) else None
    if recent or older:
        print(resume_line(recent or older), file=sys.stderr, flush=True)
    return None


def ask_resume(path: Path) -> bool:
    """True for r (resume), False for n (a new game); asked again until one of them."""
    question = (f"You have an unfinished match {described(path)}: resume it (r) or start a new "
                "game (n)? ")
    while True:
        try:
            answer = input(question).strip().lower()
        except EOFError:
            raise UsageError("no answer: nothing started") from None
        if answer in ("r", "resume"):
            return True
        if answer in ("n", "new"):
            return False
