"""Which peer connections a node keeps, and for how long; and accepting when descriptors run out.

Bounded the way OpenSSH (MaxStartups, LoginGraceTime) and Bitcoin Core (inbound limits,
eviction) bound theirs. Invariants:

- An accepted connection is *unseated* until the node says it is a seated player's link of
  its lobby or match (`seated`). Unseated connections are at most `total` in all and
  `per_address` from one address. A newcomer over a cap takes the place of the oldest
  unseated connection (of its own address for the per-address cap; of the address holding
  the most for the total cap, as Bitcoin Core evicts from the most represented netgroup):
  idle connections age out first, and a flood cannot lock out a peer that arrives later.
  A connection whose handshake proved the key of a player already seated here (`vouch`: a
  re-dial of the game's own link) is never evicted; a newcomer finding only such ones is
  refused.
- An unseated connection lives at most `grace` seconds from accept, handshake included
  (LoginGraceTime): then its handler is cancelled and the socket closed. A seated link lives
  as long as the node keeps it (a newer link of its seat replaces it).
- The caps are derived from the descriptor limit (RLIMIT_NOFILE) so that strangers hold at
  most a quarter of it, and the node's own files, the game's links and the control socket keep
  the rest. Should accept still fail for want of descriptors or memory (EMFILE, ENFILE,
  ENOBUFS, ENOMEM: something else took them), `accept_loop` evicts unseated connections,
  backs off, and says so once per episode (a warning when it starts, one line when accept
  works again, with how many attempts failed), never once per retry; it never raises for it.
"""
from __future__ import annotations

import errno
import logging
import math
import os
from collections import Counter
from typing import Any, Awaitable, Callable

import trio

log = logging.getLogger("lanboard.node.admission")

GRACE = 15.0          # seconds an unseated connection may live: handshake and first message
PER_ADDRESS = 8       # unseated connections from one address (the bots of `host --bots`
                      # share the host's loopback address, and join at the same moment)
TOTAL_MAX = 64        # unseated connections in all, at most...
FD_SHARE = 4          # ...and a quarter of the descriptor limit
CAPACITY_ERRNOS = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
BACKOFF = (0.05, 1.0)  # first and longest pause while accept fails for want of capacity


def default_total(most: int = TOTAL_MAX) -> int:
    """`most`, or a quarter of the descriptor limit (RLIMIT_NOFILE) when that is less."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return most
    if soft == resource.RLIM_INFINITY:
        return most
    return max(2, min(most, soft // FD_SHARE))


class Ticket:
    """One accepted connection's place: its grace deadline and whether it counts as unseated."""

    def __init__(self, admission: "Admission", address: Any) -> None:
        self.admission = admission
        self.address = address
        self.vouched = False
        self.scope = trio.CancelScope(deadline=trio.current_time() + admission.grace)
        self.evicted = False

    def seated(self) -> None:
        """The connection is a seated player's link now: no grace, no cap."""
        self.admission._unseated.pop(self, None)
        self.scope.deadline = math.inf

    def watching(self) -> None:
        """The connection watches the game: still a stranger's (counted, evictable), but it
        lives as long as it reads, not a grace (node.watchers bounds it)."""
        self.scope.deadline = math.inf

    def vouch(self) -> None:
        """The handshake proved the key of a player seated here: not evicted for a stranger."""
        self.vouched = True

    def evict(self) -> None:
        self.evicted = True
        self.admission._unseated.pop(self, None)
        self.scope.cancel()

    def release(self) -> None:
        self.admission._unseated.pop(self, None)


