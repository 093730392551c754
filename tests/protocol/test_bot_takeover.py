"""A player gone past the timeout: once the others' claims are in the log, the remaining players
each sign a choice: "bot" (the seat is played from then on by a bot every node derives from the
log; its reveals and attestations are no longer needed), "wait" (the slot waits for it again)
or "end" (forfeit). Only a unanimous choice counts; any disagreement waits."""
from collections import deque

import pytest

from protocol.codec import decode, encode
from protocol.inmemory import make_players, play_match
from protocol.takeover import bot_move
from protocol.messages import make_share
from protocol.events import SeatChosen, SeatTimedOut, YourDecision
from protocol.session import Session
from protocol.verify import verify_bytes

from .helpers import TOY, items, join, resign, toy_match


def _kinds(log):
    return [decode(x)["kind"] for x in log[1:]]


def _same_logs(run, seats):
    logs = {tuple(run.sessions[s].log) for s in seats}
    assert len(logs) == 1, "the nodes' logs differ"
    return list(logs.pop())


def _entries(log):
    return [decode(x) for x in log[1:]]


@pytest.mark.parametrize("order_seed", [0, 1, 2])
def test_a_player_who_stops_answering_is_played_by_a_bot_and_every_node_keeps_one_verified_log(
        order_seed):
    run, _ = toy_match(players=3, seed=4, order_seed=order_seed, silent=[2])
    assert not run.faults()
    assert all(s.over for s in run.sessions)
    log = _same_logs(run, [0, 1, 2])       # the silent node follows the game as a spectator
    entries = _entries(log)
    kinds = [e["kind"] for e in entries]
    assert kinds.count("timeout") == 1 and kinds.count("choice") == 1
    t = kinds.index("timeout")
    assert kinds[t + 1] == "choice"
    choice = entries[t + 1]
    assert choice["authors"] == [0, 1]
    assert choice["parts"] == [{"seat": 2, "choice": "bot"}] * 2
    after = entries[t + 2:]
    # from then on seat 2 signs nothing: no reveal, no attestation, no move is awaited from it
    assert after and all(2 not in e["authors"] for e in after)
    assert any(e["kind"] == "reveal" for e in after)
    assert all(e["authors"] == [0, 1] for e in after if e["kind"] in ("reveal", "attest"))
    led = run.sessions[0].ledger
    assert led.bots == [2] and led.bot_moves > 0 and led.choices == [(choice["seq"], 2, "bot")]
    r = verify_bytes(b"".join(log))
    assert r.status == 0 and r.complete, r
    assert r.counts["timeout"] == 1 and r.counts["choice"] == 1
    assert r.bots == [2] and r.bot_moves == led.bot_moves
    for seat in (0, 1, 2):
        told = [e for e in run.events[seat] if isinstance(e, SeatTimedOut)]
        assert [(e.seat, e.ask) for e in told] == [(2, seat != 2)]
        chosen = [e for e in run.events[seat] if isinstance(e, SeatChosen)]
        assert [(e.seat, e.outcome, e.choices) for e in chosen] == [(2, "bot",
                                                                     {0: "bot", 1: "bot"})]


def test_a_players_own_bot_may_change_freely_the_takeover_policy_is_the_games(monkeypatch):
    """Bots that play a player's own seat (engine.bots) are outside the rules digest: their moves
    are signed entries, checked like a person's. The moves of a seat handed over are the
    game's `takeover_move`, so a match whose nodes ran other own-seat bots verifies on this
    build, takeover moves included."""
    import engine.bots

    def last_option(self, state, decision):
        return decision.options[-1]
    with monkeypatch.context() as m:
        m.setattr(engine.bots.RandomBot, "choose", last_option)
        m.setattr(engine.bots.GreedyBot, "choose", last_option)
        run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2])
        log = _same_logs(run, [0, 1, 2])
    assert run.sessions[0].ledger.bot_moves > 0
    r = verify_bytes(b"".join(log))
    assert r.status == 0 and r.complete and r.bots == [2], r


