"""A cheat a node finds in entries it catches up (Session.resume on a peer's entries, then
Session.halt, as node.catchup does) is proven to the other honest nodes by its halt notice:
the notice carries the cheater's signed part, so a node that never saw that part finds the same
fault against the same seat by its own checks, instead of a dispute naming the honest reporter
too (protocol 4, "every hidden-information cheat caught ... by every honest node and by
verify")."""
import pytest

from protocol import hidden as hc
from protocol.codec import decode, encode
from protocol.messages import entry_shares
from protocol.session import Session
from protocol.verify import verify_bytes

from .helpers import caught_up, first_index, halt_notice_in, join, resign
from .test_cheating import CHEAT
from .test_hidden_cards import _other_point, _run


@pytest.mark.parametrize("seed", range(2))
def test_a_bad_decryption_share_caught_up_is_proven_to_a_node_that_never_saw_it(seed):
    run, people = _run(seed, 3)
    log = run.sessions[0].log
    # a draw whose shares are the cheater's and a lower seat's: blame must follow the signed
    # part, not its place in the entry
    i = next(j for j in range(first_index(log, "draw"), len(log))
             if decode(log[j])["kind"] == "draw" and decode(log[j])["authors"][-1] == CHEAT
             and len(decode(log[j])["authors"]) == 2)
    e = decode(log[i])
    k = e["authors"].index(CHEAT)
    e["parts"][k] = _other_point(run.sessions[CHEAT], None, e["parts"][k])
    forged = encode(resign(e, k, people[CHEAT].identity))
    reporter = e["authors"][0]
    third = next(s for s in range(3) if s not in e["authors"])   # the drawer: saw no share

    fault, notice = caught_up(log, i, forged, people, reporter)
    assert (fault.kind, fault.seats, fault.seq) == ("bad-share", (CHEAT,), i)
    honest, _ = Session.resume(log[:i], people[third].identity, people[third].chain)
    honest.receive(notice, reporter)
    assert (honest.fault.kind, honest.fault.seats, honest.fault.seq) == (
        "bad-share", (CHEAT,), i), honest.fault
    # verify names the same cheater in the file that holds the forged entry
    r = verify_bytes(join(log[:i] + [forged]))
    assert (r.fault, r.author, r.index) == ("bad-share", CHEAT, i), r


def one_key_for_seats_1_and_2():
    """A 4-seat hidden-card match whose key entry has seat 2 give seat 1's key, with a valid
    proof for its own seat (so both know its scalar): (the match's log, that entry decoded,
    the entry, the players)."""
    run, people = _run(0, 4)
    log = run.sessions[0].log
    assert decode(log[1])["kind"] == "key"
    e = decode(log[1])
    x = hc.player_secret(people[1].identity.seed(), run.body["nonce"])
    e["parts"][2] = {"key": x.public, "proof": hc.prove_key(x, run.body["nonce"], 2)}
    return log, e, encode(resign(e, 2, people[2].identity)), people


def test_two_key_holders_giving_one_key_are_proven_guilty_by_their_two_signed_parts():
    # Seats 1 and 2 share one ElGamal key, each with a valid proof for its own seat (so each
    # knows its scalar). Seat 0 finds it catching up; seat 3 got neither part: the notice must
    # carry both, and seat 3 then finds the same bad-key of both by its own checks.
    log, e, forged, people = one_key_for_seats_1_and_2()
    fault, notice = caught_up(log, 1, forged, people, 0)
    assert (fault.kind, fault.seats) == ("bad-key", (1, 2)) and len(fault.evidence) == 2
    honest, _ = Session.resume(log[:1], people[3].identity, people[3].chain)
    honest.receive(encode(entry_shares(e)[0]), 0)   # seat 0's own key part, as sent live
    honest.receive(notice, 0)
    assert (honest.fault.kind, honest.fault.seats) == ("bad-key", (1, 2)), honest.fault
    r = verify_bytes(join(log[:1] + [forged]))
    assert (r.fault, r.index) == ("bad-key", 1) and r.author in (1, 2), r
