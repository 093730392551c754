"""A join by check code takes a seat only with the node whose handshake proves that code's key
(issue 30: `join AD55-GY4Y` joined an impostor announcing the real code in 3 of 4 tries)."""
import trio

from node.runtime import Node
from node.transport import WrongKey
from protocol.identity import Identity

from .memnet import MemoryNetwork, virtual_clock

GAME = "overwatch-monopoly"


async def _impostor_then_real(tmp_path):
    net = MemoryNetwork()
    real = Node(Identity.generate(), "Hana", tmp_path / "real", transport=net)
    impostor = Node(Identity.generate(), "Hana", tmp_path / "fake", transport=net)
    joiner = Node(Identity.generate(), "Gus", tmp_path / "gus", transport=net)
    said = {}
    async with trio.open_nursery() as nursery:
        real_port = await nursery.start(lambda task_status: real.host(
            GAME, (), 2, task_status=task_status))
        fake_port = await nursery.start(lambda task_status: impostor.host(
            GAME, (), 2, task_status=task_status))
        # bounded (virtual time): before the check the joiner sat in the impostor's lobby
        with trio.move_on_after(60):
            try:
                await joiner.join("mem", fake_port, code=real.identity.check_code)
            except* WrongKey as group:
                said["impostor"] = str(group.exceptions[0])
        said["impostor seated"] = [s.name for s in impostor.seats]
        nursery.start_soon(lambda: joiner.join("mem", real_port, code=real.identity.check_code))
        await real.session_ready.wait()
        said["real seated"] = [s.key for s in real.seats]
        nursery.cancel_scope.cancel()
    return said, real, joiner


def test_a_join_by_code_refuses_a_lobby_whose_handshake_proves_another_key(tmp_path,
                                                                            monkeypatch):
    said, real, joiner = trio.run(_impostor_then_real, tmp_path,
                                  clock=virtual_clock(monkeypatch))
    assert "not the lobby asked for" in said.get("impostor", "seated by the impostor")
    assert real.identity.check_code in said["impostor"]
    # refused before anything was sent: the impostor never saw a join
    assert said["impostor seated"] == ["Hana"]
    # and the real lobby, asked by the same code, seats us
    assert said["real seated"] == [real.identity.public, joiner.identity.public]
