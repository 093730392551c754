"""The board screens of the three Monopoly games at 80x24, 120x40 and 200x60: stored snapshots,
and what every size guarantees (names in full from 120x40, nothing overlapping, the decision
shown, no other player's secret).

Set LANBOARD_UPDATE_SNAPSHOTS=1 to rewrite the snapshots after an intended change, then read
the diff.
"""
import os
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size

from cli.ui.app import GameUI
from cli.ui.board import abbreviate, cell_of, plain, render_board
from cli.ui.screens import board_geometry, newest_whole, overwatch_cells
from node.words import glossary
from tests.ui import states
from tests.ui.harness import terminal

SNAPSHOTS = Path(__file__).with_name("snapshots")
CASES = {
    "opening": (states.opening_four_players, 0),
    "midgame": (states.crowded_midgame, 0),
    "auction": (states.auction_two_players, 0),
    "capture": (states.capture_two_players, 0),
    "mario-midgame": (states.mario_midgame, 0),
    "spiderman-midgame": (states.spiderman_midgame, 0),
    "spiderman-auction": (states.spiderman_auction, 0),
}
SIZES = [(80, 24), (120, 40), (200, 60)]
SIZE_IDS = ["80x24", "120x40", "200x60"]


def game_model(case: str):
    build, seat = CASES[case]
    return states.model_for(build(), seat, log=["Ann rolled 3", "Ann moved on"])


def screen_text(model, width, height) -> str:
    return "\n".join("".join(f[1] for f in line).rstrip()
                     for line in model.screens.game(model, width, height, lambda k: None))


