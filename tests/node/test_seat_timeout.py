"""A node that is gone mid-game (its task cancelled: its links drop, it never answers again):
the other nodes' watchdogs claim the timeout, a bot node chooses "bot" at once, a person chooses
through the control API, and the two remaining nodes finish the game with the bot in its seat,
holding identical match files that verify. Nodes over memory streams on trio's virtual clock
(tests.node.memnet), so the seat timeouts take no real time; the person's control socket is real."""

from functools import partial

import trio

from node.control import call, serve_control
from node.runtime import Node
from protocol import matchfile
from protocol.codec import decode
from protocol.identity import Identity
from protocol.events import Output
from protocol.session import Session
from protocol.verify import verify_file

import tests.protocol.toygame  # noqa: F401  (registers "toy-race")

from .control_events import collect_events
from .memnet import MemoryNetwork

TOY = "toy-race"
TIMEOUTS = {"decision": 2, "round": 2}


# The first attestation at or after this entry is mid-game in every toy race: the shortest
# (the first mover wins on its second turn) has 12 entries, attested every third, so a node gone
# "after entry 10" could leave only at the very end (1 run in about 120 did).
MID_GAME = 4


async def _seat(nursery, host, seats: int, timeouts: dict, stay: list, gone: list,
                gone_scope: trio.CancelScope) -> None:
    """Host the toy game for `seats`; `stay` join, and so do `gone`, inside `gone_scope`:
    cancelling it is those processes dying (their links drop, they never answer again)."""
    port = await nursery.start(lambda task_status: host.host(
        TOY, (), seats, task_status=task_status, timeouts=timeouts))
    for node in stay:
        nursery.start_soon(node.join, "127.0.0.1", port)

    async def run_gone():
        with gone_scope:
            async with trio.open_nursery() as inner:
                for node in gone:
                    inner.start_soon(node.join, "127.0.0.1", port)
    nursery.start_soon(run_gone)


async def _game_with_a_gone_node(tmp_path, gone_after: int, dies_unsent: bool = False):
    """`dies_unsent`: from that point nothing leaves the gone node, and it dies only once it
    has logged an entry holding a share of its own (the others never got that share)."""
    gone_scope = trio.CancelScope()
    muted = []
    net = MemoryNetwork()

    def gone_events(kind, data):
        if not dies_unsent:
            if kind == "attested" and data["seq"] >= gone_after:
                gone_scope.cancel()   # the process dies here: nothing more leaves it
        elif not muted and kind == "attested" and data["seq"] >= gone_after:
            muted.append(data["seq"])
            gone.play.outbox.queue_now = gone.play.outbox.hold_relay = lambda frame, to: None
        elif muted and kind in ("state", "attested") and \
                gone.my_seat in decode(gone.session.log[data["seq"]])["authors"]:
            gone_scope.cancel()

    host = Node(Identity.generate(), "Host", tmp_path / "h", bot="greedy", listen_host="127.0.0.1", transport=net)
    person = Node(Identity.generate(), "Pat", tmp_path / "p", listen_host="127.0.0.1", transport=net)
    gone = Node(Identity.generate(), "Gone", tmp_path / "g", bot="greedy", listen_host="127.0.0.1", transport=net,
                on_event=gone_events)
    sock = tmp_path / "pat.sock"
    seen: dict = {"events": [], "choose": [], "moves": 0}
    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, person, sock)
        await _seat(nursery, host, 3, TIMEOUTS, [person], [gone], gone_scope)
        nursery.start_soon(collect_events, sock, seen["events"])

        with trio.fail_after(90):
            while not person.finished.is_set():
                reply = await call(sock, {"cmd": "pending"})
                if reply["timeout"] is not None:
                    if not seen["choose"]:   # a choice out of range is refused first
                        seen["choose"].append(await call(sock, {"cmd": "choose",
                                                                "choice": "maybe"}))
                    seen["choose"].append(await call(sock, {"cmd": "choose", "choice": "bot"}))
                elif reply["decision"] is not None:
                    r = await call(sock, {"cmd": "move", "move": reply["decision"]["options"][0]})
                    seen["moves"] += r["ok"]
                else:
                    await trio.sleep(0.005)
            await host.finished.wait()
        await trio.sleep(0.1)   # the last events reach the watcher
        seen["status"] = await call(sock, {"cmd": "status"})
        nursery.cancel_scope.cancel()
    return host, person, gone, seen


