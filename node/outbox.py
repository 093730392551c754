"""What leaves for a peer and when: persist before send, and forwarded shares held briefly.

Invariants kept here:
- Persist before send: a frame of ours leaves only once every entry written to the match file
  before it was handed over, and our own unlogged frames handed with it (what a restart could
  not sign again alike), are synced. Frames handed over later never overtake earlier ones: while
  anything waits in the outbox, everything after it waits there too (`pending`).
- Syncs a fast disk can take (the slowest recent sync under INLINE_SYNC_MAX) run in the node's
  own thread; slower ones in a worker thread, so the node keeps checking frames meanwhile, and
  entries that complete during one sync share the next one.
- Relays first: another author's share we forward (a relay) waits up to RELAY_HOLD to leave in
  one write with our next frame to that peer, and always ahead of it: a peer gets another
  author's share before ours built on it (see protocol.session, "Why shares are echoed").
  Relays do not wait for syncs, so they may overtake our frames still waiting in the outbox.
- Held relays all leave when the hold ends, when the holding task stops, and at game over.
  While no holding task runs (`relays_due` is None) a relay is queued at once.
"""
from __future__ import annotations

import math
from typing import Callable

import trio

from .store import MatchStore

# A sync this fast is done in the node's own thread. A worker thread would let the node check
# its peers' frames meanwhile, but our own next frame, which the others wait for, then leaves
# only once the worker has taken the sync (behind the frames the node is checking) and the
# loop has woken to its answer: on a busy machine those waits cost more than the sync (4 node
# processes on 2 cores: roll 6.65 -> 4.69 ms with 10 ms here instead of 1 ms), and what the
# worker could overlap is a few signature checks. A disk slower than this (a slow SD card, a
# network file system) gets the worker, so the node does not stall that long per entry. The
# slowest of the recent syncs decides (a disk that slows moves), and keeping our own frames
# counts as one (MatchStore.save_unlogged).
INLINE_SYNC_MAX = 0.01
# Another author's share we forward (the session's relays, which expose equivocation) waits
# up to this long to leave in one write with our next frame to that peer, instead of costing
# a write and a wake-up of its own: in a roll every node forwards six.
RELAY_HOLD = 0.02

Frames = list[tuple[bytes, tuple[int, ...]]]


class Outbox:
    """Our frames on their way to the peers' queues (`send(seat, frame)` puts one there)."""

    def __init__(self, send: Callable[[int, bytes], None]) -> None:
        self.send = send
        self.store: MatchStore | None = None   # the match file, once the match has started
        self.unlogged: list[bytes] = []   # our own frames on disk (save_unlogged), not in the log
        # Session frames wait here until what they build on is on disk (see persist_then_send)
        self._in, self._out = trio.open_memory_channel(math.inf)
        self.pending = 0
        self.relays: dict[int, list[bytes]] = {}   # forwarded shares waiting, per seat
        self.relays_due: trio.Event | None = None   # set while some wait (None: no holding)

    def send_later(self, frames: Frames, unlogged: list[bytes] | None = None) -> None:
        """Queue our own frames (packed) once what they may build on is on disk: every entry
        written so far, and `unlogged` (our frames a restart could not sign again alike)."""
        if not frames and unlogged is None:
            return
        store = self.store
        written = store.count if store is not None else 0
        if not self.pending and (store is None or unlogged is None and
                                 store.synced >= written or
                                 store.slowest_sync < INLINE_SYNC_MAX):
            # nothing queued ahead, and nothing to write or a disk fast enough to write here
            if unlogged is not None:
                store.save_unlogged(unlogged)
            if store is not None:
                store.sync_to(written)
            self._queue_all(frames)
            return
        self.pending += 1
        self._in.send_nowait((written, unlogged, frames))

    def _queue_all(self, frames: Frames) -> None:
        for frame, to in frames:
            self.queue_now(frame, to)

    async def persist_then_send(self) -> None:
        """The protocol's order: a frame leaves only once the entries it may build on (all
        written before it was queued) and our own unlogged frames are on disk. The syncs run
        in a worker thread, so the node keeps reading and checking frames meanwhile, and
        entries that complete during one sync share the next one."""
        async for written, unlogged, frames in self._out:
            if unlogged is not None:
                await trio.to_thread.run_sync(self.store.save_unlogged, unlogged)
            if self.store is not None and self.store.synced < written:
                await trio.to_thread.run_sync(self.store.sync_to, written)
            self._queue_all(frames)
            self.pending -= 1

    def queue_now(self, frame: bytes, to: tuple[int, ...]) -> None:
        for seat in to:
            # held relays first: a peer gets another author's share before ours built on it
            # (see protocol.session, "Why shares are echoed")
            self.release_relays(seat)
            self.send(seat, frame)

    def hold_relay(self, frame: bytes, to: tuple[int, ...]) -> None:
        if self.relays_due is None:
            self.queue_now(frame, to)
            return
        for seat in to:
            self.relays.setdefault(seat, []).append(frame)
        self.relays_due.set()

    def release_relays(self, seat: int) -> None:
        held = self.relays.pop(seat, None)
        if held:
            for frame in held:
                self.send(seat, frame)

    async def release_relays_when_due(self) -> None:
        self.relays_due = trio.Event()
        try:
            while True:
                await self.relays_due.wait()
                await trio.sleep(RELAY_HOLD)
                self.relays_due = trio.Event()
                self.release_all_relays()
        finally:
            self.relays_due = None
            self.release_all_relays()

    def release_all_relays(self) -> None:
        for seat in list(self.relays):
            self.release_relays(seat)
