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