def test_a_node_gone_mid_game_is_played_by_a_bot_and_the_others_finish_with_one_verified_log(
        tmp_path, virtual_net):
    # entry 8 on: a turn or two in, before anybody's second turn, so the game cannot be over
    host, person, gone, seen = trio.run(_game_with_a_gone_node, tmp_path, 8, clock=virtual_net)
    seat = gone.my_seat
    assert not gone.finished.is_set()
    for node in (host, person):
        assert node.outcome.fault is None and node.outcome.result is not None
    assert host.outcome.state_hash == person.outcome.state_hash
    data = host.outcome.match_file.read_bytes()
    assert person.outcome.match_file.read_bytes() == data
    report = verify_file(host.outcome.match_file)
    assert report.status == 0 and report.complete, report.reason
    assert report.bots == [seat] and report.counts["timeout"] == 1
    assert report.choices[0]["seat"] == seat and report.choices[0]["outcome"] == "bot"
    _gone_log_is_theirs_but_for_its_unsent_end(gone, data)
    # the person was told, chose through the control API, and saw the outcome
    events = seen["events"]
    told = [e for e in events if e.get("event") == "timeout"]
    assert told and told[0]["seat"] == seat and told[0]["ask"] is True
    assert told[0]["options"] == ["wait", "bot", "end"]
    assert seen["choose"][0]["ok"] is False and "choose one of" in seen["choose"][0]["error"]
    assert {"ok": True} in seen["choose"][1:]
    # what the game-over screen tells: the seat a bot finished, and where the log is
    assert seen["status"]["bots"] == [seat]
    assert seen["status"]["file"] == str(person.outcome.match_file)
    chosen = [e for e in events if e.get("event") == "choice"]
    assert chosen and chosen[0]["outcome"] == "bot" and chosen[0]["seat"] == seat
    assert sorted(a for a, _ in chosen[0]["choices"]) == sorted({0, 1, 2} - {seat})


def _gone_log_is_theirs_but_for_its_unsent_end(gone, data: bytes) -> int:
    """Nothing the gone node logged differs from what the others kept (`data`), but for the
    entries at its end holding a share of its own that may never have left it (it died between
    writing and sending: Session.unshared_at_end); where the logs part, the others' log has the
    timeout against it. Returns how many entries of its log the others do not hold."""
    mine = list(matchfile.read_items(gone.outcome.match_file.read_bytes()))
    theirs = list(matchfile.read_items(data))
    parted = next((k for k, (x, y) in enumerate(zip(mine, theirs)) if x[1] != y[1]), len(mine))
    assert parted >= len(mine) - gone.session.unshared_at_end()
    if parted < len(mine):
        entry = theirs[parted][2]
        assert entry["kind"] == "timeout" and \
            {p["seat"] for p in entry["parts"]} == {gone.my_seat}
    return len(mine) - parted


def test_a_node_gone_between_logging_its_share_and_sending_it_is_replaced_there_by_a_timeout(
        tmp_path, virtual_net):
    host, person, gone, _ = trio.run(
        partial(_game_with_a_gone_node, tmp_path, 8, dies_unsent=True), clock=virtual_net)
    assert not gone.finished.is_set() and gone.session.unshared_at_end() >= 1
    for node in (host, person):
        assert node.outcome.fault is None and node.outcome.result is not None
    data = host.outcome.match_file.read_bytes()
    assert person.outcome.match_file.read_bytes() == data
    report = verify_file(host.outcome.match_file)
    assert report.status == 0 and report.complete and report.bots == [gone.my_seat], \
        report.reason
    # the case the runtime must survive really happened: its log holds what theirs does not
    assert _gone_log_is_theirs_but_for_its_unsent_end(gone, data) >= 1


