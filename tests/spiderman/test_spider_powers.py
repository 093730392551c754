"""Rulebook sections "GO" (the Symbol of Great Responsibility) and "SPIDER-POWERS": each power
as printed, and only for the Symbol's holder."""
import pytest

from engine import Chance

from .scenario import (JAIL, SABLE, TOMBSTONE, act, both, decider, dice, new_game, options, own,
                       pending, place, roll, webs)


def symbol(seat):
    return lambda s: setattr(s, "symbol", seat)


# ---------------------------------------------------------------- Spider-Man (Peter Parker)
@pytest.mark.parametrize("heroes, peter, others, taken, expected", [
    (("miles", "peter", "silk"), 1, (2, 0), 2, [31, 31, 29]),  # any other player, not the lander
    (("peter", "miles", "silk"), 0, (1, 2), 1, [32, 29, 30]),  # he lands there himself
])
def test_peter_parker_receives_1_from_a_player_of_his_choice_when_anyone_lands_on_daily_bugle(
        heroes, peter, others, taken, expected):
    s = new_game(3, heroes=heroes, setup=both(symbol(peter), place(0, 3)), db=["db10"])
    s = roll(s, 1, 3)                                   # seat 0 lands on Daily Bugle (7)
    assert decider(s) == (peter, "power_pick")
    assert options(s) == tuple(("take", o) for o in others)
    s = act(s, "take", taken)
    # then the card: db10 collect 1
    assert webs(s) == expected


def test_on_daily_bugle_peter_parker_without_the_symbol_and_silk_with_it_get_nothing():
    # Silk's power is Spider-Sense's, not Daily Bugle's: with her holding the Symbol, seat 0
    # landing on Daily Bugle collects only its card (db10: 1)
    s = new_game(3, heroes=("miles", "peter", "silk"), setup=both(symbol(2), place(0, 3)),
                 db=["db10"])
    s = roll(s, 1, 3)
    assert webs(s) == [31, 30, 30]


# ---------------------------------------------------------------- Silk
def test_silk_receives_1_from_a_player_of_her_choice_when_anyone_lands_on_spider_sense():
    s = new_game(3, heroes=("miles", "peter", "silk"), setup=symbol(2), ss=["ss12"])
    s = roll(s, 1, 1)                                   # seat 0 lands on Spider-Sense (2)
    assert decider(s) == (2, "power_pick")
    s = act(s, "take", 0)
    assert webs(s) == [30, 30, 31]                      # -1 to Silk, +1 from ss12


# ---------------------------------------------------------------- Miles Morales
def test_miles_receives_5_from_each_player_on_the_space_he_lands_on():
    s = new_game(3, heroes=("miles", "peter", "silk"),
                 setup=both(symbol(0), place(1, 4), place(2, 4)), ss=["ss12"])
    s = roll(s, 1, 3)                                   # lands on 4 with both
    assert webs(s) == [30 + 10 + 1, 25, 25]


def test_miles_gets_nothing_for_players_he_passes():
    s = new_game(3, heroes=("miles", "peter", "silk"), setup=both(symbol(0), place(1, 2)))
    s = roll(s, 1, 2)                                   # passes seat 1 on 2, lands on 3
    assert webs(s) == [30, 30, 30]


def test_miles_without_the_symbol_gets_nothing():
    s = new_game(2, heroes=("miles", "peter"), setup=both(symbol(1), place(1, 3)))
    s = roll(s, 1, 2)
    assert webs(s) == [30, 30]


def test_others_landing_on_miles_pay_nothing():
    s = new_game(2, heroes=("peter", "miles"), setup=both(symbol(1), place(1, 3)))
    s = roll(s, 1, 2)
    assert webs(s) == [30, 30]


def test_miles_landing_on_the_jail_corner_collects_from_a_jailed_player():
    def jailed(s):
        s.players[1].pos, s.players[1].jailed = JAIL, True
    s = new_game(2, heroes=("miles", "peter"), setup=both(symbol(0), place(0, 6), jailed))
    s = roll(s, 1, 3)
    assert webs(s) == [35, 25]


