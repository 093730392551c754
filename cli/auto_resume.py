"""Restarting the command that started a match continues that match.

A node that crashed, or a terminal closed by mistake, is most often restarted with the same
`lanboard host` or `lanboard join` line. When this player has an unfinished match of the same
kind (the same game and role, written to recently), that command resumes it instead of opening
a new lobby; `--new` starts a new game anyway, and `lanboard resume` picks any match.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from node.runtime import unfinished_matches

# A match untouched for longer was most likely abandoned: a new command starts a new game (and
# says how to resume the old one).
RECENT_S = 6 * 3600


def resumable(home: Path, role: str, game: str | None, bot: str | None) -> tuple[Path | None,
                                                                                 Path | None]:
    """(a recent unfinished match to resume, an older one to mention), for `role` "host" or
    "join"; a joiner's game is not known before it finds a lobby, so any game matches."""
    recent = older = None
    for path in unfinished_matches(home):
        try:
            meta = json.loads(path.with_suffix(".json").read_text())
        except (OSError, ValueError):
            continue
        if (meta.get("seat") == 0) != (role == "host"):
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
