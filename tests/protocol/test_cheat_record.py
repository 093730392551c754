"""A proven cheat stays on the record (protocol.cheat_record): a session stopped by a cheat its
checks prove holds the proof item its node appends to the match file, `verify` names the cheater
from it (proven: the cheater signed it), and a proof item that is not what it claims convicts
nobody."""
import pytest

from protocol.codec import decode, encode
from protocol.messages import entry_shares, make_proof, parse_wire
from protocol.verify import verify_bytes

from .helpers import join, reshare
from .test_cheating import CHEAT, _rewrite, _run

ILLEGAL = _rewrite("move", lambda m: {"part": ["roll", 9]})


def _honest(run):
    return [s for s in run.sessions if s.seat != CHEAT]


@pytest.mark.parametrize("seed", range(4))
def test_an_illegal_move_caught_live_is_named_by_verify_from_the_honest_files(seed):
    run = _run(seed=seed, filters=ILLEGAL)
    for s in _honest(run):
        assert s.fault is not None and s.record is not None, s.fault
        report = verify_bytes(join(s.log) + s.record)
        assert report.status == 1 and report.proven, report
        assert (report.fault, report.author, report.index, report.kind) == (
            "illegal-move", CHEAT, s.fault.seq, "move"), report
        assert report.proof == len(s.log)   # the item after the last entry
        assert report.entries == len(s.log) - 1


def test_the_cheaters_own_file_names_it_too():
    # The cheater's node logged the move it did not send; the honest nodes' notices carry the
    # one it did: two moves it signed for one entry, kept after its own log.
    run = _run(seed=2, filters=ILLEGAL)
    cheater = run.sessions[CHEAT]
    assert cheater.record is not None, cheater.fault
    report = verify_bytes(join(cheater.log) + cheater.record)
    assert (report.status, report.fault, report.author, report.proven) == (
        1, "equivocation", CHEAT, True), report


def test_a_stop_its_evidence_does_not_prove_leaves_no_record():
    # a bad signature proves nothing against anyone; a state mismatch is not convicted (two
    # honest builds that diverge meet it): the match stops, but no proof is kept
    bad_sig = _run(seed=1, filters=lambda identity: lambda dst, data: [
        encode(dict(parse_wire(data), sig=bytes(64)))
        if parse_wire(data)["t"] == "share" and parse_wire(data)["kind"] == "attest" else data])
    mismatch = _run(seed=1, filters=_rewrite("attest", lambda m: {"part": b"\x01" * 32}))
    for run in (bad_sig, mismatch):
        for s in _honest(run):
            assert s.fault is not None and s.record is None, (s.fault, s.record)


def _stopped():
    """An honest session's log stopped at the cheat, its proof item, and the run."""
    run = _run(seed=3, filters=ILLEGAL)
    s = _honest(run)[0]
    return s, run


def _not_convicting(report):
    assert report.status == 1 and not report.proven and report.author is None, report
    assert report.fault == "bad-proof", report


def test_a_forged_proof_not_signed_by_the_accused_convicts_nobody():
    s, run = _stopped()
    proof = parse_wire(decode(s.record)["evidence"][0])
    # the same illegal move, claiming the cheater as author, signed with an honest seat's key
    forger = run.players[s.seat].identity
    forged = encode(make_proof([reshare(proof, forger)]))
    _not_convicting(verify_bytes(join(s.log) + forged))


def test_a_proof_of_an_honest_share_that_breaks_no_rule_convicts_nobody():
    # the honest seat's own genuine share of a logged entry, offered as the "proof" against it
    s, run = _stopped()
    honest = next(a for a in range(len(run.sessions)) if a != CHEAT)
    share = next(sh for raw in s.log[1:] for sh in entry_shares(decode(raw))
                 if sh["author"] == honest)
    _not_convicting(verify_bytes(join(s.log) + encode(make_proof([encode(share)]))))


def test_a_legal_move_offered_twice_as_a_proof_convicts_nobody():
    # `verify` changes its one state in place as it takes entries (Ledger keeps_no_states): a
    # share judged as evidence must not, or the second copy of an honest move is judged on
    # the state the first left and found illegal (it convicted the honest mover)
    log = _run(seed=3).sessions[0].log   # a whole honest match
    moves = [i for i, raw in enumerate(log) if i and decode(raw)["kind"] == "move"]
    assert len(moves) >= 3
    for k in moves[:3]:
        share = encode(entry_shares(decode(log[k]))[0])
        _not_convicting(verify_bytes(join(log[:k]) + encode(make_proof([share, share]))))


def test_a_proof_on_another_history_convicts_nobody():
    # the cheater's signed illegal move kept after a log cut one entry short: it was not made
    # for the entry after that log, so it shows nothing there
    s, _ = _stopped()
    _not_convicting(verify_bytes(join(s.log[:-1]) + s.record))


def test_an_item_after_the_proof_is_malformed():
    s, _ = _stopped()
    report = verify_bytes(join(s.log) + s.record + s.log[-1])
    assert (report.status, report.fault, report.proven) == (1, "malformed", False), report


def test_the_cheaters_log_and_the_share_it_sent_alone_prove_two_moves_for_one_entry():
    # the proof need not hold both shares: the one the cheater logged is in its file's entry
    run = _run(seed=2, filters=ILLEGAL)
    cheater, honest = run.sessions[CHEAT], _honest(run)[0]
    sent = honest.fault.evidence[0]
    report = verify_bytes(join(cheater.log) + encode(make_proof([sent])))
    assert (report.fault, report.author, report.proven, report.index) == (
        "equivocation", CHEAT, True, parse_wire(sent)["seq"]), report


def test_two_key_holders_giving_one_key_are_named_from_the_record():
    from protocol.session import Session
    from .test_halt_from_catchup import one_key_for_seats_1_and_2
    from .helpers import caught_up
    log, _, forged, people = one_key_for_seats_1_and_2()
    fault, _ = caught_up(log, 1, forged, people, 0)
    reporter, _ = Session.resume(log[:1], people[0].identity, people[0].chain)
    reporter.halt(fault)
    assert reporter.record is not None
    report = verify_bytes(join(log[:1]) + reporter.record)
    assert (report.fault, report.index, report.proven) == ("bad-key", 1, True), report
    assert report.author in (1, 2)
