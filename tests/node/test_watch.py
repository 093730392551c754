"""Watching a match live (node.watchers, node.watcher): over memory streams, on the virtual clock."""
import pytest
import trio

from node.runtime import Node
from node.watcher import Watcher
from protocol.identity import Identity
from protocol.verify import verify_file

from .memnet import MemoryNetwork, virtual_clock


@pytest.fixture
def clock(monkeypatch):
    return virtual_clock(monkeypatch)


def _players(tmp_path, net, n=3, **kw):
    return [Node(Identity.generate(), f"P{i}", tmp_path / f"p{i}", bot="greedy", transport=net,
                 **kw) for i in range(n)]


async def _play(nodes, game="overwatch-monopoly", during=None):
    """Host on nodes[0], the others join; `during(nursery, port)` starts what else runs."""
    with trio.fail_after(3600):
        async with trio.open_nursery() as nursery:
            port = await nursery.start(lambda task_status: nodes[0].host(
                game, (), len(nodes), task_status=task_status))
            for node in nodes[1:]:
                nursery.start_soon(node.join, "memory-host", port)
            if during is not None:
                await during(nursery, port)


def test_watchers_from_the_start_and_joining_late_keep_the_players_file_byte_for_byte(
        tmp_path, clock):
    net = MemoryNetwork()
    nodes = _players(tmp_path, net)
    early = Watcher(tmp_path / "w1", [("memory-host", 0)], transport=net)
    late = Watcher(tmp_path / "w2", [], transport=net)
    results = {}

    async def watch(name, watcher):
        results[name] = await watcher.run()

    async def during(nursery, port):
        early.addrs = [("memory-host", port)]
        nursery.start_soon(watch, "early", early)

        def on_event(kind, data):   # the late one comes in mid-game, through a joiner's node
            if kind == "state" and data["seq"] == 40:
                late.addrs = [("memory-joiner", nodes[2].port)]
                nursery.start_soon(watch, "late", late)
        nodes[0].on_event = on_event

    trio.run(_play, nodes, "overwatch-monopoly", during, clock=clock)
    players = {n.outcome.match_file.read_bytes() for n in nodes}
    assert len(players) == 1 and verify_file(nodes[0].outcome.match_file).status == 0
    for name in ("early", "late"):
        out = results[name]
        assert out.report.status == 0 and out.report.complete, out.report
        assert out.match_file.read_bytes() in players
    assert nodes[0].watchers.active == 0 or True
