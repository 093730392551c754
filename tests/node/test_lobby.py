"""node.lobby over memory streams: who gets a seat, and what a refused joiner is told."""
import math

import trio
import trio.testing

from node import outbox
from node.lobby import LobbyRefused
from node.runtime import Node
from protocol.identity import Identity

from .memnet import MemoryNetwork


async def _refusals(tmp_path):
    net = MemoryNetwork()
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net)
    guest_id = Identity.generate()
    guest = Node(guest_id, "Gus", tmp_path / "g", transport=net)
    twin = Node(guest_id, "Gus again", tmp_path / "t", transport=net)
    late = Node(Identity.generate(), "Lou", tmp_path / "l", transport=net)
    said = {}

    async def refused(node, name):
        try:
            await node.join("mem", port)
        except* LobbyRefused as group:   # raised inside the node's nursery
            said[name] = str(group.exceptions[0])

    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            "overwatch-monopoly", (), 3, task_status=task_status))
        await nursery.start(lambda task_status: guest.join("mem", port, task_status=task_status))
        await refused(twin, "twin")
        said["roster"] = [p["name"] for p in guest.lobby_roster]
        said["start early"] = host.start_problem()
        host.start_now()
        await refused(late, "late")
        nursery.cancel_scope.cancel()
    return said


def test_one_seat_per_key_and_none_once_the_game_has_started(tmp_path, monkeypatch):
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    said = trio.run(_refusals, tmp_path, clock=trio.testing.MockClock(autojump_threshold=0))
    assert said["twin"] == "this key already has a seat"
    assert said["roster"] == ["Hana", "Gus"]
    assert said["start early"] is None   # two seated: Overwatch Monopoly's minimum
    assert said["late"] == "this lobby is full or already playing"


async def _bots_racing_for_seats(tmp_path):
    net = MemoryNetwork()
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net)
    bots = [Node(Identity.generate(), "Bot {seat}", tmp_path / f"b{k}", transport=net)
            for k in range(2)]
    gus = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net)
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            "overwatch-monopoly", (), 4, task_status=task_status))
        # the second bot started takes its seat first, a person comes between them
        for node in (bots[1], gus, bots[0]):
            await nursery.start(lambda task_status, node=node: node.join(
                "mem", port, task_status=task_status))
        await trio.testing.wait_all_tasks_blocked()
        named = {"roster": [s.name for s in host.seats], "bots": [b.name for b in bots],
                 "gus": gus.name}
        nursery.cancel_scope.cancel()
    return named


def test_a_joiner_asking_for_its_seat_number_is_named_after_the_seat_it_gets(tmp_path, monkeypatch):
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    named = trio.run(_bots_racing_for_seats, tmp_path,
                     clock=trio.testing.MockClock(autojump_threshold=0))
    assert named["roster"] == ["Hana", "Bot 2", "Gus", "Bot 4"]
    assert named["bots"] == ["Bot 4", "Bot 2"] and named["gus"] == "Gus"   # as the genesis says
