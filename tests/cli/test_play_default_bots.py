"""`lanboard play` without --bots seats as many bots as the game takes beside you."""
import pytest

from cli.main import main


@pytest.mark.parametrize("game, bots", [("overwatch-tactics", 1), ("overwatch-monopoly", 3),
                                        ("spiderman-monopoly", 3)])
def test_play_without_bots_fills_the_game_with_the_bots_it_seats(game, bots, monkeypatch,
                                                                 tmp_path, capsys):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    started = []

    def start_node(argv, role):     # the node is not what this checks: its command line is
        started.append(argv)
        return type("Proc", (), {"pid": 1})(), tmp_path / "control", tmp_path / "log"
    monkeypatch.setattr("cli.ui.launch.start_node", start_node)
    assert main(["play", "--game", game, "--headless"]) == 0
    argv = started[0]
    assert argv[argv.index("--bots") + 1] == str(bots)
    assert argv[argv.index("--seats") + 1] == str(bots + 1)
