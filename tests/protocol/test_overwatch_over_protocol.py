"""The reference game over the protocol: a few whole overwatch-monopoly matches (they are slower
than the toy race, which carries the many-game tests)."""
import hashlib

import pytest

from protocol.codec import decode, encode
from protocol.inmemory import is_clean, make_players, play_match
from protocol.verify import verify_bytes

from .helpers import join, resign

GAME = "overwatch-monopoly"


@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22)])
def test_overwatch_matches_end_with_one_log_whatever_the_delivery_order(players, seed):
    prepared = make_players(GAME, players, seed, chain=1024)
    logs = set()
    for order in (0, 1):
        run = play_match(GAME, players, seed=seed, order_seed=order, bots="greedy",
                         prepared=prepared)
        assert is_clean(run), run.faults()
        logs.add(tuple(run.sessions[0].log))
    assert len(logs) == 1
    log = list(logs.pop())
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and r.counts["reveal"] > 10, r
    # Swap a move for another legal option and re-sign it and the following attestation with
    # every key (all players colluding to rewrite history but keeping the attested hash): the
    # chain holds, the engine replay does not.
    from protocol.log import Ledger
    from protocol.messages import parse_signed_genesis, parse_entry
    led = Ledger(parse_signed_genesis(decode(log[0])))
    game = led.game

    def ends_turn(move):
        return game.turn_number(game.apply(led.state, move)) != led.attested_turn

    # a move that ends a turn (an attestation follows it) and another option that does too
    for i in range(1, len(log) - 1):
        e = parse_entry(decode(log[i]))
        if e["kind"] == "move" and decode(log[i + 1])["kind"] == "attest":
            others = [list(o) for o in led.slot.pending.options
                      if list(o) != e["parts"][0] and ends_turn(o)]
            if others:
                break
        led.take(e, log[i])
    else:
        pytest.fail("no turn-ending decision with two turn-ending options in the whole match")
    e["parts"][0] = others[0]
    forged = list(log)
    forged[i] = encode(resign(e, 0, prepared[1][e["authors"][0]].identity))
    att = decode(log[i + 1])
    att["prev"] = hashlib.sha256(forged[i]).digest()
    for k, seat in enumerate(att["authors"]):
        att = resign(att, k, prepared[1][seat].identity)
    forged[i + 1] = encode(att)
    r = verify_bytes(join(forged))
    assert r.status == 1 and r.index == i + 1 and r.fault == "state-mismatch", r
