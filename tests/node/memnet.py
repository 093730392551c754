"""Nodes over memory streams: a transport (the three methods of node.transport.TcpTransport)
whose listeners live in a dict and whose connections are trio.testing.memory_stream_pair()s,
handshaken and served by the same code as TCP's (transport.dialed / transport.accepted). No
socket is opened, so a whole game runs on trio's virtual clock."""
from __future__ import annotations

import itertools
import math
from functools import partial

import trio
import trio.testing

from node import outbox
from node.framing import ConnectionClosed
from node.transport import accepted, dialed


class MemoryNetwork:
    """One network: every node given it reaches the others by port (the host part is kept
    only to name the peer); a port listens for as long as its node serves."""

    def __init__(self, admitting: bool = False) -> None:
        self.admitting = admitting   # accepted connections go through the node's Admission
        self._listeners: dict[int, trio.Nursery] = {}
        self._handlers: dict[int, tuple] = {}
        self._admission: dict[int, tuple] = {}
        self._ports = itertools.count(40000)
        self.dialed = 0   # connections opened, to show the game went over this network

    async def connect(self, host: str, port: int, identity, context, *, expected_peer=None):
        if port not in self._listeners:
            raise ConnectionClosed(f"cannot connect to {host}:{port}: nobody listens there")
        ours, theirs = trio.testing.memory_stream_pair()
        admission, known = self._admission[port]
        ticket = admission.admit(host) if admission is not None else None
        self._listeners[port].start_soon(partial(accepted, theirs, *self._handlers[port],
                                                 ticket=ticket, known=known))
        self.dialed += 1
        return await dialed(ours, identity, context, peer=f"{host}:{port}",
                            expected_peer=expected_peer)

    async def serve(self, handler, identity, context, *, host, port, admission=None, known=None,
                    task_status=trio.TASK_STATUS_IGNORED) -> None:
        # the admission caps bound strangers on a real network (tests/node/test_admission.py);
        # here only when asked for
        port = port or next(self._ports)
        if port in self._listeners:
            raise OSError(f"port {port} is already in use")
        async with trio.open_nursery() as nursery:
            self._listeners[port], self._handlers[port] = nursery, (handler, identity, context)
            self._admission[port] = (admission, known) if self.admitting else (None, None)
            try:
                task_status.started(port)
                await trio.sleep_forever()
            finally:
                del self._listeners[port], self._handlers[port], self._admission[port]

    def peer_host(self, conn) -> str:
        return "127.0.0.1"   # every node is on this one "machine"


def virtual_clock(monkeypatch) -> trio.testing.MockClock:
    """For nodes run over memory streams on the virtual clock: every socket the node could open
    fails the test, and syncs stay in the node's thread (a worker's sync is real time the
    virtual clock would jump over, firing seat timeouts). Returns the clock to give trio.run."""
    def refused(*args, **kwargs):
        raise AssertionError("a node opened a socket")
    monkeypatch.setattr(trio, "open_tcp_stream", refused)
    monkeypatch.setattr(trio, "serve_tcp", refused)
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    return trio.testing.MockClock(autojump_threshold=0)
