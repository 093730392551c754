"""This user's games in the background: the nodes running under their data dir, and the
unfinished matches no node runs. Read by `lanboard games` and `lanboard stop`.

A node is found by its control socket (control-CODE.sock in the data dir, and in each local
bot's home under bots/): one that answers "status" runs, one that does not is a socket file
left by a node that died and is not listed. What a node says comes from its own status; the
time it runs since is its socket's (bound when it started). Nothing here computes from rules.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import trio

from node.control import call
from node.runtime import unfinished_matches
from protocol.identity import data_dir


@dataclass(frozen=True)
class RunningNode:
    control: Path
    status: dict
    since: float          # Unix time the node started (its control socket's)
    bot_of_ours: bool     # a bot this machine started (its home is under bots/)

    @property
    def match(self) -> str:
        return self.status.get("match") or ""


@dataclass(frozen=True)
class StoppedMatch:
    path: Path
    meta: dict
    since: float          # Unix time of its last entry (the match file's)


def control_sockets(home: Path | None = None) -> list[tuple[Path, bool]]:
    home = home or data_dir()
    own = [(p, False) for p in sorted(home.glob("control-*.sock"))]
    return own + [(p, True) for p in sorted((home / "bots").glob("bot-*/control-*.sock"))]


async def _status(control: Path) -> dict | None:
    with trio.move_on_after(2.0):
        try:
            reply = await call(control, {"cmd": "status"})
        except (OSError, ConnectionError, ValueError):
            return None
        return reply if reply.get("ok") else None
    return None   # a node too busy to answer in 2 s is listed next time


async def running_nodes(home: Path | None = None) -> list[RunningNode]:
    found: list[RunningNode] = []
    for control, bot in control_sockets(home):
        status = await _status(control)
        if status is not None:
            try:
                since = control.stat().st_mtime
            except OSError:
                continue   # it ended meanwhile
            found.append(RunningNode(control, status, since, bot))
    return found


def stopped_matches(home: Path | None, running: list[RunningNode]) -> list[StoppedMatch]:
    """This player's unfinished matches that no running node of theirs plays."""
    home = home or data_dir()
    playing = [n.match for n in running if not n.bot_of_ours and n.match]
    out = []
    for path in unfinished_matches(home):
        if any(m.startswith(path.stem) for m in playing):   # named by its id's first digits
            continue
        try:
            meta = json.loads(path.with_suffix(".json").read_text())
            out.append(StoppedMatch(path, meta, path.stat().st_mtime))
        except (OSError, ValueError):
            continue
    return out


def ago(t: float, now: float | None = None) -> str:
    """'2026-12-01 14:02 (3 h 5 min ago)' for a Unix time."""
    now = time.time() if now is None else now
    s = max(0, int(now - t))
    span = (f"{s // 86400} d {s % 86400 // 3600} h" if s >= 86400 else
            f"{s // 3600} h {s % 3600 // 60} min" if s >= 3600 else
            f"{s // 60} min" if s >= 60 else f"{s} s")
    return f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(t))} ({span} ago)"
