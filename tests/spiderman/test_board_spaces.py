"""Rulebook sections "ACTION SPACES" and "THE BOARD SPACES": GO, Free Parking, Just Visiting,
Subway, Go to Jail."""

from .scenario import (GO, JAIL, PARKING, SUBWAY3, SUBWAY4, TOMBSTONE, act, both, decider,
                       new_game, options, own, place, roll, webs)


def test_passing_go_pays_2_and_hands_over_the_symbol():
    s = new_game(3, setup=place(0, 38))
    s = roll(s, 1, 2)                                   # 38 -> 1 Tombstone
    assert s.players[0].pos == TOMBSTONE and webs(s)[0] == 32 and s.symbol == 0
    assert decider(s) == (0, "buy")


def test_landing_on_go_pays_2_and_hands_over_the_symbol():
    s = new_game(3, setup=lambda s: (place(0, 37)(s), setattr(s, "symbol", 2)))
    s = roll(s, 1, 2)
    assert s.players[0].pos == GO and webs(s)[0] == 32 and s.symbol == 0


def test_the_symbol_moves_to_whoever_passed_go_last():
    s = new_game(2, setup=both(place(0, 38), place(1, 39)))
    s = roll(s, 1, 2)
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    assert s.symbol == 0
    s = roll(s, 1, 2)                                   # seat 1: 39 -> 2, draws ss01 (kept)
    assert s.symbol == 1 and webs(s) == [32, 32]


def test_free_parking_nothing_happens():
    s = new_game(2, setup=place(0, 16))
    s = roll(s, 1, 3)
    assert s.players[0].pos == PARKING and webs(s) == [30, 30]
    assert s.turn.player == 1                           # nothing to do: the turn ended


def test_just_visiting_is_not_jail():
    s = new_game(2, setup=place(0, 6))
    s = roll(s, 1, 3)
    assert s.players[0].pos == JAIL and not s.players[0].jailed
    assert s.turn.player == 1


def test_go_to_jail_moves_you_to_jail_without_go_and_ends_the_turn_even_on_doubles():
    s = new_game(2, setup=place(0, 26))
    s = roll(s, 2, 2)                                   # doubles onto Go to Jail
    p = s.players[0]
    assert p.pos == JAIL and p.jailed and webs(s) == [30, 30] and s.symbol == -1
    assert s.turn.player == 1                           # no roll again for the doubles


def test_subway_may_move_you_to_any_property():
    s = new_game(2, setup=place(0, 20))
    s = roll(s, 2, 3)
    assert decider(s) == (0, "subway")
    assert len(options(s)) == 1 + 24                    # stay, or any of the 24 properties
    s = act(s, "ride", 39)
    assert s.players[0].pos == 39 and decider(s) == (0, "buy")  # follow the space's rules


def test_subway_may_be_declined():
    s = new_game(2, setup=place(0, 20))
    s = roll(s, 2, 3)
    s = act(s, "stay")
    assert s.players[0].pos == SUBWAY3 and s.turn.player == 1


def test_subway_past_go_pays_nothing_and_does_not_hand_over_the_symbol():
    s = new_game(2, setup=lambda s: (place(0, 31)(s), setattr(s, "symbol", 1)))
    s = roll(s, 1, 3)                                   # 35 Subway
    assert s.players[0].pos == SUBWAY4
    s = act(s, "ride", TOMBSTONE)
    assert s.players[0].pos == TOMBSTONE and webs(s)[0] == 30 and s.symbol == 1


def test_subway_ride_to_an_owned_property_pays_rent():
    s = new_game(2, setup=both(place(0, 20), own(1, TOMBSTONE)))
    s = roll(s, 2, 3)
    s = act(s, "ride", TOMBSTONE)
    assert webs(s) == [29, 31]
