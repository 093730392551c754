"""A player whose node crashed comes back late: the others may have timed the seat out and
finished the game with a bot in it, or may all be gone. Nodes over memory streams on trio's
virtual clock (tests.node.memnet), so the linger and alone bounds take no real time: a node
"crashes" when its task is cancelled (its links drop, nothing more leaves it) and is restarted
with `Node.resume` on its match file, as `lanboard resume` does."""
from functools import partial

import pytest
import trio

from node import alone, linger
from node.runtime import Node
from protocol import matchfile
from protocol.codec import decode
from protocol.identity import Identity
from protocol.verify import verify_bytes, verify_file

from .memnet import MemoryNetwork

import tests.protocol.toygame  # noqa: F401  (registers "toy-race")

TOY = "toy-race"
HOST = "127.0.0.1"


class Player:
    """A node, its events, and when its task returned (None while it runs)."""

    def __init__(self, tmp_path, name: str, net: MemoryNetwork) -> None:
        self.net = net
        self.identity = Identity.generate()
        self.home = tmp_path / name
        self.name = name
        self.events: list[tuple[float, str, dict]] = []
        self.ended: float | None = None
        self.crash = trio.CancelScope()
        self.node = self.fresh()

    def fresh(self) -> Node:
        """A new node process for this player (same key, same home), as after a restart."""
        self.ended = None
        self.node = Node(self.identity, self.name, self.home, bot="greedy", listen_host=HOST,
                         transport=self.net,
                         on_event=lambda kind, data: self.events.append(
                             (trio.current_time(), kind, data)))
        return self.node

    def seen(self, kind: str) -> list[dict]:
        return [d for _, k, d in self.events if k == kind]

    async def run(self, play, task_status=trio.TASK_STATUS_IGNORED) -> None:
        await play(task_status=task_status)
        self.ended = trio.current_time()


async def _seat_three(nursery, players, timeouts: dict) -> None:
    """Host players[0]; players[1] and [2] join one after the other, so their seats are 1 and
    2 (seat 1 dials the host and is dialed by seat 2). Each node's task runs in its player's
    `crash` scope: cancelling it is the process dying (its links drop, nothing more leaves)."""
    async def crashable(p, play, task_status=trio.TASK_STATUS_IGNORED):
        with p.crash:
            await p.run(play, task_status=task_status)

    host = players[0]
    port = await nursery.start(crashable, host, partial(host.node.host, TOY, (), 3,
                                                         timeouts=timeouts))
    for seated, p in enumerate(players[1:], start=2):
        nursery.start_soon(crashable, p, partial(p.node.join, HOST, port))
        while len(host.node.seats) < seated:
            await trio.sleep(0.01)


def crash_when(watched: Player, victims: list[Player], moment, others=(),
               on_their_events: bool = False) -> None:
    """Kill `victims` at the first event of `watched` (or of `others` too, with
    `on_their_events`), from entry 4 on (a turn in: the first attestation is logged, and the
    moment comes before anybody's second turn is over, so before the game can be), at which
    `moment(ledger, seat, ledgers)` holds for `watched`'s ledger and seat and the ledgers of
    `others`."""
    done = []

    def check():
        ledger = watched.node.session.ledger if watched.node.session else None
        ledgers = [o.node.session.ledger if o.node.session else None for o in others]
        if not done and ledger is not None and ledger.slot is not None and ledger.seq >= 4 \
                and not watched.node.finished.is_set() \
                and moment(ledger, watched.node.my_seat, ledgers):
            done.append(True)
            for p in victims:
                p.crash.cancel()

    for p in (watched, *(others if on_their_events else ())):
        def on_event(kind, data, record=p.node.on_event):
            record(kind, data)
            check()
        p.node.on_event = on_event


def _others_hold(others, entries: int) -> bool:
    return all(o is not None and o.seq > entries for o in others)


def nothing_of_its_own_unsent(ledger, seat, others) -> bool:
    # the others hold every entry it holds, and the slot waited on is not its own move
    return _others_hold(others, len(ledger.entries)) and ledger.slot.authors != (seat,)


def just_after_its_own_move(ledger, seat, others) -> bool:
    # its move is logged (the event comes before the send): the others never get it (nor,
    # perhaps, its share in the entry before)
    last = decode(ledger.entries[-1])
    return last["kind"] == "move" and last["authors"] == [seat]


def its_own_move_due(ledger, seat, others) -> bool:
    # restarted, its bot signs that move at once and logs it, before any peer answers
    return ledger.slot.kind == "move" and ledger.slot.authors == (seat,)


def _common_entries(a: bytes, b: bytes) -> int:
    """How many entries two match files share from the start."""
    same = 0
    for (_, x, _), (_, y, _) in zip(matchfile.read_items(a), matchfile.read_items(b)):
        if x != y:
            break
        same += 1
    return same - 1   # the genesis is not an entry


