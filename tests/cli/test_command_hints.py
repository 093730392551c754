"""A command a hint tells the player to type works where it is read: `lanboard ...` where
lanboard is on PATH, else the installed command's full path (after `make play`, .venv/bin is not
on PATH); the game-over line names the match file to verify."""
import subprocess
import sys
from pathlib import Path

from cli.command_hint import lanboard
from cli.ui import launch
from cli.ui.model import Model
from tests.ui.harness import attached_ui

FILE = "/home/pat/.local/share/lanboard/matches/0123456789abcdef.match"


def test_where_lanboard_is_on_path_a_hint_names_it_as_typed(tmp_path, monkeypatch):
    (tmp_path / "lanboard").write_text("#!/bin/sh\n")
    (tmp_path / "lanboard").chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert lanboard("attach") == "lanboard attach"


def test_where_lanboard_is_not_on_path_a_hint_names_a_command_that_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))             # as after `make play`: no lanboard
    hint = lanboard("games", "--help")
    assert not hint.startswith("lanboard ")
    done = subprocess.run(hint, shell=True, capture_output=True, text=True, timeout=60,
                          env={"PATH": str(tmp_path)})
    assert done.returncode == 0 and "usage: lanboard games" in done.stdout


def test_the_background_hint_after_the_ui_names_a_command_that_works(tmp_path, monkeypatch,
                                                                      capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    attached_ui(monkeypatch, Model(socket=tmp_path / "c.sock"))
    assert launch.open_ui(tmp_path / "c.sock") == 0
    out = capsys.readouterr().out
    assert f"  {Path(sys.executable).parent / 'lanboard'} attach {tmp_path / 'c.sock'}" in out


def test_the_game_over_line_names_the_match_file_to_verify(tmp_path, monkeypatch, capsys):
    m = Model(socket=tmp_path / "c.sock")
    m.status = {"file": FILE}
    m.result = {"scores": [3, 1], "winners": [0], "said": []}
    attached_ui(monkeypatch, m)
    assert launch.open_ui(tmp_path / "c.sock") == 0
    assert (f"The game is over. Verify the match file with `{lanboard('verify', FILE)}`."
            in capsys.readouterr().out)
