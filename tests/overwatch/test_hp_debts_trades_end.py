"""Rulebook sections "What If I Run Out of HP?", "Deals and Trades", "The End of the Game"
(scoring, Play of the Game, ties)."""
import pytest

from engine import Disclose, Over

from .scenario import (DATA, GAME, act, decider, edit, end_turn, hp, new_game, options,
                       pending, turn_roll)

MARKETPLACE, NUMBANI, DORADO, ROUTE66, NEPAL, OASIS, KINGS_ROW = 1, 3, 9, 11, 25, 27, 31


def rent_trap(lander_hp: int, rent_space: int = NEPAL, owner: int = 1):
    """Seat 0 with `lander_hp` HP, 2 spaces before `rent_space` owned by `owner`."""
    def change(s):
        s.owners[rent_space] = owner
        s.players[0].hp = lander_hp
        s.players[0].pos = rent_space - 2
    return change


def test_short_of_hp_a_hero_is_eliminated_for_5_hp_and_the_rest_is_paid():
    s = edit(new_game(), rent_trap(1))         # Nepal's rent is 4; seat 0 has 1
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert decider(s) == (0, "eliminate")
    assert set(options(s)) == {("eliminate", "reinhardt"), ("eliminate", "ana")}  # never Tracer
    s = act(s, "eliminate", "ana")
    p = s.players[0]
    assert [(h.id, h.active) for h in p.heroes] == [("reinhardt", True), ("ana", False)]
    assert p.hp == 1 + 5 - 4 + 0 - 0 and hp(s)[1] == 14  # paid 1, took 5, paid the other 3


def test_more_than_one_hero_can_be_eliminated_for_one_debt():
    s = edit(new_game(), rent_trap(0, KINGS_ROW))  # King's Row rent 5, doubled with Ilios = 10
    s = edit(s, lambda s: s.owners.__setitem__(29, 1))
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    s = act(s, "eliminate", "reinhardt")
    # 5 HP paid, 5 still owed: Ana, the only active hero left, goes too (no choice to ask).
    assert hp(s)[:2] == [0, 20]
    assert not any(h.active for h in s.players[0].heroes)


def test_an_eliminated_heros_ability_cannot_be_used():
    s = edit(new_game(), lambda s: setattr(s.players[0].heroes[0], "active", False))
    s = turn_roll(s, 1, "tank")  # tank is Reinhardt, eliminated: only the move is left
    assert s.players[0].pos == 1


def leader_only_owning_dorado(s):
    """Seat 0: 0 HP, both heroes eliminated, owns Dorado, about to land on Nepal (rent 4)."""
    rent_trap(0)(s)
    for h in s.players[0].heroes:
        h.active = False
    s.owners[DORADO] = 0


def test_with_only_the_leader_active_objectives_are_sold_to_the_bank_at_face_value():
    s = edit(new_game(), leader_only_owning_dorado)
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert decider(s) == (0, "sell")
    assert ("sell_bank", DORADO) in options(s)
    s = act(s, "sell_bank", DORADO)       # Dorado's face value is 2 HP
    assert s.owners[DORADO] == -1
    assert hp(s)[:2] == [0, 12]           # the 2 HP went on to the creditor; 2 are never paid


def test_an_objective_can_be_sold_to_another_player_for_an_agreed_price():
    s = edit(new_game(), leader_only_owning_dorado)
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    s = act(s, "sell_to", DORADO, 2, 6)
    assert decider(s) == (2, "sale_offer")
    s = act(s, "accept")
    assert s.owners[DORADO] == 2
    assert hp(s)[:3] == [2, 14, 4]        # 6 from seat 2, 4 of them paid on to seat 1


def test_a_refused_sale_offer_is_not_offered_again_for_that_debt():
    s = edit(new_game(), leader_only_owning_dorado)
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    s = act(s, "sell_to", DORADO, 2, 6)
    s = act(s, "refuse")
    assert decider(s) == (0, "sell")
    assert not any(o[0] == "sell_to" and o[2] == 2 for o in options(s))
    assert ("sell_bank", DORADO) in options(s)


