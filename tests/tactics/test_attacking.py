"""ATTACKING, ADVANTAGE, DISADVANTAGE, Measuring RANGE, LINE OF SIGHT, ABILITIES WITH RANGE."""
import pytest

from engine.core import IllegalMove
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, ability, board, full, options, play

PISTOLS = ("attack", "tracer", 0, "reaper")


def _hp(s, hid):
    return s.hero(hid).hp


@pytest.mark.parametrize("distance,damage", [(1, 300), (2, 200), (3, 100), (4, 50)])
def test_same_level_clear_shot_deals_the_grid_damage_for_the_distance(distance, damage):
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 2 + distance, 1)})
    assert _hp(play(s, PISTOLS), "reaper") == 500 - damage


def test_out_of_range_cannot_be_attacked():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 7, 1)})
    assert PISTOLS not in options(s)


def test_range_counts_hexes_not_a_straight_row():
    # (2,1) to (4,0): distance 2 although no row of hexes joins them
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 0)})
    assert _hp(play(s, PISTOLS), "reaper") == 500 - 200


def test_advantage_higher_level_and_clear_shot_deals_the_maximum():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 6, 1)}, heights={(2, 1): 1})
    assert _hp(play(s, PISTOLS), "reaper") == 500 - 300


def test_disadvantage_lower_level_deals_the_minimum():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 3, 1)}, heights={(3, 1): 1})
    assert _hp(play(s, PISTOLS), "reaper") == 500 - 50


def test_disadvantage_semi_blocked_sight_deals_the_minimum_even_from_above():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1), "mercy": (ATTACK, 3, 1)},
              heights={(2, 1): 1})
    assert FLAT.sight(s, s.hero("tracer"), (4, 1)) == "semi"
    assert _hp(play(s, PISTOLS), "reaper") == 500 - 50


def test_line_of_sight_is_blocked_by_any_other_hero_friend_or_foe():
    ring = {"mercy": (ATTACK, 3, 1), "ana": (DEFENCE, 3, 0), "soldier": (ATTACK, 2, 2)}
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1), **ring})
    assert FLAT.sight(s, s.hero("tracer"), (4, 1)) == "none"
    assert PISTOLS not in options(s)


def test_obstacle_two_levels_above_the_shooter_blocks_one_level_does_not():
    wall = {(3, 1): 2, (3, 0): 2, (2, 2): 2}
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights=wall)
    assert PISTOLS not in options(s)
    low = {k: 1 for k in wall}
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights=low)
    assert FLAT.sight(s, s.hero("tracer"), (4, 1)) == "full"
    # standing one level up, the same two-high wall is only one above: no longer an obstacle
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights={**wall, (2, 1): 1})
    assert FLAT.sight(s, s.hero("tracer"), (4, 1)) == "full"


def test_only_one_main_weapon_use_per_hero_per_turn():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)})
    s = play(s, PISTOLS)
    assert not [o for o in options(s) if o[0] == "attack"]
    with pytest.raises(IllegalMove):
        FLAT.apply(s, PISTOLS)


def test_volleyed_range_ability_hits_behind_a_wall_with_its_area():
    # Junkrat's RIP-Tire: Range 5, area 1, fired over a two-high wall; Tracer has no more HP
    # than it deals
    wall = {(3, 1): 2, (3, 0): 2, (2, 2): 2}
    s = board({"junkrat": (ATTACK, 2, 1), "reaper": (DEFENCE, 5, 1), "tracer": (DEFENCE, 6, 1),
               "mercy": (DEFENCE, 8, 1)}, heights=wall)
    assert FLAT.sight(s, s.hero("junkrat"), (5, 1)) == "none"
    rip = ability("junkrat", "rip_tire").damage
    s.hero("tracer").hp = rip
    s = play(s, ("ability", "junkrat", "rip_tire", 5, 1))
    assert (_hp(s, "reaper"), s.hero("tracer").placed, _hp(s, "mercy")) == (
        full("reaper") - rip, False, full("mercy"))


def test_area_heals_allies_and_damages_enemies_in_it():
    s = board({"ana": (ATTACK, 2, 1), "tracer": (ATTACK, 5, 1), "reaper": (DEFENCE, 6, 1)})
    s.hero("tracer").hp = 100
    s = play(s, ("ability", "ana", "biotic_grenade", 5, 1))
    grenade = ability("ana", "biotic_grenade")
    assert (_hp(s, "tracer"), _hp(s, "reaper")) == (100 + grenade.heal,
                                                    full("reaper") - grenade.damage)


def test_a_targeted_offensive_ability_needs_sight_unlike_a_volleyed_one():
    wall = {(3, 1): 2, (3, 0): 2, (2, 2): 2}
    s = board({"reinhardt": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights=wall)
    assert not [o for o in options(s) if o[:3] == ("ability", "reinhardt", "fire_strike")]
    s = board({"reinhardt": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)})
    s = play(s, ("ability", "reinhardt", "fire_strike", 4, 1))
    assert s.hero("reaper").hp == 500 - 150 and s.hero("reinhardt").offensive


def test_height_does_not_change_an_abilitys_damage():
    s = board({"pharah": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights={(2, 1): 2})
    s = play(s, ("ability", "pharah", "concussive_blast", 4, 1))
    assert s.hero("reaper").hp == full("reaper") - ability("pharah", "concussive_blast").damage
