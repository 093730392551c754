"""The game screen for chosen states at 80x24 and 120x40, compared with stored snapshots.

Set LANBOARD_UPDATE_SNAPSHOTS=1 to rewrite them after an intended change, then read the diff.
"""
import os
from pathlib import Path

import pytest

from cli.ui.board import geometry, plain, render_board
from cli.ui.screens import game_screen
from tests.ui import states

SNAPSHOTS = Path(__file__).with_name("snapshots")
CASES = {
    "opening": (states.opening_four_players, 0),
    "midgame": (states.crowded_midgame, 0),
    "auction": (states.auction_two_players, 0),
    "capture": (states.capture_two_players, 0),
}


def screen_text(model, width, height) -> str:
    return "\n".join("".join(f[1] for f in line).rstrip()
                     for line in game_screen(model, width, height, lambda k: None))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_game_screen_matches_its_snapshot(case, size):
    build, seat = CASES[case]
    model = states.model_for(build(), seat, log=["Ann rolled 3 and the support icon",
                                                 "Ann moved to Numbani"])
    text = screen_text(model, *size)
    lines = text.splitlines()
    assert len(lines) == size[1] and max(map(len, lines)) <= size[0]
    path = SNAPSHOTS / f"{case}-{size[0]}x{size[1]}.txt"
    if os.environ.get("LANBOARD_UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == path.read_text(encoding="utf-8"), f"screen differs from {path}"


def test_every_space_is_drawn_once_with_its_owner_digit():
    s = states.crowded_midgame()
    model = states.model_for(s)
    text = plain(render_board(model.state, geometry(120, 40), model.glossary))
    assert text.count("Volskaya") == 1 and text.count("owner 3") == 1   # Cy owns Volskaya
    assert text.count("King's R") == 1 and "owner 4" in text
    assert " trap" in text and " tur" in text


def test_tokens_stand_on_their_players_spaces():
    model = states.model_for(states.crowded_midgame())
    geo = geometry(80, 24)
    lines = plain(render_board(model.state, geo, model.glossary)).splitlines()
    # Ann (1) and Dee (4) share Push the Payload (space 2): bottom row, third cell from the right
    left = geo.left(6)
    assert lines[-1][left:left + 2] == "14"
    # Bob (2) is jailed on the Jail corner, bottom left
    assert lines[-1][0] == "2"
