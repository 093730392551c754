"""Whole games between in-process nodes driven through the control API as a person's terminal
would drive them (over memory streams on the virtual clock, tests.node.memnet: the node's network
is not what they test), and one beside hostile TCP connections. Four node processes on loopback:
tests/node/test_crash_resume.py (the game the crashed ones must end as)."""
import json
from pathlib import Path

import trio

import engine
from node.control import call, serve_control
from node.runtime import Node
from protocol.identity import Identity
from protocol.verify import verify_file

from .control_events import collect_events, joiner_status_in_lobby
from .memnet import MemoryNetwork


async def _play_with_control(tmp_path: Path):
    """Seat 0 a bot; seat 1 a 'person' playing through the control socket."""
    net = MemoryNetwork()
    bot = Node(Identity.generate(), "Bot", tmp_path / "bot", bot="greedy", transport=net)
    person = Node(Identity.generate(), "Pat", tmp_path / "pat", transport=net)
    sock = tmp_path / "pat.sock"
    seen: dict = {"illegal": None, "bad": None, "events": [], "moves": 0}
    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, person, sock)
        port = await nursery.start(lambda task_status: bot.host(
            "overwatch-monopoly", (), 2, task_status=task_status))
        nursery.start_soon(person.join, "127.0.0.1", port)

        nursery.start_soon(collect_events, sock, seen["events"])

        while not person.finished.is_set():
            reply = await call(sock, {"cmd": "pending"})
            decision = reply["decision"]
            if decision is None:
                await trio.sleep(0.005)
                continue
            if seen["illegal"] is None:
                seen["illegal"] = await call(sock, {"cmd": "move", "move": ["fly", 9]})
                seen["bad"] = await call(sock, {"cmd": "no such thing"})
            if "mid" not in seen:
                state = await call(sock, {"cmd": "state"})
                if state["cards"]:
                    # every read-only command while this seat holds a Loot Box
                    seen["mid"] = {cmd: await call(sock, {"cmd": cmd})
                                   for cmd in ("status", "state", "pending", "glossary", "ping")}
                    seen["mid_bot_cards"] = bot.session.private_cards()
            reply = await call(sock, {"cmd": "move", "move": decision["options"][0]})
            # pending offers a decision only once its slot in the log is open: never refused
            assert reply == {"ok": True}, (decision, reply)
            seen["moves"] += 1
        seen["status"] = await call(sock, {"cmd": "status"})
        seen["state"] = await call(sock, {"cmd": "state"})
        await bot.finished.wait()
        nursery.cancel_scope.cancel()
    return bot, person, seen


def test_a_person_plays_a_whole_game_through_the_control_api(tmp_path, virtual_net):
    bot, person, seen = trio.run(_play_with_control, tmp_path, clock=virtual_net)
    assert person.outcome.result is not None and person.outcome.fault is None
    assert person.outcome.state_hash == bot.outcome.state_hash
    assert person.outcome.match_file.read_bytes() == bot.outcome.match_file.read_bytes()
    assert seen["moves"] > 10
    # an illegal move is refused with the engine's reason, and the game goes on
    assert seen["illegal"]["ok"] is False and "is not a legal move now" in seen["illegal"]["error"]
    assert seen["bad"] == {"ok": False, "error": "unknown cmd 'no such thing' "
                                                 "(status, state, pending, glossary, move, choose, reclaim, start, "
                                                 "refuse, ping, events, stop)"}
    status = seen["status"]
    assert status["phase"] == "over" and status["seat"] == person.my_seat
    assert status["result"]["scores"] == list(person.outcome.result.scores)
    kinds = {e.get("event") for e in seen["events"][1:]}
    assert {"started", "decision", "attested", "over"} <= kinds
    # the state view hides the other player's Loot Boxes
    other = 1 - person.my_seat
    assert isinstance(seen["state"]["state"]["players"][other]["loot"], int)
    # mid-game, the person's node names its own Loot Boxes (which it decrypted alone) and no
    # other: the other seat's cards are in no answer, as this node cannot compute them
    mid = seen["mid"]
    mine = [c["position"] for c in mid["state"]["cards"]]
    assert mine == mid["state"]["state"]["players"][person.my_seat]["loot"]
    assert not set(pos for _, pos in seen["mid_bot_cards"]) & set(mine)
    # its board (the game's words, in the node) tells what they score, to this seat alone
    rows = mid["state"]["board"]["seats"]
    points = engine.get_game("overwatch-monopoly").data.loot_box_points
    assert rows[person.my_seat]["loot_points"] == [points[c["card"]] for c in mid["state"]["cards"]]
    assert "loot_points" not in rows[other]
    assert all("cards" not in answer for cmd, answer in mid.items() if cmd != "state")
    assert "loot_open" in mid["state"]["state"] and set(mid["state"]["state"]["loot_open"]) == {-1}


