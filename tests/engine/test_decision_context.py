"""Every decision of every Monopoly game comes with a context the game's words module writes: a
title, and for an auction the lot and the bid to beat, named (not read by position)."""
import pytest

import engine
from engine import Decision
from engine.games.game_package import SeatNames
from engine.simulate import play


@pytest.mark.parametrize("game_id", ["overwatch-monopoly", "mario-monopoly", "spiderman-monopoly"])
def test_every_decision_has_a_titled_context_and_an_auction_names_the_bid_to_beat(game_id):
    game = engine.get_game(game_id)
    untitled: set[str] = set()
    auctions = 0

    def check(state) -> None:
        nonlocal auctions
        p = engine.pending(state)
        if not isinstance(p, Decision):
            return
        ctx = game.decision_context(state, p, SeatNames(["A", "B", "C"], p.player))
        if not ctx.get("title"):
            untitled.add(p.prompt)
        if p.prompt == "auction":
            auctions += 1
            bids = [o[1] for o in p.options if o[0] == "bid"]
            assert all(b > ctx["bid_to_beat"] for b in bids)
            assert ctx["bidders"][state.agenda[-1].to_bid] == p.player
            assert ctx["lot"]["space"] == state.agenda[-1].space

    for seed in (1, 2):
        play(game_id, 3, seed, bots="random", on_step=check)
    assert not untitled and auctions > 0
