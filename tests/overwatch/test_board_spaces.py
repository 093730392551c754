"""Rulebook section "The Board Spaces": objectives, auctions, rent, Push the Payload, Health
Pack, Just Visiting, Free Parking, GO, Go to Jail, jail and the Ultimate Ability space."""
import pytest

from tests.monopoly_scenario import own

from .scenario import (DATA, DEFAULT_TEAMS, act, decider, edit, end_turn, hp, new_game,
                       options, pending, roll, turn_roll)

MARKETPLACE, NUMBANI = 1, 3          # set 1, price 1
HOLLYWOOD, EICHENWALDE = 5, 7        # set 2, price 1
DORADO, ROUTE66 = 9, 11              # set 3, price 2
JAIL, FREE_PARKING, GO_TO_JAIL = 8, 16, 24
NEPAL = 25                           # set 7, price 4


def at(seat: int, pos: int, hp_: int | None = None):
    def change(s):
        s.players[seat].pos = pos
        if hp_ is not None:
            s.players[seat].hp = hp_
    return change


def test_objective_board_runs_from_marketplace_to_kings_row_cheapest_first():
    objectives = [sp for sp in DATA.spaces if sp.kind == "objective"]
    assert objectives[0].name == "Marketplace" and objectives[-1].name == "King's Row"
    assert objectives[-1].price == 5
    prices = [sp.price for sp in objectives]
    assert prices == sorted(prices)


def test_capturing_an_uncaptured_objective_costs_its_price():
    s = turn_roll(new_game(), 1, "tank")
    s = act(s, "move")
    assert decider(s) == (0, "capture")
    s = act(s, "capture")
    assert s.owners[MARKETPLACE] == 0 and s.players[0].hp == 9


def test_auction_starts_with_the_lander_in_seat_order_and_the_highest_bidder_pays_the_bank():
    s = turn_roll(new_game(), 1, "tank")
    s = act(s, "move")
    s = act(s, "auction")
    assert decider(s) == (0, "auction")
    assert options(s)[0] == ("bid", 1)  # bids start at 1 HP
    s = act(s, "bid", 1)
    assert decider(s)[0] == 1
    s = act(s, "bid", 3)
    s = act(s, "pass")       # seat 2 leaves
    s = act(s, "pass")       # seat 3 leaves
    assert decider(s) == (0, "auction") and ("bid", 4) in options(s)
    s = act(s, "pass")       # seat 0 leaves: seat 1 wins at 3
    assert s.owners[MARKETPLACE] == 1
    assert hp(s) == [10, 7, 10, 10]


def test_auction_where_everyone_passes_leaves_the_objective_uncaptured():
    s = turn_roll(new_game(), 1, "tank")
    s = act(s, "move")
    s = act(s, "auction")
    for _ in range(4):
        s = act(s, "pass")
    assert s.owners[MARKETPLACE] == -1 and hp(s) == [10, 10, 10, 10]


def test_rent_is_paid_to_the_owner_automatically():
    s = edit(new_game(), own((DORADO, 1)))
    s = edit(s, at(0, 7))  # from 7, a 2 lands on Dorado (9)
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert hp(s)[:2] == [8, 12]


def test_rent_is_double_when_the_owner_has_both_objectives_of_the_set():
    s = edit(new_game(), own((DORADO, 1), (ROUTE66, 1)))
    s = edit(s, at(0, 7))
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert hp(s)[:2] == [6, 14]


def test_landing_on_your_own_objective_costs_nothing():
    s = edit(new_game(), own((DORADO, 0)))
    s = edit(s, at(0, 7))
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert hp(s)[0] == 10


def test_a_jailed_owner_still_collects_rent():
    s = edit(new_game(), own((DORADO, 1)))
    s = edit(s, lambda s: (setattr(s.players[1], "pos", JAIL), setattr(s.players[1], "jailed", True)))
    s = edit(s, at(0, 7))
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert hp(s)[:2] == [8, 12]


def test_push_the_payload_advances_to_the_next_payload_space_and_stops():
    s = turn_roll(new_game(), 2, "tank")
    s = act(s, "move")
    assert s.players[0].pos == 10  # 2 -> next Push the Payload at 10; its rules are not re-run
    assert decider(s) == (0, "turn")


