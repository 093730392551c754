"""When a node stops a match for a cheat, it tells its peers why and sends the frames that made
it stop. A peer adopts the fault only when those frames prove it by the peer's own checks, and
otherwise stops with a dispute naming both the accuser and the accused."""
from protocol.codec import encode
from protocol.inmemory import make_players
from protocol.messages import make_halt, make_share, parse_wire
from protocol.events import FaultDetected, YourDecision
from protocol.session import Session
from protocol.verify import verify_bytes

from .helpers import TOY, halt_notice_in, reshare

CHEAT = 1


def _match(seed=3):
    """Three sessions, played honestly (first option every time) until seat CHEAT decides."""
    body, people = make_players(TOY, 3, seed, chain=64)
    sessions = [Session(body, p.identity, p.chain) for p in people]
    queue = []

    def handle(seat, out):
        queue.extend((seat, d, x.data) for x in out.sends for d in x.to)
        for ev in out.events:
            if isinstance(ev, YourDecision) and seat != CHEAT:
                handle(seat, sessions[seat].move(ev.decision.options[0]))

    for s in sessions:
        handle(s.seat, s.start())
    while queue or not _cheater_decides(sessions[CHEAT]):
        src, dst, data = queue.pop(0)
        handle(dst, sessions[dst].receive(data, src))
    return sessions, people


def _cheater_decides(s):
    slot = s.ledger.slot if s.ledger else None
    return slot is not None and slot.kind == "move" and slot.authors == (CHEAT,)


def _signed_move(sessions, people, part):
    led = sessions[CHEAT].ledger
    return encode(make_share(people[CHEAT].identity.sign, led.match_id, led.seq, led.head,
                             "move", CHEAT, part))


def _faults(out):
    return [e.fault for e in out.events if isinstance(e, FaultDetected)]


def _log_intact(session):
    r = verify_bytes(b"".join(session.log))
    assert r.status == 1 and r.fault == "incomplete", r


def test_a_cheat_only_one_node_saw_is_proven_to_the_others_by_its_halthalt_notice_in():
    sessions, people = _match()
    bad = _signed_move(sessions, people, ["roll", 9])   # illegal, signed by the cheater
    out0 = sessions[0].receive(bad, CHEAT)
    assert [f.kind for f in _faults(out0)] == ["illegal-move"]
    # seat 2 never got the move: only seat 0's notice, whose evidence carries the signature
    out2 = sessions[2].receive(halt_notice_in(out0), 0)
    (fault,) = _faults(out2)
    assert (fault.kind, fault.seats) == ("illegal-move", (CHEAT,))
    assert "player 1 stopped the match for it and sent the proof" in fault.reason
    _log_intact(sessions[2])


def test_an_accusation_without_proof_ends_in_a_dispute_naming_both():
    sessions, _ = _match()
    out0 = sessions[0].receive(b"\xff\x00garbage", CHEAT)
    assert [(f.kind, f.seats) for f in _faults(out0)] == [("malformed", (CHEAT,))]
    out2 = sessions[2].receive(halt_notice_in(out0), 0)
    (fault,) = _faults(out2)
    assert (fault.kind, fault.seats) == ("dispute", (0, CHEAT))
    assert "player 1 stopped the match accusing player 2 of malformed" in fault.reason
    assert sessions[2].awaiting() == ()   # stopped: no deadline runs against anyone
    _log_intact(sessions[2])


def test_a_dispute_is_settled_when_the_accused_sends_this_node_the_same_bad_frame():
    sessions, _ = _match()
    out0 = sessions[0].receive(b"\xff\x00garbage", CHEAT)
    sessions[2].receive(halt_notice_in(out0), 0)
    assert sessions[2].fault.kind == "dispute"
    assert _faults(sessions[2].receive(b"\xff\x00garbage", 0)) == []   # only from the accused
    (fault,) = _faults(sessions[2].receive(b"\xff\x00garbage", CHEAT))
    assert (fault.kind, fault.seats) == ("malformed", (CHEAT,))


