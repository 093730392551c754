"""The greedy bot proposes trades that complete colour sets, so that games of bots end: without
them two rich players each holding part of every set never went bankrupt (5 players seed 131
and 6 players seeds 12, 32, 80, 162, 187 ran past 30 000 steps; `lanboard sim` gave up at
200 000). bench/spiderman_games_end.py plays a thousand such games."""
import random

import pytest

from engine import Decision, Over
from engine.simulate import play

from .scenario import DATA, GAME, both, new_game, own, pending

SET2 = DATA.set_spaces(2)        # Shocker, Beetle, Chameleon
SET3 = DATA.set_spaces(3)        # Electro, Scorpion, Rhino


def price(*spaces):
    return sum(DATA.spaces[i].price for i in spaces)


def bots_trade(s):
    """Greedy decisions for whoever decides until a trade is answered or dropped (or the bot
    rolls instead): the state then and the (seat, move) made."""
    moves = []
    while not moves or moves[-1][1][0] not in ("accept", "refuse", "cancel", "roll"):
        d = pending(s)
        assert isinstance(d, Decision), d
        move = GAME.greedy_move(s, d, random.Random(0))
        moves.append((d.player, move))
        s = GAME.apply(s, move)
    return s, moves


def test_the_bot_buys_the_villain_it_lacks_of_a_set_for_a_web_more_than_its_price():
    s = new_game(2, setup=both(own(0, *SET2[:2]), own(1, SET2[2])))
    s, moves = bots_trade(s)
    assert moves == [(0, ("trade", 1)), (0, ("take", SET2[2])), (0, ("pay", price(SET2[2]) + 1)),
                     (0, ("offer",)), (1, ("accept",))]
    assert all(s.owners[i] == 0 for i in SET2) and GAME.full_set(s, SET2[0])
    assert [p.webs for p in s.players] == [30 - price(SET2[2]) - 1, 30 + price(SET2[2]) + 1]


def test_the_bot_gives_what_completes_the_partners_set_in_a_swap():
    s = new_game(2, setup=both(own(0, *SET2[:2], SET3[0]), own(1, SET2[2], *SET3[1:])))
    s, moves = bots_trade(s)
    pay = max(0, price(SET2[2]) - price(SET3[0]) + 1)
    assert moves[:3] == [(0, ("trade", 1)), (0, ("take", SET2[2])), (0, ("give", SET3[0]))]
    assert moves[-2:] == [(0, ("offer",)), (1, ("accept",))]
    assert ((0, ("pay", pay)) in moves) == (pay > 0)
    assert GAME.full_set(s, SET2[0]) and s.owners[SET2[0]] == 0
    assert GAME.full_set(s, SET3[0]) and s.owners[SET3[0]] == 1


def test_the_bot_proposes_only_in_every_third_round_and_once_a_turn():
    s = new_game(2, setup=both(own(0, *SET2[:2]), own(1, SET2[2]),
                               lambda s: setattr(s, "turns", 2)))    # round 1
    assert GAME.greedy_move(s, pending(s), random.Random(0)) == ("roll",)
    s = new_game(2, setup=both(own(0, *SET2[:2]), own(1, SET2[2]),
                               lambda s: setattr(s.turn, "offers", 1)))
    assert GAME.greedy_move(s, pending(s), random.Random(0)) == ("roll",)


def test_the_bot_does_not_trade_below_its_reserve_nor_for_a_set_split_among_several():
    s = new_game(2, setup=both(own(0, *SET2[:2]), own(1, SET2[2]),
                               lambda s: setattr(s.players[0], "webs", price(SET2[2]) + 4)))
    assert GAME.greedy_move(s, pending(s), random.Random(0)) == ("roll",)
    s = new_game(3, setup=both(own(0, SET2[0]), own(1, SET2[1]), own(2, SET2[2])))
    assert GAME.greedy_move(s, pending(s), random.Random(0)) == ("roll",)


def test_a_draft_the_bot_did_not_start_is_cancelled():
    s = new_game(2, setup=both(own(0, *SET2[:2]), own(1, SET2[2], SET3[0])))
    s = GAME.apply(s, ("trade", 1))
    s = GAME.apply(s, ("take", SET3[0]))                 # a person's draft, then the bot
    assert GAME.greedy_move(s, pending(s), random.Random(0)) == ("cancel",)


@pytest.mark.parametrize("players,seed", [(5, 131), (6, 12), (6, 32), (6, 80), (6, 162),
                                          (6, 187)])
def test_greedy_games_that_never_ended_without_trades_end(players, seed):
    g = play("spiderman-monopoly", players, seed, "greedy", max_steps=30_000)
    assert isinstance(GAME.pending(g.state), Over)
    assert sum(not p.out for p in g.state.players) == 1
