"""`lanboard join` without a name joins any open lobby: one that refuses us or cannot be
reached is skipped and the next one found is tried (issue 14: it gave up at the first)."""
import pytest
import trio
import trio.testing

from cli.cmd_join import join_first_open
from cli.errors import UsageError
from node.discovery import LobbyInfo, LobbySeen
from node.framing import ConnectionClosed
from node.runtime import LobbyRefused


def _lobby(host: str, port: int) -> LobbySeen:
    info = LobbyInfo(game="toy", host=host, code="abcd", seats_taken=1, seats_total=2)
    return LobbySeen(name=host, address="10.0.0.1", port=port, info=info)


class Lan:
    def __init__(self, lobbies, fails):
        self.lobbies, self.fails, self.joined, self.said = lobbies, fails, [], []

    async def find(self, skip):
        for seen in self.lobbies:
            if (seen.address, seen.port) not in skip:
                return seen
        return None

    async def join(self, seen):
        error = self.fails.get(seen.port)
        if error is not None:
            raise error
        self.joined.append(seen.port)


def test_join_skips_a_lobby_that_refuses_and_one_that_is_gone_and_takes_the_next():
    lan = Lan([_lobby("ann", 1), _lobby("bob", 2), _lobby("cy", 3)],
              {1: LobbyRefused("the last seat was just taken"),
               2: BaseExceptionGroup("nursery", [ConnectionClosed("cannot connect")])})
    trio.run(join_first_open, lan.find, lan.join, lan.said.append)
    assert lan.joined == [3]
    assert len(lan.said) == 2 and "the last seat was just taken" in lan.said[0]


def test_join_says_what_every_lobby_answered_when_none_takes_us():
    lan = Lan([_lobby("ann", 1)], {1: LobbyRefused("this lobby is full or already playing")})
    with pytest.raises(UsageError, match="10.0.0.1:1: this lobby is full or already playing"):
        trio.run(join_first_open, lan.find, lan.join, lan.said.append)


def test_a_failure_once_seated_is_not_retried_in_another_lobby():
    lan = Lan([_lobby("ann", 1), _lobby("bob", 2)], {1: ConnectionClosed("host gone")})
    with pytest.raises(ConnectionClosed):
        trio.run(join_first_open, lan.find, lan.join, lan.said.append, lambda: True)
    assert lan.joined == []


class _Browse:
    """browse() standing in for mDNS: these announcements, then silence (each comes once, as
    zeroconf reports a service once and then only its changes)."""

    def __init__(self, events):
        self.events = list(events)

    def __call__(self, interfaces):
        return self

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    async def next_within(self, seconds):
        if self.events:
            return self.events.pop(0)
        await trio.sleep(seconds)
        return None


def test_join_by_code_finds_only_the_lobby_whose_node_proves_that_code(monkeypatch):
    # issue 30: an impostor announced the real code and `join CODE` took it in 3 of 4 tries
    from cli import cmd_join
    from node.discovery import proven_lobbies
    info = LobbyInfo(game="toy", host="host1", code="AD55-GY4Y", seats_taken=1, seats_total=2)
    fake = LobbySeen(name="host1 AD55-GY4Y", address="10.0.0.66", port=1, info=info)
    real = LobbySeen(name="host1 AD55-GY4Y", address="10.0.0.2", port=2, info=info)
    monkeypatch.setattr(cmd_join, "browse", _Browse([fake, real]))
    codes = {1: b"impostor", 2: b"real"}

    async def dial(address, port):
        return codes[port]

    import node.discovery as discovery
    monkeypatch.setattr(discovery, "check_code",
                        lambda key: "AD55-GY4Y" if key == b"real" else "ZZZZ-ZZZZ")

    async def prove(seen):
        return await proven_lobbies(seen, dial)

    found = trio.run(cmd_join.find_lobby, "AD55-GY4Y", 5.0, None, frozenset(), prove,
                     clock=trio.testing.MockClock(autojump_threshold=0))
    assert (found.address, found.port) == ("10.0.0.2", 2)


