"""A replay stepped to its end says who won, for every game (issue 17: only Spider-Man's
narration did), and Overwatch's final scores are broken into objectives, the Loot Boxes turned
face up at the end (public then) and Play of the Game, in the replay and on the live end
screen."""
import re

import pytest

from cli.cmd_replay import load_match
from cli.main import main
from cli.ui import screens
from cli.ui.app import ReplaySteps
from cli.ui.model import Model
from engine.games.game_package import SeatNames
from node.words import result_words

BREAKDOWN = re.compile(r"(.+): (\d+) = objectives (\d+) \+ Loot Boxes (\d+) \+ Play of the Game (\d+)")


def _replayed_to_the_end(tmp_path, game: str):
    path = tmp_path / f"{game}.match"
    assert main(["sim", "--game", game, "--players", "2", "--seed", "3", "--log", str(path)]) == 0
    steps, names, game_id = load_match(str(path))
    model = Model()
    replay = ReplaySteps(model, steps, names, game_id)
    replay.step(10 ** 9)                      # End
    return model, steps[-1]


@pytest.mark.parametrize("game", ["overwatch-monopoly", "mario-monopoly", "overwatch-tactics"])
def test_the_end_of_a_replay_says_who_won(tmp_path, game):
    model, last = _replayed_to_the_end(tmp_path, game)
    assert last.get("over"), "the match file's last step ends the game"
    winners = " and ".join(model.names.plain(w) for w in last["over"]["winners"])
    assert any(line.startswith(f"Game over: winner {winners} (scores: ") for line in model.log), \
        model.log


def test_overwatch_final_scores_are_broken_into_objectives_loot_boxes_and_play_of_the_game(
        tmp_path):
    model, last = _replayed_to_the_end(tmp_path, "overwatch-monopoly")
    parts = [BREAKDOWN.fullmatch(line) for line in model.log if BREAKDOWN.fullmatch(line)]
    scores = last["over"]["scores"]
    assert len(parts) == len(scores)
    for m in parts:
        assert int(m[2]) == int(m[3]) + int(m[4]) + int(m[5])
    assert sorted(int(m[2]) for m in parts) == sorted(scores)
    assert any(int(m[4]) for m in parts)      # the boxes' values, turned face up, count


def test_the_live_overwatch_end_screen_shows_the_breakdown_the_node_sent(tmp_path):
    model, last = _replayed_to_the_end(tmp_path, "overwatch-monopoly")
    model.result = dict(last["over"])
    text = "\n".join("".join(t for _, t in line) for line in screens.over_screen(model, 80, 24))
    assert last["over"]["said"] and all(line in text for line in last["over"]["said"]), text


def test_a_game_without_words_on_its_result_gets_none():
    assert result_words("mario-monopoly", None, SeatNames()) == []