def test_the_bot_seat_moves_as_the_seeded_greedy_bot_derived_from_the_log():
    """The bot's move is protocol.log.bot_move of the match id and the next entry's sequence:
    a replay that applies it by hand reaches the state every node attested."""
    import engine
    from protocol.log import Ledger
    from protocol.messages import parse_entry, parse_signed_genesis
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2])
    log = run.sessions[0].log
    genesis = parse_signed_genesis(decode(log[0]))
    led = Ledger(genesis)
    moves = []
    for raw in log[1:]:
        e = parse_entry(decode(raw))
        led.take(e, raw)
        moves.append(led.bot_moves)
    first = next(i for i, m in enumerate(moves) if m)   # entry log[1 + first] let the bot move
    assert moves[first] == 1
    by_hand = Ledger(genesis)
    for raw in log[1:1 + first]:
        e = parse_entry(decode(raw))
        by_hand.take(e, raw)
    e = parse_entry(decode(log[1 + first]))
    by_hand._play_bots = lambda: None   # append the entry without letting the ledger play
    by_hand.take(e, log[1 + first])
    assert by_hand.bots == [2]
    p = engine.pending(by_hand.state)
    assert isinstance(p, engine.Decision) and p.player == 2
    move = bot_move(by_hand.match_id, by_hand.seq, 0, by_hand.state, p)
    state = engine.get_game(by_hand.state.game).apply(by_hand.state, move)
    replayed = Ledger(genesis)
    for raw in log[1:2 + first]:
        e = parse_entry(decode(raw))
        replayed.take(e, raw)
    assert engine.state_hash(state) == replayed.state_hash()


def test_a_node_that_goes_dark_mid_game_is_handed_to_a_bot_and_the_others_finish():
    sent = {"n": 0}

    def dark_after_40(dst, data):
        sent["n"] += 1
        return [data] if sent["n"] <= 40 else []
    prepared = make_players(TOY, 3, 9, chain=64)
    run = play_match(TOY, 3, seed=9, order_seed=3, prepared=prepared,
                     filters={1: dark_after_40}, silent=[1])
    assert not run.sessions[0].fault and not run.sessions[2].fault
    assert run.sessions[0].over and run.sessions[2].over
    log = _same_logs(run, [0, 2])
    r = verify_bytes(b"".join(log))
    assert r.status == 0 and r.complete and r.bots == [1], r


def test_a_player_who_never_chooses_is_timed_out_at_the_choice_and_both_go_to_bots():
    """Seat 3 never chooses about seat 2 (and then never moves): the others claim a timeout
    against it at the choice slot, then decide about seat 2 and seat 3 in turn."""
    run, _ = toy_match(players=4, seed=3, order_seed=1, silent=[2],
                       after_timeout=lambda seat, ev: None if seat == 3 else "bot")
    assert not run.faults() and all(s.over for s in run.sessions)
    log = _same_logs(run, [0, 1, 2, 3])
    led = run.sessions[0].ledger
    assert sorted(led.bots) == [2, 3]
    kinds = _kinds(log)
    assert kinds.count("timeout") == 2 and kinds.count("choice") == 2
    t = kinds.index("timeout")
    assert kinds[t:t + 4] == ["timeout", "timeout", "choice", "choice"]
    assert [s for _, s, _ in led.choices] == [2, 3]
    r = verify_bytes(b"".join(log))
    assert r.status == 0 and r.complete and sorted(r.bots) == [2, 3], r


def test_in_a_two_player_game_the_last_player_finishes_against_the_bot():
    run, _ = toy_match(players=2, seed=6, order_seed=2, silent=[1])
    assert not run.faults() and run.sessions[0].over
    log = run.sessions[0].log
    entries = _entries(log)
    choice = next(e for e in entries if e["kind"] == "choice")
    assert choice["authors"] == [0]
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and r.bots == [1], r


def test_disagreement_keeps_waiting_and_a_later_timeout_asks_again():
    asked = []

    def choose(seat, ev):
        asked.append((seat, ev.seat))
        first_round = len([a for a in asked if a[0] == seat]) == 1
        return "wait" if (first_round and seat == 1) else "bot"
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2], after_timeout=choose)
    assert not run.faults() and all(s.over for s in run.sessions)
    led = run.sessions[0].ledger
    outcomes = [o for _, _, o in led.choices]
    assert outcomes == ["wait", "bot"]
    chosen = [e for e in run.events[0] if isinstance(e, SeatChosen)]
    assert chosen[0].choices == {0: "bot", 1: "wait"} and chosen[0].outcome == "wait"
    kinds = _kinds(run.sessions[0].log)
    assert kinds.count("timeout") == 2
    assert verify_bytes(join(run.sessions[0].log)).status == 0


