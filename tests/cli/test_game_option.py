"""--game of host, play, sim and demo: any registered game, listed in --help; an unknown id is
refused with the known ones named and exit status 2."""
import json

import pytest

import engine
from cli.main import main
from tests.worded_toy import GAME_ID

COMMANDS = ("host", "play", "sim", "demo")


@pytest.mark.parametrize("command", COMMANDS)
def test_game_option_help_lists_every_registered_game(command, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")   # one help line per option: ids are not hyphen-wrapped
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    line = next(x for x in capsys.readouterr().out.splitlines()
                if x.strip().startswith("--game GAME"))
    ids = ", ".join(engine.game_ids())
    assert GAME_ID in ids and "overwatch-monopoly" in ids
    assert line.split("--game GAME", 1)[1].strip() == \
        f"the game to play, one of: {ids} (default: overwatch-monopoly)"


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_game_is_refused_naming_the_known_games(command, capsys):
    assert main([command, "--game", "chess"]) == 2
    assert capsys.readouterr().err == (f"lanboard {command}: unknown game 'chess'; known games: "
                                       f"{', '.join(engine.game_ids())}\n")


def test_sim_plays_a_game_other_than_overwatch(capsys):
    assert main(["sim", "--game", GAME_ID, "--players", "3", "--seed", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == GAME_ID and len(result["scores"]) == 3
    assert result["winners"] and result["state_hash"]
