"""Issue 24.2 and 24.4: every field a lobby peer sends is checked where it arrives
(node.lobby_checks). A hostile joiner is refused by the host, which names it (its key's check
code) in its log, and the honest players' game starts; a hostile host's bad field ends the
joiner's join with an error naming the host, not a traceback from deep in the node."""
import logging
import secrets

import pytest
import trio
import trio.testing

from node import wire
from node.framing import ConnectionClosed
from node.lobby import LobbyRefused
from node.lobby_checks import LobbyFieldError
from node.runtime import CONTEXT, Node
from node.transport import TcpTransport
from protocol import genesis as gen
from protocol.codec import encode
from protocol.identity import Identity

from .memnet import MemoryNetwork

GAME = "overwatch-monopoly"


async def hostile_join(transport, port: int, fields: dict, keep: list) -> dict | None:
    """A joiner that says `fields` in its join (sent as raw CBOR: wire.pack would refuse a wrong
    type) and, if welcomed, commits and stays seated. What the host answered, None if it closed
    the connection without a word; the connection is kept in `keep`."""
    identity = Identity.generate()
    conn = await transport.connect("127.0.0.1", port, identity, CONTEXT)
    keep.append((identity, conn))
    await conn.send(bytes([wire.NODE]) + encode({"t": "join", **fields}))
    try:
        _, msg = wire.unpack(await conn.receive())
    except ConnectionClosed:
        return None
    if msg["t"] == "welcome":
        await conn.send(wire.pack("commit", commit=secrets.token_bytes(32)))
    return msg


async def _a_hostile_joiner_then_an_honest_one(tmp_path, transport, fields):
    """The host opens 3 seats; a hostile joiner asks first, an honest one next; the host starts
    with whoever it seated. What the hostile one was told, and each node's players."""
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=transport,
                listen_host="127.0.0.1")
    honest = Node(Identity.generate(), "Gus", tmp_path / "g", transport=transport,
                  listen_host="127.0.0.1")
    keep: list = []
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(GAME, (), 3,
                                                                 task_status=task_status))
        told = await hostile_join(transport, port, fields, keep)
        lobby = host.subscribe()
        nursery.start_soon(honest.join, "127.0.0.1", port)
        async for ev in lobby:   # the honest joiner seated (after the hostile one, on main)
            if ev["event"] == "lobby" and honest.identity.check_code in str(ev["players"]):
                break
        if len(host.seats) < 3:
            host.start_now()
        await honest.session_ready.wait()
        await host.session_ready.wait()
        players = [[p["name"] for p in n.session.body["players"]] for n in (host, honest)]
        nursery.cancel_scope.cancel()
    return told, players, keep[0][0].check_code


BAD_JOINS = {
    "port 2**63": ({"name": "Mal", "port": 1 << 63}, "port"),
    "negative port": ({"name": "Mal", "port": -1}, "port"),
    "port 0": ({"name": "Mal", "port": 0}, "port"),
    "port 65536": ({"name": "Mal", "port": 65536}, "port"),
    "escape in name": ({"name": "Mal\x1b]0;pwned\x07\x1b[2J", "port": 4000}, "name"),
    "newline in name": ({"name": "Mal\nGAME STOPPED", "port": 4000}, "name"),
    "right-to-left override": ({"name": "Mal\u202eolleh", "port": 4000}, "name"),
    "long name": ({"name": "M" * 33, "port": 4000}, "name"),
    "empty name": ({"name": "", "port": 4000}, "name"),
}


@pytest.mark.parametrize("case", BAD_JOINS)
def test_host_refuses_a_bad_join_field_naming_the_joiner_and_the_game_starts(
        case, tmp_path, virtual_net, caplog):
    caplog.set_level(logging.WARNING, logger="lanboard.node")
    fields, what = BAD_JOINS[case]
    told, players, code = trio.run(_a_hostile_joiner_then_an_honest_one, tmp_path,
                                   MemoryNetwork(), fields, clock=virtual_net)
    assert told["t"] == "refused", told
    assert what in told["reason"] and not any(c in told["reason"] for c in "\x1b\n\u202e")
    assert players == [["Hana", "Gus"], ["Hana", "Gus"]]   # the hostile joiner has no seat
    refusal = [r.getMessage() for r in caplog.records if "refusing a join" in r.getMessage()]
    assert len(refusal) == 1 and code in refusal[0], caplog.text


WRONG_TYPES = {
    "port as text": {"name": "Mal", "port": "4000"},
    "port as a list": {"name": "Mal", "port": [4000] * 5000},
    "name as a list": {"name": ["Mal"] * 5000, "port": 4000},
    "a huge extra list": {"name": "Mal", "port": 4000, "addrs": list(range(10000))},
}


