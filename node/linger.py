"""The end of a game: keep serving until every peer holds the whole log, within a bound.

Invariants kept here:
- A finished node serves its peers until each has said it holds all the final entries, and
  nothing of ours is still on its way to a peer present in the log (the outbox, held relays,
  queued frames); then LINGER_MIN more, so the last frames leave. Never longer than LINGER_MAX.
- Seats the log records as gone get the same bound as present ones (their player may be
  restarting and catch up to the end); frames queued to them are not waited for.
- After a fault nobody will reach the end: only the queued frames (the report) get to leave,
  for at most 2 s.
- Watchers that do not yet hold the whole log are served on after the peers are done, as long
  as they make progress within END_GRACE (node.watchers), a watcher whose link just went
  included: a watcher behind at the end still sees it. Never past LINGER_MAX in all.
- A wait past LINGER_NOTE is said once ("lingering", with the seats not yet confirmed).
- The match file is closed and `closed` set only once the wait is over: re-dialing stops then.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import trio


if TYPE_CHECKING:
    from .catchup import CatchUp
    from .links import Links
    from .outbox import Outbox
    from .table import Table
    from .watchers import Watchers

LINGER_MIN = 0.2              # seconds to keep serving peers after the game is over...
LINGER_MAX = 60.0             # ...at most, while a peer has not confirmed the whole log
LINGER_NOTE = 2.0             # a wait longer than this at the end is explained ("lingering")


class Linger:
    def __init__(self, table: "Table", catchup: "CatchUp", outbox: "Outbox",
                 links: "Links", watchers: "Watchers") -> None:
        self.table = table
        self.watchers = watchers
        self.catchup = catchup
        self.outbox = outbox
        self.links = links

    @property
    def closed(self) -> trio.Event:
        """Set once the game is over and every peer has the log (or the wait is over)."""
        return self.table.closed

    async def run(self) -> None:
        """Keep serving until every peer has said it holds the whole log, or LINGER_MAX passes.

        A peer that crashed near the end may still be restarting and need our entries. So may a
        seat the log records as gone (timed out, then finished by the bot or forfeited): its
        player, restarted within the bound, catches up to the end (the timeout, the choice and
        the bot's moves in its seat, all verified) and ends with our result, instead of
        re-dialing nobody. Those seats get the same bound, not a shorter one: a restart (a
        reboot, the command typed again) takes tens of seconds, exactly what a shorter bound
        would cut off, while lingering costs a quiet process, which says why it waits
        ("lingering") and may be stopped at no loss: the match file is complete and synced at
        the end of the game. A game nobody left is not slowed: its peers confirm at once."""
        table = self.table
        final = table.entry_count()
        session = table.session
        unconfirmed, outbox, links = self.catchup.unconfirmed, self.outbox, self.links
        # Frames queued to a gone seat are shares it no longer needs once it has the log.
        present = [s for s in links.queues if session is None or session.writes(s)]
        started = trio.current_time()
        told = False
        # After a fault nobody will reach the end: only let the queued frames (the report) go.
        with trio.move_on_after(LINGER_MAX if table.outcome.fault is None else 2.0):
            while table.outcome.fault is None and unconfirmed(final) or \
                    outbox.pending or any(outbox.relays.get(s) for s in present) or \
                    any(links.backlog(s) for s in present):
                if not told and trio.current_time() - started >= LINGER_NOTE and \
                        table.outcome.fault is None and unconfirmed(final):
                    told = True
                    table.events.emit("lingering", {"seats": unconfirmed(final),
                                                    "up_to": LINGER_MAX})
                await trio.sleep(0.05)
            if table.outcome.fault is None:
                # as long as the watchers still behind make progress (node.watchers)
                while self.watchers.waited_for(final + 1):   # the genesis is an item too
                    await trio.sleep(0.05)
            await trio.sleep(LINGER_MIN)
        if outbox.store is not None:
            outbox.store.close()
        self.closed.set()
