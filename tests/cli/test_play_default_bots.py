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


def test_host_without_seats_seats_as_many_as_the_game_takes(monkeypatch, tmp_path, capsys):
    """`lanboard host --game overwatch-tactics` opens a two-seat lobby (the hex game seats two)
    instead of refusing the default of four; --bots is then checked against those two seats."""
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    assert main(["host", "--game", "overwatch-tactics", "--bots", "2", "--headless", "--new",
                 "--name", "Ann"]) == 2
    err = capsys.readouterr().err
    assert "--bots must leave a seat for you: 0 to 1" in err, err
    assert "is for 2 to 2 players" not in err