async def _game_with_two_gone(tmp_path):
    gone_scope = trio.CancelScope()
    stalled = []
    net = MemoryNetwork()

    def host_events(kind, data):
        if kind == "attested" and data["seq"] >= MID_GAME:
            gone_scope.cancel()   # two processes die at the same moment
        if kind == "stalled":
            stalled.append(data)

    host = Node(Identity.generate(), "Host", tmp_path / "h", bot="greedy",
                listen_host="127.0.0.1", transport=net, on_event=host_events)
    stay = Node(Identity.generate(), "Stay", tmp_path / "s", bot="greedy", listen_host="127.0.0.1", transport=net)
    gone = [Node(Identity.generate(), f"Gone{k}", tmp_path / f"g{k}", bot="greedy",
                 listen_host="127.0.0.1", transport=net) for k in (1, 2)]
    async with trio.open_nursery() as nursery:
        await _seat(nursery, host, 4, {"decision": 1, "round": 1}, [stay], gone, gone_scope)
        with trio.fail_after(60):
            while not stalled:
                await trio.sleep(0.05)
        nursery.cancel_scope.cancel()
    return host, stay, gone, stalled


def test_two_players_gone_at_once_the_others_are_told_the_game_cannot_go_on(tmp_path,
                                                                           virtual_net):
    host, stay, gone, stalled = trio.run(_game_with_two_gone, tmp_path, clock=virtual_net)
    assert sorted(stalled[0]["seats"]) == sorted(g.my_seat for g in gone)
    assert "all but one of them are back" in stalled[0]["reason"]
    # nothing was decided without them: no fault, no timeout entry, the logs agree
    for node in (host, stay):
        assert node.outcome.fault is None and node.outcome.result is None
        report = verify_file(node.outcome.match_file)
        assert report.fault == "incomplete" and report.counts["timeout"] == 0, report.reason


async def _the_last_claimer_then_a_chooser_who_walked_away(tmp_path, monkeypatch):
    gone_scope = trio.CancelScope()
    net = MemoryNetwork()

    def gone_events(kind, data):
        if kind == "attested" and data["seq"] >= MID_GAME:
            gone_scope.cancel()

    host = Node(Identity.generate(), "Host", tmp_path / "h", bot="greedy", listen_host="127.0.0.1", transport=net)
    walker = Node(Identity.generate(), "Walker", tmp_path / "w", bot="greedy",
                  listen_host="127.0.0.1", transport=net)
    gone = Node(Identity.generate(), "Gone", tmp_path / "g", bot="greedy",
                listen_host="127.0.0.1", transport=net, on_event=gone_events)
    choose = Session.choose_after_timeout

    def walked_away(session, choice):
        # the walker's node claims like any other, but its player never chooses
        return Output() if session.identity is walker.identity else choose(session, choice)

    monkeypatch.setattr(Session, "choose_after_timeout", walked_away)
    # the host claims a second after the walker: its own claim completes the timeout entry
    limit = host.play.watchdog.slot_limit
    host.play.watchdog.slot_limit = lambda: limit() + 1
    async with trio.open_nursery() as nursery:
        await _seat(nursery, host, 3, {"decision": 1, "round": 1}, [walker], [gone], gone_scope)
        with trio.move_on_after(60):
            await host.finished.wait()
        nursery.cancel_scope.cancel()
    return host, walker, gone


def test_a_node_whose_claim_completed_a_timeout_still_times_out_the_next_seat_it_waits_for(
        tmp_path, monkeypatch, virtual_net):
    host, walker, gone = trio.run(_the_last_claimer_then_a_chooser_who_walked_away, tmp_path,
                                  monkeypatch, clock=virtual_net)
    assert host.outcome.fault is None and host.outcome.result is not None, \
        "the host never claimed against the player who did not choose"
    report = verify_file(host.outcome.match_file)
    assert report.status == 0 and report.complete, report.reason
    assert report.counts["timeout"] == 2
    assert sorted(report.bots) == sorted((gone.my_seat, walker.my_seat))
