"""Rulebook sections "PROPERTIES" (buy or auction), "Collect color sets!" (double rent),
"Owned Properties" (rent, collected automatically) and the alliances' dice rent."""
from .scenario import (BLACK_CAT, DATA, ELECTRO, JAIL, SABLE, SHOCKER, BEETLE, CHAMELEON, both,
                       act, decider, new_game, options, own, pending, place, roll, total_webs,
                       webs)


def test_an_unowned_villain_can_be_bought_for_its_printed_price():
    s = new_game(3)
    start = total_webs(s)
    s = roll(s, 2, 4)                                  # Shocker, price 3
    assert DATA.spaces[SHOCKER].price == 3
    assert decider(s) == (0, "buy") and options(s) == (("buy",), ("auction",))
    s = act(s, "buy")
    assert s.owners[SHOCKER] == 0 and webs(s) == [27, 30, 30]
    assert total_webs(s) == start                      # the 3 webs went to the bank


def test_too_poor_to_buy_it_can_only_be_auctioned():
    s = new_game(3, setup=lambda s: setattr(s.players[0], "webs", 2))
    s = roll(s, 2, 4)
    # the single option "auction" was taken: the auction began with the lander
    assert decider(s) == (0, "auction")
    assert options(s) == (("bid", 1), ("bid", 2), ("pass",))


def test_declined_property_is_auctioned_from_1_web_in_seat_order_and_the_winner_pays_the_bank():
    s = new_game(3)
    s = roll(s, 2, 4)
    s = act(s, "auction")
    assert decider(s) == (0, "auction")
    assert options(s)[0] == ("bid", 1) and options(s)[-1] == ("pass",)
    assert len(options(s)) == 30 + 1                   # 1..30 webs, or pass
    s = act(s, "bid", 1)
    assert decider(s)[0] == 1 and options(s)[0] == ("bid", 2)
    s = act(s, "bid", 4)
    s = act(s, "pass")                                 # seat 2 leaves
    s = act(s, "bid", 5)                               # seat 0 again
    s = act(s, "pass")                                 # seat 1 leaves: seat 0 wins at 5
    assert s.owners[SHOCKER] == 0 and webs(s) == [25, 30, 30]


def test_if_nobody_bids_nobody_pays_and_the_property_stays_with_the_bank():
    s = new_game(3)
    s = roll(s, 2, 4)
    s = act(s, "auction")
    for _ in range(3):
        s = act(s, "pass")
    assert s.owners[SHOCKER] == -1 and webs(s) == [30, 30, 30]


def test_a_jailed_player_bids_in_auctions():
    s = new_game(2, setup=lambda s: (setattr(s.players[1], "jailed", True),
                                     setattr(s.players[1], "pos", JAIL)))
    s = roll(s, 2, 4)
    s = act(s, "auction")
    s = act(s, "pass")
    assert decider(s)[0] == 1
    s = act(s, "bid", 2)
    assert s.owners[SHOCKER] == 1 and webs(s) == [30, 28]


def test_rent_is_the_base_rent_and_is_paid_to_the_owner_automatically():
    s = new_game(2, setup=own(1, SHOCKER))
    s = roll(s, 2, 4)
    assert webs(s) == [30 - 1, 30 + 1]                 # Shocker's base rent is 1 (set 2)


def test_a_full_colour_set_doubles_the_rent():
    s = new_game(2, setup=own(1, SHOCKER, BEETLE, CHAMELEON))
    s = roll(s, 2, 4)
    assert webs(s) == [28, 32]


def test_an_incomplete_set_in_two_hands_is_not_doubled():
    s = new_game(3, setup=both(own(1, SHOCKER, BEETLE), own(2, CHAMELEON)))
    s = roll(s, 2, 4)
    assert webs(s) == [29, 31, 30]


def test_an_owner_in_jail_still_collects_rent():
    s = new_game(2, setup=both(own(1, ELECTRO), place(1, JAIL),
                               lambda s: setattr(s.players[1], "jailed", True)))
    s = roll(s, 5, 6)                                  # Electro, base rent 2
    assert webs(s) == [28, 32]


def test_landing_on_your_own_property_costs_nothing():
    s = new_game(2, setup=own(0, SHOCKER))
    s = roll(s, 2, 4)
    assert webs(s) == [30, 30]


def test_alliance_rent_is_a_roll_made_for_the_rent_times_1():
    # "Roll the dice to determine rent. If the owner has 1 alliance, rent is the amount of the
    # dice roll": the lander rolls again, for the rent.
    s = new_game(2, setup=both(own(1, SABLE), place(0, 3)))
    s = roll(s, 4, 5)                                  # 3 + 9 = 12 Silver Sable
    assert pending(s).sizes == (6, 6) and "alliance rent" in pending(s).label
    s = roll(s, 2, 1)
    assert webs(s) == [27, 33]


def test_alliance_rent_is_the_rent_roll_times_2_when_the_owner_has_both():
    s = new_game(2, setup=both(own(1, SABLE, BLACK_CAT), place(0, 3)))
    s = roll(roll(s, 4, 5), 6, 5)
    assert webs(s) == [8, 52]


def test_alliance_rent_after_the_subway_is_rolled_for_too():
    s = new_game(2, setup=both(own(1, BLACK_CAT), place(0, 20)))
    s = roll(s, 2, 3)                                  # 25 Subway
    s = roll(act(s, "ride", BLACK_CAT), 6, 6)          # doubles for the rent move nobody
    assert s.players[0].pos == BLACK_CAT and webs(s) == [18, 42]
    assert s.turn.doubles == 0
