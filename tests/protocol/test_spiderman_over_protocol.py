"""Monopoly Marvel Spider-Man over the protocol: each card drawn from the unseen ones is a roll
round of its own at the moment of drawing (engine/games/decks.py), and whole matches still end
clean and verify."""
import pytest

from engine import Chance
from protocol.codec import decode
from protocol.inmemory import is_clean, play_match
from protocol.log import Ledger
from protocol.messages import parse_entry, parse_signed_genesis
from protocol.verify import verify_bytes

from .helpers import join


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 5)])
def test_spiderman_matches_draw_each_unseen_card_by_a_roll_round_and_verify(players, seed):
    run = play_match("spiderman-monopoly", players, seed=seed, bots="greedy", chain=4096)
    assert is_clean(run), run.faults()
    log = list(run.sessions[0].log)
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete, r
    led = Ledger(parse_signed_genesis(decode(log[0])))
    draws, shuffles = [], 0
    for raw in log[1:]:
        e = parse_entry(decode(raw))
        p = led.slot.pending
        if e["kind"] == "reveal" and isinstance(p, Chance):
            shuffles += p.kind == "perm"
            if led.state.agenda[-1][0] == "deck_draw":
                draws.append(len(led.state.decks[led.state.agenda[-1][1]].unseen))
        led.take(e, raw)
    assert draws and all(n >= 2 for n in draws) and shuffles == 0
