"""Discovery on this machine (mDNS over loopback) and the TXT parser's defences."""
import logging
import os
import socket
import threading
import zlib
from contextlib import asynccontextmanager
from functools import partial

import pytest
import trio
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from node.discovery import (SERVICE_TYPE, BadAnnouncement, DiscoveryError, LobbyGone, LobbyInfo,
                            LobbySeen, announce, browse, gather_until_quiet, list_lobbies,
                            proven_key, proven_lobbies)
from node.links import CONTEXT
from node.transport import serve
from protocol.identity import Identity

LO = ["127.0.0.1"]
# Other suites may run lanboard nodes on loopback at the same time, and a joiner picks the first
# open lobby it sees: the lobbies announced here are full, so no real node tries to join them.
# The lobbies' node: listing dials each lobby, and its handshake must prove the code announced.
LOBBY_KEY = Identity.generate()
INFO = LobbyInfo(game="test-game", host="Ann (test)", code=LOBBY_KEY.check_code,
                 seats_taken=2, seats_total=2)


def _loopback_multicast_works() -> bool:
    group, port = "224.0.0.251", 0
    rx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    tx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        rx.bind(("", 0))
        port = rx.getsockname()[1]
        rx.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                      socket.inet_aton(group) + socket.inet_aton("127.0.0.1"))
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        tx.sendto(b"ping", (group, port))
        rx.settimeout(0.5)
        return rx.recv(16) == b"ping"
    except OSError:
        return False
    finally:
        rx.close()
        tx.close()


needs_loopback_multicast = pytest.mark.skipif(
    not _loopback_multicast_works(),
    reason="multicast on 127.0.0.1 does not work on this machine; tests/node/test_netlab.py covers "
           "discovery between network namespaces instead")


def unique_info(request, **changes) -> LobbyInfo:
    # Other suites on this machine may announce lobbies on loopback too, this very test among
    # them (another checkout's run): keep ours apart by the process as well as the test.
    tag = zlib.crc32(f"{os.getpid()}/{request.node.nodeid}".encode()) % 10**6
    return LobbyInfo(**{**INFO.__dict__, "host": f"test{tag}", **changes})


@asynccontextmanager
async def lobby_node(identity: Identity = LOBBY_KEY):
    """A port where a node proving `identity` handshakes, standing in for a lobby's node:
    list_lobbies dials each lobby and leaves out those that prove no key or another one."""
    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(partial(serve, _wait, identity, CONTEXT,
                                                host="127.0.0.1", port=0))
        yield listeners[0].socket.getsockname()[1]
        nursery.cancel_scope.cancel()


async def _wait(conn) -> None:
    await conn.receive()


