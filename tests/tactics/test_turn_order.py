"""TURN ORDER: steps 0-5, the first turn skipping 0 and 1, cool-down, temporary tokens."""
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, GAME, board, play, through_setup


def _ult(s, hid):
    h = s.hero(hid)
    sheet = GAME.data.heroes[hid]
    return h.cubes[[a.ultimate for a in sheet.abilities].index(True)]


def test_the_attacker_starts_and_the_first_turn_skips_the_round_marker_and_cool_down():
    s = through_setup()
    assert (s.active, s.turns, s.round) == (ATTACK, 1, 1)
    for h in s.heroes:
        assert _ult(s, h.id) == [a.cooldown for a in GAME.data.heroes[h.id].abilities if a.ultimate][0]


def test_the_round_marker_moves_on_the_attackers_turn_only_and_cool_down_from_then_on():
    s = through_setup()
    att = next(h.id for h in s.heroes if h.side == ATTACK)
    dfn = next(h.id for h in s.heroes if h.side == DEFENCE)
    a0, d0 = _ult(s, att), _ult(s, dfn)
    s = GAME.apply(s, ("end",))                   # attacker's first turn ends
    assert (s.active, s.round) == (DEFENCE, 1)
    assert (_ult(s, att), _ult(s, dfn)) == (a0, d0 - 1)   # defender's step 1: its heroes only
    s = GAME.apply(s, ("end",))
    assert (s.active, s.round, s.turns) == (ATTACK, 2, 3)
    assert _ult(s, att) == a0 - 1


def test_cool_down_skips_heroes_off_the_board():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (ATTACK,), "mercy": (DEFENCE, 8, 1)},
              active=DEFENCE)
    s.hero("tracer").cubes = [2, 3]
    s.hero("reaper").cubes = [2, 3]
    s = play(s, ("end",))
    assert s.hero("tracer").cubes == [1, 2] and s.hero("reaper").cubes == [2, 3]


def test_an_ability_is_exhausted_until_its_cubes_are_gone():
    s = board({"tracer": (ATTACK, 2, 1), "mercy": (DEFENCE, 10, 1)})
    s = play(s, ("ability", "tracer", "blink", 4, 1))          # Blink (2)
    assert s.hero("tracer").cubes[0] == 2
    assert not any(o[:3] == ("ability", "tracer", "blink") for o in FLAT.pending(s).options)
    s = play(s, ("end",), ("end",))                             # next turn: one cube off
    assert s.hero("tracer").cubes[0] == 1
    assert not any(o[:3] == ("ability", "tracer", "blink") for o in FLAT.pending(s).options)
    s = play(s, ("end",), ("end",))
    assert any(o[:3] == ("ability", "tracer", "blink") for o in FLAT.pending(s).options)


def test_temporary_tokens_and_until_your_next_turn_effects_end_at_their_owners_step_2():
    s = board({"reinhardt": (DEFENCE, 5, 1), "mercy": (DEFENCE, 6, 1), "tracer": (ATTACK, 2, 1)},
              active=DEFENCE)
    s = play(s, ("ability", "reinhardt", "barrier_field", 4, 1),
             ("ability", "mercy", "damage_boost", 5, 1), ("end",))
    assert s.barriers == [[4, 1, DEFENCE]] and s.hero("reinhardt").boost == 50   # through the enemy turn
    s = play(s, ("end",))
    assert s.active == DEFENCE and s.barriers == [] and s.hero("reinhardt").boost == 0


def test_a_barrier_blocks_sight_like_a_hero():
    s = board({"reinhardt": (DEFENCE, 5, 1), "tracer": (ATTACK, 2, 1), "mercy": (DEFENCE, 4, 0)},
              active=DEFENCE)
    s = play(s, ("ability", "reinhardt", "barrier_field", 4, 1), ("end",))
    assert FLAT.sight(s, s.hero("tracer"), (5, 1)) != "full"


def test_boost_adds_to_main_weapon_damage():
    s = board({"mercy": (ATTACK, 1, 1), "tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 3, 1)})
    s = play(s, ("ability", "mercy", "damage_boost", 2, 1), ("attack", "tracer", 0, "reaper"))
    assert s.hero("reaper").hp == 500 - 350
