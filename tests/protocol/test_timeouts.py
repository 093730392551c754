"""A player who stops answering: the others sign timeout claims and the log records them. These
tests cover the claims themselves and the "end" choice (the engine's forfeit ends the game and
the absent seat cannot win); handing the seat to a bot, or waiting, is in test_bot_takeover."""
import pytest

from protocol.codec import decode
from protocol.inmemory import make_players, play_match
from protocol.verify import verify_bytes

from .helpers import TOY, toy_match


def _same_logs(run, seats):
    logs = {tuple(run.sessions[s].log) for s in seats}
    assert len(logs) == 1
    return list(logs.pop())


@pytest.mark.parametrize("order_seed", [0, 1, 2])
def test_a_player_who_never_moves_is_recorded_as_timed_out_and_forfeits(order_seed):
    run, _ = toy_match(players=3, seed=4, order_seed=order_seed, silent=[2],
                       after_timeout="end")
    assert not run.faults()
    log = _same_logs(run, [0, 1, 2])
    kinds = [decode(x)["kind"] for x in log[1:]]
    assert kinds.count("timeout") == 1 and kinds[-1] == "attest"
    t = decode(log[1 + kinds.index("timeout")])
    assert t["authors"] == [0, 1] and all(p["seat"] == 2 for p in t["parts"])
    assert all(type(p["time"]) is int for p in t["parts"])
    r = verify_bytes(b"".join(log))
    assert r.status == 0 and r.complete and r.counts["timeout"] == 1, r
    assert 2 not in r.winners
    final = run.sessions[0].state
    assert final.forfeited == [2]
    # the last attestation is signed by the players still present only
    assert decode(log[-1])["authors"] == [0, 1]


def test_a_node_that_goes_dark_mid_game_is_timed_out_at_the_slot_it_misses():
    sent = {"n": 0}

    def dark_after_40(identity):
        def f(dst, data):
            sent["n"] += 1
            return [data] if sent["n"] <= 40 else []
        return f
    prepared = make_players(TOY, 3, 9, chain=64)
    run = play_match(TOY, 3, seed=9, order_seed=3, prepared=prepared,
                     filters={1: dark_after_40(prepared[1][1].identity)}, silent=[1],
                     after_timeout="end")
    log = _same_logs(run, [0, 2])
    r = verify_bytes(b"".join(log))
    assert r.status == 0 and r.counts["timeout"] == 1 and 1 not in r.winners, r
    assert not run.sessions[0].fault and not run.sessions[2].fault


def test_one_claim_alone_does_not_remove_a_player():
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    s0, s1 = run.sessions[0], run.sessions[1]
    assert s0.awaiting() == (2,) and not s0.over
    out = s0.claim_timeout(now=1_700_000_000)
    for send in out.sends:
        assert 1 in send.to
        s1.receive(send.data, 0)
    assert not s0.over and not s1.over
    assert s0.ledger.counts["timeout"] == 0 and s1.ledger.counts["timeout"] == 0
    # once the second player also claims, both record the timeout (and are asked to choose)
    out = s1.claim_timeout(now=1_700_000_005)
    for send in out.sends:
        s0.receive(send.data, 1)
    assert s0.ledger.counts["timeout"] == 1 and s1.ledger.counts["timeout"] == 1


def test_a_claim_kept_before_a_restart_is_sent_again_and_never_signed_twice():
    from protocol.messages import parse_wire
    from protocol.session import Session
    run, players = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    s0 = run.sessions[0]
    claim = [x.data for x in s0.claim_timeout(1234).sends]
    assert [parse_wire(c)["kind"] for c in claim] == ["timeout"]
    # the claim is dated by the clock: what the node keeps apart before sending it
    kept = s0.own_unlogged()
    assert kept == claim
    again, out = Session.resume(s0.log, players[0].identity, players[0].chain, kept)
    assert [x.data for x in out.sends] == claim
    # a later deadline does not make the restarted node sign a second, differently dated one
    assert again.claim_timeout(9999).sends == []


def test_claiming_a_seat_the_slot_is_not_waiting_for_is_refused_locally():
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    with pytest.raises(ValueError):
        run.sessions[0].claim_timeout(now=5, seat=1)


@pytest.mark.parametrize("seed", range(6))
def test_a_claim_against_a_player_the_slot_is_not_waiting_for_is_a_bad_claim(seed):
    def hook_maker(identity):
        done = set()

        def hook(session):
            led = session.ledger
            if led is None or led.over or led.slot.kind != "move" or led.seq in done:
                return []
            others = [a for a in range(3) if a not in led.slot.authors and a != 1]
            if not others:
                return []
            done.add(led.seq)
            from protocol.codec import encode
            from protocol.messages import make_share
            return [encode(make_share(identity.sign, led.match_id, led.seq, led.head, "timeout",
                                      1, {"seat": others[0], "time": 0}))]
        return hook
    prepared = make_players(TOY, 3, seed, chain=64)
    run = play_match(TOY, 3, seed=seed, order_seed=seed % 4, prepared=prepared,
                     hooks={1: hook_maker(prepared[1][1].identity)}, claim_timeouts=False)
    for s in (run.sessions[0], run.sessions[2]):
        assert s.fault is not None and s.fault.kind == "bad-claim" and s.fault.seats == (1,)


def test_a_claimer_ignores_the_late_share_of_the_player_it_claimed_against():
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    s0, s2 = run.sessions[0], run.sessions[2]
    slot = s0.ledger.slot
    s0.claim_timeout(now=10)
    # seat 2 wakes up and moves after seat 0 signed the claim
    late = s2.move(slot.pending.options[0])
    for send in late.sends:
        if 0 in send.to:
            s0.receive(send.data, 2)
    assert s0.fault is None and s0.ledger.seq == slot.seq   # not applied, not a fault


def test_a_player_whose_late_move_lost_the_race_is_told_it_timed_out():
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    s0, s1, s2 = run.sessions
    slot = s0.ledger.slot
    assert slot.authors == (2,)
    claims = [s0.claim_timeout(now=10), s1.claim_timeout(now=11)]
    # seat 2 moves (too late), which completes the entry on its own node at once
    late = s2.move(slot.pending.options[0])
    assert s2.ledger.seq == slot.seq + 1
    # the others exchange claims and record the timeout; their late-move copies are ignored
    for src, out in ((0, claims[0]), (1, claims[1])):
        for send in out.sends:
            dst = 1 - src
            run.sessions[dst].receive(send.data, src)
    for dst in (0, 1):
        for send in late.sends:
            run.sessions[dst].receive(send.data, 2)
    assert s0.ledger.counts["timeout"] == 1 and s1.ledger.counts["timeout"] == 1
    assert s0.fault is None and s1.fault is None
    # seat 2 hears the claims against it and stops with a plain explanation
    outs = []
    for src, out in ((0, claims[0]), (1, claims[1])):
        for send in out.sends:
            outs.append(s2.receive(send.data, src))
    assert s2.fault is not None and s2.fault.kind == "timed-out" and s2.fault.seats == (2,)
    assert len(s2.fault.evidence) == 2
