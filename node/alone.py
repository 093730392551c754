"""Saying that a node reaches no peer at all during the game ("alone").

Invariants kept here:
- Said once per stretch alone: after ALONE_AFTER seconds with no link to any other seat, and
  again only after a link has come back and gone again.
- It only looks (polling every ALONE_POLL at the seats' links) and says: the node keeps
  dialing and listening, so the game goes on when a peer is back. It stops at the game's end.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import trio

if TYPE_CHECKING:
    from .table import Table

ALONE_AFTER = 10.0            # no link to any peer this long during the game: say so ("alone")
ALONE_POLL = 0.5              # how often the alone watcher looks at the links


async def tell_if_alone(table: "Table") -> None:
    """A node that reaches no peer at all for ALONE_AFTER seconds during the game says so
    once (until a link comes back): typically a node restarted after the others finished
    or left, which would otherwise re-dial in silence. It keeps dialing and listening, so
    the game goes on when a peer is back. The links are looked at by polling, which keeps
    this watcher out of the link code."""
    alone_since: float | None = None
    told = False
    while not table.finished.is_set():
        now = trio.current_time()
        if any(s.conn is not None for i, s in enumerate(table.seats) if i != table.my_seat):
            alone_since, told = None, False
        elif alone_since is None:
            alone_since = now
        elif not told and now - alone_since >= ALONE_AFTER:
            told = True
            file = table.outcome.match_file
            table.events.emit("alone", {"seats": [i for i in range(len(table.seats))
                                                  if i != table.my_seat],
                                        "seconds": round(now - alone_since),
                                        "file": str(file) if file else None})
        await trio.sleep(ALONE_POLL)
