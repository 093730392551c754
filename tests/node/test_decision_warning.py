"""A person whose decision the game waits for is warned on their own screen ("hurry" event)
before the others may record them as gone: half the decision timeout before it (at most 30 s),
once per decision, and only while it still waits for them. Nodes over memory streams on trio's
virtual clock (tests.node.memnet): the timeouts take no real time."""
import trio

from node.runtime import Node
from node.watchdog import warning_left
from protocol.identity import Identity

import tests.protocol.toygame  # noqa: F401  (registers "toy-race")

from .memnet import MemoryNetwork

TIMEOUTS = {"decision": 20, "round": 20}


async def _a_person_who_never_decides(tmp_path):
    net = MemoryNetwork()
    seen: list[tuple[float, str, str, dict]] = []
    recorded_gone = trio.Event()

    def record(who: str):
        def on_event(kind, data):
            seen.append((trio.current_time(), who, kind, data))
            if who == "host" and kind == "timeout":
                recorded_gone.set()
        return on_event
    host = Node(Identity.generate(), "Host", tmp_path / "h", bot="greedy", transport=net,
                on_event=record("host"))
    person = Node(Identity.generate(), "Pat", tmp_path / "p", transport=net,
                  on_event=record("person"))
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            "toy-race", (), 2, task_status=task_status, timeouts=TIMEOUTS))
        nursery.start_soon(person.join, "127.0.0.1", port)
        with trio.fail_after(600):
            await recorded_gone.wait()
        nursery.cancel_scope.cancel()
    return person.my_seat, seen


def test_a_person_is_warned_before_the_others_may_record_them_as_gone(tmp_path, virtual_net):
    seat, seen = trio.run(_a_person_who_never_decides, tmp_path, clock=virtual_net)
    hurried = [(t, d) for t, who, kind, d in seen if kind == "hurry"]
    gone_at = next(t for t, who, kind, d in seen if who == "host" and kind == "timeout")
    assert [d["seat"] for _, d in hurried] == [seat]          # once, to the person alone
    at, said = hurried[0]
    assert said["seconds"] == warning_left(TIMEOUTS["decision"]) == 10
    assert gone_at - at == 10     # the warning came 10 (virtual) seconds before the claim


def test_the_warning_comes_half_the_timeout_before_it_and_at_most_30_s_before():
    assert [warning_left(s) for s in (1, 3, 20, 60, 300)] == [0, 1, 10, 30, 30]