class Admission:
    def __init__(self, *, total: int | None = None, per_address: int = PER_ADDRESS,
                 grace: float = GRACE) -> None:
        self.total = total if total is not None else default_total()
        self.per_address = min(per_address, self.total)
        self.grace = grace
        self._unseated: dict[Ticket, None] = {}   # insertion order: oldest first
        self.evictions = 0
        self.refusals = 0

    @property
    def unseated(self) -> int:
        return len(self._unseated)

    def admit(self, address: Any) -> Ticket | None:
        """A place for a new connection from `address`, evicting an older unseated one if a
        cap is reached; None: no room (every candidate is vouched for), close it at once."""
        mine = [t for t in self._unseated if t.address == address]
        if len(mine) >= self.per_address and not self._evict_oldest(mine):
            self.refusals += 1
            return None
        if len(self._unseated) >= self.total:
            counts = Counter(t.address for t in self._unseated)
            crowded = max(counts, key=lambda a: (counts[a], a == address))
            if not self._evict_oldest([t for t in self._unseated if t.address == crowded]) \
                    and not self._evict_oldest(list(self._unseated)):
                self.refusals += 1
                return None
        ticket = Ticket(self, address)
        self._unseated[ticket] = None
        return ticket

    def evict_some(self, n: int) -> int:
        """Evict up to `n` of the oldest unseated connections (descriptors ran out)."""
        done = 0
        while done < n and self._evict_oldest(list(self._unseated)):
            done += 1
        return done

    def _evict_oldest(self, tickets: list[Ticket]) -> bool:
        for t in tickets:
            if not t.vouched:
                t.evict()
                self.evictions += 1
                return True
        return False


def seated(conn: Any) -> None:
    """Mark an accepted connection as a seated player's link (no-op for one we dialed)."""
    ticket = getattr(conn, "ticket", None)
    if ticket is not None:
        ticket.seated()


def watching(conn: Any) -> None:
    """Mark an accepted connection as a watcher's (no-op for one without a ticket)."""
    ticket = getattr(conn, "ticket", None)
    if ticket is not None:
        ticket.watching()


class Shortage:
    """Says once per episode that accept is failing for want of capacity, and when it is over."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.failures = 0

    def failed(self, e: OSError) -> None:
        if self.failures == 0:
            log.warning("%s: cannot accept connections: %s (%s); shedding strangers' "
                        "connections and retrying quietly until it passes", self.what,
                        errno.errorcode.get(e.errno, e.errno), os.strerror(e.errno))
        self.failures += 1

    def passed(self) -> None:
        if self.failures:
            log.warning("%s: accepting connections again (after %d failed attempts)",
                        self.what, self.failures)
            self.failures = 0


async def accept_loop(listener: trio.abc.Listener, handle: Callable[[Any], Awaitable[None]],
                      nursery: trio.Nursery, what: str,
                      on_shortage: Callable[[], object] = lambda: None) -> None:
    """trio.serve_listeners' loop for one listener, without its traceback every 0.1 s while
    descriptors are short (see the module's docstring); each stream goes to `handle` in
    `nursery`, which closes it."""
    shortage = Shortage(what)
    pause = BACKOFF[0]
    async with listener:
        while True:
            try:
                stream = await listener.accept()
            except OSError as e:
                if e.errno not in CAPACITY_ERRNOS:
                    raise
                shortage.failed(e)
                on_shortage()
                await trio.sleep(pause)
                pause = min(pause * 2, BACKOFF[1])
                continue
            shortage.passed()
            pause = BACKOFF[0]
            nursery.start_soon(_closing, handle, stream)


async def _closing(handle, stream) -> None:
    try:
        await handle(stream)
    finally:
        await trio.aclose_forcefully(stream)


async def serve_admitted(handle: Callable[[Any], Awaitable[None]],
                         listeners: list[trio.abc.Listener], what: str,
                         on_shortage: Callable[[], object] = lambda: None, *,
                         task_status=trio.TASK_STATUS_IGNORED) -> None:
    """Serve `listeners` with accept_loop (trio.serve_listeners' contract otherwise)."""
    async with trio.open_nursery() as nursery:
        for listener in listeners:
            nursery.start_soon(accept_loop, listener, handle, nursery, what, on_shortage)
        task_status.started(listeners)