def test_push_the_payload_past_go_pays_2_hp_and_levels_up():
    s = edit(new_game(), at(0, 24))
    s = turn_roll(s, 2, "tank")   # 24 -> 26 payload -> 2 (passing GO)
    s = act(s, "move")
    assert s.players[0].pos == 2 and s.players[0].hp == 12
    s = end_turn(s)
    assert len(s.players[0].loot) == 1


def test_push_the_payload_path_springs_a_steel_trap():
    s = edit(new_game(), lambda s: s.traps.__setitem__(6, 3))  # seat 3's trap on space 6
    s = turn_roll(s, 2, "tank")
    s = act(s, "move")
    assert s.players[0].pos == 6 and s.players[0].hp == 8 and s.traps[6] == -1


def test_health_pack_rolls_the_numbered_die_for_hp():
    s = edit(new_game(), at(0, 0, 20))
    s = turn_roll(s, 4, "tank")
    s = act(s, "move")
    assert pending(s).label == "health pack"
    s = roll(s, 6)
    assert s.players[0].hp == 25  # 20 + 6 stops at the 25 cap


def test_just_visiting_does_nothing():
    s = edit(new_game(), at(0, 5))
    s = turn_roll(s, 3, "tank")
    s = act(s, "move")
    assert s.players[0].pos == JAIL and not s.players[0].jailed and hp(s)[0] == 10


def test_free_parking_forces_a_trade_of_one_objective_for_another_players():
    s = edit(new_game(), own((MARKETPLACE, 0), (NEPAL, 2)))
    s = edit(s, at(0, 13))
    s = turn_roll(s, 3, "tank")
    s = act(s, "move")
    assert decider(s) == (0, "free_parking")
    assert set(options(s)) == {("swap", MARKETPLACE, NEPAL), ("decline",)}
    s = act(s, "swap", MARKETPLACE, NEPAL)  # the other player must accept: no answer is asked
    assert s.owners[NEPAL] == 0 and s.owners[MARKETPLACE] == 2


def test_free_parking_swap_is_optional():
    s = edit(new_game(), own((MARKETPLACE, 0), (NEPAL, 2)))
    s = edit(s, at(0, 13))
    s = turn_roll(s, 3, "tank")
    s = act(s, "move")
    s = act(s, "decline")
    assert s.owners[NEPAL] == 2 and s.owners[MARKETPLACE] == 0


def test_free_parking_without_objectives_to_swap_asks_nothing():
    s = edit(new_game(), at(0, 13))
    s = turn_roll(s, 3, "tank")
    s = act(s, "move")
    assert decider(s) == (0, "turn")


def test_go_to_jail_sends_to_jail_without_go_pay_or_level_up_and_ends_the_turn():
    s = edit(new_game(), at(0, 21))
    s = turn_roll(s, 3, "support")  # Ana's ability is still unused
    s = act(s, "move")
    p = s.players[0]
    assert p.pos == JAIL and p.jailed and p.hp == 10
    assert s.turn.player == 1  # the turn is over: the unused ability is lost
    assert p.loot == []


def test_go_to_jail_after_passing_go_in_the_same_turn_cancels_the_level_up():
    s = edit(new_game(), at(0, 21))
    s = turn_roll(s, 3, "tank")
    s = edit(s, lambda s: setattr(s.turn, "level_up", True))  # as if GO was passed earlier
    s = act(s, "move")
    assert s.players[0].jailed and s.turn.player == 1
    assert s.players[0].loot == [] and len(s.loot_deck) == 9


def jailed(seat: int, tries: int = 0):
    def change(s):
        p = s.players[seat]
        p.pos, p.jailed, p.jail_tries = JAIL, True, tries
    return change


def test_jail_pay_5_hp_then_roll_both_dice_and_take_the_turn():
    s = new_game(setup=jailed(0))
    assert set(options(s)) == {("pay_jail",), ("roll_jail",)}
    s = act(s, "pay_jail")
    assert hp(s)[0] == 5 and not s.players[0].jailed
    assert pending(s).sizes == (6, 6)  # both dice
    s = roll(s, 1, 1)
    s = act(s, "move")
    assert s.players[0].pos == 9


def test_jail_fee_needs_5_hp():
    s = new_game(setup=lambda s: (jailed(0)(s), setattr(s.players[0], "hp", 4)))
    # Only the roll for a 6 remains, so it is made at once.
    assert pending(s).sizes == (6,) and pending(s).label.startswith("jail")