def _pump(sessions, outs):
    """Deliver every frame (in order per link) until nothing moves; returns all events."""
    q = deque((src, dst, send.data) for src, out in outs for send in out.sends for dst in send.to)
    events = {s.seat: [] for s in sessions}
    for src, out in outs:
        events[src] += out.events
    while q:
        src, dst, data = q.popleft()
        out = sessions[dst].receive(data, src)
        events[dst] += out.events
        q.extend((dst, d, send.data) for send in out.sends for d in send.to)
    return events


def test_wait_keeps_the_slot_open_and_the_player_can_come_back():
    run, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    s0, s1, s2 = run.sessions
    slot = s0.ledger.slot
    assert slot.kind == "move" and slot.authors == (2,)
    ev = _pump(run.sessions, [(0, s0.claim_timeout(10)), (1, s1.claim_timeout(11))])
    assert all(s.ledger.slot.kind == "choice" for s in run.sessions)
    assert [e for e in ev[2] if isinstance(e, SeatTimedOut)] == [
        SeatTimedOut(slot.seq + 1, 2, ("wait", "bot", "end"), False)]
    assert s0.pending_choice().seat == 2 and s2.pending_choice() is None
    with pytest.raises(ValueError):
        s2.choose_after_timeout("bot")          # the timed-out seat does not choose
    with pytest.raises(ValueError):
        s0.choose_after_timeout("maybe")
    ev = _pump(run.sessions, [(0, s0.choose_after_timeout("wait")),
                              (1, s1.choose_after_timeout("wait"))])
    for s in run.sessions:
        assert s.ledger.slot.kind == "move" and s.ledger.slot.authors == (2,)
        assert s.ledger.slot.seq == slot.seq + 2 and s.ledger.absent == []
    assert any(isinstance(e, YourDecision) for e in ev[2])
    # seat 2 comes back and moves; the game goes on with all three
    ev = _pump(run.sessions, [(2, s2.move(s2.ledger.slot.pending.options[0]))])
    assert all(s.fault is None for s in run.sessions)
    assert all(s.ledger.counts["move"] == s2.ledger.counts["move"] for s in run.sessions)
    assert len({tuple(s.log) for s in run.sessions}) == 1
    entries = _entries(s0.log)
    moved, after = entries[slot.seq + 1], entries[slot.seq + 2]    # entries slot.seq+2, +3
    assert moved["kind"] == "move" and moved["authors"] == [2]
    # the roll it chose is resolved by all three again: seat 2's reveals count once more
    assert after["kind"] == "reveal" and after["authors"] == [0, 1, 2]


def test_end_ends_the_game_with_the_engines_forfeit():
    run, _ = toy_match(players=3, seed=4, order_seed=1, silent=[2], after_timeout="end")
    assert not run.faults() and all(s.over for s in run.sessions)
    assert run.sessions[0].state.forfeited == [2]
    r = verify_bytes(join(run.sessions[0].log))
    assert r.status == 0 and 2 not in r.winners and r.bots == []


def test_end_while_another_timed_out_seat_awaits_its_choice_empties_the_queue():
    """FORMAT.md: seats 2 and 3 timed out in that order; the choice about seat 2 is "end": the
    game is over, seat 3 gets no choice entry and stays absent, and only seats 0 and 1 attest."""
    run, _ = toy_match(players=4, seed=3, order_seed=1, silent=[2],
                       after_timeout=lambda seat, ev: None if seat == 3 else "end")
    assert not run.faults() and all(s.over for s in run.sessions)
    log = _same_logs(run, [0, 1, 2, 3])
    entries = _entries(log)
    assert [e["kind"] for e in entries[-4:]] == ["timeout", "timeout", "choice", "attest"]
    assert [e["parts"][0]["seat"] for e in entries[-4:-2]] == [2, 3]
    assert entries[-2]["parts"] == [{"seat": 2, "choice": "end"}] * 2
    assert entries[-1]["authors"] == [0, 1]
    led = run.sessions[0].ledger
    assert led.choices == [(entries[-2]["seq"], 2, "end")] and sorted(led.absent) == [2, 3]
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and 2 not in r.winners, r


