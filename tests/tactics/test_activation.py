"""PLAYING THE GAME and MOVING: free interleaving, Speed, levels, passives, heroes never share."""
import pytest

from engine.core import IllegalMove
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, board, full, options, play


def _steps(s, hid):
    return {(o[2], o[3]) for o in options(s) if o[0] == "step" and o[1] == hid}


def test_heroes_activate_in_any_interleaving():
    s = board({"reaper": (ATTACK, 2, 1), "mercy": (ATTACK, 2, 0), "reinhardt": (DEFENCE, 5, 0)})
    # Reaper moves, Mercy moves and boosts him, he moves on, she shoots, then he does
    s = play(s, ("step", "reaper", 3, 1), ("step", "mercy", 3, 0),
             ("ability", "mercy", "damage_boost", 3, 1), ("step", "reaper", 4, 1),
             ("attack", "mercy", 0, "reinhardt"), ("attack", "reaper", 0, "reinhardt"))
    assert s.hero("reinhardt").hp == 1000 - 75 - (350 + 50)


def test_movement_is_speed_hexes_per_turn_and_can_be_resumed():
    s = board({"reaper": (ATTACK, 2, 1), "mercy": (DEFENCE, 12, 0)})   # Reaper: Speed 3
    s = play(s, ("step", "reaper", 3, 1), ("step", "reaper", 4, 1))
    assert _steps(s, "reaper")
    s = play(s, ("step", "reaper", 5, 1))
    assert _steps(s, "reaper") == set()


def test_up_one_level_per_step_and_down_any_number():
    s = board({"reaper": (ATTACK, 2, 1), "mercy": (DEFENCE, 12, 0)},
              heights={(3, 1): 2, (1, 1): 1, (2, 0): 1})
    assert (3, 1) not in _steps(s, "reaper") and {(1, 1), (2, 0)} <= _steps(s, "reaper")
    s = board({"reaper": (ATTACK, 2, 1), "mercy": (DEFENCE, 12, 0)}, heights={(2, 1): 2})
    assert (3, 1) in _steps(s, "reaper")                   # two levels down in one step


def test_a_hero_never_shares_a_hex_nor_enters_the_payload_or_the_enemy_spawn():
    s = board({"reaper": (ATTACK, 2, 1), "tracer": (ATTACK, 3, 1), "mercy": (DEFENCE, 12, 1)})
    assert (3, 1) not in _steps(s, "reaper")
    with pytest.raises(IllegalMove):
        FLAT.apply(s, ("step", "reaper", 3, 1))
    s = board({"reaper": (ATTACK, 12, 0), "mercy": (DEFENCE, 2, 0)}, spawn=0)  # spawn 0: (13,0)...
    assert (13, 0) not in _steps(s, "reaper")
    start = FLAT.data.route[0]
    s = board({"reaper": (ATTACK, start[0] + 1, start[1]), "mercy": (DEFENCE, 2, 0)})
    assert start not in _steps(s, "reaper")


def test_passive_lifesteal_heals_on_a_main_weapon_hit():
    s = board({"reaper": (ATTACK, 2, 1), "reinhardt": (DEFENCE, 3, 1)})
    s.hero("reaper").hp = 100
    s = play(s, ("attack", "reaper", 0, "reinhardt"))
    sheet = FLAT.data.heroes["reaper"]
    assert sheet.lifesteal > 0
    assert s.hero("reaper").hp == 100 + sheet.lifesteal
    assert s.hero("reinhardt").hp == full("reinhardt") - sheet.weapons[0].grid[0]


def test_passive_regeneration_heals_in_the_cool_down_step():
    s = board({"mercy": (DEFENCE, 2, 1), "tracer": (ATTACK, 9, 1)})
    s.hero("mercy").hp = 100
    s = play(s, ("end",))
    assert s.active == DEFENCE and s.hero("mercy").hp == 150


def test_heal_reaches_an_ally_in_range_and_sight_never_past_full():
    s = board({"mercy": (ATTACK, 2, 1), "tracer": (ATTACK, 4, 1), "reaper": (DEFENCE, 9, 1)})
    s.hero("tracer").hp = full("tracer") - 100     # less missing than the staff heals
    s = play(s, ("ability", "mercy", "caduceus_staff", 4, 1))
    assert s.hero("tracer").hp == full("tracer")
    assert not [o for o in options(s) if o[:3] == ("ability", "mercy", "caduceus_staff")]


def test_resurrect_returns_a_defeated_ally_next_to_mercy_at_full_hp():
    s = board({"mercy": (ATTACK, 2, 1), "tracer": (ATTACK,), "reaper": (DEFENCE, 9, 1)})
    s.hero("tracer").hp = 0
    s = play(s, ("ability", "mercy", "resurrect", 3, 1, "tracer"))
    t = s.hero("tracer")
    assert (t.placed, t.at, t.hp) == (True, (3, 1), full("tracer"))
