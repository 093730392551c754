"""Scenario tests for the six group leaders' ultimates (landing on an Ultimate Ability space).

Ultimate spaces are 6, 14, 22 and 30; the tests land on 6 from 3 with a 3, or on 30 from 27.
"""
from __future__ import annotations

from engine import Chance
from tests.overwatch.scenario import act, decider, edit, hp, options, pending, roll, turn_roll
from tests.overwatch.test_abilities import move, plain_turn, positions, situation, whose_roll

ULT = 6


def land_on_ultimate(s, role="tank"):
    """Roll a 3 and move from 3 onto the ultimate space at 6."""
    s = move(turn_roll(s, 3, role))
    assert positions(s)[0] == ULT and decider(s) == (0, "ultimate")
    return s


def test_an_ultimate_may_be_declined():
    s = situation([("reaper", "roadhog", "ana"), ("dva", "bastion", "zenyatta")], pos=[3, 20])
    s = land_on_ultimate(s)
    assert set(options(s)) == {("ultimate", "reaper"), ("decline",)}
    s = act(s, "decline")
    assert hp(s) == [10, 10]


def test_the_ability_die_can_still_be_used_after_the_ultimate():
    s = situation([("reaper", "roadhog", "ana"), ("dva", "bastion", "zenyatta")], pos=[3, 20])
    s = act(land_on_ultimate(s, "support"), "ultimate", "reaper")
    assert decider(s) == (0, "turn")
    assert ("ability", "ana", "heal") in options(s)
    s = act(s, "ability", "ana", "shoot", 1)  # "You'll get to activate two abilities!"
    assert hp(s) == [10, 10 - 4 - 3]


def test_dva_self_destruct_one_chosen_player_pays_5_all_others_pay_2():
    s = situation([("dva", "hanzo", "ana"), ("mercy", "soldier76", "roadhog"),
                   ("winston", "genji", "zenyatta"), ("reaper", "orisa", "moira")],
                  pos=[3, 20, 21, 23])
    s = land_on_ultimate(s, "support")
    assert set(options(s)) == {("ultimate", "dva", 1), ("ultimate", "dva", 2),
                               ("ultimate", "dva", 3), ("decline",)}
    s = act(s, "ultimate", "dva", 2)
    assert hp(s) == [10, 8, 5, 8]


def test_lucio_sound_barrier_collects_4_hp_and_blocks_the_next_ability_against_him():
    s = situation([("lucio", "genji", "reinhardt"), ("dva", "bastion", "ana"),
                   ("winston", "mccree", "zenyatta")], pos=[3, 10, 10])
    s = act(land_on_ultimate(s, "damage"), "ultimate", "lucio")
    assert hp(s) == [14, 10, 10] and s.players[0].immune
    assert whose_roll(s) == 1
    s = act(turn_roll(s, 6, "damage"), "ability", "bastion")  # Lúcio is immune this once
    assert hp(s) == [14, 10, 8] and not s.players[0].immune
    s = act(turn_roll(s, 6, "damage"), "ability", "mccree", 0)
    assert hp(s) == [12, 10, 8]


def test_lucio_sound_barrier_ends_at_the_start_of_his_next_turn():
    s = situation([("lucio", "genji", "reinhardt"), ("dva", "bastion", "ana")], pos=[3, 10])
    s = act(land_on_ultimate(s, "damage"), "ultimate", "lucio")
    s = plain_turn(s, 6)
    assert whose_roll(s) == 0 and not s.players[0].immune


def test_mercy_valkyrie_advances_to_the_next_uncaptured_objective_and_follows_it():
    s = situation([("mercy", "soldier76", "roadhog"), ("dva", "bastion", "ana")], pos=[3, 20])
    s = act(land_on_ultimate(s), "ultimate", "mercy")
    assert positions(s)[0] == 7 and decider(s) == (0, "capture")
    s = act(s, "capture")
    assert s.owners[7] == 0 and hp(s) == [9, 10]


def test_mercy_valkyrie_skips_captured_objectives_to_a_health_pack():
    s = situation([("mercy", "soldier76", "roadhog"), ("dva", "bastion", "ana")], pos=[3, 20],
                  owners={7: 1, 9: 1, 11: 0})
    s = act(land_on_ultimate(s), "ultimate", "mercy")
    assert positions(s)[0] == 12  # past 7, 9, 11 (captured) and 10 (payload: no push)
    assert isinstance(pending(s), Chance) and pending(s).label == "health pack"
    s = roll(s, 2)
    assert hp(s) == [12, 10]