def closed_port() -> int:
    """A port nothing listens on (bound, then released): a connect there is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def next_event_about(lobbies, name_part: str, timeout: float = 5.0):
    with trio.fail_after(timeout):
        async for ev in lobbies:
            if name_part in ev.name:
                return ev
    raise AssertionError("browser ended")


async def _register_left_behind(info: LobbyInfo) -> tuple[Zeroconf, ServiceInfo]:
    """The records of a lobby whose node was killed (SIGKILL sends no goodbye: they stay in
    caches): announced, answering, and nothing listens on its port. Registered as a cooperating
    responder (no probing): it stands in for records, not for our announce()."""
    gone = ServiceInfo(SERVICE_TYPE, f"{info.host} {info.code}.{SERVICE_TYPE}", port=closed_port(),
                       properties=info.to_txt(), server=f"{info.host}-gone.local.",
                       parsed_addresses=LO)
    zc = await trio.to_thread.run_sync(lambda: Zeroconf(interfaces=LO,
                                                        ip_version=IPVersion.V4Only))
    await trio.to_thread.run_sync(lambda: zc.register_service(gone, cooperating_responders=True))
    return zc, gone


@pytest.mark.slow   # real mDNS on loopback: registration probes and the one-second rule
@needs_loopback_multicast
async def test_a_lobby_is_seen_updated_listed_by_a_late_browser_unless_its_node_is_gone_and_gone_when_withdrawn(
        request):
    info = unique_info(request)
    zc, left = await _register_left_behind(unique_info(request, code="WXYZ-2345"))
    try:
        async with lobby_node() as port, browse(LO) as lobbies:
            async with announce(info, port, interfaces=LO) as ann:
                assert ann.name == f"{info.host} {info.code}.{SERVICE_TYPE}"
                # both are announced and answer (the order they are seen in is the network's)
                seen = {}
                for _ in range(2):
                    ev = await next_event_about(lobbies, info.host)
                    seen[ev.name] = ev
                assert set(seen) == {ann.name, left.name}
                assert seen[ann.name] == LobbySeen(ann.name, "127.0.0.1", port, info,
                                                   ("127.0.0.1",))

                await ann.update(phase="playing", match="ab" * 32)
                updated = await next_event_about(lobbies, ann.name)
                assert isinstance(updated, LobbySeen) and updated.name == ann.name
                assert (updated.info.seats_taken, updated.info.phase, updated.info.match) == \
                    (2, "playing", "ab" * 32)
                assert ann.info == updated.info

                # A browser started now (a player arriving late) finds it by asking, with its
                # TXT as updated; the lobby whose node is gone is dialed and left out. Not
                # within a second of the update's multicast, which the responder does not
                # repeat sooner (RFC 6762 §6) to a query list's quiet period would stop
                # listening before.
                await trio.sleep(1.1)
                # a longer quiet than list's 0.15 s after the last answer: on a loaded machine
                # the responder's thread may answer later than that after the left-behind
                # lobby's cached answer (1 full run in 8 beside a busy suite missed it)
                listed = [s for s in await list_lobbies(1.5, interfaces=LO, quiet=0.6)
                          if info.host in s.name]
                assert [(s.name, s.info) for s in listed] == [(ann.name, updated.info)]
            assert await next_event_about(lobbies, ann.name) == LobbyGone(ann.name)
    finally:
        await trio.to_thread.run_sync(zc.close)


@pytest.mark.slow   # real mDNS on loopback: registration probes and the one-second rule
@needs_loopback_multicast
async def test_an_impostor_answering_under_the_real_name_with_the_real_code_is_not_listed_and_the_real_lobby_is(
        request):
    info = unique_info(request)
    zc = await trio.to_thread.run_sync(lambda: Zeroconf(interfaces=LO,
                                                        ip_version=IPVersion.V4Only))
    try:
        async with lobby_node() as port, lobby_node(IMPOSTOR) as fake_port, \
                announce(info, port, interfaces=LO) as ann:
            # the adversarial run of issue 30: the exact instance name, the real code, another
            # host and key, announced without probing (as a hostile responder would)
            fake = ServiceInfo(SERVICE_TYPE, ann.name, port=fake_port, properties=info.to_txt(),
                               server=f"{info.host}-impostor.local.", parsed_addresses=LO)
            await trio.to_thread.run_sync(
                lambda: zc.register_service(fake, cooperating_responders=True))
            await trio.sleep(1.1)   # as above: not within a second of the announcements
            listed = [s for s in await list_lobbies(1.5, interfaces=LO, quiet=0.6)
                      if info.host in s.name]
            assert [(s.name, s.port, s.info.code) for s in listed] == \
                [(ann.name, port, info.code)]
    finally:
        await trio.to_thread.run_sync(zc.close)


@pytest.mark.slow   # real mDNS on loopback: registration probes and the one-second rule
@needs_loopback_multicast
async def test_foreign_and_malformed_announcements_are_skipped(request, caplog):
    caplog.set_level(logging.DEBUG, logger="lanboard.node.discovery")
    good = unique_info(request)
    tag = good.host
    bad_txts = {
        "missing": {"v": "1", "game": "x"},
        "badseats": {**good.to_txt(), "seats": "5/4"},
        "badcode": {**good.to_txt(), "code": "not-a-code"},
        "binary": {**good.to_txt(), "host": b"\xff\xfe"},
        "nophase": {**good.to_txt(), "phase": None},
    }

    def service(label, txt):
        return ServiceInfo(SERVICE_TYPE, f"{tag} {label}.{SERVICE_TYPE}", port=1, properties=txt,
                           server=f"{tag}-{label}.local.", parsed_addresses=LO)

    turncoat = service("turncoat", good.to_txt())  # a lobby at first, then something else
    zc = await trio.to_thread.run_sync(lambda: Zeroconf(interfaces=LO, ip_version=IPVersion.V4Only))
    try:
        async with trio.open_nursery() as n:  # no probing (cooperating), announcements in parallel
            for s in [turncoat] + [service(label, txt) for label, txt in bad_txts.items()]:
                n.start_soon(trio.to_thread.run_sync,
                             lambda s=s: zc.register_service(s, cooperating_responders=True))
        async with lobby_node() as port, browse(LO) as lobbies, \
                announce(good, port, interfaces=LO) as ann:
            seen = {(await next_event_about(lobbies, tag)).name for _ in range(2)}
            assert seen == {ann.name, turncoat.name}  # the only two of ours that show

            bad = service("turncoat", bad_txts["badseats"])
            await trio.to_thread.run_sync(zc.update_service, bad)
            assert await next_event_about(lobbies, tag) == LobbyGone(turncoat.name)

            await trio.sleep(1.1)  # as above: the update was multicast less than 1 s ago
            ok_list = [s.name for s in await list_lobbies(1.5, interfaces=LO) if tag in s.name]
            assert ok_list == [ann.name]
        skipped = {r.getMessage().split(" ")[2].split(".")[0] for r in caplog.records
                   if r.getMessage().startswith(f"skipping {tag} ")}
        assert skipped == set(bad_txts) | {"turncoat"}  # seen, parsed, refused: not just missed
    finally:
        await trio.to_thread.run_sync(zc.close)


def test_the_announced_version_is_the_protocol_version():
    from node.discovery import TXT_VERSION
    from protocol.messages import PROTOCOL_VERSION
    assert TXT_VERSION == str(PROTOCOL_VERSION)


async def test_txt_round_trips_and_ignores_unknown_keys():
    txt = {k.encode(): v.encode() for k, v in INFO.to_txt().items()}
    assert LobbyInfo.from_txt(txt) == INFO
    assert LobbyInfo.from_txt({**txt, b"future": b"x", b"flag": None}) == INFO
    assert LobbyInfo.from_txt({k: v for k, v in txt.items() if k != b"match"}) == INFO
    newer = LobbyInfo.from_txt({**txt, b"v": b"99"})
    assert newer.v == "99" and not newer.compatible and INFO.compatible


@pytest.mark.parametrize("key,value,why", [
    (b"seats", b"3/2", "out of range"), (b"seats", b"0/0", "out of range"),
    (b"seats", b"three", "taken/total"), (b"phase", b"paused", "phase"),
    (b"code", b"abcd-efgh", "check code"), (b"match", b"XYZ", "hex"),
    (b"match", b"abc", "hex"), (b"host", b"", "host"), (b"host", b"a\nb", "host"),
    (b"host", b"\xc3", "UTF-8"), (b"game", b"Bad Game!", "game id"), (b"v", None, "missing"),
])
async def test_malformed_txt_is_rejected_with_the_reason(key, value, why):
    txt = {k.encode(): v.encode() for k, v in INFO.to_txt().items()}
    txt[key] = value
    with pytest.raises(BadAnnouncement, match=why):
        LobbyInfo.from_txt(txt)


async def test_announcing_a_malformed_lobby_fails_before_touching_the_network():
    with pytest.raises(BadAnnouncement, match="seats"):
        async with announce(LobbyInfo("g", "h", "ABCD-EFGH", 5, 4), 1, interfaces=LO):
            pass


async def test_interfaces_must_be_ipv4_addresses():
    with pytest.raises(DiscoveryError, match="IPv4"):
        async with browse(["eth0"]):
            pass


def zeroconf_threads() -> list[str]:
    # zeroconf's asyncio loop thread is an unnamed "Thread-N (_run_loop)"; its browser threads
    # are "zeroconf-ServiceBrowser-..."
    return sorted(t.name for t in threading.enumerate()
                  if "zeroconf" in t.name.lower() or "_run_loop" in t.name)


@pytest.mark.slow   # real mDNS on loopback: registration probes and the one-second rule
@needs_loopback_multicast
async def test_leaving_a_browse_or_an_announce_even_by_cancellation_stops_every_zeroconf_thread(
        request):
    before = zeroconf_threads()
    with trio.move_on_after(0.3):
        async with browse(LO) as lobbies:
            assert len(zeroconf_threads()) == len(before) + 2  # the loop and the browser
            async for _ in lobbies:
                pass
    assert zeroconf_threads() == before
    with trio.move_on_after(0.3):  # cancelled while probing: registration cannot be interrupted,
        async with announce(unique_info(request), 1, interfaces=LO):  # so it is then withdrawn
            await trio.sleep_forever()
    assert zeroconf_threads() == before


async def test_instance_names_are_one_dns_label_whatever_the_player_is_called():
    from node.discovery import _instance_label
    label = _instance_label(LobbyInfo("g", "Zoë 🎲 the.great " + "x" * 40, "ABCD-EFGH", 1, 2))
    assert "." not in label and len(label.encode()) <= 63 and label.endswith(" ABCD-EFGH")
    assert label.startswith("Zoë 🎲 the great")


# --- `lanboard list`: answers as soon as the network has, lists only lobbies whose node is there

def _seen(name: str) -> LobbySeen:
    return LobbySeen(name, "127.0.0.1", 1, INFO, ("127.0.0.1",))


async def _feed(events: list[tuple[float, LobbySeen | LobbyGone]], send) -> None:
    async with send:
        for at, ev in events:
            await trio.sleep_until(at)
            await send.send(ev)
        await trio.sleep_forever()  # the network stays open: only the clock ends listening


@pytest.mark.parametrize("events,returns_at,names", [
    # answers 20-120 ms after the query: listening ends `quiet` after the last of them
    ([(0.05, _seen("a")), (0.12, _seen("b"))], 0.12 + 0.15, {"a", "b"}),
    # an answer within the quiet period extends it; one after it is not waited for
    ([(0.05, _seen("a")), (0.15, _seen("b")), (0.31, _seen("c"))], 0.30, {"a", "b"}),
    # a lobby withdrawn while listening is not listed
    ([(0.05, _seen("a")), (0.1, LobbyGone("a")), (0.2, _seen("b"))], 0.35, {"b"}),
    # nobody answers: --timeout is the bound
    ([], 2.0, set()),
    # answers keep coming (a busy LAN): --timeout is still the bound
    ([(0.1 * k - 0.05, _seen(f"l{k}")) for k in range(1, 30)], 2.0,
     {f"l{k}" for k in range(1, 21)}),
])
async def test_list_returns_a_quiet_period_after_the_last_answer_and_at_most_at_the_timeout(
        events, returns_at, names, autojump_clock):
    send, recv = trio.open_memory_channel(0)
    async with trio.open_nursery() as n:
        n.start_soon(_feed, events, send)
        found = await gather_until_quiet(recv, timeout=2.0, quiet=0.15)
        assert trio.current_time() == pytest.approx(returns_at)
        n.cancel_scope.cancel()
    assert set(found) == names


async def test_a_lobby_node_is_the_key_its_handshake_proves_and_none_where_nothing_handshakes():
    async with lobby_node() as port:
        assert await proven_key("127.0.0.1", port) == LOBBY_KEY.public
    assert await proven_key("127.0.0.1", port) is None   # gone
    assert await proven_key("127.0.0.1", closed_port()) is None
    # a port that accepts but speaks no lanboard handshake (the listed-if-it-accepts rule of
    # before listed it): not a lobby's node
    listener = (await trio.open_tcp_listeners(0, host="127.0.0.1"))[0]
    async with listener:
        assert await proven_key("127.0.0.1", listener.socket.getsockname()[1]) is None


IMPOSTOR = Identity.generate()


def _dial_keys(keys: dict):
    async def dial(address, port):
        return keys.get((address, port))
    return dial


async def test_an_impostor_announcing_the_real_code_is_dropped_and_does_not_hide_the_real_lobby():
    # the attack: under the real lobby's very name, a second answer (another host, another key)
    # with a TXT carrying the real code; both answers are in the cache
    real, fake = ("10.0.0.2", 4000), ("10.0.0.66", 4000)
    lie = LobbyInfo(**{**INFO.__dict__, "seats_taken": 0, "seats_total": 6})
    both = LobbySeen("Ann " + INFO.code, *fake, lie, endpoints=(fake, real), claims=(lie, INFO))
    keys = {real: LOBBY_KEY.public, fake: IMPOSTOR.public}
    listed = await proven_lobbies([both], _dial_keys(keys))
    assert [(s.address, s.port, s.info.code) for s in listed] == [(*real, INFO.code)]
    # under a name of its own, with the real code: not listed at all
    alone = LobbySeen("Ann " + INFO.code + "-2", *fake, INFO)
    assert await proven_lobbies([alone], _dial_keys(keys)) == []
    # a lobby whose node is gone (no key proven) is not listed either
    assert await proven_lobbies([LobbySeen("x", *real, INFO)], _dial_keys({})) == []


async def test_an_impostor_announcing_its_own_code_under_the_real_name_is_listed_beside_it():
    # its own code, which its key does prove: a lobby of its own, listed, but the real one stays
    real, other = ("10.0.0.2", 4000), ("10.0.0.66", 4000)
    its = LobbyInfo(**{**INFO.__dict__, "code": IMPOSTOR.check_code})
    both = LobbySeen("Ann " + INFO.code, *other, its, endpoints=(other, real), claims=(its, INFO))
    listed = await proven_lobbies([both], _dial_keys({real: LOBBY_KEY.public,
                                                      other: IMPOSTOR.public}))
    assert sorted((s.address, s.info.code) for s in listed) == sorted(
        [(real[0], INFO.code), (other[0], IMPOSTOR.check_code)])


async def test_a_private_table_is_announced_as_private_and_its_txt_holds_no_table_code():
    private = LobbyInfo(**{**INFO.__dict__, "private": True})
    txt = private.to_txt()
    assert txt["private"] == "1" and "private" not in INFO.to_txt()
    assert LobbyInfo.from_txt({k.encode(): v.encode() for k, v in txt.items()}) == private
    # the only code in it is the key's check code, which is public anyway
    assert set(txt) == {"v", "game", "host", "code", "seats", "phase", "match", "private"}