async def _malformed_control_lines(tmp_path: Path):
    node = Node(Identity.generate(), "Solo", tmp_path, listen_host="127.0.0.1")
    sock = tmp_path / "c.sock"
    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, node, sock)
        stream = await trio.open_unix_socket(str(sock))
        await stream.send_all(b'not json\n[1, 2]\n{"cmd": "status"}\n{"cmd": "move", "move": ["roll"]}\n')
        buf = b""
        while buf.count(b"\n") < 4:
            buf += await stream.receive_some(65536)
        nursery.cancel_scope.cancel()
    return [json.loads(line) for line in buf.splitlines()]


def test_malformed_control_requests_get_errors_and_the_connection_stays_usable(tmp_path):
    replies = trio.run(_malformed_control_lines, tmp_path)
    assert replies[0]["ok"] is False and "bad request" in replies[0]["error"]
    assert replies[1]["ok"] is False and "JSON object" in replies[1]["error"]
    assert replies[2]["ok"] is True and replies[2]["phase"] == "lobby"
    assert replies[3] == {"ok": False, "error": "the game has not started yet"}


async def _game_under_attack(tmp_path: Path):
    host = Node(Identity.generate(), "Host", tmp_path / "h", bot="greedy", listen_host="127.0.0.1")
    guest = Node(Identity.generate(), "Guest", tmp_path / "g", bot="random",
                 listen_host="127.0.0.1")
    idle = []
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            "overwatch-monopoly", (), 2, task_status=task_status))
        nursery.start_soon(guest.join, "127.0.0.1", port)
        await host.session_ready.wait()
        # Hostile peers at the network level, while the game runs:
        s = await trio.open_tcp_stream("127.0.0.1", port)
        await s.send_all(b"\x00\x00\x00\x05hello" + bytes(range(256)) * 8)  # garbage
        s2 = await trio.open_tcp_stream("127.0.0.1", port)
        await s2.send_all(b"\xff\xff\xff\xff")                              # a 4 GiB frame
        s3 = await trio.open_tcp_stream("127.0.0.1", port)                  # never speaks
        s4 = await trio.open_tcp_stream("127.0.0.1", port)
        await s4.send_all(b"\x00\x00\x01\x00" + b"x" * 100)                 # half a frame
        idle += [s, s2, s3, s4]
        await host.finished.wait()
        await guest.finished.wait()
        nursery.cancel_scope.cancel()
    for stream in idle:
        await trio.aclose_forcefully(stream)
    return host, guest


def test_hostile_connections_during_a_game_do_not_disturb_it(tmp_path):
    host, guest = trio.run(_game_under_attack, tmp_path)
    assert host.outcome.fault is None and guest.outcome.fault is None
    assert host.outcome.result is not None
    assert host.outcome.state_hash == guest.outcome.state_hash
    assert verify_file(host.outcome.match_file).status == 0


def test_a_joiners_status_lists_the_lobby_with_check_codes(tmp_path):
    host, guest, _, status = trio.run(joiner_status_in_lobby, tmp_path, "overwatch-monopoly")
    assert status["phase"] == "lobby"
    assert [(p["name"], p["code"]) for p in status["players"]] == [
        ("Hana", host.identity.check_code), ("Gus", guest.identity.check_code)]


async def _host_starts_early(tmp_path: Path):
    net = MemoryNetwork()
    host = Node(Identity.generate(), "Hana", tmp_path / "h", bot="greedy", transport=net)
    guest = Node(Identity.generate(), "Gus", tmp_path / "g", bot="greedy", transport=net)
    sock = tmp_path / "h.sock"
    replies = {}
    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, host, sock)
        port = await nursery.start(lambda task_status: host.host(
            "overwatch-monopoly", (), 4, task_status=task_status))
        replies["alone"] = await call(sock, {"cmd": "start"})
        nursery.start_soon(guest.join, "127.0.0.1", port)
        with trio.fail_after(10):
            while len(host.seats) < 2:
                await trio.sleep(0.01)
        replies["status"] = await call(sock, {"cmd": "status"})
        replies["start"] = await call(sock, {"cmd": "start"})
        with trio.fail_after(120):
            await host.finished.wait()
            await guest.finished.wait()
        replies["again"] = await call(sock, {"cmd": "start"})
        nursery.cancel_scope.cancel()
    return host, guest, replies


def test_the_host_may_start_before_every_seat_is_taken_once_the_minimum_is_seated(tmp_path,
                                                                                   virtual_net):
    host, guest, replies = trio.run(_host_starts_early, tmp_path, clock=virtual_net)
    assert replies["alone"] == {"ok": False, "error": "Monopoly Gamer: Overwatch needs at least "
                                                      "2 players; 1 seated so far"}
    assert replies["status"]["can_start"] is True
    assert replies["start"] == {"ok": True}
    assert replies["again"]["ok"] is False
    assert host.outcome.result is not None and len(host.outcome.result.scores) == 2
    assert host.outcome.match_file.read_bytes() == guest.outcome.match_file.read_bytes()
