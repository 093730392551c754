"""`Node.ping`: a signed round trip to every seat over the game's own links (the control API's
"ping", and the floor of bench/bench_node.py). A ping whose signature fails is its sender's
fault: that link closes, nothing else. Nodes over memory streams on the virtual clock
(tests.node.memnet); a round trip is timed in real seconds (time.perf_counter), so it is above
zero there too."""
import pytest
import trio

from node import links, wire
from node.control import call, serve_control
from node.runtime import Node, Seat
from protocol.identity import Identity
from protocol.verify import verify_file

from .memnet import MemoryNetwork


async def _three_nodes(tmp_path, during):
    net = MemoryNetwork()
    nodes = [Node(Identity.generate(), f"N{i}", tmp_path / f"n{i}", bot="greedy",
                  transport=net) for i in range(3)]
    seen = {}
    async with trio.open_nursery() as n:
        port = await n.start(lambda task_status: nodes[0].host(
            "overwatch-monopoly", (), 3, task_status=task_status))
        for node in nodes[1:]:
            n.start_soon(node.join, "127.0.0.1", port)
        await nodes[2].session_ready.wait()
        # every link of the mesh is up (the highest seat dials last)
        while any(s.conn is None for node in nodes for i, s in enumerate(node.seats)
                  if i != node.my_seat):
            await trio.sleep(0)   # the game takes no virtual time: look again at once
        await during(nodes, seen)
    return nodes, seen


def _same_verified_logs(nodes):
    assert all(node.outcome.fault is None for node in nodes)
    assert len({node.outcome.match_file.read_bytes() for node in nodes}) == 1
    assert verify_file(nodes[0].outcome.match_file).status == 0


def test_ping_times_a_signed_round_trip_to_every_seat_while_the_game_goes_on(tmp_path,
                                                                           virtual_net):
    async def during(nodes, seen):
        sock = tmp_path / "c.sock"
        async with trio.open_nursery() as n:
            await n.start(serve_control, nodes[1], sock)
            seen["direct"] = await nodes[0].ping()
            seen["control"] = await call(sock, {"cmd": "ping"})
            seen["game_on"] = not any(node.finished.is_set() for node in nodes)
            n.cancel_scope.cancel()

    nodes, seen = trio.run(_three_nodes, tmp_path, during, clock=virtual_net)
    assert set(seen["direct"]) == {1, 2}
    # answered within the ping's timeout (None otherwise), timed above zero
    assert all(rtt is not None and rtt > 0 for rtt in seen["direct"].values()), seen
    assert seen["game_on"], "the game was over before the pings were answered"
    reply = seen["control"]
    assert reply["ok"] is True
    me = nodes[1].my_seat
    assert [(p["seat"], p["name"]) for p in reply["peers"]] == \
        [(s, nodes[1].seats[s].name) for s in range(3) if s != me]
    assert all(p["ms"] > 0 for p in reply["peers"])
    _same_verified_logs(nodes)


def test_a_ping_with_a_bad_signature_closes_that_link_only_and_the_game_finishes(tmp_path,
                                                                                virtual_net):
    events = []

    async def during(nodes, seen):
        nodes[0].on_event = lambda kind, data: events.append((kind, data))
        forged = wire.pack("ping", nonce=b"n" * 16, sig=bytes(64))
        nodes[1].links.send(0, forged)
        # that link drops and is dialed again; a ping then answers from both seats
        while not any(k == "peer" and d["state"] == "gone" and d["seat"] == nodes[1].my_seat
                      for k, d in events):
            await trio.sleep(0)
        with trio.fail_after(10):
            while True:
                rtts = await nodes[0].ping()
                if None not in rtts.values():
                    break

    nodes, _ = trio.run(_three_nodes, tmp_path, during, clock=virtual_net)
    gone = [d for k, d in events if k == "peer" and d["state"] == "gone"
            and d["seat"] == nodes[1].my_seat]
    assert "ping whose signature does not verify" in gone[0]["reason"]
    _same_verified_logs(nodes)


def _node_with_one_peer(tmp_path):
    """A node whose seat 1 is `peer`, with a queue to it and no link yet."""
    node = Node(Identity.generate(), "A", tmp_path, listen_host="127.0.0.1")
    peer = Identity.generate()
    node.seats = [Seat("A", node.identity.public), Seat("B", peer.public)]
    node.my_seat = 0
    node.links.queue(1)
    return node, peer


def test_before_the_game_starts_a_ping_has_no_links_to_time(tmp_path):
    node, _ = _node_with_one_peer(tmp_path)
    assert trio.run(node.ping) == {}


def _ping_from(peer, nonce=b"n" * 16):
    return {"t": "ping", "nonce": nonce, "sig": peer.sign(wire.PING + nonce)}


def test_a_seat_without_a_link_is_reported_unreachable_at_once(tmp_path):
    node, _ = _node_with_one_peer(tmp_path)
    node.session_ready.set()

    async def main():
        with trio.fail_after(1):
            return await node.ping()

    assert trio.run(main) == {1: None}


def test_a_replayed_ping_is_answered_once(tmp_path):
    node, peer = _node_with_one_peer(tmp_path)
    ping = _ping_from(peer)
    node.pinger.on_ping(1, ping)
    node.pinger.on_ping(1, ping)
    assert node.links.backlog(1) == 1
    node.pinger.on_ping(1, _ping_from(peer, b"m" * 16))
    assert node.links.backlog(1) == 2


def test_a_peer_that_does_not_read_gets_no_more_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(links, "ANSWER_BACKLOG", 3)
    node, peer = _node_with_one_peer(tmp_path)
    for k in range(5):
        node.pinger.on_ping(1, _ping_from(peer, bytes([k]) * 16))
    assert node.links.backlog(1) == 3


def test_bad_pings_and_pongs_close_the_link_with_the_reason(tmp_path):
    node, peer = _node_with_one_peer(tmp_path)
    with pytest.raises(wire.BadMessage, match="nonce has 16 bytes, not 1000"):
        node.pinger.on_ping(1, _ping_from(peer, b"x" * 1000))
    with pytest.raises(wire.BadMessage, match="ping whose signature does not verify"):
        node.pinger.on_ping(1, dict(_ping_from(peer), sig=bytes(64)))
    # a pong for no ping of ours is dropped unread; one for our ping must be the peer's
    node.pinger.on_pong(1, {"t": "pong", "nonce": b"z" * 16, "sig": bytes(64)})
    node.pinger.waiting[b"p" * 16] = ({}, trio.Event(), {1})
    with pytest.raises(wire.BadMessage, match="pong whose signature does not verify"):
        node.pinger.on_pong(1, {"t": "pong", "nonce": b"p" * 16, "sig": bytes(64)})