def entry_kinds(data: bytes) -> dict[int, str]:
    return {item["seq"]: item["kind"] for _, _, item in matchfile.read_items(data)
            if "seq" in item}


async def _back_after_the_others_finished(tmp_path, moment, pause: float):
    net = MemoryNetwork()
    players = [Player(tmp_path, n, net) for n in ("host", "gone", "stay")]
    host, gone, stay = players
    # "all it held sent" is seen at whichever node completes an entry last
    crash_when(gone, [gone], moment, [host, stay],
               on_their_events=moment is nothing_of_its_own_unsent)
    async with trio.open_nursery() as nursery:
        await _seat_three(nursery, players, {"decision": 2, "round": 2})
        with trio.fail_after(40):
            await host.node.finished.wait()
            await stay.node.finished.wait()
        finished_at = trio.current_time()
        crashed = gone.node
        before = crashed.outcome.match_file.read_bytes()
        await trio.sleep(pause)       # the player restarts a little later
        back = gone.fresh()
        nursery.start_soon(gone.run, partial(back.resume, crashed.outcome.match_file))
        with trio.move_on_after(30):
            while None in (host.ended, stay.ended, gone.ended):
                await trio.sleep(0.05)
        assert None not in (host.ended, stay.ended, gone.ended), _still_running(players)
    return players, crashed, before, finished_at


def _still_running(players) -> str:
    """Who has not ended, with what each last saw: what a failure must say to be understood."""
    return "; ".join(f"{p.name} still running, {p.node.entry_count()} entries, last events "
                     f"{[(k, d) for _, k, d in p.events[-6:]]}" for p in players if p.ended is None)


@pytest.mark.parametrize("moment", [nothing_of_its_own_unsent, just_after_its_own_move,
                                    its_own_move_due],
                         ids=["killed with all it held sent", "killed just after its own move",
                              "killed when its own move was due"])
def test_a_player_back_within_the_linger_window_gets_the_whole_log_and_the_same_result(
        tmp_path, moment, virtual_net):
    players, crashed, before, finished_at = trio.run(_back_after_the_others_finished, tmp_path,
                                                     moment, 3.0, clock=virtual_net)
    host, back, stay = players
    seat = crashed.my_seat
    assert back.crash.cancelled_caught, "the crash moment never came"
    assert seat == 1 and not crashed.finished.is_set()
    # the others finished without it, the bot in its seat
    assert host.node.outcome.result is not None and host.node.outcome.fault is None
    report = verify_file(host.node.outcome.match_file)
    assert report.status == 0 and report.complete and report.bots == [seat], report.reason
    # ...and waited for it, saying so: the restarted node caught up to the end and ended as
    # they did, with the very same match file
    assert host.seen("lingering") == [{"seats": [seat], "up_to": linger.LINGER_MAX}]
    assert back.seen("resumed") and back.seen("caught_up")
    assert back.node.outcome.fault is None
    assert back.node.outcome.state_hash == host.node.outcome.state_hash == \
        stay.node.outcome.state_hash
    data = back.node.outcome.match_file.read_bytes()
    assert data == host.node.outcome.match_file.read_bytes()
    mine = verify_file(back.node.outcome.match_file)
    assert mine.status == 0 and mine.complete and mine.bots == [seat], mine.reason
    # what became of its own last move, the others never got: their timeout took its place
    kinds = [k for _, k, _ in back.events]
    logged_alone = [d for _, k, d in back.events[kinds.index("resumed"):kinds.index("caught_up")]
                    if k == "state"]
    held, final = entry_kinds(before), entry_kinds(data)
    # Entries it held that the others had stay as they were; the others' timeout replaced the
    # rest: its own move(s) at the end and, when its share there never left, the entry before
    # (Session.unshared_at_end). Whether that share left depends on when the crash came.
    kept = _common_entries(before, data)
    if moment is nothing_of_its_own_unsent:
        assert data.startswith(before) and logged_alone == []
    else:
        alone = [d["kind"] for d in logged_alone]
        assert alone == ([] if moment is just_after_its_own_move else ["move"])
        assert held[max(held)] == "move" or alone == ["move"]
        assert max(held) - kept <= (1 if moment is its_own_move_due else 2)
        assert final[kept + 1] == "timeout"
    # the others stopped lingering once it had the log, not at the linger bound
    assert max(host.ended, stay.ended) - finished_at < linger.LINGER_MAX / 2