@pytest.mark.parametrize("case", WRONG_TYPES)
def test_host_drops_a_join_of_the_wrong_shape_naming_the_joiner_and_the_game_starts(
        case, tmp_path, virtual_net, caplog):
    caplog.set_level(logging.WARNING, logger="lanboard.node.transport")
    told, players, code = trio.run(_a_hostile_joiner_then_an_honest_one, tmp_path,
                                   MemoryNetwork(), WRONG_TYPES[case], clock=virtual_net)
    assert told is None   # closed: it is not lanboard's join
    assert players == [["Hana", "Gus"], ["Hana", "Gus"]]
    closing = [r.getMessage() for r in caplog.records if "closing connection" in r.getMessage()]
    assert len(closing) == 1 and code in closing[0] and "join" in closing[0], caplog.text


def test_port_2_63_relayed_on_loopback_no_longer_kills_the_next_joiner(tmp_path, caplog):
    """The issue's exact break, on real sockets (getaddrinfo raised OverflowError in the honest
    joiner's dialing task and ended its node): the port is refused at the host."""
    caplog.set_level(logging.WARNING, logger="lanboard.node")

    async def run():
        with trio.fail_after(60):   # a guard only: this takes well under a second
            return await _a_hostile_joiner_then_an_honest_one(
                tmp_path, TcpTransport(), {"name": "Mal", "port": 1 << 63})

    told, players, code = trio.run(run)
    assert told["t"] == "refused" and players == [["Hana", "Gus"], ["Hana", "Gus"]]
    assert code in caplog.text


class _Unresolvable:
    """A transport whose every dial raises what getaddrinfo raised for port 2**63."""

    def __init__(self, table, attempts: int) -> None:
        self.table, self.left, self.tried = table, attempts, 0

    async def connect(self, host, port, identity, context, *, expected_peer=None):
        self.tried += 1
        if self.tried == self.left:
            self.table.closed.set()
        raise OverflowError("Python int too large to convert to C int")


def test_a_seat_address_that_cannot_be_resolved_is_redialed_not_raised(caplog):
    """Whatever resolving a seat's address raises, the dialing task logs it and dials again
    until the node closes; it never ends the node's nursery."""
    from node.links import Links
    from node.table import Seat
    from node.table import Table

    async def run():
        table = Table(Identity.generate(), "Hana")
        table.seats = [Seat("Hana", b"k" * 32), Seat("Mal", b"m" * 32, b"", "10.0.0.9", 1 << 63)]
        transport = _Unresolvable(table, attempts=3)
        await Links(table, transport, read=None).keep_dialing(1)
        return transport.tried

    caplog.set_level(logging.WARNING, logger="lanboard.node")
    assert trio.run(run, clock=trio.testing.MockClock(autojump_threshold=0)) == 3
    assert "OverflowError" in caplog.text and "player 2" in caplog.text


# ---------------------------------------------------------------- a hostile host


def _body(joiner: Identity, host: Identity, **changes) -> dict:
    players = [{"key": host.public, "name": "Hana", "commit": b"\x01" * 32},
               {"key": joiner.public, "name": "Gus", "commit": b"\x02" * 32}]
    body = gen.make_body(GAME, players, nonce=b"\x00" * 16)
    body.update(changes)
    return body


def _host_saying(frames):
    """A host's connection handler that sends `frames(joiner_key)` after the join and commit."""
    async def handler(conn):
        _, join = wire.unpack(await conn.receive())
        for frame in frames(conn.peer_key, "welcome"):
            await conn.send(frame)
        await conn.receive()   # the commit
        for frame in frames(conn.peer_key, "after"):
            await conn.send(frame)
        await trio.sleep_forever()
    return handler


def _welcome(**changes) -> bytes:
    msg = {"t": "welcome", "game": GAME, "variants": [], "seats": 2, "nonce": b"\x00" * 16,
           "chain": 64, "delay": 0, **changes}
    return bytes([wire.NODE]) + encode(msg)


HOST_IDENTITY = Identity.generate()


def _raw(t: str, **fields) -> bytes:
    return bytes([wire.NODE]) + encode({"t": t, **fields})


