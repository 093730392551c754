"""`lanboard games` and `lanboard stop`: a `play` game left in the background is listed with
how to attach and stop it; stop says first what leaving means, asks (or takes --yes), and ends
the node and its bots, keeping the match file resumable. CLI commands run in this process; the
game's nodes are real background processes in a home of the test's own."""
import json
import os
import signal
import time

import pytest

from cli.main import main
from node.runtime import unfinished_matches


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    return tmp_path


def _games(capsys) -> list[dict]:
    capsys.readouterr()
    assert main(["games", "--json"]) == 0
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def test_no_games_says_so(home, capsys):
    assert main(["games"]) == 0
    assert "no games of yours" in capsys.readouterr().out


@pytest.mark.slow   # real node processes in the background, as `play` leaves them
def test_a_background_play_game_is_listed_and_stop_ends_it_and_its_bots(home, capsys):
    assert main(["play", "--bots", "2", "--headless"]) == 0
    pid = int(capsys.readouterr().out.split("node pid ")[1].split(";")[0])
    try:
        games = _games(capsys)
        mine = [g for g in games if g["running"] and not g["bot"]]
        assert len(mine) == 1 and mine[0]["game"] == "overwatch-monopoly"
        assert mine[0]["seat"] == 0 and mine[0]["phase"] in ("lobby", "playing")
        match = mine[0]["match"]
        if match is None:   # the bots are still joining: the match starts in a moment
            for _ in range(200):
                time.sleep(0.05)
                match = [g for g in _games(capsys) if g["running"] and not g["bot"]][0]["match"]
                if match:
                    break
        assert main(["games"]) == 0
        text = capsys.readouterr().out
        assert f"lanboard attach {mine[0]['control']}" in text
        assert f"lanboard stop {match[:16]}" in text

        # without a terminal and without --yes nothing stops
        assert main(["stop"]) == 2
        out = capsys.readouterr()
        assert "bots on this machine stop with it" in out.out
        assert "--yes" in out.err
        assert [g["match"] for g in _games(capsys) if g["running"] and not g["bot"]] == [match]

        assert main(["stop", match[:8], "--yes"]) == 0
        assert "stopped" in capsys.readouterr().out
        after = _games(capsys)
        assert not [g for g in after if g["running"]]     # the node and both bots are gone
        assert [g["match"] for g in after] == [match[:16]]   # unfinished, resumable
        assert [p.stem for p in unfinished_matches(home)] == [match[:16]]
        assert not list(home.glob("control-*.sock")) and not list(home.glob("bots/*/*.sock"))
    finally:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


def test_stop_with_no_node_running_says_so(home, capsys):
    assert main(["stop", "--yes"]) == 2
    assert "no node of yours is running" in capsys.readouterr().err
