"""node.links: one queue per peer, drained in order by the one link that currently serves it;
a batch cut off by a dropped link is written again first on the next one."""
from types import SimpleNamespace

import pytest
import trio
import trio.testing

from node import wire
from node.framing import ConnectionClosed, FramedStream, TransportError
from node.links import REDIAL, WRITE_BATCH
from node.table import Seat
from node.runtime import Node
from protocol.identity import Identity


def _node_with_one_peer(tmp_path):
    node = Node(Identity.generate(), "A", tmp_path)
    node.seats = [Seat("A", node.identity.public), Seat("B", Identity.generate().public)]
    node.my_seat = 0
    node.links.queue(1)
    return node


def _pipe():
    ours, theirs = trio.testing.memory_stream_pair()
    return FramedStream(ours, peer="B"), FramedStream(theirs, peer="A")


async def _frames(peer: FramedStream, n: int) -> list[bytes]:
    return [await peer.receive() for _ in range(n)]


async def test_a_newer_link_to_a_seat_replaces_the_older_and_the_queue_keeps_its_order(
        tmp_path, autojump_clock):
    node = _node_with_one_peer(tmp_path)
    old, old_peer = _pipe()
    new, new_peer = _pipe()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(node.links.link, 1, old, False)
        await trio.sleep(1)
        node.links.send(1, b"1")
        assert await _frames(old_peer, 1) == [b"1"]
        nursery.start_soon(node.links.link, 1, new, False)
        await trio.sleep(1)
        assert node.seats[1].conn is new
        for frame in (b"2", b"3"):
            node.links.send(1, frame)
        assert await _frames(new_peer, 2) == [b"2", b"3"]
        with pytest.raises(ConnectionClosed):
            await old_peer.receive()   # the old link was closed when it was replaced
        nursery.cancel_scope.cancel()


async def test_a_batch_cut_off_by_a_dropped_link_leaves_first_on_the_next(
        tmp_path, autojump_clock):
    node = _node_with_one_peer(tmp_path)
    node.seats[1].inflight = [b"cut-1", b"cut-2"]   # what a dead link was writing
    node.links.send(1, b"after")
    conn, peer = _pipe()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(node.links.link, 1, conn, False)
        assert await _frames(peer, 3) == [b"cut-1", b"cut-2", b"after"]
        assert node.seats[1].inflight == []
        nursery.cancel_scope.cancel()


async def test_queued_frames_leave_in_batches_of_at_most_write_batch(tmp_path, autojump_clock):
    node = _node_with_one_peer(tmp_path)
    frames = [bytes([i % 256, i // 256]) for i in range(WRITE_BATCH * 2 + 3)]
    for frame in frames:
        node.links.send(1, frame)
    conn, peer = _pipe()
    writes = []
    send_many = conn.send_many

    async def counted(batch):
        writes.append(len(batch))
        await send_many(batch)
    conn.send_many = counted
    async with trio.open_nursery() as nursery:
        nursery.start_soon(node.links.link, 1, conn, False)
        assert await _frames(peer, len(frames)) == frames
        nursery.cancel_scope.cancel()
    assert writes == [WRITE_BATCH, WRITE_BATCH, 3]


async def test_a_dropped_link_is_said_with_its_reason_and_the_next_one_is_announced(
        tmp_path, autojump_clock):
    seen = []
    node = _node_with_one_peer(tmp_path)
    node.on_event = lambda kind, data: seen.append((kind, data))
    conn, peer = _pipe()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(node.links.link, 1, conn)
        first = await peer.receive()
        assert wire.unpack(first) == (wire.NODE, {"t": "sync", "have": 0})   # before anything
        await peer.aclose()
        await trio.sleep(1)
        nursery.cancel_scope.cancel()
    assert seen[0] == ("peer", {"seat": 1, "state": "connected"})
    assert seen[1][0] == "peer" and seen[1][1]["state"] == "gone" and seen[1][1]["reason"]
    assert node.seats[1].conn is None


class _Garbling:
    """A transport whose every connection reaches a peer that sends one node message we cannot
    decode (an older node's catch-up batch over the limit did) and then reads on."""

    def __init__(self, nursery: trio.Nursery, give_up: trio.Event) -> None:
        self.nursery, self.give_up = nursery, give_up
        self.dials: list[float] = []

    async def connect(self, host, port, identity, context, *, expected_peer=None):
        self.dials.append(trio.current_time())
        if len(self.dials) >= 200:
            self.give_up.set()   # without a pause, 200 dials come at once: stop them there
        ours, theirs = _pipe()
        self.nursery.start_soon(self._garble, theirs)
        return ours

    async def _garble(self, conn: FramedStream) -> None:
        try:
            await conn.send(bytes([wire.NODE]) + b"\xff")
            while True:
                await conn.receive()
        except TransportError:
            pass


async def test_a_peer_whose_messages_we_cannot_decode_is_redialled_at_most_every_longest_pause(
        tmp_path, autojump_clock):
    # Each link to it drops at its first message: dialing again at once made a tight loop of
    # dials and warnings (11,033 in one run); the pause grows as for a peer we cannot reach.
    node = _node_with_one_peer(tmp_path)
    node.table.session = SimpleNamespace(body={"game": "any"}, entries=[])
    closed = node.table.closed
    async with trio.open_nursery() as nursery:
        net = _Garbling(nursery, closed)
        node.links.transport = net
        nursery.start_soon(node.links.keep_dialing, 1)
        with trio.move_on_after(60):
            await closed.wait()
        closed.set()
    # the pause doubles from REDIAL[0] to REDIAL[1], then stays there: 34 dials in 60 s
    doubling = sum(1 for k in range(20) if REDIAL[0] * 2 ** k < REDIAL[1])
    assert len(net.dials) <= 60 / REDIAL[1] + doubling + 1, net.dials[:5]
    assert len(net.dials) >= 60 / REDIAL[1] - 1   # and it keeps dialing