def test_a_lobby_whose_node_did_not_answer_the_first_dial_is_dialed_again_until_found(monkeypatch):
    # A netlab game hung 420 s: the third joiner's one dial of the host, under load, outlasted
    # its 1 s, and the lobby, announced once, was never dialed again in the 60 s of --find-timeout
    from cli import cmd_join
    info = LobbyInfo(game="toy", host="Hana", code="AD55-GY4Y", seats_taken=2, seats_total=3)
    lobby = LobbySeen(name="Hana AD55-GY4Y", address="10.0.0.1", port=1, info=info)
    monkeypatch.setattr(cmd_join, "browse", _Browse([lobby]))
    dials = []

    async def prove(seen):
        dials.append(trio.current_time())
        return list(seen) if len(dials) == 3 else []   # the node answers the third dial

    found = trio.run(cmd_join.find_lobby, "Hana", 60.0, None, frozenset(), prove,
                     clock=trio.testing.MockClock(autojump_threshold=0))
    assert found == lobby
    assert dials == [0.0, cmd_join.PROVE_RETRY_S, 2 * cmd_join.PROVE_RETRY_S]


def test_a_lobby_never_proven_is_not_joined_and_the_search_ends_at_its_timeout(monkeypatch):
    from cli import cmd_join
    monkeypatch.setattr(cmd_join, "browse", _Browse([_lobby("ann", 1)]))
    dials = []

    async def prove(seen):
        dials.append(trio.current_time())
        return []

    clock = trio.testing.MockClock(autojump_threshold=0)
    assert trio.run(cmd_join.find_lobby, None, 10.0, None, frozenset(), prove, clock=clock) is None
    step = cmd_join.PROVE_RETRY_S
    assert dials[:5] == [0.0, step, 2 * step, 3 * step, 4 * step] and max(dials) <= 10.0


def test_an_impostor_answering_first_for_the_name_does_not_hide_the_slow_real_lobby(monkeypatch):
    # one name, two answers: an impostor's endpoint proves its own code (a full lobby) at the
    # first dial; the real node answers only the second: it is dialed again, the impostor not
    import dataclasses
    from cli import cmd_join
    real = LobbyInfo(game="toy", host="Hana", code="AD55-GY4Y", seats_taken=1, seats_total=3)
    full = LobbyInfo(game="toy", host="Hana", code="ZZ99-ZZ99", seats_taken=3, seats_total=3)
    imp, hana = ("10.0.0.66", 1), ("10.0.0.2", 2)
    seen = LobbySeen(name="Hana AD55-GY4Y", address=imp[0], port=imp[1], info=full,
                     endpoints=(imp, hana), claims=(full, real))
    monkeypatch.setattr(cmd_join, "browse", _Browse([seen]))
    dialed = []

    async def prove(batch):
        dialed.append([e for s in batch for e in s.endpoints])
        answers = {imp: full, **({hana: real} if len(dialed) >= 2 else {})}
        return [dataclasses.replace(s, address=e[0], port=e[1], info=answers[e])
                for s in batch for e in s.endpoints if e in answers]

    found = trio.run(cmd_join.find_lobby, "AD55-GY4Y", 30.0, None, frozenset(), prove,
                     clock=trio.testing.MockClock(autojump_threshold=0))
    assert (found.address, found.port, found.info) == (*hana, real)
    assert dialed == [[imp, hana], [hana]]


def test_a_lobby_announced_under_another_name_is_never_dialed(monkeypatch):
    from cli import cmd_join
    monkeypatch.setattr(cmd_join, "browse", _Browse([_lobby("bob", 1)]))
    dialed = []

    async def prove(batch):
        dialed.append(batch)
        return list(batch)

    clock = trio.testing.MockClock(autojump_threshold=0)
    assert trio.run(cmd_join.find_lobby, "Hana", 10.0, None, frozenset(), prove,
                    clock=clock) is None
    assert dialed == []