def test_a_session_rebuilt_from_its_file_during_a_choice_asks_again_and_replays_the_bot():
    run, people = toy_match(players=3, seed=4, order_seed=0, silent=[2], claim_timeouts=False)
    s0, s1, _ = run.sessions
    _pump(run.sessions, [(0, s0.claim_timeout(10)), (1, s1.claim_timeout(11))])
    r0, out = Session.resume(s0.log, people[0].identity, people[0].chain)
    assert [e for e in out.events if isinstance(e, SeatTimedOut)][0].ask
    # and a finished game with a bot seat rebuilds to the same state
    done, _ = toy_match(players=3, seed=4, order_seed=0, silent=[2])
    again, _ = Session.resume(done.sessions[0].log, people[0].identity, people[0].chain)
    assert again.over and again.ledger.state_hash() == done.sessions[0].ledger.state_hash()
    assert again.ledger.bots == [2]


# ---- cheaters -------------------------------------------------------------------------------

CHEAT = 1


def _cheat_run(hook, players=3, silent=(), seed=4, order_seed=0, **kw):
    prepared = make_players(TOY, players, seed, chain=64)
    ident = prepared[1][CHEAT].identity
    return play_match(TOY, players, seed=seed, order_seed=order_seed, prepared=prepared,
                      hooks={CHEAT: hook(ident, prepared[1])}, silent=silent, **kw)


def _blamed(run, kind, seat=CHEAT):
    honest = [s for s in run.sessions if s.seat != seat and s.seat not in (2,)]
    for s in honest:
        assert s.fault is not None, f"seat {s.seat} did not notice"
        assert s.fault.kind == kind and s.fault.seats == (seat,), s.fault
        r = verify_bytes(join(s.log))
        assert r.status == 1 and r.fault == "incomplete", r   # the kept log still verifies


def _once(when, forge):
    """A cheater's hook: the first time `when(ledger)` holds (a ledger of a match not over), it
    sends the shares `forge(ledger)` lists as (kind, seat named as author, body), every one
    signed with the cheater's own key."""
    def hook(identity, people):
        done = []

        def h(session):
            led = session.ledger
            if done or led is None or led.over or not when(led):
                return []
            done.append(1)
            return [encode(make_share(identity.sign, led.match_id, led.seq, led.head, kind, seat,
                                      body)) for kind, seat, body in forge(led)]
        return h
    return hook


def _at_choice(led):
    return led.slot.kind == "choice"


def test_a_bot_choice_about_a_seat_that_did_not_time_out_is_attributed_to_its_signer():
    run = _cheat_run(_once(lambda led: led.seq >= 6 and led.slot.kind == "move"
                           and led.slot.authors != (CHEAT,),
                           lambda led: [("choice", CHEAT, {"seat": 0, "choice": "bot"})]),
                     claim_timeouts=False)
    _blamed(run, "bad-choice")


def test_a_choice_about_another_seat_than_the_timed_out_one_is_attributed_to_its_signer():
    run = _cheat_run(_once(_at_choice,
                           lambda led: [("choice", CHEAT, {"seat": 0, "choice": "bot"})]),
                     silent=[2], after_timeout=lambda seat, ev: None if seat == CHEAT
                     else "bot")
    _blamed(run, "bad-choice")


def test_a_choice_signed_in_another_players_name_is_attributed_to_the_sender():
    as_seat_0 = _once(_at_choice,   # seat 0's choice, signed with the cheater's key
                      lambda led: [("choice", 0, {"seat": led.slot.pending, "choice": "bot"})])
    run = _cheat_run(as_seat_0, silent=[2], after_timeout=lambda seat, ev: "wait" if seat == 0
                     else None)
    s0 = run.sessions[0]
    assert s0.fault is not None and s0.fault.kind == "bad-signature" and s0.fault.seats == (CHEAT,)