async def _game_nobody_left(tmp_path):
    net = MemoryNetwork()
    players = [Player(tmp_path, n, net) for n in ("host", "one", "two")]
    async with trio.open_nursery() as nursery:
        await _seat_three(nursery, players, {"decision": 2, "round": 2})
        with trio.fail_after(40):
            while None in (p.ended for p in players):
                await trio.sleep(0.05)
    return players


def test_a_game_nobody_left_ends_at_once_without_lingering(tmp_path, virtual_net):
    players = trio.run(_game_nobody_left, tmp_path, clock=virtual_net)
    last_over = max(t for p in players for t, k, _ in p.events if k == "over")
    for p in players:
        assert p.node.outcome.result is not None and not p.seen("lingering")
        assert p.ended - last_over < linger.LINGER_NOTE


async def _nobody_comes_back(tmp_path):
    net = MemoryNetwork()
    players = [Player(tmp_path, n, net) for n in ("host", "gone", "stay")]
    host, gone, stay = players
    crash_when(gone, [gone], nothing_of_its_own_unsent)
    async with trio.open_nursery() as nursery:
        await _seat_three(nursery, players, {"decision": 2, "round": 2})
        with trio.fail_after(linger.LINGER_MAX + 40):
            while None in (host.ended, stay.ended):
                await trio.sleep(0.05)
    return players


def test_waiting_for_a_gone_seat_at_the_end_is_bounded_and_said(tmp_path, virtual_net):
    host, gone, stay = trio.run(_nobody_comes_back, tmp_path, clock=virtual_net)
    for p in (host, stay):
        over = [t for t, k, _ in p.events if k == "over"][0]
        assert linger.LINGER_MAX <= p.ended - over < linger.LINGER_MAX + 2
        assert p.seen("lingering") == [{"seats": [gone.node.my_seat], "up_to": linger.LINGER_MAX}]


async def _resumed_alone_then_the_others_return(tmp_path):
    net = MemoryNetwork()
    players = [Player(tmp_path, n, net) for n in ("host", "one", "two")]
    host, one, two = players
    crash_when(host, players, nothing_of_its_own_unsent)   # every node dies at once
    seen = {}
    async with trio.open_nursery() as nursery:
        # Timeouts longer than ALONE_AFTER, as the defaults are: nobody is claimed meanwhile.
        await _seat_three(nursery, players, {"decision": 30, "round": 30})
        with trio.fail_after(40):
            while not all(p.crash.cancelled_caught for p in players):
                await trio.sleep(0.05)
        files = {p.name: p.node.outcome.match_file for p in players}
        seen["before"] = files["one"].read_bytes()
        one.fresh()
        resumed_at = trio.current_time()
        nursery.start_soon(one.run, partial(one.node.resume, files["one"]))
        with trio.fail_after(alone.ALONE_AFTER + 5):
            while not one.seen("alone"):
                await trio.sleep(0.05)
        seen["told_after"] = trio.current_time() - resumed_at
        await trio.sleep(1.0)
        seen["running"] = one.ended is None and not one.node.finished.is_set()
        seen["after"] = files["one"].read_bytes()
        for p in (host, two):         # the others come back: the game goes on to the end
            p.fresh()
            nursery.start_soon(p.run, partial(p.node.resume, files[p.name]))
        with trio.fail_after(20):     # well under the timeouts: nobody is timed out
            while None in (p.ended for p in players):
                await trio.sleep(0.05)
    return players, seen


def test_a_node_resumed_with_no_peer_reachable_says_so_and_goes_on_when_they_return(
        tmp_path, virtual_net):
    players, seen = trio.run(_resumed_alone_then_the_others_return, tmp_path, clock=virtual_net)
    host, one, two = players
    # told plainly, once, within the bound: who cannot be reached, and which file to verify
    told = one.seen("alone")
    assert len(told) == 1 and told[0]["seats"] == [0, 2]
    assert told[0]["file"] == str(one.node.outcome.match_file)
    assert told[0]["seconds"] >= alone.ALONE_AFTER
    assert alone.ALONE_AFTER <= seen["told_after"] < alone.ALONE_AFTER + 2
    # ...and kept running with its log intact (its bot may have logged the move it owed) and
    # verifying as a game in progress
    assert seen["running"] and seen["after"].startswith(seen["before"])
    so_far = verify_bytes(seen["after"])
    assert so_far.fault == "incomplete", so_far.reason   # what `verify --partial` accepts
    # once the others are back, the game goes on and ends for all three with one log, nobody
    # timed out (each caught up from whichever peer was furthest)
    hashes = {p.node.outcome.state_hash for p in players}
    assert len(hashes) == 1 and None not in hashes
    data = {p.node.outcome.match_file.read_bytes() for p in players}
    assert len(data) == 1
    report = verify_file(one.node.outcome.match_file)
    assert report.status == 0 and report.complete, report.reason
    assert report.counts["timeout"] == 0