def test_a_dispute_is_settled_by_two_shares_the_accused_signed_for_one_slot():
    sessions, people = _match()
    one, two = (_signed_move(sessions, people, ["roll", n]) for n in (1, 2))
    sessions[2].receive(one, CHEAT)   # seat 2 holds one version ...
    out0 = sessions[0].receive(b"\xff\x00garbage", CHEAT)
    sessions[2].receive(halt_notice_in(out0), 0)
    assert sessions[2].fault.kind == "dispute"
    # ... and the other arrives, relayed: the two signatures are the proof
    (fault,) = _faults(sessions[2].receive(two, 0))
    assert (fault.kind, fault.seats) == ("equivocation", (CHEAT,))
    assert set(fault.evidence) == {one, two}


def test_a_proof_signed_by_the_accuser_instead_of_the_accused_convicts_nobody():
    sessions, people = _match()
    forged = reshare(parse_wire(_signed_move(sessions, people, ["roll", 9])), people[0].identity)
    notice = encode(make_halt(sessions[2].ledger.seq, "illegal-move", (CHEAT,), "made up",
                              (forged,)))
    (fault,) = _faults(sessions[2].receive(notice, 0))
    assert (fault.kind, fault.seats) == ("dispute", (0, CHEAT))


def test_a_halt_notice_that_accuses_nobody_else_does_not_stop_the_match():
    # a node stopped by a bug, or one told it timed out: the deadlines handle its seat
    sessions, people = _match()
    for seats in ((), (0,)):
        notice = encode(make_halt(sessions[2].ledger.seq, "internal", seats, "a bug", ()))
        assert _faults(sessions[2].receive(notice, 0)) == []
    assert sessions[2].fault is None
    before = sessions[2].ledger.seq
    out = sessions[2].receive(_signed_move(sessions, people, ["roll", 1]), CHEAT)
    assert _faults(out) == [] and sessions[2].ledger.seq == before + 1   # the move is logged


def test_a_node_that_halts_sends_every_peer_its_reason_and_evidence():
    sessions, people = _match()
    bad = _signed_move(sessions, people, ["roll", 9])
    out = sessions[0].receive(bad, CHEAT)
    notices = [(x.to, parse_wire(x.data)) for x in out.sends if parse_wire(x.data)["t"] == "halt"]
    assert len(notices) == 1
    to, msg = notices[0]
    assert set(to) == {1, 2}
    assert (msg["kind"], msg["seats"], msg["evidence"]) == ("illegal-move", [CHEAT], [bad])


def test_a_halt_notice_carrying_the_largest_share_frame_fits_one_frame_and_keeps_the_proof():
    # A bad shuffle of the largest hidden deck (255 cards) is a share frame of some 50 KB: with
    # the notice's reason around it, the notice must still decode at the peers (else they would
    # blame its honest sender for a malformed frame); the reason gives way, never the proof.
    from protocol.genesis import MAX_HIDDEN_DECK
    from .helpers import worst_shuffle_share
    frame = encode(worst_shuffle_share(MAX_HIDDEN_DECK))
    notice = encode(make_halt((1 << 64) - 1, "bad-shuffle", (7,), "why " * 256, (frame,)))
    msg = parse_wire(notice)
    assert msg["evidence"] == [frame]
    assert msg["reason"].startswith("why why")
    # a reason that fits is kept whole
    short = parse_wire(encode(make_halt(3, "bad-shuffle", (1,), "a dropped card", (frame,))))
    assert short["reason"] == "a dropped card"


def test_evidence_that_cannot_fit_together_is_dropped_before_the_reason_is_cut():
    # Two frames of 40000 bytes cannot share one notice whatever the reason: the last goes,
    # and the reason, which fits beside the first, stays whole.
    frames = (b"a" * 40000, b"b" * 40000)
    msg = parse_wire(encode(make_halt(5, "equivocation", (2,), "why " * 200, frames)))
    assert msg["evidence"] == [frames[0]] and msg["reason"] == ("why " * 200)[:1024]