def test_mercy_valkyrie_passing_go_collects_no_hp_and_gives_no_level_up():
    s = situation([("mercy", "soldier76", "roadhog"), ("dva", "bastion", "ana")], pos=[27, 20],
                  owners={31: 1, 1: 1, 3: 1})
    s = move(turn_roll(s, 3, "tank"))
    assert positions(s)[0] == 30 and decider(s) == (0, "ultimate")
    s = act(s, "ultimate", "mercy")
    assert positions(s)[0] == 4  # 31, 1, 3 captured; 0 is GO; 2 is a payload
    s = roll(s, 1)  # the health pack
    assert hp(s) == [11, 10]
    assert not s.turn.level_up
    s = act(s, "end_turn")
    assert whose_roll(s) == 1 and s.players[0].loot == []


def test_mercy_valkyrie_stops_at_a_steel_trap_on_the_way():
    s = situation([("mercy", "soldier76", "roadhog"), ("dva", "junkrat", "ana")], pos=[3, 20],
                  owners={7: 1, 9: 1, 11: 0}, traps={10: 1})
    s = act(land_on_ultimate(s), "ultimate", "mercy")
    assert positions(s)[0] == 10 and hp(s) == [8, 10] and s.traps[10] == -1
    assert decider(s) == (0, "turn")  # no payload push and no health pack


def test_reaper_death_blossom_all_other_players_pay_4():
    s = situation([("reaper", "roadhog", "ana"), ("dva", "bastion", "zenyatta"),
                   ("mercy", "genji", "orisa"), ("winston", "hanzo", "moira")], pos=[3, 20, 21, 23])
    s = act(land_on_ultimate(s), "ultimate", "reaper")
    assert hp(s) == [10, 6, 6, 6]


def test_reaper_death_blossom_is_blocked_by_an_immune_player():
    s = situation([("reaper", "roadhog", "ana"), ("dva", "bastion", "zenyatta"),
                   ("mercy", "genji", "orisa")], pos=[3, 20, 21])
    s = edit(s, lambda c: setattr(c.players[1], "immune", True))
    s = act(land_on_ultimate(s), "ultimate", "reaper")
    assert hp(s) == [10, 10, 6] and not s.players[1].immune


def test_tracer_pulse_bomb_one_chosen_player_pays_8():
    s = situation([("tracer", "roadhog", "ana"), ("dva", "bastion", "zenyatta"),
                   ("mercy", "genji", "orisa")], pos=[3, 20, 21])
    s = land_on_ultimate(s)
    assert set(options(s)) == {("ultimate", "tracer", 1), ("ultimate", "tracer", 2),
                               ("decline",)}
    s = act(s, "ultimate", "tracer", 2)
    assert hp(s) == [10, 10, 2]


def test_tracer_pulse_bomb_on_a_player_with_3_hp_eliminates_a_hero():
    s = situation([("tracer", "roadhog", "ana"), ("dva", "bastion", "zenyatta")], pos=[3, 20],
                  hp_=[10, 3])
    s = act(land_on_ultimate(s), "ultimate", "tracer", 1)
    assert decider(s) == (1, "eliminate")
    s = act(s, "eliminate", "bastion")
    assert hp(s) == [10, 3 - 3 + 5 - 5]
    assert [h.active for h in s.players[1].heroes] == [False, True]


def test_winston_primal_rage_collects_5_and_all_other_players_pay_2():
    s = situation([("winston", "genji", "ana"), ("dva", "bastion", "zenyatta"),
                   ("mercy", "hanzo", "orisa")], pos=[3, 20, 21])
    s = act(land_on_ultimate(s), "ultimate", "winston")
    assert hp(s) == [15, 8, 8]


def test_death_blossom_debts_are_settled_player_by_player_in_seat_order():
    s = situation([("reaper", "roadhog", "ana"), ("dva", "bastion", "zenyatta"),
                   ("mercy", "genji", "orisa")], pos=[3, 20, 21], hp_=[10, 1, 2])
    s = act(land_on_ultimate(s), "ultimate", "reaper")
    assert decider(s) == (1, "eliminate")
    s = act(s, "eliminate", "zenyatta")
    assert hp(s) == [10, 1 - 1 + 5 - 3, 0]  # player 2 has paid what they had
    assert decider(s) == (2, "eliminate")
    s = act(s, "eliminate", "genji")
    assert hp(s) == [10, 2, 2 - 2 + 5 - 2]


def test_dva_self_destruct_on_an_immune_player_is_blocked_and_the_others_still_pay_2():
    s = situation([("dva", "hanzo", "ana"), ("mercy", "soldier76", "roadhog"),
                   ("winston", "genji", "zenyatta")], pos=[3, 20, 21])
    s = edit(s, lambda c: setattr(c.players[1], "immune", True))
    s = act(land_on_ultimate(s, "support"), "ultimate", "dva", 1)
    assert hp(s) == [10, 10, 8] and not s.players[1].immune