def test_two_different_choices_by_one_player_are_equivocation():
    both = _once(_at_choice, lambda led: [("choice", CHEAT, {"seat": led.slot.pending, "choice": c})
                                          for c in ("bot", "wait")])
    run = _cheat_run(both, silent=[2], after_timeout=lambda seat, ev: None if seat == CHEAT
                     else "bot")
    _blamed(run, "equivocation")


def test_a_move_in_the_bot_seats_name_is_attributed_to_the_sender():
    """Nobody can play the bot seat's moves: they are derived, never sent. A move share in the
    bot seat's name does not verify, and its sender is blamed."""
    run = _cheat_run(_once(lambda led: 2 in led.bots, lambda led: [("move", 2, ["roll", 2])]),
                     silent=[2])
    _blamed(run, "bad-signature")


def test_a_move_out_of_turn_after_the_takeover_is_attributed_to_its_signer():
    run = _cheat_run(_once(lambda led: 2 in led.bots and led.slot.kind == "move"
                           and led.slot.authors != (CHEAT,),
                           lambda led: [("move", CHEAT, list(led.slot.pending.options[0]))]),
                     silent=[2])
    _blamed(run, "wrong-author")


def test_shares_the_gone_seat_signs_after_the_takeover_change_nothing():
    prepared = make_players(TOY, 3, 4, chain=64)
    gone = prepared[1][2].identity
    sent = []

    def h(session):
        led = session.ledger
        if len(sent) > 3 or led is None or led.over or 2 not in led.bots or \
                led.slot.kind == "move" or led.seq in sent:
            return []
        sent.append(led.seq)
        part = led.state_hash() if led.slot.kind == "attest" else bytes(32)
        return [encode(make_share(gone.sign, led.match_id, led.seq, led.head,
                                  led.slot.kind if led.slot.kind != "choice" else "attest",
                                  2, part))]
    run = play_match(TOY, 3, seed=4, order_seed=0, prepared=prepared, hooks={2: h}, silent=[2])
    assert sent and not run.faults() and all(s.over for s in run.sessions)
    log = _same_logs(run, [0, 1])
    entries = _entries(log)
    t = [e["kind"] for e in entries].index("choice")
    assert all(2 not in e["authors"] for e in entries[t + 1:])
    assert verify_bytes(join(log)).status == 0


def test_the_verifier_refuses_a_choice_entry_altered_or_short_of_a_signature():
    run, people = toy_match(players=3, seed=4, order_seed=0, silent=[2])
    raws = items(join(run.sessions[0].log))
    i = next(k for k in range(1, len(raws)) if decode(raws[k])["kind"] == "choice")
    e = decode(raws[i])
    # seat 1's choice changed to "wait" without its signature: does not verify
    bad = dict(e, parts=[e["parts"][0], {"seat": 2, "choice": "wait"}])
    r = verify_bytes(join(raws[:i] + [encode(bad)] + raws[i + 1:]))
    assert r.status == 1 and r.fault == "bad-signature" and r.author == 1 and r.index == i, r
    # a choice entry with seat 0 only
    short = dict(e, authors=[0], parts=[e["parts"][0]], sigs=[e["sigs"][0]])
    r = verify_bytes(join(raws[:i] + [encode(short)] + raws[i + 1:]))
    assert r.status == 1 and r.fault == "wrong-author" and r.author == 1, r
    # seat 1 really signing "wait" instead: a valid log in which the game waits (so it is
    # incomplete from there on, not a cheat)
    waited = resign(dict(e, parts=[e["parts"][0], {"seat": 2, "choice": "wait"}]), 1,
                    people[1].identity)
    r = verify_bytes(join(raws[:i] + [encode(waited)]))
    assert r.status == 1 and r.fault == "incomplete" and "player 3" in r.reason, r


def test_the_reference_game_finishes_with_a_bot_in_a_gone_players_seat():
    prepared = make_players("overwatch-monopoly", 3, 22, chain=1024)
    logs = set()
    for order in (0, 1):
        run = play_match("overwatch-monopoly", 3, seed=22, order_seed=order, bots="greedy",
                         prepared=prepared, silent=[1])
        assert not run.faults() and all(s.over for s in run.sessions)
        logs.add(tuple(_same_logs(run, [0, 1, 2])))
    log = list(logs.pop())
    assert not logs, "different delivery orders gave different logs"
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and r.bots == [1] and r.bot_moves > 5, r