# ---------------------------------------------------------------- Spider-Man 2099
def test_2099_receives_1_from_each_player_passed_or_landed_on():
    s = new_game(4, heroes=("2099", "peter", "silk", "miles"),
                 setup=both(symbol(0), place(1, 1), place(2, 3), place(3, 3)))
    s = roll(s, 1, 2)                                   # passes seat 1, lands on seats 2, 3
    assert webs(s) == [33, 29, 29, 29]


def test_2099_on_the_subway_gets_nothing_for_players_passed_but_does_for_landing():
    s = new_game(3, heroes=("2099", "peter", "silk"),
                 setup=both(symbol(0), place(0, 20), place(1, 30), place(2, 39)))
    s = roll(s, 2, 3)                                   # 25 Subway
    s = act(s, "ride", 39)                              # passes seat 1 on 30, lands on seat 2
    assert webs(s) == [31, 30, 29]


def test_2099_when_the_symbol_is_taken_at_go_on_the_way_counts_from_there():
    s = new_game(3, heroes=("2099", "peter", "silk"),
                 setup=both(symbol(1), place(0, 37), place(1, 38), place(2, 1)))
    s = roll(s, 2, 3)                                   # passes seat 1 (38) before GO, seat 2 after
    assert s.symbol == 0
    assert webs(s) == [30 + 2 + 1, 30, 29]


# ---------------------------------------------------------------- Spider-Ham
def test_spider_ham_receives_1_when_another_player_rolls_doubles():
    s = new_game(2, heroes=("peter", "ham"), setup=symbol(1))
    s = roll(s, 3, 3)                                   # seat 0: doubles onto Shocker
    assert webs(s) == [29, 31]


def test_spider_ham_gets_nothing_for_his_own_doubles_or_for_non_doubles():
    s = new_game(2, heroes=("ham", "peter"), setup=symbol(0))
    s = roll(s, 3, 3)
    assert webs(s) == [30, 30]
    s = new_game(2, heroes=("peter", "ham"), setup=symbol(1))
    s = roll(s, 3, 4)
    assert webs(s) == [30, 30]


def test_spider_ham_is_paid_for_doubles_rolled_in_jail():
    def jailed(s):
        p = s.players[0]
        p.pos, p.jailed = JAIL, True
        s.decks["spider_sense"].returned.remove("ss01")
        p.cards.append("ss01")
    s = new_game(2, heroes=("peter", "ham"), setup=both(symbol(1), jailed))
    s = act(s, "roll_jail")
    s = dice(s, 1, 1)                                   # free; to 12 Silver Sable
    assert webs(s) == [29, 31] and not s.players[0].jailed


# ---------------------------------------------------------------- Ghost-Spider
def test_spider_ham_is_paid_for_doubles_rolled_for_an_alliances_rent():
    # "Whenever another player rolls doubles": the roll for the rent is a roll too.
    s = new_game(2, heroes=("peter", "ham"), setup=both(symbol(1), own(1, SABLE), place(0, 3)))
    s = dice(roll(s, 4, 5), 2, 2)                       # to 12 Silver Sable; rent 4, and 1
    assert webs(s) == [25, 35]


def test_ghost_spider_may_reroll_her_roll_for_an_alliances_rent():
    # "At any time, if you don't like your roll, you may reroll."
    s = new_game(2, heroes=("ghost", "peter"), setup=both(symbol(0), own(1, SABLE), place(0, 3)))
    s = act(roll(s, 4, 5), "keep")                      # to 12 Silver Sable
    s = dice(s, 6, 5)
    assert decider(s) == (0, "ghost") and s.agenda[-1][1] == "rent"
    s = dice(act(s, "reroll"), 1, 2)
    assert webs(s) == [27, 33]


