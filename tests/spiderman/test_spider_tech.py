"""Rulebook section "SPIDER-TECH": Tracers attached evenly on a full colour set, at most 4, then
a Bot (the 4 Tracers go back); the limited supply and the auction for the last piece; selling
back at half cost rounded up, evenly; what Tracers and Bots do to the rent."""
from .scenario import (DATA, ELECTRO, HAMMERHEAD, JAIL, RHINO, SCORPION, TOMBSTONE, act,
                       both, decider, new_game, options, own, roll, total_webs, webs)

SET1 = (TOMBSTONE, HAMMERHEAD)       # Tracer and Bot cost 1
SET3 = (ELECTRO, SCORPION, RHINO)    # Tracer and Bot cost 2


def set_tech(spaces, levels):
    def change(s):
        for i, level in zip(spaces, levels):
            s.tech[i] = level
    return change


def supply(tracers, bots):
    def change(s):
        s.tracers, s.bots = tracers, bots
    return change


def buys(s):
    return [m for m in options(s) if m[0] in ("tracer", "bot")]


def test_tracers_need_the_whole_colour_set():
    s = new_game(2, setup=own(0, TOMBSTONE))
    assert buys(s) == []
    s = new_game(2, setup=own(0, *SET1))
    assert buys(s) == [("tracer", TOMBSTONE), ("tracer", HAMMERHEAD)]


def test_a_tracer_costs_the_printed_cost_paid_to_the_bank_and_comes_from_the_supply():
    s = new_game(2, setup=own(0, *SET3))
    start = total_webs(s)
    s = act(s, "tracer", SCORPION)
    assert s.tech[SCORPION] == 1 and s.tracers == 31 and webs(s) == [28, 30]
    assert total_webs(s) == start


def test_tracers_are_attached_evenly():
    s = new_game(2, setup=own(0, *SET3))
    s = act(s, "tracer", SCORPION)
    assert buys(s) == [("tracer", ELECTRO), ("tracer", RHINO)]
    s = act(s, "tracer", ELECTRO)
    assert buys(s) == [("tracer", RHINO)]
    s = act(s, "tracer", RHINO)
    assert buys(s) == [("tracer", i) for i in SET3]


def test_at_most_4_tracers_then_a_bot_which_sends_the_4_tracers_back():
    s = new_game(2, setup=both(own(0, *SET1), set_tech(SET1, (4, 3))))
    assert buys(s) == [("tracer", HAMMERHEAD)]          # no 5th Tracer, no Bot yet
    s = act(s, "tracer", HAMMERHEAD)
    assert buys(s) == [("bot", TOMBSTONE), ("bot", HAMMERHEAD)]
    tracers = s.tracers
    s = act(s, "bot", TOMBSTONE)
    assert s.tech[TOMBSTONE] == 5 and s.tracers == tracers + 4 and s.bots == 11
    assert webs(s)[0] == 30 - 1 - 1
    assert buys(s) == [("bot", HAMMERHEAD)]              # no Tracer on a Bot, one Bot each
    s = act(s, "bot", HAMMERHEAD)
    assert buys(s) == []


def test_rent_with_tracers_and_a_bot_follows_the_printed_ladder():
    # Tombstone's printed card: 1, 2 with the set, 3/4/5/6 with 1-4 Tracers, 10 with a Bot.
    assert DATA.spaces[TOMBSTONE].rents == (1, 2, 3, 4, 5, 6, 10)
    for level, rent in ((1, 3), (2, 4), (3, 5), (4, 6), (5, 10)):
        s = new_game(2, setup=both(own(1, *SET1), set_tech(SET1, (level, level))))
        s = roll(s, 2, 1)                               # seat 0 to Hammerhead (3)
        assert webs(s) == [30 - rent, 30 + rent], level


def test_no_spider_tech_left_means_none_can_be_bought():
    s = new_game(2, setup=both(own(0, *SET1), supply(0, 12)))
    assert buys(s) == []
    s = new_game(2, setup=both(own(0, *SET1), set_tech(SET1, (4, 4)), supply(0, 0)))
    assert buys(s) == []


def test_the_last_tracer_is_bought_at_cost_when_nobody_else_wants_it():
    s = new_game(2, setup=both(own(0, *SET1), own(1, *SET3), supply(1, 12)))
    s = act(s, "tracer", TOMBSTONE)
    assert decider(s) == (1, "want")
    s = act(s, "decline")
    assert s.tech[TOMBSTONE] == 1 and s.tracers == 0 and webs(s) == [29, 30]


