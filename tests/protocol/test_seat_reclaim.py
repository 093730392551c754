"""A seat handed to the bot may be taken back by its own player: at a move slot, instead of
the move, a "reclaim" entry signed by that seat (its request) and by the deciding player (its
consent: it gives up this move slot, which comes back as the next entry). Every node reaches
the same log, which verifies; only the seat's own key takes it back, only a seat the bot plays,
only instead of a move."""
import pytest

from protocol.codec import decode, encode
from protocol.events import SeatReclaimed
from protocol.verify import verify_bytes

from .helpers import items, join, resign, toy_match


def _reclaiming_match(order_seed: int):
    """Seat 2 walks away, the others hand its seat to the bot, then its player comes back and
    asks for the seat (from then on it plays its own decisions again)."""
    silent = [2]
    asked = []

    def come_back(session):
        if not asked and session.ledger is not None and 2 in session.ledger.bots:
            asked.append(session.ledger.seq)
            silent.remove(2)
            return [send.data for send in session.reclaim().sends]
        return []
    # people (slower than the network) at seats 0 and 1: the request reaches them first
    run, people = toy_match(players=3, seed=4, order_seed=order_seed, silent=silent,
                            hooks={2: come_back}, patient=[0, 1])
    return run, people, asked


@pytest.mark.parametrize("order_seed", [0, 1, 2])
def test_a_seat_taken_back_from_the_bot_is_played_by_its_player_and_every_node_keeps_one_log(
        order_seed):
    run, _, asked = _reclaiming_match(order_seed)
    assert asked and not run.faults() and all(s.over for s in run.sessions)
    logs = {tuple(s.log) for s in run.sessions}
    assert len(logs) == 1
    entries = [decode(x) for x in logs.pop()[1:]]
    kinds = [e["kind"] for e in entries]
    assert kinds.count("timeout") == 1 and kinds.count("reclaim") == 1
    r = kinds.index("reclaim")
    assert kinds.index("choice") < r
    taken = entries[r]
    decider = next(a for a in taken["authors"] if a != 2)
    assert taken["authors"] == sorted([2, decider]) and taken["parts"] == [{"seat": 2}] * 2
    # the move slot comes back: the decider's move is the next entry
    assert entries[r + 1]["kind"] == "move" and entries[r + 1]["authors"] == [decider]
    after = entries[r + 1:]
    assert any(e["kind"] == "move" and e["authors"] == [2] for e in after)   # its own moves
    assert all(2 in e["authors"] for e in after if e["kind"] in ("reveal", "attest"))
    led = run.sessions[0].ledger
    assert led.bots == [] and led.reclaims == [(taken["seq"], 2)]
    report = verify_bytes(run.match_file(0))
    assert report.status == 0 and report.complete, report.reason
    assert report.counts["reclaim"] == 1 and report.bots == []
    assert report.reclaims == [{"seq": taken["seq"], "seat": 2}]
    for seat in (0, 1, 2):
        told = [e for e in run.events[seat] if isinstance(e, SeatReclaimed)]
        assert [(e.seq, e.seat) for e in told] == [(taken["seq"], 2)]


def _reclaim_at(raws):
    at = next(i for i, raw in enumerate(raws) if i and decode(raw)["kind"] == "reclaim")
    return at, decode(raws[at])


def _verify_changed(raws, at, entry) -> object:
    return verify_bytes(join(raws[:at] + [encode(entry)] + raws[at + 1:]))


def _signed_by_the_others(names_the_other: bool) -> object:
    """The verdict on a match whose reclaim entry the two players never handed to the bot
    signed instead (the decider and the other), both parts naming seat 2 or the other."""
    run, people, _ = _reclaiming_match(0)
    raws = items(run.match_file(0))
    at, entry = _reclaim_at(raws)
    authors = [0, 1]
    other = next(a for a in authors if a not in entry["authors"])
    forged = dict(entry, authors=authors, parts=[{"seat": other if names_the_other else 2}] * 2,
                  sigs=list(entry["sigs"]))
    for i, a in enumerate(authors):
        forged = resign(forged, i, people[a].identity)
    return at, _verify_changed(raws, at, forged)


def test_only_the_seats_own_key_takes_it_back():
    at, report = _signed_by_the_others(False)   # another player signs seat 2's request
    assert report.status != 0 and report.fault == "wrong-author" and report.index == at


def test_a_reclaim_of_a_seat_the_bot_does_not_play_is_its_signers_fault():
    at, report = _signed_by_the_others(True)    # a seat never timed out "takes back" its own
    assert report.fault == "bad-reclaim" and report.index == at and report.proven


def test_a_reclaim_needs_the_deciders_consent():
    run, people, _ = _reclaiming_match(0)
    raws = items(run.match_file(0))
    at, entry = _reclaim_at(raws)
    own = entry["sigs"][entry["authors"].index(2)]
    alone = dict(entry, authors=[2], parts=[{"seat": 2}], sigs=[own])   # the request alone
    report = _verify_changed(raws, at, alone)
    assert report.fault == "wrong-author" and report.index == at