def cell_text(lines: list[str], geo, i: int, name_rows: bool) -> list[str]:
    """The text inside space i's cell (its name rows only, with `name_rows`)."""
    row, col = cell_of(i, geo.side)
    top, left = geo.top(row), geo.left(col)
    high = geo.rows[row] - (1 if name_rows else 0)
    return [lines[r].ljust(geo.width)[left:left + geo.cols[col] - 1] for r in range(top, top + high)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_game_screen_matches_its_snapshot(case, size):
    model = game_model(case)
    text = screen_text(model, *size)
    lines = text.splitlines()
    assert len(lines) == size[1] and max(map(len, lines)) <= size[0]
    path = SNAPSHOTS / f"{case}-{size[0]}x{size[1]}.txt"
    if os.environ.get("LANBOARD_UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == path.read_text(encoding="utf-8"), f"screen differs from {path}"


@pytest.mark.parametrize("size", SIZES[1:], ids=SIZE_IDS[1:])
@pytest.mark.parametrize("case", ["midgame", "mario-midgame", "spiderman-midgame"])
def test_from_120x40_every_space_and_hero_name_is_written_in_full(case, size):
    model = game_model(case)
    geo = board_geometry(model, *size)
    lines = screen_text(model, *size).splitlines()
    assert geo.mode == "full"
    for i in range(len(model.state["owners"])):
        name = model.glossary.space_name(i)
        inside = "".join(cell_text(lines, geo, i, name_rows=True))
        assert inside.replace(" ", "") == name.replace(" ", ""), (i, name, inside)
    g, st = model.glossary, model.state
    heroes = [g.char(c) for p in st["players"] for c in p.get("leaders", []) + [
        h["id"] for h in p.get("heroes", [])] + ([p["hero"]] if p.get("hero") else [])]
    heroes += [g.char(f["char"]) for f in st.get("figures", [])]
    text = " ".join(" ".join(lines).split())    # a name wrapped in the panel reads whole
    assert heroes and all(h in text for h in heroes), [h for h in heroes if h not in text]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("case", ["midgame", "mario-midgame", "spiderman-midgame"])
def test_cells_never_run_into_each_other_and_the_decision_is_shown(case, size):
    model = game_model(case)
    geo = board_geometry(model, *size)
    lines = screen_text(model, *size).splitlines()
    for i in range(len(model.state["owners"])):
        row, col = cell_of(i, geo.side)
        gap = geo.left(col) + geo.cols[col] - 1
        for r in range(geo.top(row), geo.top(row) + geo.rows[row]):
            assert lines[r].ljust(geo.width)[gap] == " ", (i, r, lines[r])
        first = cell_text(lines, geo, i, name_rows=False)[0]
        sp = model.glossary.space(i)
        assert first.startswith((sp["name"][:3], (sp.get("short") or sp["name"])[:3])), (i, first)
    below = lines[geo.height:]
    d = model.decision
    assert any(d["context"]["title"][:size[0]].rstrip() in x for x in below)
    assert any(x.startswith(">1 " + d["labels"][0][:size[0] - 3].rstrip()) for x in below)
    assert "q detach or leave" in lines[-1]


def test_another_players_loot_boxes_are_counted_and_only_ours_show_points_at_every_size():
    def loot(s):   # deck positions: the state never holds a hidden card's value
        s.players[0].loot, s.players[1].loot, s.players[2].loot = [0], [1, 2], [3]
    state = states.new_game(states.DEFAULT_TEAMS[:3], setup=loot)
    # what the node's state answer carries: the one card this seat decrypted (card 7: 50 points)
    model = states.model_for(state, 0, cards=[{"deck": "loot", "position": 0, "card": 7}])
    for size in SIZES:
        text = screen_text(model, *size)
        assert "2 loot" in text and "2 loot (" not in text, size
        # our points where the side panel has the room (80x24 gives each seat one short line)
        assert text.count("loot (") == (0 if size[0] < 120 else 1), size
        assert size[0] < 120 or "1 loot (50)" in text, size


def test_a_resized_terminal_is_drawn_at_its_new_size():
    model = game_model("mario-midgame")
    with terminal(80, 24) as (_, out):
        ui = GameUI(model)
        small = ui.screen_text()
        assert "Waddlewing's" not in small and "Waddl" in small
        out.size = Size(rows=40, columns=120)
        large = ui.screen_text().splitlines()
        assert len(large) == 40 and any("Waddlewing's" in x for x in large)


def test_every_overwatch_space_is_drawn_once_with_its_owner():
    model = states.model_for(states.crowded_midgame())
    text = plain(render_board(overwatch_cells(model), board_geometry(model, 120, 40)))
    assert text.count("Volskaya") == 1 and text.count("King's Row") == 1
    assert text.count("P3") == 1 and text.count("P4") == 2     # Cy owns one, Dee two
    assert "trap" in text and "tur" in text


def test_tokens_stand_on_their_players_spaces():
    model = states.model_for(states.crowded_midgame())
    geo = board_geometry(model, 80, 24)
    lines = plain(render_board(overwatch_cells(model), geo)).splitlines()
    # Ann (1) and Dee (4) share Push the Payload (space 2): bottom row, third cell from the right
    left = geo.left(6)
    assert lines[-1][left:left + 2] == "14"
    # Bob (2) is jailed on the Jail corner, bottom left
    assert lines[-1][0] == "2"


def test_the_space_a_decision_is_about_is_marked_on_the_board():
    from cli.ui.family_screens import spiderman_cells
    model = game_model("spiderman-auction")      # the auction of Hammerhead (space 3)
    assert model.decision["context"]["lot"]["space"] == 3
    marked = [i for i, cell in enumerate(spiderman_cells(model)) if cell.focus]
    assert marked == [3]
    lines = model.screens.game(model, 120, 40, lambda k: None)
    assert any("class:focus" in f[0] and "Hammerhead" in f[1] for line in lines for f in line)


def test_an_option_label_wraps_where_the_list_has_room_and_else_ends_in_an_ellipsis():
    model = game_model("mario-midgame")
    labels = model.decision["labels"]
    for rows in (24, 22):   # room for every wrap; then too little for them all
        lines = screen_text(model, 80, rows).splitlines()
        shown: list[str] = []
        for line in lines:
            if line[:1] in (" ", ">") and line[1:2].isdigit() and line[2:3] == " ":
                shown.append(line[3:].rstrip())
            elif shown and line.startswith("   ") and line.strip():
                shown[-1] += " " + line.strip()   # a label's second row
        assert len(shown) == len(labels)
        for text, label in zip(shown, labels):
            assert text == label or (text.endswith("…") and label.startswith(text[:-1])), text
        cut = [text for text in shown if text.endswith("…")]
        assert (rows == 24) == (not cut), cut


def test_a_board_name_too_long_for_its_cell_is_abbreviated_not_cut_mid_word():
    assert [abbreviate(n, 5) for n in ("Lizard", "Kraven the Hunter", "Mysterio", "Subway")] == \
        ["Lizrd", "Kravn", "Mystr", "Subwy"]
    assert abbreviate("Layer-Cake Desert", 7) == "Layer-C"
    assert abbreviate("Green Goblin", 9) == "Green Gob"    # a later word may be cut
    assert abbreviate("Volskaya Industries", 7) == "Volskay" and abbreviate("Hanamura", 99) == \
        "Hanamura"


@pytest.mark.parametrize("game_id", ["mario-monopoly", "spiderman-monopoly",
                                     "overwatch-monopoly"])
def test_every_space_name_abbreviates_to_its_first_letters_and_apart_from_the_others(game_id):
    names = sorted({sp["name"] for sp in glossary(game_id)["spaces"]})
    for room in (5, 7):
        short = {n: abbreviate(n, room) for n in names}
        assert all(len(s) <= room and s[:3] == n[:3] for n, s in short.items()), short
        assert len(set(short.values())) == len(names), short


def test_the_event_area_never_shows_the_end_of_a_sentence_without_its_start():
    said = "Bob (you): 10 coins; Peach on Sparkling Waters; Sparkling Waters; no bosses"
    model = game_model("mario-midgame")
    model.log = ["Ann rolled 3", said]
    for size in SIZES:
        shown = screen_text(model, *size)
        assert ("Waters; no bosses" in shown) <= ("Bob (you): 10 coins" in shown), size
    lines = ["".join(f[1] for f in line) for line in newest_whole([said, "Ann rolled 3"], 30, 2)]
    assert lines == ["Ann rolled 3"]                    # the long one does not fit whole
    lines = ["".join(f[1] for f in line) for line in newest_whole([said], 30, 2)]
    assert lines[0].startswith("Bob (you)") and lines[-1].endswith("…")


def test_while_the_teams_are_drafted_no_token_on_the_ring_is_marked_as_the_one_to_play():
    # Nobody's turn has begun (the panel marks no seat either): the seat picking is the
    # decision's, and the ring must not underline seat 1 as if it were to play.
    from engine import Decision
    from tests.overwatch.scenario import GAME
    s = GAME.apply_chance(GAME.new(4, ()), (6, 1, 1, 1))
    assert isinstance(GAME.pending(s), Decision) and s.turns == 0
    model = states.model_for(s, GAME.pending(s).player)
    tokens = [style for cell in overwatch_cells(model) for _, style in cell.tokens]
    assert len(tokens) == 4 and not any("token.turn" in style for style in tokens)
    assert "▶" not in screen_text(model, 120, 40)


def test_colour_sets_show_on_the_board_and_a_set_owned_whole_is_marked():
    model = states.model_for(states.crowded_midgame())
    # Ann owns Marketplace and Numbani (set 1) whole, as the node's board data says
    assert 1 in model.board["whole_sets"] and 2 not in model.board["whole_sets"]
    cells = overwatch_cells(model)
    assert cells[1].group == cells[3].group == ("s1*", "set 1 whole")
    assert cells[5].group == ("s2", "set 2") and cells[0].group == ()      # Hollywood; GO
    text = plain(render_board(cells, board_geometry(model, 120, 40)))
    assert text.count("s1* P1") == 2 and "set 2" in text
