"""Rulebook section "Other Ways to Play": Mystery Heroes, No Limits, 6V6, Lock Out Elimination."""
import pytest

from engine import Decision

from .scenario import (DATA, GAME, act, decider, edit, end_turn, new_game, options, pending, roll,
                       turn_roll)


def test_mystery_heroes_deals_one_leader_and_two_characters_to_each_player():
    s = GAME.new(3, ["mystery-heroes"])
    s = roll(s, 2, 6, 1)                       # seat 1 rolls highest
    s = roll(s, 5, 4, 3, 2, 1, 0)              # leaders shuffled: dealt from the top, in order
    s = roll(s, *range(21))                    # characters in card order
    leaders = list(DATA.leaders())
    heroes = list(DATA.heroes())
    # dealt from the top of the shuffled pile, one each in turn from the highest roller (seat 1)
    assert [p.leaders for p in s.players] == [[leaders[3]], [leaders[5]], [leaders[4]]]
    assert [[h.id for h in p.heroes] for p in s.players] == [
        [heroes[2], heroes[5]], [heroes[0], heroes[3]], [heroes[1], heroes[4]]]
    assert s.turn.player == 1  # nobody chooses: the highest roller starts (RULES.md)


def test_mystery_heroes_may_respawn_but_not_swap_at_go():
    s = GAME.new(2, ["mystery-heroes"])
    s = roll(s, 6, 1)
    s = roll(s, *range(6))
    s = roll(s, *range(21))
    s = s.clone()
    s.players[0].pos = 31
    s.players[0].heroes[0].active = False
    s.agenda = [("turn",)]
    GAME._settle(s)
    s = turn_roll(s, 1, "support")
    s = act(s, "move") if isinstance(pending(s), Decision) and ("move",) in options(s) else s
    s = end_turn(s)
    assert decider(s) == (0, "level_up")
    assert {o[0] for o in options(s)} == {"respawn", "done"}


def test_no_limits_drafts_characters_of_any_role():
    s = GAME.new(2, ["no-limits"])
    s = roll(s, 6, 1)
    s = act(s, "leader", "tracer")
    s = act(s, "leader", "reaper")
    s = act(s, "hero", "genji")
    s = act(s, "hero", "hanzo")
    s = act(s, "hero", "mccree")   # three damage characters in one team
    assert ("hero", "pharah") in options(s)
    s = act(s, "hero", "ana")
    assert [h.id for h in s.players[0].heroes] == ["genji", "mccree"]


def test_no_limits_team_with_two_characters_of_the_rolled_role_chooses_which_acts():
    s = new_game(teams=[("tracer", "genji", "mccree"), ("winston", "reinhardt", "ana")],
                 variants=["no-limits"])
    s = turn_roll(s, 2, "damage")
    acting = {o[1] for o in options(s) if o[0] == "ability"}
    assert acting == {"tracer", "genji", "mccree"}


def test_no_limits_team_without_the_rolled_role_gets_no_ability():
    s = new_game(teams=[("tracer", "genji", "mccree"), ("winston", "reinhardt", "ana")],
                 variants=["no-limits"])
    s = turn_roll(s, 1, "support")
    assert s.players[0].pos == 1  # nothing to choose but the move: it was made at once


def test_6v6_is_only_for_two_players():
    with pytest.raises(ValueError, match="two-player"):
        GAME.new(3, ["6v6"])


def test_6v6_each_player_chooses_three_leaders_and_three_characters_of_any_role():
    teams = [("tracer", "reaper", "dva", "genji", "mccree", "hanzo"),
             ("winston", "mercy", "lucio", "ana", "moira", "zarya")]
    s = new_game(teams=teams, variants=["6v6"])
    assert s.players[0].leaders == ["tracer", "reaper", "dva"]
    assert [h.id for h in s.players[1].heroes] == ["ana", "moira", "zarya"]
    s = turn_roll(s, 6, "damage")
    acting = {o[1] for o in options(s) if o[0] == "ability"}
    assert acting == {"tracer", "reaper", "genji", "mccree", "hanzo"}


def test_6v6_ultimate_space_offers_each_of_your_leaders_ultimates():
    teams = [("tracer", "reaper", "dva", "genji", "mccree", "hanzo"),
             ("winston", "mercy", "lucio", "ana", "moira", "zarya")]
    s = new_game(teams=teams, variants=["6v6"], setup=lambda s: setattr(s.players[0], "pos", 3))
    s = turn_roll(s, 3, "tank")
    s = act(s, "move")
    assert {o[1] for o in options(s) if o[0] == "ultimate"} == {"tracer", "reaper", "dva"}


def test_lock_out_forces_every_hero_to_be_swapped_for_an_undrafted_one_of_the_same_role():
    s = new_game(variants=["lock-out"], setup=lambda s: setattr(s.players[0], "pos", 31))
    s = turn_roll(s, 1, "damage")
    s = act(s, "move")
    s = end_turn(s)
    assert decider(s) == (0, "level_up")
    assert ("done",) not in options(s)
    assert set(options(s)) == {("swap", "reinhardt", "zarya"), ("swap", "ana", "brigitte")}
    s = act(s, "swap", "reinhardt", "zarya")
    # Ana must go too; Brigitte is the only undrafted support, so that swap is made at once.
    assert [h.id for h in s.players[0].heroes] == ["zarya", "brigitte"]
    assert s.turn.player == 1


def test_lock_out_keeps_a_hero_when_no_undrafted_hero_of_its_role_is_left():
    teams = [("tracer", "reinhardt", "ana"), ("dva", "genji", "moira"),
             ("reaper", "orisa", "brigitte"), ("winston", "mei", "zenyatta")]
    s = new_game(teams=teams, variants=["lock-out"],
                 setup=lambda s: (setattr(s.players[0], "pos", 31),
                                  setattr(s.players[0].heroes[1], "active", False)))
    s = turn_roll(s, 1, "damage")
    s = act(s, "move")
    s = end_turn(s)
    # All four supports are drafted: Ana stays, and may be respawned; Reinhardt must go.
    assert set(o for o in options(s) if o[1] == "ana") == {("respawn", "ana")}
    assert ("done",) not in options(s)


@pytest.mark.parametrize("combo,reason", [
    (["mystery-heroes", "lock-out"], "cannot be combined"),
    (["mystery-heroes", "no-limits"], "replaces"),
    (["6v6", "no-limits"], "already ignores roles"),
    (["turbo"], "unknown variant"),
])
def test_variant_combinations_the_rules_do_not_allow_are_refused(combo, reason):
    with pytest.raises(ValueError, match=reason):
        GAME.new(2, combo)


@pytest.mark.parametrize("combo", [["lock-out", "no-limits"], ["6v6", "lock-out"],
                                   ["6v6", "mystery-heroes"]])
def test_compatible_variants_combine(combo):
    assert GAME.new(2, combo).variants == sorted(combo)
