"""Strangers' connections are bounded (node.admission; issue 14): closed after a grace unless
seated, capped per address and in all with the oldest evicted first, a re-dial of a seated
player never evicted for a stranger, and running out of descriptors said once per episode
while the listener carries on. Timers run on trio's MockClock: the network is not tested here
(tests/node/test_idle_flood.py attacks a real node)."""
import errno
import logging

import pytest
import trio
import trio.testing

from node.admission import Admission, accept_loop, seated


async def _hold(ticket, closed: list, name: str) -> None:
    with ticket.scope:
        await trio.sleep_forever()
    closed.append((name, trio.current_time()))
    ticket.release()


def _run(fn):
    trio.run(fn, clock=trio.testing.MockClock(autojump_threshold=0))


def _admitting(body, **caps):
    """Runs `await body(adm, hold, closed)` on the virtual clock with an Admission of `caps`:
    `hold(ticket, name)` keeps a connection open until the Admission closes it, which puts
    (name, time closed) in `closed`; whatever is still held at the end is cancelled."""
    async def main():
        adm = Admission(**caps)
        closed = []
        async with trio.open_nursery() as nursery:
            def hold(ticket, name):
                nursery.start_soon(_hold, ticket, closed, name)
            await body(adm, hold, closed)
            nursery.cancel_scope.cancel()
    _run(main)


def test_an_unseated_connection_is_closed_after_the_grace_and_a_seated_one_is_kept():
    async def body(adm, hold, closed):
        idle, player = adm.admit("10.0.0.9"), adm.admit("10.0.0.2")
        hold(idle, "idle")
        hold(player, "player")
        await trio.sleep(1)
        player.seated()
        assert adm.unseated == 1
        await trio.sleep(3600)
        assert closed == [("idle", 15)]
        assert adm.unseated == 0
    _admitting(body, total=10, per_address=5, grace=15)


def test_seated_marks_only_a_connection_the_node_accepted():
    class Dialed:
        pass
    seated(Dialed())   # a link we dialed has no ticket: nothing to do, nothing raised


def test_over_the_per_address_cap_the_oldest_connection_of_that_address_is_evicted():
    async def body(adm, hold, closed):
        for i in range(3):
            hold(adm.admit("10.0.0.9"), f"flood{i}")
            await trio.sleep(1)
        hold(adm.admit("10.0.0.2"), "other")
        hold(adm.admit("10.0.0.9"), "newest")
        await trio.sleep(0.5)
        assert closed == [("flood0", 3)]
        assert adm.unseated == 4 and adm.evictions == 1
    _admitting(body, total=100, per_address=3, grace=15)


def test_over_the_total_cap_the_most_represented_address_loses_its_oldest():
    async def body(adm, hold, closed):
        hold(adm.admit("10.0.0.2"), "lone")
        for i in range(3):
            hold(adm.admit("10.0.0.9"), f"flood{i}")
        hold(adm.admit("10.0.0.3"), "newcomer")
        await trio.sleep(0.5)
        assert [name for name, _ in closed] == ["flood0"]   # not the lone older peer
        assert adm.unseated == 4
    _admitting(body, total=4, per_address=4, grace=15)


def test_a_vouched_redial_of_a_seated_player_is_never_evicted_for_a_stranger():
    async def body(adm, hold, closed):
        redials = [adm.admit("10.0.0.9"), adm.admit("10.0.0.9")]
        for i, t in enumerate(redials):
            t.vouch()
            hold(t, f"redial{i}")
        assert adm.admit("10.0.0.9") is None and adm.admit("10.0.0.5") is None
        assert adm.refusals == 2 and adm.unseated == 2
        await trio.sleep(0.5)
        assert closed == []
    _admitting(body, total=2, per_address=2, grace=15)


def test_the_caps_leave_most_descriptors_to_the_node_itself(monkeypatch):
    import resource
    from node import admission
    monkeypatch.setattr(resource, "getrlimit", lambda which: (256, 4096))
    assert admission.default_total() == 64
    monkeypatch.setattr(resource, "getrlimit", lambda which: (100, 4096))
    assert admission.default_total() == 25
    assert Admission(per_address=8).per_address <= Admission().total


class ShortOfDescriptors(trio.abc.Listener):
    """accept fails with EMFILE `failures` times, then hands out streams."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.attempts = 0

    async def accept(self):
        await trio.sleep(0)
        self.attempts += 1
        if self.attempts <= self.failures:
            raise OSError(errno.EMFILE, "Too many open files")
        if self.attempts > self.failures + 3:
            await trio.sleep_forever()
        a, _ = trio.testing.memory_stream_pair()
        return a

    async def aclose(self) -> None:
        pass


def test_running_out_of_descriptors_is_logged_once_per_episode_and_never_stops_the_listener(
        caplog):
    async def main():
        listener = ShortOfDescriptors(failures=500)
        handled, shed = [], []

        async def handle(stream):
            handled.append(stream)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(accept_loop, listener, handle, nursery, "peer listener",
                               lambda: shed.append(1))
            await trio.sleep(3600)
            nursery.cancel_scope.cancel()
        assert len(handled) == 3 and len(shed) == 500

    caplog.set_level(logging.INFO, "lanboard.node.admission")
    _run(main)
    lines = [r.getMessage() for r in caplog.records if r.name == "lanboard.node.admission"]
    assert len(lines) == 2, lines
    assert "cannot accept connections: EMFILE" in lines[0]
    assert lines[1] == "peer listener: accepting connections again (after 500 failed attempts)"
    assert not any(r.exc_info for r in caplog.records)


def test_an_accept_error_other_than_capacity_is_raised():
    class Broken(ShortOfDescriptors):
        async def accept(self):
            raise OSError(errno.EBADF, "Bad file descriptor")

    async def main():
        async with trio.open_nursery() as nursery:
            with pytest.raises(OSError, match="Bad file descriptor"):
                await accept_loop(Broken(0), None, nursery, "peer listener")

    _run(main)
