"""Nodes run over any transport they are given: whole games over memory streams, on trio's
virtual clock, with no socket at all (tests.node.memnet)."""
import math
import random

import pytest
import trio
import trio.testing

from node import outbox, store
from node.runtime import Node
from protocol.identity import Identity
from protocol.verify import verify_file

from .memnet import MemoryNetwork


@pytest.fixture
def in_memory(monkeypatch):
    """Every socket the node could open fails the test; syncs stay in the node's thread (a
    worker's sync is real time the virtual clock would jump over, firing seat timeouts)."""
    def refused(*args, **kwargs):
        raise AssertionError("a node opened a socket")
    monkeypatch.setattr(trio, "open_tcp_stream", refused)
    monkeypatch.setattr(trio, "serve_tcp", refused)
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    # The syncs are still asked for where the node asks for them, but return at once: on a
    # shared disk the ~800 real ones of a game took 5 s, and what they make durable is tested
    # by the node's sync-order and crash tests, not by these games.
    synced = []
    monkeypatch.setattr(store, "_datasync", synced.append)
    return synced


async def _game(tmp_path, net, n, drop_links=False, game="overwatch-monopoly", bots=None):
    bots = bots or ("greedy",) * n
    nodes = [Node(Identity.generate(), f"M{i}", tmp_path / f"m{i}", bot=bots[i],
                  transport=net) for i in range(n)]
    rng = random.Random(5)
    drops = []

    states = []

    def drop(kind, data):
        # at every 10th state the last node tells, it drops one of its links (the game takes no
        # virtual time: bots answer at once, so this goes by entries, not by the clock). By
        # states counted, not by sequence numbers: a multiple of 15 that was a roll or an
        # attest was no drop, and a short game (the players' keys, so their dice, are new
        # each run) had made only 4
        if kind != "state":
            return
        states.append(data["seq"])
        if len(states) % 10 == 0:
            seat = nodes[-1].seats[rng.randrange(n - 1)]
            if seat.scope is not None:
                seat.scope.cancel()
                drops.append(data["seq"])

    if drop_links:
        nodes[-1].on_event = drop
    with trio.fail_after(3600):   # virtual seconds
        async with trio.open_nursery() as nursery:
            port = await nursery.start(lambda task_status: nodes[0].host(
                game, (), n, task_status=task_status))
            for node in nodes[1:]:
                nursery.start_soon(node.join, "memory-host", port)
    return nodes, drops


def _same_finished_game(nodes):
    assert all(node.outcome.fault is None and node.outcome.result is not None for node in nodes)
    assert len({node.outcome.state_hash for node in nodes}) == 1
    assert len({node.outcome.match_file.read_bytes() for node in nodes}) == 1
    assert verify_file(nodes[0].outcome.match_file).status == 0


def test_a_whole_game_among_four_nodes_runs_over_memory_streams_on_the_virtual_clock(
        tmp_path, in_memory):
    net = MemoryNetwork()
    nodes, _ = trio.run(_game, tmp_path, net, 4, clock=trio.testing.MockClock(autojump_threshold=0))
    _same_finished_game(nodes)
    assert in_memory   # each node synced its entries (the sync itself stubbed)
    assert net.dialed >= 6   # three lobby links, then the mesh's other three pairs
    # no seat was timed out: the virtual clock jumped only when every node waited
    assert all(node.session.ledger.absent == [] for node in nodes)


def test_links_dropped_during_a_game_over_memory_streams_come_back_and_it_finishes(
        tmp_path, in_memory):
    net = MemoryNetwork()
    nodes, drops = trio.run(_game, tmp_path, net, 3, True,
                     clock=trio.testing.MockClock(autojump_threshold=0))
    _same_finished_game(nodes)
    assert len(drops) >= 3, drops   # 5 to 25 in 16 runs (the dice, so the game, differ)
    assert net.dialed >= 3 + len(drops)   # every dropped link was dialed again


def test_a_game_with_sealed_moves_runs_among_nodes_over_memory_streams(tmp_path, in_memory):
    """overwatch-tactics drafts with sealed picks: the nodes commit, then open, over the wire."""
    # the host's tactical bot against a random one: a game of about 10 turns, not 20
    nodes, _ = trio.run(_game, tmp_path, MemoryNetwork(), 2, False, "overwatch-tactics",
                        ("greedy", "random"), clock=trio.testing.MockClock(autojump_threshold=0))
    _same_finished_game(nodes)
    counts = nodes[0].session.ledger.counts
    assert counts["commit"] == counts["open"] >= 4 and counts["timeout"] == 0, counts
