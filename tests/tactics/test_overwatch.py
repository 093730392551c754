"""OVERWATCH: who may be set to it, automatic disadvantage shots once each, removal."""
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, board, full, least, options, play


def _watching_reaper(**more):
    # Defender Reaper (Hellfire Shotguns, range 2) watches; the attacker moves.
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 2, 1), **more}, active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("end",))
    assert s.active == ATTACK and s.hero("reaper").overwatch   # kept through the enemy's turn
    return s


def test_overwatch_shoots_an_enemy_moving_into_range_and_sight_at_disadvantage():
    s = _watching_reaper()
    s = play(s, ("step", "tracer", 3, 1))
    assert s.hero("tracer").hp == full("tracer")            # distance 3: out of range
    s = play(s, ("step", "tracer", 4, 1))                   # distance 2: in range
    assert s.hero("tracer").hp == full("tracer") - least("reaper")


def test_overwatch_shoots_an_enemy_entering_its_range_not_one_already_inside_moving_within():
    # "shoot any number of enemies moving into its range and line of sight": only entering
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 4, 1)}, active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("end",))
    s = play(s, ("step", "tracer", 5, 0))                   # distance 2 to 2: inside all along
    assert s.hero("tracer").hp == full("tracer") and s.hero("reaper").shot == []
    s = play(s, ("step", "tracer", 4, 0))                   # distance 3: out of range
    assert s.hero("tracer").hp == full("tracer")
    s = play(s, ("step", "tracer", 4, 1))                   # distance 2: enters it
    assert s.hero("tracer").hp == full("tracer") - least("reaper")


def test_an_ability_move_within_range_is_not_entering_it():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 4, 1)}, active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("end",))
    s = play(s, ("ability", "tracer", "blink", 7, 0))       # distance 2 to 1: still inside
    assert s.hero("tracer").hp == full("tracer") and s.hero("reaper").shot == []


def test_overwatch_shoots_each_enemy_only_once():
    s = _watching_reaper()
    s = play(s, ("step", "tracer", 3, 1), ("step", "tracer", 4, 1), ("step", "tracer", 5, 1),
             ("step", "tracer", 5, 0))
    assert s.hero("tracer").hp == full("tracer") - least("reaper")
    assert s.hero("reaper").shot == ["tracer"]


def test_overwatch_shoots_any_number_of_enemies():
    s = _watching_reaper(mercy=(ATTACK, 2, 0))
    s = play(s, ("step", "tracer", 3, 1), ("step", "tracer", 4, 1))
    s = play(s, ("step", "mercy", 3, 0), ("step", "mercy", 4, 0), ("step", "mercy", 5, 0))
    assert (s.hero("tracer").hp, s.hero("mercy").hp) == (full("tracer") - least("reaper"),
                                                         full("mercy") - least("reaper"))


def test_overwatch_needs_sight():
    s = _watching_reaper()
    s.height[FLAT.index[(5, 0)]] = 2
    s.height[FLAT.index[(5, 1)]] = 2
    s.height[FLAT.index[(4, 2)]] = 2
    s = play(s, ("step", "tracer", 3, 1), ("step", "tracer", 4, 1))
    assert s.hero("tracer").hp == full("tracer")


def test_a_hero_that_attacked_or_used_an_offensive_ability_cannot_be_set_to_overwatch():
    s = board({"tracer": (ATTACK, 2, 1), "pharah": (ATTACK, 2, 0), "reaper": (DEFENCE, 4, 1)})
    s = play(s, ("attack", "tracer", 0, "reaper"), ("ability", "pharah", "concussive_blast", 4, 1))
    assert ("overwatch", "tracer") not in options(s)
    assert ("overwatch", "pharah") not in options(s)


def test_a_hero_set_to_overwatch_does_nothing_more_this_turn():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)})
    s = play(s, ("overwatch", "tracer"))
    assert options(s) == (("end",),)


def test_overwatch_is_removed_at_the_beginning_of_its_owners_next_turn():
    s = _watching_reaper()
    s = play(s, ("end",))
    assert s.active == DEFENCE and not s.hero("reaper").overwatch


def test_overwatch_is_removed_when_the_hero_is_defeated():
    s = _watching_reaper()
    s.hero("reaper").hp = 50
    s = play(s, ("attack", "tracer", 0, "reaper"))
    r = s.hero("reaper")
    assert not r.placed and not r.overwatch


def test_several_overwatchers_fire_in_draft_order_and_a_defeat_stops_the_rest():
    s = board({"reaper": (DEFENCE, 6, 1), "soldier": (DEFENCE, 9, 0), "tracer": (ATTACK, 2, 1)},
              active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("overwatch", "soldier"), ("end",))
    s = play(s, ("step", "tracer", 3, 1))      # out of both ranges
    assert s.hero("tracer").hp == full("tracer")
    s.hero("tracer").hp = least("reaper")
    s = play(s, ("step", "tracer", 4, 1))      # into both: Reaper, drafted first, fires first
    assert not s.hero("tracer").placed
    assert s.hero("reaper").shot == ["tracer"] and s.hero("soldier").shot == []


def test_several_overwatchers_each_shoot_the_same_enemy_once():
    s = board({"reaper": (DEFENCE, 6, 1), "soldier": (DEFENCE, 9, 0), "tracer": (ATTACK, 2, 1)},
              active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("overwatch", "soldier"), ("end",))
    s = play(s, ("step", "tracer", 3, 1), ("step", "tracer", 4, 1))
    assert s.hero("tracer").hp == full("tracer") - least("reaper") - least("soldier")


def test_overwatch_never_fires_during_its_own_sides_turn():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 4, 1)}, active=DEFENCE)
    s = play(s, ("overwatch", "reaper"))
    assert s.hero("tracer").hp == full("tracer")   # an enemy already in range is not shot now


def test_an_ability_move_into_range_is_moving_into_range_too():
    s = _watching_reaper()
    s = play(s, ("ability", "tracer", "blink", 5, 1))
    assert s.hero("tracer").hp == full("tracer") - least("reaper")
