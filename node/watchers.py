"""Watchers served by a player's node: the match's log, item by item, to those who only watch.

A watcher (node.watcher) dials a player's node and opens with "watch" (the match it follows,
b"" for any, and how many of the log's items it holds: the genesis is item 0). The node answers
"watching" (every player's node address, so the watcher can come back through any of them),
then "items" messages holding the log from there on, as the log grows; the watcher answers each
with "sync" (how many items it holds now).

Invariants kept here:
- Players never wait for watchers: a watcher is served by a task of its own that reads the
  node's log; nothing of the game (the session, the links, the outbox) waits on it, and a
  watcher is never part of a round, never dialed, never sent a session frame. A watcher is
  written to at most once a BATCH, so what it costs the node is paid once a burst of entries,
  not once an entry (bench/bench_watch.py).
- A watcher is sent only the log's items (the signed genesis and entries, public by design:
  decryption shares in a "draw" entry are encrypted to the card's holder, node.hiddenlog),
  never a session frame, never a share of a round in progress, never a private card; and only
  items that are on disk (node.outbox's persist-before-send: an entry may hold our own move).
- Bounded: a watcher has at most WINDOW items sent that it has not said it holds; one whose
  "sync" does not advance for STALL seconds while items are outstanding is dropped (it comes
  back and catches up from its file). At most `limit` watchers a node (0: none).
- A watcher is a stranger: its connection stays unseated in node.admission (counted against
  the caps, evictable by a newcomer like any other), without the grace (it lives as long as it
  reads); it cannot become a seat: after "watch" it may send nothing but "sync".
- When the match stops for a fault, a watcher holding the whole log is told why ("refused").
- The end reaches the watchers: a finished node serves on (node.linger) while one of them does
  not yet hold the whole log, as long as watchers make progress (a sync that says more, a link
  made, or one lost while behind: its watcher dials again at once) within END_GRACE, and never
  past node.linger's bound. The players have nothing left to wait for by then, so they still
  never wait for a watcher.
- A watcher counts against the cap (and in `active`, told as a "watchers" event) from its
  "watch" message on, in the lobby too.
- A private table's node serves only a watcher that proved the table code on its connection
  (node.private_table's door, counted against the node's tries as a joiner's guesses are).
- A watcher that comes before the game has begun waits for it, as long as the admission grace
  lets a stranger's connection live (then it dials again).
- A delayed game (`host --delay N`, told to every seat in the lobby's welcome) shows watchers an
  entry only once N more turns have ended after the turn it was made in; a turn is what the log
  closes with an attest entry (the engine's turn number changed, or, in a game without turns,
  every step). Until then only the genesis is sent. Every node of the table holds back alike
  (a watcher may come through any of them), and once the game is over, or stopped, everything
  is sent: the watcher ends with the whole file, every item checked as ever.
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any, Callable

import trio

from . import outbox, wire
from .admission import watching
from .catchup import MAX_ENTRIES, entry_frames
from .framing import TransportError

if TYPE_CHECKING:
    from .store import MatchStore
    from .table import Table

log = logging.getLogger("lanboard.node.watchers")

OTHER_MATCH = "this node plays another match"
FULL = "this node already serves"   # the start of a full node's refusal (node.watcher)
PRIVATE_WATCH = ("this table is private: ask a player for the table code and watch with "
                 "--code CODE")   # a watcher of an older match stops on it

WATCHERS = 8      # watchers a node serves at most, by default
WINDOW = 64       # items sent to a watcher beyond what it said it holds, at most
STALL = 10.0      # seconds a watcher with items outstanding may go without reading
END_GRACE = 10.0  # seconds a finished node serves on for watchers behind, since their progress
GONE_KEPT = 64    # watchers whose link went while behind, remembered at most
MAX_DELAY = 99    # turns a game may hold its entries back from watchers, at most (`--delay`)
BATCH = 0.05      # seconds between two writes to a watcher, at least: a burst leaves together


def delay_problem(turns: object) -> str | None:
    """Why `turns` is not a delay a game may hold its entries back from watchers by, or None."""
    if type(turns) is not int or not 0 <= turns <= MAX_DELAY:
        return (f"a watching delay is a whole number of turns from 0 to {MAX_DELAY}, "
                f"not {turns!r:.40}")
    return None


class Watchers:
    def __init__(self, table: "Table", store: Callable[[], "MatchStore | None"],
                 limit: int = WATCHERS, delay: int = 0) -> None:
        self.table = table
        self.store = store    # the match file (the outbox's), once the match has started
        self.limit = limit
        self.delay = delay    # turns an entry is held back from watchers (`host --delay`)
        self.why_none = "this game takes no watchers"   # told when `limit` is 0
        self.active = 0       # watchers served now
        self.dropped = 0      # watchers dropped for not reading
        self.holding: dict[int, int] = {}   # items each watcher served now said it holds
        # watchers whose link went while behind, by key: (items held, when), for END_GRACE
        self.gone: dict[bytes, tuple[int, float]] = {}
        self.moved = -math.inf   # when watchers last made progress (`waited_for`)

    def private(self) -> None:
        """A private table's node serves only a watcher that proved the table code first
        (node.private_table, the same door and tries as a joiner's): the code keeps the game
        to those who hold it, watchers included."""
        self.code_needed = True

    code_needed = False

    async def serve(self, conn: Any, msg: dict, *, proven: bool = False) -> None:
        """One watcher's connection, from its "watch" message until it or the node goes;
        `proven`: it proved the table code (a private table's watchers must)."""
        table = self.table
        if self.code_needed and not proven:
            await conn.send(wire.pack("refused", reason=PRIVATE_WATCH))
            return
        if not 0 <= msg["have"] <= MAX_ENTRIES:   # at the edge, as a player's sync count is:
            # a lie believed (or clamped) misleads the serving below; the transport's log line
            # names the sender's key
            raise wire.BadMessage(f"a watcher says it holds {msg['have']} items: a match file "
                                  f"holds 0 to {MAX_ENTRIES}")
        refusal = self._refusal(msg)
        if refusal:
            await conn.send(wire.pack("refused", reason=refusal))
            return
        # counted from here, in the lobby too: it holds a place, and `list` shows it
        self._count(+1)
        key = conn.peer_key   # None for a watcher whose transport proves no key
        self.gone.pop(key, None)   # a watcher back on a new link: no longer waited for
        self.moved = trio.current_time()
        try:
            # a watcher that comes in the lobby waits for the game, within the admission
            # grace of a stranger's connection (it dials again after it)
            await table.session_ready.wait()
            refusal = self._match_refusal(msg)
            if refusal:
                await conn.send(wire.pack("refused", reason=refusal))
                return
            watching(conn)
            await self._serve(conn, msg["have"], key)
        finally:
            self._count(-1)

    def _count(self, change: int) -> None:
        self.active += change
        # the players see who watches (`host --json`: "watchers")
        self.table.events.emit("watchers", {"active": self.active, "limit": self.limit})

    def _refusal(self, msg: dict) -> str | None:
        if msg["t"] != "watch":
            return "a watcher opens with watch"
        if self.limit <= 0:
            return self.why_none
        if self.active >= self.limit:
            return (f"{FULL} its {self.limit} watchers (a player may take more: "
                    "host --watchers N)")
        return None

    def _match_refusal(self, msg: dict) -> str | None:
        table = self.table
        if table.session.match_id is None:
            return "the game has not begun yet"
        if msg["match"] not in (b"", table.session.match_id):
            return OTHER_MATCH
        return None

    async def _serve(self, conn: Any, have: int, key: bytes | None) -> None:
        table = self.table
        genesis = table.session.log[0]
        sent = acked = have
        self.holding[id(conn)] = acked
        stall = trio.CancelScope()
        await conn.send(wire.pack("watching", addrs=[[s.addr, s.port] for s in table.seats],
                                  delay=self.delay))

        async def read_syncs() -> None:
            nonlocal acked
            while True:
                ch, said = wire.unpack(await conn.receive())
                if ch != wire.NODE or said["t"] != "sync":
                    raise wire.BadMessage("a watcher may send nothing but sync")
                if not acked < said["have"] <= sent:
                    raise wire.BadMessage(f"a watcher says it holds {said['have']} items "
                                          f"of the {sent} sent")
                acked = self.holding[id(conn)] = said["have"]
                self.moved = trio.current_time()
                stall.deadline = math.inf if acked == sent else trio.current_time() + STALL
                room[0].set()   # its own sender only: a sync wakes no other watcher's task

        failure: list[TransportError] = []
        # set by this watcher's "sync": its window has room again (the sender waits on it
        # when the window, not the log, holds it back)
        room = [trio.Event()]

        async def guarded(part, nursery: trio.Nursery) -> None:
            # a broken link ends both halves, its error kept (as node.links does): the
            # listener expects a TransportError, not an ExceptionGroup
            try:
                await part()
            except TransportError as e:
                failure.append(e)
            nursery.cancel_scope.cancel()

        async def send_items() -> None:
            nonlocal sent
            wrote = -math.inf
            while True:
                entries = table.session.entries
                if sent > 1 + len(entries):
                    # our log's tail was replaced by the match's (node.catchup): what this
                    # watcher holds may not be the match's; it comes back and checks
                    raise wire.BadMessage("the log this watcher was sent was replaced")
                upto = min(self.visible(), acked + WINDOW)
                if upto > sent:
                    await self._synced(upto)
                    frames = entry_frames([genesis, *entries[:upto - 1]], sent, "items")
                    if stall.deadline == math.inf:
                        stall.deadline = trio.current_time() + STALL
                    # counted as sent before the write returns: the watcher may read the first
                    # frames of a long write and say so while the rest is still going out
                    sent = upto
                    await conn.send_many(frames)
                    wrote = trio.current_time()
                    continue
                if sent == acked == 1 + len(entries) and table.finished.is_set() \
                        and table.outcome.fault is not None:
                    f = table.outcome.fault
                    await conn.send(wire.pack("refused", reason=f"the match was stopped: "
                                              f"{f.kind}: {f.reason}"))
                    return
                if self.visible() > sent:   # the window is full: wait for the watcher
                    room[0] = trio.Event()
                    await room[0].wait()
                else:                       # all sent: wait for the log to grow
                    await table.grown.park()
                # at most one write a BATCH: news after a quiet spell goes at once, a burst
                # (a roll's entries) waits for the rest of it, so the node writes (and hears
                # "sync") once a batch, not once an entry; a watcher sees it some ms later
                await trio.sleep_until(wrote + BATCH)

        try:
            with stall:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(guarded, read_syncs, nursery)
                    nursery.start_soon(guarded, send_items, nursery)
        finally:
            held = self.holding.pop(id(conn))
            if key is not None and held < 1 + len(table.session.entries):
                self._went(key, held)
        if stall.cancelled_caught:
            self.dropped += 1
            log.info("dropped a watcher (%s) that read nothing for %g s", conn.peer, STALL)
        elif failure:
            log.info("a watcher (%s) went: %s", conn.peer, failure[0])

    def visible(self) -> int:
        """How many of the log's items a watcher may be sent now: all of them, but in a delayed
        game that is not over those after the turn that ended `delay` turns ago (see the
        module's invariants; the genesis is item 0, an entry's item is its sequence number)."""
        table = self.table
        session = table.session
        items = 1 + len(session.entries)
        if self.delay == 0 or session.over or table.finished.is_set():
            return items
        ends = session.turn_ends
        return ends[-1 - self.delay] + 1 if len(ends) > self.delay else 1

    def behind(self, items: int) -> int:
        """How many watchers hold fewer than `items` items: those served now, and those whose
        link went while behind less than END_GRACE ago (they dial again: node.watcher)."""
        now = trio.current_time()
        return sum(held < items for held in self.holding.values()) + \
            sum(held < items and now - when < END_GRACE for held, when in self.gone.values())

    def waited_for(self, items: int) -> bool:
        """Whether a finished node serves on for its watchers (node.linger): one of them does
        not hold the `items` items of the whole log yet, and watchers made progress (came,
        said they hold more, or lost a link while behind) less than END_GRACE ago."""
        return self.behind(items) > 0 and trio.current_time() - self.moved < END_GRACE

    def _went(self, key: bytes, held: int) -> None:
        """A watcher's link went while it was behind: waited for a while (`behind`)."""
        now = trio.current_time()
        self.moved = now
        for k in [k for k, (_, when) in self.gone.items() if now - when >= END_GRACE]:
            del self.gone[k]
        if len(self.gone) < GONE_KEPT:   # bounded whatever strangers do
            self.gone[key] = (held, now)

    async def _synced(self, items: int) -> None:
        """The first `items` items on disk before a watcher sees them (an entry may hold our
        own move or claim: persist before send, as node.outbox does for peers)."""
        store = self.store()
        if store is None or store.synced >= items:
            return
        if store.slowest_sync < outbox.INLINE_SYNC_MAX:
            store.sync_to(items)
        else:
            await trio.to_thread.run_sync(store.sync_to, items)