def test_jail_roll_of_6_gets_out_free_and_rolls_both_dice():
    s = new_game(setup=jailed(0))
    s = act(s, "roll_jail")
    assert pending(s).sizes == (6,)  # the numbered die only: no ability die in jail
    s = roll(s, 6)
    assert not s.players[0].jailed and hp(s)[0] == 10
    assert pending(s).sizes == (6, 6)


def test_failed_jail_roll_ends_the_turn():
    s = new_game(setup=jailed(0))
    s = act(s, "roll_jail")
    s = roll(s, 5)
    assert s.players[0].jailed and s.players[0].jail_tries == 1 and s.turn.player == 1


def test_after_the_second_failed_jail_roll_the_player_may_exit_for_free_to_just_visiting():
    s = new_game(setup=jailed(0, tries=1))
    s = act(s, "roll_jail")
    s = roll(s, 2)
    assert decider(s) == (0, "jail_exit")
    assert set(options(s)) == {("leave_jail",), ("stay_in_jail",)}
    s = act(s, "leave_jail")
    p = s.players[0]
    assert not p.jailed and p.pos == JAIL and s.turn.player == 1  # rolls normally next turn


def test_after_the_second_failed_jail_roll_the_player_may_stay_in_jail():
    # "you may exit": staying (away from the others' rent) is a choice the rulebook leaves.
    s = new_game(teams=DEFAULT_TEAMS[:2], setup=jailed(0, tries=1))
    s = act(roll(act(s, "roll_jail"), 2), "stay_in_jail")
    assert s.players[0].jailed and s.turn.player == 1
    s = end_turn(roll(act(turn_roll(s, 4, "support"), "move"), 1))  # to the Health Pack
    # Next turn: pay or try again; each failed try after the second offers the exit again.
    assert s.turn.player == 0 and set(options(s)) == {("pay_jail",), ("roll_jail",)}
    s = roll(act(s, "roll_jail"), 4)
    assert decider(s) == (0, "jail_exit") and s.players[0].jail_tries == 3


def test_a_jailed_player_takes_part_in_auctions():
    s = edit(new_game(), jailed(1))
    s = turn_roll(s, 1, "tank")
    s = act(s, "move")
    s = act(s, "auction")
    s = act(s, "pass")
    assert decider(s) == (1, "auction")


def test_ultimate_ability_space_offers_the_leaders_ultimate_and_the_ability_die_still_counts():
    s = edit(new_game(), at(0, 3))
    s = turn_roll(s, 3, "support")
    s = act(s, "move")
    assert decider(s) == (0, "ultimate")
    assert set(options(s)) == {("ultimate", "tracer", 1), ("ultimate", "tracer", 2),
                               ("ultimate", "tracer", 3), ("decline",)}
    s = act(s, "ultimate", "tracer", 2)  # Pulse Bomb: 8 HP
    assert hp(s)[2] == 2
    s = act(s, "ability", "ana", "heal")  # "You'll get to activate two abilities!"
    assert hp(s)[0] == 13


def test_ultimate_is_optional():
    s = edit(new_game(), at(0, 3))
    s = turn_roll(s, 3, "support")
    s = act(s, "move")
    s = act(s, "decline")
    assert hp(s) == [10, 10, 10, 10]


def test_go_space_pays_2_hp_when_landed_on():
    s = edit(new_game(), at(0, 28))
    s = turn_roll(s, 4, "support")
    s = act(s, "move")
    assert s.players[0].pos == 0 and hp(s)[0] == 12


def test_the_bot_stays_in_jail_by_choice_only_while_rent_waits_outside_and_not_for_long():
    import random

    from .scenario import GAME
    dear = own((DORADO, 1), (ROUTE66, 1), (13, 1), (15, 1))
    s = new_game(teams=DEFAULT_TEAMS[:2], setup=lambda c: (jailed(0, tries=1)(c), dear(c)))
    s = roll(act(s, "roll_jail"), 2)
    bot = lambda s: GAME.greedy_move(s, pending(s), random.Random(0))  # noqa: E731
    assert bot(s) == ("stay_in_jail",)
    assert bot(edit(s, lambda c: setattr(c.players[0], "jail_tries", 4))) == ("leave_jail",)
    cheap = edit(s, lambda c: c.owners.__setitem__(slice(None), [-1] * len(c.owners)))
    assert bot(cheap) == ("leave_jail",)