def test_with_no_active_hero_and_nothing_to_sell_the_debt_is_dropped():
    def change(s):
        rent_trap(2)(s)
        for h in s.players[0].heroes:
            h.active = False
    s = edit(new_game(), change)
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert hp(s)[:2] == [0, 12]           # "Hang in there!"
    # nothing else is asked of seat 0 about the debt: its turn simply goes on
    assert decider(s) == (0, "turn")
    assert not any(h.active for h in s.players[0].heroes)


def test_purchases_never_create_debt():
    s = edit(new_game(), lambda s: setattr(s.players[0], "hp", 0))
    s = turn_roll(s, 1, "tank")
    s = act(s, "move")
    # No capture at 0 HP: the auction opens and seat 0 can only pass.
    assert decider(s) == (1, "auction")


# ---------------------------------------------------------------- Deals and Trades
def test_trade_on_your_turn_swaps_objectives_and_hp_when_accepted():
    s = new_game(setup=lambda s: (s.owners.__setitem__(DORADO, 0),
                                  s.owners.__setitem__(NEPAL, 1)))
    assert ("trade", 1) in options(s) and ("roll",) in options(s)  # before rolling, too
    s = act(s, "trade", 1)
    assert decider(s) == (0, "trade_draft")
    s = act(s, "give", DORADO)
    s = act(s, "take", NEPAL)
    s = act(s, "pay", 2)
    s = act(s, "offer")
    assert decider(s) == (1, "trade_answer")
    s = act(s, "accept")
    assert s.owners[DORADO] == 1 and s.owners[NEPAL] == 0
    assert hp(s)[:2] == [8, 12]
    assert decider(s) == (0, "turn")


def test_a_refused_trade_changes_nothing():
    s = new_game(setup=lambda s: s.owners.__setitem__(NEPAL, 1))
    s = act(s, "trade", 1)
    s = act(s, "take", NEPAL)
    s = act(s, "pay", 5)
    s = act(s, "offer")
    s = act(s, "refuse")
    assert s.owners[NEPAL] == 1 and hp(s)[:2] == [10, 10]


def test_a_trade_must_involve_an_objective_and_something_from_each_side():
    s = new_game(setup=lambda s: s.owners.__setitem__(NEPAL, 1))
    s = act(s, "trade", 1)
    assert ("offer",) not in options(s)
    s = act(s, "take", NEPAL)
    assert ("offer",) not in options(s)   # a gift asked for nothing in return is no deal
    s = act(s, "pay", 1)
    assert ("offer",) in options(s)


def test_loot_boxes_are_never_traded():
    s = new_game(setup=lambda s: (s.owners.__setitem__(NEPAL, 1),
                                  s.players[1].loot.append(0)))
    s = act(s, "trade", 1)
    kinds = {o[0] for o in options(s)}
    assert kinds == {"take", "pay", "ask", "cancel"}  # nothing names a Loot Box
    assert [o for o in options(s) if o[0] == "take"] == [("take", NEPAL)]


def test_at_most_three_trade_offers_per_turn():
    s = new_game(setup=lambda s: s.owners.__setitem__(NEPAL, 1))
    for _ in range(3):
        s = act(s, "trade", 1)
        s = act(s, "cancel")
    # No fourth offer: rolling is all that is left, so the dice are rolled at once.
    assert pending(s).label == "numbered die and ability die"


