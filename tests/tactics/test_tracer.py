"""Tracer's sheet as the rulebook gives it: Pulse Pistols and Blink (2)."""
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, board, options, play

PISTOLS = ("attack", "tracer", 0, "reinhardt")


def test_pulse_pistols_deal_300_in_advantage_whatever_the_range():
    for q in (3, 4, 5, 6):
        s = board({"tracer": (ATTACK, 2, 1), "reinhardt": (DEFENCE, q, 1)}, heights={(2, 1): 2})
        assert play(s, PISTOLS).hero("reinhardt").hp == 1000 - 300


def test_pulse_pistols_deal_50_in_disadvantage_whatever_the_range():
    for q in (3, 4, 5, 6):
        s = board({"tracer": (ATTACK, 2, 1), "reinhardt": (DEFENCE, q, 1)}, heights={(q, 1): 1})
        assert play(s, PISTOLS).hero("reinhardt").hp == 1000 - 50


def test_pulse_pistols_reach_four_hexes_and_deal_more_the_closer():
    dealt = []
    for q in (3, 4, 5, 6):
        s = board({"tracer": (ATTACK, 2, 1), "reinhardt": (DEFENCE, q, 1)})
        dealt.append(1000 - play(s, PISTOLS).hero("reinhardt").hp)
    assert dealt == sorted(dealt, reverse=True) and dealt[0] == 300 and dealt[-1] == 50
    s = board({"tracer": (ATTACK, 2, 1), "reinhardt": (DEFENCE, 7, 1)})
    assert PISTOLS not in options(s)


def test_blink_has_cool_down_2_and_is_movement_that_spends_no_speed():
    s = board({"tracer": (ATTACK, 2, 1), "reinhardt": (DEFENCE, 12, 1)})
    s = play(s, ("ability", "tracer", "blink", 5, 1))
    t = s.hero("tracer")
    assert (t.at, t.moved, t.cubes[0]) == ((5, 1), 0, 2)