def test_the_bot_as_ghost_spider_rerolls_a_rent_roll_above_the_mean_only():
    import random

    from .scenario import GAME
    s = new_game(2, heroes=("ghost", "peter"), setup=both(symbol(0), own(1, SABLE), place(0, 3)))
    s = act(roll(s, 4, 5), "keep")                      # to 12 Silver Sable
    bot = lambda s: GAME.greedy_move(s, pending(s), random.Random(0))  # noqa: E731
    assert bot(dice(s, 6, 5)) == ("reroll",) and bot(dice(s, 2, 2)) == ("keep",)


def test_ghost_spider_may_keep_her_roll():
    s = new_game(2, heroes=("ghost", "peter"), setup=symbol(0))
    s = roll(s, 2, 4)
    assert decider(s) == (0, "ghost") and options(s) == (("keep",), ("reroll",))
    s = act(s, "keep")
    assert s.players[0].pos == 6


def test_ghost_spider_may_reroll_once_and_must_use_the_second_roll():
    s = new_game(2, heroes=("ghost", "peter"), setup=both(symbol(0), place(0, 26)))
    s = roll(s, 2, 2)                                   # would be Go to Jail
    s = act(s, "reroll")
    p = pending(s)
    assert isinstance(p, Chance)
    s = dice(s, 1, 2)                                   # no second choice: 29 Hobgoblin
    assert s.players[0].pos == 29 and decider(s) == (0, "buy")
    assert s.turn.doubles == 0                          # the discarded doubles do not count


def test_ghost_spider_may_reroll_a_third_double():
    s = new_game(2, heroes=("ghost", "peter"), setup=both(symbol(0), place(0, 20)))
    s = roll(s, 1, 1); s = act(s, "keep")               # 22 Daily Bugle, db01 kept
    s = roll(s, 1, 1); s = act(s, "keep")               # 24 Kraven
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    s = roll(s, 3, 3)
    s = act(s, "reroll")
    s = dice(s, 1, 3)
    assert s.players[0].pos == 28 and not s.players[0].jailed


def test_ghost_spider_may_reroll_in_jail():
    def jailed(s):
        p = s.players[0]
        p.pos, p.jailed = JAIL, True
    s = new_game(2, heroes=("ghost", "peter"), setup=both(symbol(0), jailed))
    s = act(s, "roll_jail")
    s = dice(s, 1, 2)
    s = act(s, "reroll")
    s = dice(s, 4, 4)
    assert not s.players[0].jailed and s.players[0].pos == 18


def test_ghost_spider_without_the_symbol_has_no_reroll():
    s = new_game(2, heroes=("ghost", "peter"), setup=symbol(1))
    s = roll(s, 2, 4)
    assert s.players[0].pos == 6 and decider(s) == (0, "buy")


def test_spider_ham_is_paid_for_a_third_double_too():
    s = new_game(2, heroes=("peter", "ham"), setup=both(symbol(1), place(0, 20)))
    s = roll(s, 1, 1)                                   # 22 Daily Bugle: db01 kept
    s = roll(s, 2, 2)                                   # 26 Morbius
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    s = roll(s, 5, 5)                                   # third double: jail, and Ham is paid
    assert s.players[0].jailed and webs(s) == [27, 33]


def test_a_power_payment_follows_the_debt_rules():
    # Miles lands on a player with 2 webs who owns Tombstone: 2 webs, then the property
    s = new_game(2, heroes=("miles", "peter"),
                 setup=both(symbol(0), place(1, 3), own(1, TOMBSTONE),
                            lambda s: setattr(s.players[1], "webs", 2)))
    s = roll(s, 1, 2)
    assert webs(s) == [32, 0] and s.owners[TOMBSTONE] == 0


def test_2099_passing_the_jail_corner_collects_from_a_jailed_player():
    def jailed(s):
        s.players[1].pos, s.players[1].jailed = JAIL, True
    s = new_game(2, heroes=("2099", "peter"), setup=both(symbol(0), place(0, 8), jailed))
    s = roll(s, 1, 2)                                   # 8 -> 11, passing 10
    assert webs(s) == [31, 29] and s.players[0].pos == 11
