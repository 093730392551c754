"""The `?` help of the hex game: the rulebook's words as printed, the house readings that
change play said and true of the rules code, and every hero sheet's figures."""
import os
import re
from pathlib import Path

import pytest

from engine.games.overwatch_tactics import hexgrid as hx
from engine.games.overwatch_tactics import words_help
from tests.tactics.scenario import ATTACK, DEFENCE, GAME, board, full, options, play

# The rulebook is not in the repository: the shared folder beside the checkout holds it (as it
# does beside CI's clone); LANBOARD_RULEBOOKS names another folder.
_SHARED_RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
RULEBOOK = Path(os.environ.get("LANBOARD_RULEBOOKS", _SHARED_RULES)) / "overwatch-board-game.txt"
RULES_MD = Path(words_help.__file__).with_name("RULES.md")


def _plain(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("–", "-").split()).lower()


def _rulebook() -> str:
    if not RULEBOOK.exists():
        pytest.skip(f"the rulebook is not at {RULEBOOK} (set LANBOARD_RULEBOOKS to its folder)")
    return _plain(RULEBOOK.read_text(encoding="utf-8"))


def _paragraphs() -> list[str]:
    return [x for p in words_help.help_pages(GAME) for x in p["lines"]]


def test_every_quotation_in_the_help_is_the_rulebooks_text_as_printed():
    book = _rulebook()
    quoted = [q for x in _paragraphs() for q in re.findall(r'"([^"]+)"', x)]
    assert len(quoted) >= 15
    for q in quoted:
        if q in ("Range", "ready"):   # names on the sheet and the screen, not a quotation
            continue
        assert _plain(q) in book, q


def test_the_help_explains_the_payload_overwatch_cubes_sight_and_height():
    text = " ".join(_paragraphs())
    for topic in ("The payload.", "Overwatch.", "Abilities and cubes.", "Sight.", "Height.",
                  "Moving.", "The goal."):
        assert topic in text, topic


def test_the_house_readings_that_change_play_are_in_the_help_and_in_rules_md():
    readings = " ".join(words_help.HOUSE_READINGS)
    rules = RULES_MD.read_text(encoding="utf-8")
    for said in ("a hero straight behind another (or behind a row of them) is never hidden",
                 "The payload stops in front of a hero", "Cooldown runs on the owner's turns only",
                 "Overwatch fires only on entering"):
        assert said in readings, said
    sections = re.findall(r'RULES\.md "([^"]+)"', readings)
    assert len(sections) >= 4
    for section in sections:
        assert f"## {section}" in rules, section
    for said in ("never hidden", "stops in front of a hero", "owner's turns only",
                 "**enters**"):
        assert said in rules, said


def test_a_hero_straight_behind_others_is_never_hidden_only_semi_blocked():
    for d in hx.DIRECTIONS:
        for n in range(2, 8):
            target = (d[0] * n, d[1] * n)
            for k in range(1, n):   # one hero between, and a row of them up to the target
                assert hx.sight((0, 0), target, [(d[0] * k, d[1] * k)]) == hx.SEMI, (d, n, k)
            row = [(d[0] * k, d[1] * k) for k in range(1, n)]
            assert hx.sight((0, 0), target, row) == hx.SEMI, (d, n)


def test_the_payload_stops_in_front_of_a_hero_on_its_route_whoever_it_is():
    route = GAME.data.route
    s = board({"tracer": (ATTACK, *route[2]), "soldier": (ATTACK, *route[1]),
               "reaper": (DEFENCE, 0, 0)}, game=GAME, payload=0)
    # Soldier stands on the route ahead: the payload cannot move onto him
    s = play(s, ("end",), game=GAME)
    assert s.payload == 0


def test_cooldown_runs_on_the_owners_turns_only():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 12, 0)})
    blink = next(o for o in options(s) if o[:3] == ("ability", "tracer", "blink"))
    s = play(s, blink, ("end",))                     # 2 cubes; the defence's turn begins
    cubes = s.hero("tracer").cubes[0]
    s = play(s, ("end",))                            # the defence's turn: no cube off
    assert s.active == ATTACK and s.hero("tracer").cubes[0] == cubes - 1
    assert cubes == 2 and not any(o[:3] == ("ability", "tracer", "blink") for o in options(s))
    s = play(s, ("end",), ("end",))                  # the attack's next turn: ready
    assert s.hero("tracer").cubes[0] == 0
    assert any(o[:3] == ("ability", "tracer", "blink") for o in options(s))
    assert s.hero("tracer").hp == full("tracer")


def test_every_hero_sheet_has_a_help_page_with_its_figures():
    chars = words_help.characters(GAME)
    assert set(chars) == set(GAME.data.heroes)
    for hid, sh in GAME.data.heroes.items():
        text = " ".join(chars[hid]["help"])
        assert f"HP {sh.hp}, Speed {sh.speed}" in text
        for w in sh.weapons:
            assert f"{w.name} (main weapon, range {w.range})" in text
        for a in sh.abilities:
            assert a.name in text and (f"starts with {a.cooldown} cubes" if a.ultimate
                                       else f"cooldown {a.cooldown}") in text
