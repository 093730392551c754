"""Rulebook sections "Handel und Geldnot" (trades, money trouble) and "Spielende und Wertung"."""
from engine.games.monopoly_family import MAX_TRADE_OFFERS

from .scenario import (GAME, act, coins, decider, edit, new_game, options, place, turn_roll)


def game(setup_fn=None, **pos):
    def setup(s):
        place(s, **{"f1": 20, "f2": 20, "f3": 20, **pos})
        if setup_fn:
            setup_fn(s)
    return new_game(setup=setup)


def short_of_rent(s):
    s.owners[9] = 1          # rent 2
    s.owners[29] = 0         # price 5
    s.players[0].coins = 1
    s.bank += 9


# ---------------------------------------------------------------- money trouble
def test_short_of_coins_you_sell_properties_to_the_bank_at_face_value_then_pay():
    s = act(turn_roll(game(short_of_rent, f0=5), 4, "blooper"), "move")
    assert decider(s) == (0, "sell") and ("sell_bank", 29) in options(s)
    bank = s.bank
    s = act(s, "sell_bank", 29)
    assert s.owners[29] == -1 and coins(s)[:2] == [1 + 5 - 2, 12] and s.bank == bank - 5


def test_or_sell_to_another_player_at_a_price_they_accept():
    s = act(turn_roll(game(short_of_rent, f0=5), 4, "blooper"), "move")
    s = act(s, "sell_to", 29, 2, 3)
    assert decider(s) == (2, "sale_offer")
    s = act(s, "accept")
    assert s.owners[29] == 2 and coins(s)[:3] == [1 + 3 - 2, 12, 7]


def test_a_refused_offer_is_not_made_again_to_that_player_in_the_same_trouble():
    s = act(turn_roll(game(short_of_rent, f0=5), 4, "blooper"), "move")
    s = act(act(s, "sell_to", 29, 2, 3), "refuse")
    assert decider(s) == (0, "sell")
    assert not [o for o in options(s) if o[0] == "sell_to" and o[2] == 2]
    assert ("sell_to", 29, 1, 3) in options(s)


def test_without_coins_or_properties_nothing_happens_and_nobody_is_eliminated():
    def broke(s):
        s.owners[9] = 1
        s.players[0].coins = 1
        s.bank += 9
    s = act(turn_roll(game(broke, f0=5), 4, "blooper"), "move")
    assert coins(s)[:2] == [0, 11]            # paid what there was; the rest is forgotten
    s = act(s, "end_turn")
    assert s.turn.player == 1 and len(s.players) == 4


def test_another_players_power_up_can_force_a_sale():
    def poor(s):
        s.players[1].coins = 0
        s.owners[29] = 1
        s.bank += 10
    s = act(turn_roll(game(poor, f0=0), 2, "blooper"), "power", 1, 2)
    assert decider(s) == (1, "sell")
    s = act(s, "sell_bank", 29)
    assert coins(s)[:2] == [12, 3]


# ---------------------------------------------------------------- trades
def test_in_your_turn_you_may_trade_properties_and_coins_with_another_player():
    def owns(s):
        s.owners[1], s.owners[31] = 0, 1
    s = game(owns, f0=5)
    assert ("trade", 1) in options(s)
    s = act(s, "trade", 1)
    s = act(act(act(s, "give", 1), "take", 31), "pay", 2)
    s = act(s, "offer")
    assert decider(s) == (1, "trade_answer")
    s = act(s, "accept")
    assert s.owners[1] == 1 and s.owners[31] == 0 and coins(s)[:2] == [8, 12]


def test_trade_offers_are_limited_per_turn_so_the_game_always_ends():
    s = game(lambda s: s.owners.__setitem__(1, 0), f0=5)
    for _ in range(MAX_TRADE_OFFERS):
        s = act(act(act(act(s, "trade", 1), "give", 1), "ask", 1), "offer")
        s = act(s, "refuse")
    # no trade is offered any more: the roll, the only option left, was made at once
    assert GAME.pending(s).sizes == (6, 6) and s.turn.offers == MAX_TRADE_OFFERS == 3


# ---------------------------------------------------------------- scoring
def scored(change):
    return GAME.result(edit(new_game(), change))


def test_the_printed_example_scores_150():
    # 3 properties 70 points (10 + 20 + 40), 2 bosses 60 (30 + 30), 13 coins 20.
    def example(s):
        s.owners[1], s.owners[9], s.owners[25] = 0, 0, 0
        s.players[0].bosses = [3, 4]
        s.players[0].coins = 13
    r = scored(example)
    assert r.scores[0] == 150
    assert (r.details["properties"][0], r.details["bosses"][0], r.details["coins"][0]) == (70, 60, 20)


def test_only_full_stacks_of_5_coins_score_10_points_each():
    def piles(s):
        for seat, n in enumerate((4, 5, 9, 10)):
            s.players[seat].coins = n
    assert scored(piles).scores == (0, 10, 10, 20)


def test_a_tie_goes_to_the_player_with_more_properties_and_boss_cards():
    def tie(s):
        s.players[0].bosses = [3]                      # 30 points, 1 card
        s.owners[5], s.owners[7], s.owners[9] = 1, 1, 1   # 10 + 10 + 20 = 40, 3 cards
        s.owners[3] = 0                                 # + 10: seat 0 also 40, 2 cards
        for p in s.players:
            p.coins = 0
    r = scored(tie)
    assert r.scores[:2] == (40, 40) and r.winners == (1,)


def test_a_tie_in_points_and_cards_is_shared():
    def tie(s):
        for p in s.players:
            p.coins = 0
        s.owners[1], s.owners[3] = 0, 2
    assert scored(tie).winners == (0, 2)


def test_a_forfeiting_player_cannot_win():
    s = edit(new_game(), lambda s: s.owners.__setitem__(31, 0))
    s = GAME.forfeit(s, 0)
    r = GAME.result(s)
    assert r.scores[0] == 70 and 0 not in r.winners