# ---------------------------------------------------------------- The End of the Game
def test_the_printed_160_point_example():
    """Three objectives worth 60, two Loot Boxes worth 70 and the most HP: 160 points."""
    def change(s):
        for space in (DORADO, ROUTE66, 13):  # 20 + 20 + 20 with the house ladder
            s.owners[space] = 0
        s.players[0].loot = [3, 5]   # positions of the hidden deck, disclosed below as 30 and 40
        s.players[0].hp = 12
    s = new_game(setup=change)
    s = edit(s, lambda s: s.loot_open.__setitem__(slice(None), [8, 8, 8, 3, 8, 5, 8, 8, 8]))
    assert [DATA.loot_box_points[i] for i in (3, 5)] == [30, 40]
    assert sum(DATA.spaces[i].points for i in (DORADO, ROUTE66, 13)) == 60
    r = GAME.result(s)
    assert r.scores[0] == 60 + 70 + 30 == 160
    assert r.details["play_of_the_game"] == [30, 0, 0, 0]


def test_game_ends_after_the_last_loot_box_is_taken_and_that_player_levels_up():
    def change(s):
        s.loot_deck = [8]                  # the last Loot Box still to draw is position 8
        s.players[0].pos = 31
        s.players[0].heroes[1].active = False
    s = new_game(setup=change)
    s = turn_roll(s, 1, "tank")        # Reinhardt's barrier is still to use
    s = act(s, "move")                 # onto GO
    s = end_turn(s)
    assert decider(s) == (0, "level_up") and s.players[0].loot == [8]
    s = act(s, "respawn", "ana")
    s = act(s, "done")
    p = pending(s)   # the game is over: every Loot Box is turned face up for scoring
    assert isinstance(p, Disclose) and p.cards == ((0, "loot", 8),)
    s = GAME.apply_disclose(s, [7])    # position 8 holds card 7 (50 points)
    p = pending(s)
    assert isinstance(p, Over)
    assert p.result.scores[0] == 50 + 30  # the Loot Box and the most HP (12)


def test_a_loot_box_that_cannot_be_opened_scores_the_unopened_value():
    def change(s):
        s.loot_deck = [8]
        s.players[0].loot = [2]
        s.players[1].loot = [4]
        s.players[0].pos = 31
        s.players[0].heroes[1].active = False
    s = new_game(setup=change)
    s = turn_roll(s, 1, "tank")
    s = act(s, "move")
    s = end_turn(s)
    s = act(s, "respawn", "ana")
    s = act(s, "done")
    # seat 1's holder is gone (None): its box scores the house value, the others their cards
    s = GAME.apply_disclose(s, [8, 7, None])
    r = pending(s).result
    assert r.details["loot_boxes"][:2] == [60 + 50, DATA.unopened_loot_box_points] == [110, 10]


def test_walking_away_instead_of_disclosing_never_scores_more_than_any_loot_box():
    # the house value of a box that cannot be opened is at most every card's, so a holder of
    # weak boxes gains nothing by leaving at the end instead of turning them face up
    assert DATA.unopened_loot_box_points <= min(DATA.loot_box_points)


def test_most_hp_wins_a_tied_score():
    def change(s):
        s.owners[DORADO] = 0      # 20 points
        s.owners[ROUTE66] = 1     # 20 points
        s.players[0].hp, s.players[1].hp = 9, 11
        s.players[2].hp, s.players[3].hp = 11, 3
        s.players[0].loot = [0]   # seat 0: 20 + 30 (card 3 below) = 50
        s.players[1].loot = []    # seat 1: 20 + 30 (shares Play of the Game) = 50
        s.loot_open[0] = 3
    r = GAME.result(new_game(setup=change))
    assert r.scores[:2] == (50, 50)
    assert r.winners == (1,)


def test_a_tie_for_most_hp_gives_every_tied_player_play_of_the_game():
    def change(s):
        for p in s.players:
            p.hp = 7
    r = GAME.result(new_game(setup=change))
    assert r.details["play_of_the_game"] == [30, 30, 30, 30]
    assert r.winners == (0, 1, 2, 3)  # same score, same HP: a shared win


def test_a_forfeiting_player_never_wins():
    s = new_game(setup=lambda s: setattr(s.players[0], "hp", 25))
    s = GAME.forfeit(s, 0)
    p = pending(s)
    assert isinstance(p, Over) and 0 not in p.result.winners
    assert p.result.details["forfeited"] == [0]
