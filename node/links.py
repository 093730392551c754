"""The peer mesh: one outbound queue per peer, the link that drains it, and re-dialing.

Invariants kept here:
- Each peer has exactly one outbound queue (`Links.queues[seat]`), made once and kept for the
  node's life; frames put on it leave in the order they were put, whatever link carries them.
- At most one link per peer writes: a newer link to a seat cancels the older one's reader and
  writer before it starts its own (`Seat.scope`), so two writers never drain one queue.
- A batch being written when its link dies is written again first on the next link (the peer
  ignores what it already had): it may hold a relay or a halt notice that the next link's sync
  would not bring back. A write takes at most WRITE_BATCH frames (and about WRITE_BATCH_BYTES).
- Every new link we announce starts with our "sync" (how many entries we hold), before any
  queued frame; a broken link ends both its halves and is said ("peer" event, "gone") unless
  the game is over.
- The higher seat dials; it dials again, with a pause growing from REDIAL[0] to REDIAL[1],
  until the node is closed (the game over and every peer holding the whole log). An address
  that cannot be dialed at all (resolving it raises OSError, ValueError or OverflowError: a peer
  said it, node.lobby_checks should have refused it) is dialed again like one nobody answers at;
  anything else a dial raises is a defect of ours and is not hidden as a dial to retry. A link
  that drops within REDIAL[1] counts as a failed dial: a peer whose every link drops at once
  (it sends what we refuse) is dialed at most every REDIAL[1], never in a tight loop.

What a link reads is the node's to route (the `read` it is given, `Node._read`); this module
only moves frames.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import trio

from engine.core import player_name
from protocol import genesis as gen
from protocol.peertext import shown

from . import wire
from .admission import seated
from .framing import TransportError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("lanboard.node")

CONTEXT = b"lanboard/1/lan"   # handshake context: binds signatures to lanboard's LAN protocol
REDIAL = (0.1, 2.0)           # first and longest pause between attempts to re-dial a peer
WRITE_BATCH = 64              # frames queued for a peer that leave in one write, at most...
WRITE_BATCH_BYTES = 1 << 18   # ...and bytes (one more frame may pass this)
# A peer with this many frames waiting for it is not reading: what it asks for (a pong, a
# catch-up) is not added; it asks again on its next link. The game's own frames always are.
ANSWER_BACKLOG = 4096


@dataclass
class Seat:
    name: str
    key: bytes
    commit: bytes = b""
    addr: str = ""
    port: int = 0
    conn: Any = None
    scope: Any = None     # cancels the current link's reader and writer
    inflight: list = field(default_factory=list)   # the batch being written to it
    # what its node said it plays as in the lobby (engine.bots.bot_info), None for a person:
    # its own word, shown beside its name, never checked (a bot's moves are checked as anyone's)
    bot: dict | None = None


class Links:
    """The node's links to its peers: their queues, and the tasks that serve and re-dial them."""

    def __init__(self, table: "Table", transport: Any,
                 read: Callable[[int, Any], Awaitable[None]]) -> None:
        self.table = table
        self.transport = transport   # connect(): how a lower seat is dialed
        self.read = read             # serves what a link reads, until it drops
        self.queues: dict[int, tuple[trio.MemorySendChannel, trio.MemoryReceiveChannel]] = {}

    def queue(self, seat: int) -> None:
        """Make `seat`'s queue if it has none yet (never replaced: frames on it stay queued)."""
        if seat not in self.queues:
            self.queues[seat] = trio.open_memory_channel(math.inf)

    def send(self, seat: int, frame: bytes) -> None:
        self.queues[seat][0].send_nowait(frame)

    def backlog(self, seat: int) -> int:
        return self.queues[seat][1].statistics().current_buffer_used

    def answer_allowed(self, seat: int) -> bool:
        """Whether what `seat` asks for may be queued: it reads what it is sent."""
        return self.backlog(seat) < ANSWER_BACKLOG

    def connected(self) -> list[int]:
        return [s for s in self.queues if self.table.seats[s].conn is not None]

    async def keep_dialing(self, seat: int, first=None) -> None:
        """Dial a lower seat (or use `first`, an open link), and dial again whenever the link
        drops, until the game is over and every peer has the whole log."""
        table = self.table
        pause = REDIAL[0]
        s = table.seats[seat]
        if first is not None:
            await self.link(seat, first)
        while not table.closed.is_set():
            try:
                conn = await self.transport.connect(s.addr, s.port, table.identity, CONTEXT,
                                                    expected_peer=s.key)
                await conn.send(wire.pack("mesh", match=gen.body_hash(table.session.body),
                                          seat=table.my_seat))
            except (TransportError, OSError, ValueError, OverflowError) as e:   # see above
                if isinstance(e, TransportError):
                    log.info("dialing %s (%s:%s): %s", player_name(seat), s.addr, s.port, e)
                else:
                    log.warning("dialing %s (%s:%s) fails: %s: %s", player_name(seat),
                                shown(s.addr), shown(s.port), type(e).__name__, e)
            else:
                began = trio.current_time()
                await self.link(seat, conn)
                if trio.current_time() - began >= REDIAL[1]:
                    pause = REDIAL[0]   # a link that held: its peer is back, dial at once
                    continue
                # a link that dropped at once will likely drop again (a peer sending what
                # we refuse): wait as for a peer we cannot reach, not a tight loop of dials
            await trio.sleep(pause)
            pause = min(pause * 2, REDIAL[1])

    async def link(self, seat: int, conn, announce: bool = True) -> None:
        """Serve one link to `seat` until it drops: its frames in, our queued frames out."""
        seated(conn)   # a seated player's link, no longer bound by the admission grace
        table = self.table
        s = table.seats[seat]
        if s.scope is not None:
            s.scope.cancel()  # a newer link replaces the old one: one writer per queue
        self.queue(seat)
        s.conn = conn
        failure: list[TransportError] = []

        async def guarded(part, nursery: trio.Nursery) -> None:
            # A broken link ends both halves; the error is kept, not raised into the nursery
            # (which would wrap it in an ExceptionGroup the listener does not expect).
            try:
                await part(seat, conn)
            except TransportError as e:
                failure.append(e)
            nursery.cancel_scope.cancel()

        with trio.CancelScope() as scope:
            s.scope = scope
            try:
                if announce:
                    table.events.emit("peer", {"seat": seat, "state": "connected"})
                    await conn.send(wire.pack("sync", have=table.entry_count()))
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(guarded, self._write, nursery)
                    nursery.start_soon(guarded, self.read, nursery)
            except TransportError as e:
                failure.append(e)
            finally:
                if s.conn is conn:
                    s.conn, s.scope = None, None
                await trio.aclose_forcefully(conn.stream)
        if failure and not table.finished.is_set():
            table.events.emit("peer", {"seat": seat, "state": "gone", "reason": str(failure[0])})
            log.warning("%s (%s): %s", player_name(seat), s.name, failure[0])

    async def _write(self, seat: int, conn) -> None:
        s = self.table.seats[seat]
        _, receive = self.queues[seat]
        if s.inflight:
            await conn.send_many(s.inflight)
            s.inflight = []
        async for frame in receive:
            frames, size = [frame], len(frame)
            while len(frames) < WRITE_BATCH and size < WRITE_BATCH_BYTES:
                try:
                    frames.append(receive.receive_nowait())
                except trio.WouldBlock:
                    break
                size += len(frames[-1])
            s.inflight = frames
            await conn.send_many(frames)
            s.inflight = []
