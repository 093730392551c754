"""The node's half of the protocol's order: its own frames, and catch-up entries (which may
hold its own move), leave only once every entry written before them is synced, whether the
sync runs in the node's thread (a fast disk) or in a worker thread (a slow one). Links are
dropped during the game so catch-up runs too; the game must still end with one log. Nodes over
memory streams (tests.node.memnet); with a fast disk on the virtual clock, with a slow one in real
time (a worker's sync takes real time, which the virtual clock would jump over)."""
import random
import threading
import time

import pytest
import trio

from node import outbox, store, wire
from node.outbox import Outbox
from node.runtime import Node
from protocol.identity import Identity
from protocol.messages import parse_wire
from protocol.verify import verify_file

from .memnet import MemoryNetwork, virtual_clock


OWNERS: dict[int, Node] = {}   # a node by its outbox's id: whose shares are its own


def _watch_order(monkeypatch):
    """Check every frame a node queues for a peer: one of its own shares needs every entry
    before its slot on disk, a catch-up batch needs its own entries there (relays, another
    author's shares, need nothing of ours)."""
    seen = {"violations": [], "own": 0, "entries": 0, "worker_syncs": 0}
    queue_now = Outbox.queue_now

    def watched(self, frame, to):
        channel, msg = wire.unpack(frame)
        synced = self.store.synced if self.store is not None else None
        my_seat = OWNERS[id(self)].my_seat
        if channel == wire.SESSION and synced is not None:
            share = parse_wire(msg)
            if share["t"] == "share" and share["author"] == my_seat:
                seen["own"] += 1
                if synced < share["seq"]:   # items: the genesis and entries 1..seq-1
                    seen["violations"].append(("share", my_seat, share["seq"], synced))
        elif channel == wire.NODE and msg["t"] == "entries":
            seen["entries"] += 1
            if synced < 1 + msg["first"] + len(msg["items"]):
                seen["violations"].append(("entries", my_seat, msg["first"], synced))
        return queue_now(self, frame, to)

    monkeypatch.setattr(Outbox, "queue_now", watched)
    return seen


async def _game_with_dropped_links(tmp_path):
    net = MemoryNetwork()
    nodes = [Node(Identity.generate(), f"N{i}", tmp_path / f"n{i}", bot="greedy",
                  transport=net) for i in range(3)]
    OWNERS.update((id(node.play.outbox), node) for node in nodes)
    rng = random.Random(7)

    def drop_a_link(kind, data):
        # every 15th entry the last node drops one of its links (by entries, not by the clock:
        # on the virtual clock the game takes no time)
        if kind == "state" and data["seq"] % 15 == 0:
            seat = nodes[2].seats[rng.randrange(2)]
            if seat.scope is not None:
                seat.scope.cancel()

    nodes[2].on_event = drop_a_link
    async with trio.open_nursery() as n:
        port = await n.start(lambda task_status: nodes[0].host(
            "overwatch-monopoly", (), 3, task_status=task_status))
        for node in nodes[1:]:
            n.start_soon(node.join, "127.0.0.1", port)
    return nodes


@pytest.mark.parametrize("disk", ["fast: synced in the node's thread",
                                  pytest.param("slow: synced in a worker thread",
                                               marks=pytest.mark.slow)])  # real syncs, real time
def test_own_frames_and_catch_up_leave_only_after_what_they_build_on_is_synced(
        tmp_path, monkeypatch, disk):
    seen = _watch_order(monkeypatch)
    if disk.startswith("slow"):
        real_sync = store._datasync

        def slow_sync(fd):
            if threading.current_thread() is not threading.main_thread():
                seen["worker_syncs"] += 1
            time.sleep(0.003)
            real_sync(fd)
        monkeypatch.setattr(store, "_datasync", slow_sync)
        monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", 0.0)
        clock = None
    else:
        clock = virtual_clock(monkeypatch)   # syncs in the node's thread
    nodes = trio.run(_game_with_dropped_links, tmp_path, clock=clock)
    assert all(node.outcome.fault is None and node.outcome.result is not None for node in nodes)
    assert len({node.outcome.match_file.read_bytes() for node in nodes}) == 1
    assert verify_file(nodes[0].outcome.match_file).status == 0
    assert seen["own"] > 100 and seen["entries"] > 0 and seen["violations"] == []
    if disk.startswith("slow"):
        assert seen["worker_syncs"] > 50