BAD_HOSTS = {
    # one link past the limit: a host's 2**60 would keep the joiner hashing for ever
    "a hash chain too long": lambda key, when: [_welcome(chain=(1 << 20) + 1)] * (
        when == "welcome"),
    "a huge variants list": lambda key, when: [_welcome(variants=["x"] * 5000)] * (
        when == "welcome"),
    # a watching delay no game has: a joiner would hold its watchers back for ever
    "a delay of 2**40 turns": lambda key, when: [_welcome(delay=1 << 40)] * (when == "welcome"),
    "a roster of 1000 players": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("roster", players=[{"name": "Gus", "code": "AAAA-AAAA"}] * 1000, seats=2)],
    "a roster name with escapes": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("roster", players=[{"name": "\x1b[2J", "code": "AAAA-AAAA"}], seats=2)],
    "an address that is a host name": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("start", body=_body(Identity.generate(), HOST_IDENTITY),
             addrs=[["", 0], ["evil.example.com", 4000]])],
    "an address that is no address": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("start", body=_body(Identity.generate(), HOST_IDENTITY),
             addrs=[["", 0], ["10.0.0.300", 4000]])],
    "a port 2**63 in start": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("start", body=_body(Identity.generate(), HOST_IDENTITY),
             addrs=[["", 0], ["10.0.0.3", 1 << 63]])],
    "a port as text in start": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("start", body=_body(Identity.generate(), HOST_IDENTITY),
             addrs=[["", 0], ["10.0.0.3", "4000"]])],
    "5000 addresses": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("start", body=_body(Identity.generate(), HOST_IDENTITY),
             addrs=[["", 0]] * 5000)],
    # "dropped" (node.lobby_checks.check_dropped): whom the host says it dropped is printed by
    # every joiner and shown in its lobby screen, so a name or code no lobby seats is refused
    "a dropped name with escapes": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("dropped", name="\x1b[2J\x1b]0;pwned\x07", code="AAAA-AAAA", reason="gone")],
    "a dropped name too long": lambda key, when: [_welcome()] if when == "welcome" else [
        _raw("dropped", name="M" * 5000, code="AAAA-AAAA", reason="gone")],
    "a dropped code that is no check code": lambda key, when: [_welcome()] if when == "welcome"
    else [_raw("dropped", name="Mo", code="\x1b[2J" + "A" * 5000, reason="gone")],
}


@pytest.mark.parametrize("case", BAD_HOSTS)
def test_joiner_refuses_a_bad_host_field_naming_the_host(case, tmp_path, virtual_net):
    net = MemoryNetwork()
    joiner = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net)
    failed: list = []

    async def run():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(lambda task_status: net.serve(
                _host_saying(BAD_HOSTS[case]), HOST_IDENTITY, CONTEXT, host="mem", port=0,
                task_status=task_status))
            with trio.move_on_after(600):   # virtual time: a joiner that took it waits on
                try:
                    await joiner.join("mem", port)
                except* (LobbyFieldError, LobbyRefused) as group:
                    failed.extend(group.exceptions)
            nursery.cancel_scope.cancel()

    trio.run(run, clock=virtual_net)
    assert len(failed) == 1 and isinstance(failed[0], LobbyFieldError), failed
    assert HOST_IDENTITY.check_code in str(failed[0])
    assert not any(c in str(failed[0]) for c in "\x1b\n")


def test_a_host_refusal_reaches_the_joiner_escaped(tmp_path, virtual_net):
    """A refusal's reason is the host's text: the joiner's error holds it escaped and cut."""
    net = MemoryNetwork()
    joiner = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net)
    refusal = _raw("refused", reason="full\n\x1b[2J\x1b]0;pwned\x07" + "x" * 5000)
    failed: list = []

    async def run():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(lambda task_status: net.serve(
                _host_saying(lambda key, when: [refusal]), HOST_IDENTITY, CONTEXT, host="mem",
                port=0, task_status=task_status))
            try:
                await joiner.join("mem", port)
            except* LobbyRefused as group:
                failed.extend(map(str, group.exceptions))
            nursery.cancel_scope.cancel()

    trio.run(run, clock=virtual_net)
    assert len(failed) == 1 and failed[0].startswith("full\\n\\x1b[2J\\x1b]0;pwned\\x07xxx")
    assert not any(c in failed[0] for c in "\x1b\x07\n") and len(failed[0]) <= 1100


def test_a_dropped_seats_reason_reaches_the_joiner_escaped_and_cut(tmp_path, virtual_net):
    """A "dropped" message's reason is the host's text: the joiner's "dropped" event (printed
    by `join`, shown in the lobby screen) holds it escaped and cut, its name and code as sent."""
    net = MemoryNetwork()
    events: list = []
    joiner = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net,
                  on_event=lambda kind, data: events.append((kind, data)))
    dropped = _raw("dropped", name="Mo", code="AAAA-AAAA",
                   reason="left\n\x1b[2J\x1b]0;pwned\x07" + "x" * 5000)

    async def run():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(lambda task_status: net.serve(
                _host_saying(lambda key, when: [_welcome()] if when == "welcome" else [dropped]),
                HOST_IDENTITY, CONTEXT, host="mem", port=0, task_status=task_status))
            nursery.start_soon(joiner.join, "mem", port)
            while not any(kind == "dropped" for kind, _ in events):
                await trio.sleep(0.1)
            nursery.cancel_scope.cancel()

    trio.run(run, clock=virtual_net)
    told = [data for kind, data in events if kind == "dropped"]
    assert len(told) == 1 and told[0]["name"] == "Mo" and told[0]["code"] == "AAAA-AAAA"
    reason = told[0]["reason"]
    assert reason.startswith("left\\n\\x1b[2J\\x1b]0;pwned\\x07xxx"), reason
    assert not any(c in reason for c in "\x1b\x07\n") and len(reason) <= 1100