def test_the_last_tracer_is_auctioned_when_several_players_want_it():
    s = new_game(3, setup=both(own(0, *SET1), own(1, *SET3), supply(1, 12)))
    s = act(s, "tracer", TOMBSTONE)
    assert decider(s) == (1, "want")                    # seat 2 has no set: not asked
    s = act(s, "want")
    assert decider(s) == (0, "auction") and options(s)[0] == ("bid", 1)
    s = act(s, "bid", 1)
    s = act(s, "bid", 3)                                # seat 1
    s = act(s, "pass")                                  # seat 0: seat 1 wins at 3
    assert decider(s) == (1, "place")
    assert options(s) == tuple(("place", i) for i in SET3)
    s = act(s, "place", RHINO)
    assert s.tech[RHINO] == 1 and s.tech[TOMBSTONE] == 0 and s.tracers == 0
    assert webs(s) == [30, 27, 30]                      # the bid (not the cost) to the bank


def test_the_last_bot_is_auctioned_the_same_way():
    s = new_game(2, setup=both(own(0, *SET1), own(1, *SET3), set_tech(SET1, (4, 4)),
                               set_tech(SET3, (4, 4, 4)), supply(0, 1)))
    s = act(s, "bot", HAMMERHEAD)
    s = act(s, "want")
    s = act(s, "bid", 2)
    s = act(s, "pass")                                  # seat 1 leaves: seat 0 won at 2
    assert decider(s) == (0, "place")
    s = act(s, "place", TOMBSTONE)
    assert s.tech[TOMBSTONE] == 5 and s.bots == 0 and s.tracers == 4 and webs(s)[0] == 28


def test_selling_tech_gives_half_the_cost_rounded_up_and_evenly():
    s = new_game(2, setup=both(own(0, *SET3), set_tech(SET3, (2, 2, 1))))
    sells = [m for m in options(s) if m[0] == "sell"]
    assert sells == [("sell", ELECTRO), ("sell", SCORPION)]  # not Rhino, the emptiest
    s = act(s, "sell", ELECTRO)
    assert s.tech[ELECTRO] == 1 and s.tracers == 33
    assert webs(s)[0] == 30 + 1                         # half of 2


def test_half_of_an_odd_cost_rounds_up():
    s = new_game(2, setup=both(own(0, *SET1), set_tech(SET1, (1, 1))))
    s = act(s, "sell", TOMBSTONE)
    assert webs(s)[0] == 31                             # half of 1, rounded up


def test_after_selling_tech_by_choice_a_player_buys_none_again_that_turn():
    # house rule: a cost-1 Tracer sells for 1, so buy/sell could go on for ever in one turn
    s = new_game(2, setup=both(own(0, *SET1), set_tech(SET1, (1, 1))))
    assert ("tracer", TOMBSTONE) in options(s)
    s = act(s, "sell", TOMBSTONE)
    assert not [m for m in options(s) if m[0] in ("tracer", "bot")]
    assert ("sell", HAMMERHEAD) in options(s)          # selling more is still allowed
    s = act(s, "roll")
    s = roll(s, 1, 2)
    while decider(s)[1] != "turn":                      # whatever the space asks first
        s = act(s, *options(s)[0])
    assert not [m for m in options(s) if m[0] in ("tracer", "bot")]


def test_a_sold_bot_is_exchanged_for_4_tracers():
    s = new_game(2, setup=both(own(0, *SET3), set_tech(SET3, (5, 5, 5)), supply(10, 9)))
    s = act(s, "sell", SCORPION)
    assert s.tech[SCORPION] == 4 and s.tracers == 6 and s.bots == 10
    assert webs(s)[0] == 31


def test_a_bot_sold_when_fewer_than_4_tracers_are_left_sells_the_missing_ones_too():
    s = new_game(2, setup=both(own(0, *SET3), set_tech(SET3, (5, 5, 5)), supply(2, 9)))
    s = act(s, "sell", SCORPION)
    assert s.tech[SCORPION] == 2 and s.tracers == 0 and s.bots == 10
    assert webs(s)[0] == 30 + 1 + 2 * 1


def test_a_jailed_player_may_buy_spider_tech_on_their_turn():
    def jailed(s):
        s.players[0].jailed, s.players[0].pos = True, JAIL
    s = new_game(2, setup=both(own(0, *SET1), jailed))
    assert ("roll_jail",) in options(s) and ("tracer", TOMBSTONE) in options(s)
    s = act(s, "tracer", TOMBSTONE)
    assert s.tech[TOMBSTONE] == 1 and s.players[0].jailed


def test_tracers_and_trades_at_any_time_are_offered_on_the_players_own_turn_only():
    # Kept adaptation (RULES.md, "Digital play"): the log gives each move slot one author, so
    # "you don't have to wait for your turn" becomes "on your own turn, in jail too".
    s = new_game(2, setup=own(1, *SET1))
    assert decider(s)[0] == 0
    assert not [m for m in options(s) if m[0] in ("tracer", "bot")]
    s = roll(s, 1, 2)                                  # seat 0 to 3; seat 1 is never asked
    assert decider(s) == (0, "turn") and options(s) == (("end_turn",), ("trade", 1))
    s = act(s, "end_turn")
    assert decider(s) == (1, "turn") and ("tracer", TOMBSTONE) in options(s)
