"""A halt notice whose proof is a share for an entry this node's log has not reached yet (it is
one entry behind the reporter, a share of the entry before still on its way) is held and judged
when the log gets there: the behind node convicts the cheater as the reporter did, rather than
stop at once in a dispute that names the honest reporter (issue 15: every cheat "caught when
it happens and attributed, by every honest node"). If the log never gets there before this
node's deadline, or gets there and the proof holds on it, nobody is convicted: a dispute.

The reporter found the cheat in entries it caught up from the cheater (node.catchup: Session
.resume, then Session.halt), so it never relayed the shares of the entry before it: that is how
a notice can overtake them (on a live link, a node relays every share it takes before acting
on it, and its notice leaves after those relays)."""
from protocol.codec import decode, encode
from protocol.messages import entry_shares, make_halt, make_share, parse_wire
from protocol.session import AHEAD_WINDOW, Session

from .helpers import caught_up, reshare, resign, toy_match

CHEAT, REPORTER, BEHIND, SLOW = 1, 0, 2, 3


def _match():
    """A four-player log; `i`: the cheater's first move whose entry before is signed by all."""
    run, people = toy_match(players=4, seed=3)
    log = run.sessions[0].log
    i = next(j for j in range(2, len(log)) if decode(log[j])["authors"] == [CHEAT]
             and decode(log[j - 1])["authors"] == [0, 1, 2, 3])
    return log, people, i


def _illegal_move_notice(log, people, i):
    """The reporter catches up `log[1:i]` and the cheater's illegal move as entry i: its fault
    and halt notice."""
    e = decode(log[i])
    e["parts"][0] = ["fly", 99]
    forged = encode(resign(e, 0, people[CHEAT].identity))
    fault, notice = caught_up(log, i, forged, people, REPORTER)
    assert (fault.kind, fault.seats, fault.seq) == ("illegal-move", (CHEAT,), i)
    return notice


def _behind(log, people, i, missing):
    """BEHIND with entries 1..i-2 and every share of entry i-1 but `missing`'s."""
    s, _ = Session.resume(log[:i - 1], people[BEHIND].identity, people[BEHIND].chain)
    for share in entry_shares(decode(log[i - 1])):
        if share["author"] not in (BEHIND, missing):
            s.receive(encode(share), share["author"])
    assert s.ledger.seq == i - 1 and s.fault is None
    return s


def _share_of(log, i, seat):
    return next(encode(x) for x in entry_shares(decode(log[i])) if x["author"] == seat)


def test_a_node_one_entry_behind_convicts_the_cheater_once_its_log_reaches_the_proof():
    log, people, i = _match()
    notice = _illegal_move_notice(log, people, i)
    behind = _behind(log, people, i, missing=SLOW)
    behind.receive(notice, REPORTER)
    assert behind.fault is None   # held: the proof builds on entry i-1, not here yet
    # the slow honest seat's share of entry i-1 arrives: the log reaches the proof
    behind.receive(_share_of(log, i - 1, SLOW), SLOW)
    assert behind.ledger.seq == i
    f = behind.fault
    assert (f.kind, f.seats, f.seq) == ("illegal-move", (CHEAT,), i), f
    assert "player 1 stopped the match for it and sent the proof" in f.reason


def test_a_notice_whose_history_never_comes_is_a_dispute_at_the_deadline_convicting_nobody():
    # The cheater withheld its own share of entry i-1 from this node (it put it only in the
    # entries it passed to the reporter): the log cannot reach the proof. Until this node's
    # deadline it plays on; then it stops without convicting either side.
    log, people, i = _match()
    notice = _illegal_move_notice(log, people, i)
    behind = _behind(log, people, i, missing=CHEAT)
    behind.receive(notice, REPORTER)
    assert behind.fault is None and behind.awaiting() == (CHEAT,)
    out = behind.claim_timeout(1_000)   # the node's deadline for the slot passed
    f = behind.fault
    assert (f.kind, f.seats) == ("dispute", (REPORTER, CHEAT)), f
    assert f"entry {i}" in f.reason and "deadline" in f.reason
    # it stops there: no timeout claim (one would wait for the stopped reporter's for ever)
    assert [parse_wire(x.data)["t"] for x in out.sends] == ["halt"]
    assert behind.held_halts() == []


def test_a_held_notice_whose_proof_holds_on_this_history_convicts_nobody():
    # A lying reporter (the cheater) accuses an honest seat, with that seat's genuine share for
    # the next entry as its "proof": once the log reaches it, it holds, so it is a dispute.
    log, people, i = _match()
    honest_next = next(j for j in range(i, len(log)) if decode(log[j])["authors"] == [SLOW])
    behind, _ = Session.resume(log[:honest_next - 1], people[BEHIND].identity,
                               people[BEHIND].chain)
    proof = _share_of(log, honest_next, SLOW)
    notice = encode(make_halt(honest_next, "illegal-move", (SLOW,), "made up", (proof,)))
    behind.receive(notice, CHEAT)
    assert behind.fault is None
    for share in entry_shares(decode(log[honest_next - 1])):
        if share["author"] != BEHIND:
            behind.receive(encode(share), share["author"])
    f = behind.fault
    assert behind.ledger.seq == honest_next + 1   # the honest move is logged ...
    assert (f.kind, f.seats) == ("dispute", (CHEAT, SLOW)), f   # ... and nobody convicted


def test_a_held_notice_whose_proof_is_on_another_history_convicts_nobody():
    # The accused's share for entry i built on another entry i-1 than this node's: relayed, it
    # proves nothing (see "Why shares are echoed"), so when the log reaches i: a dispute.
    log, people, i = _match()
    proof = reshare(parse_wire(_share_of(log, i, CHEAT)), people[CHEAT].identity,
                    prev=bytes(32), part=["fly", 99])
    notice = encode(make_halt(i, "illegal-move", (CHEAT,), "made up", (proof,)))
    behind = _behind(log, people, i, missing=SLOW)
    behind.receive(notice, REPORTER)
    assert behind.fault is None
    behind.receive(_share_of(log, i - 1, SLOW), SLOW)
    f = behind.fault
    assert (f.kind, f.seats) == ("dispute", (REPORTER, CHEAT)), f


def test_a_flood_of_notices_from_one_peer_holds_only_its_first():
    # A peer that sends notice after notice, each with a proof ahead of this node's log (its
    # own signed shares: it accuses itself too), makes this node hold one notice, not more.
    log, people, i = _match()
    behind = _behind(log, people, i, missing=SLOW)
    led = behind.ledger
    proofs = [encode(make_share(people[CHEAT].identity.sign, led.match_id, led.seq + k,
                                bytes(32), "move", CHEAT, ["fly", k]))
              for k in range(1, AHEAD_WINDOW + 1)]
    for k in range(2000):
        notice = make_halt(led.seq + 1, "illegal-move", (CHEAT, SLOW), f"lie {k}",
                           (proofs[k % len(proofs)],))
        behind.receive(encode(notice), CHEAT)
        assert behind.fault is None
    held = behind.held_halts()
    assert len(held) == 1 and held[0][0] == CHEAT
    assert parse_wire(held[0][1])["reason"] == "lie 0"
