"""Restarting `lanboard host` / `join` continues this player's recent unfinished match of the
same kind; older or other matches are left alone (and an older one is mentioned)."""
import json
import os
import socket
import time

from cli.auto_resume import RECENT_S, resumable
from cli.node_runner import node_running


def _match(home, name, *, seat, game="overwatch-monopoly", bot=None, finished=False, age=0):
    d = home / "matches"
    d.mkdir(parents=True, exist_ok=True)
    path = d / f"{name}.match"
    path.write_bytes(b"\xa0")
    (d / f"{name}.json").write_text(json.dumps({"seat": seat, "game": game, "bot": bot,
                                                "finished": finished, "name": "Ann"}))
    t = time.time() - age
    os.utime(path, (t, t))
    return path


def test_the_hosts_recent_unfinished_match_is_continued(tmp_path):
    path = _match(tmp_path, "aaaa", seat=0)
    assert resumable(tmp_path, "host", "overwatch-monopoly", None) == (path, None)


def test_a_finished_match_or_one_of_another_role_game_or_bot_is_not_continued(tmp_path):
    _match(tmp_path, "done", seat=0, finished=True)
    _match(tmp_path, "joined", seat=2)
    _match(tmp_path, "mario", seat=0, game="mario-monopoly")
    _match(tmp_path, "bot", seat=0, bot="greedy")
    assert resumable(tmp_path, "host", "overwatch-monopoly", None) == (None, None)


def test_a_joiner_continues_whatever_game_it_was_playing(tmp_path):
    path = _match(tmp_path, "bbbb", seat=3, game="spiderman-monopoly", bot="random")
    assert resumable(tmp_path, "join", None, "random") == (path, None)
    assert resumable(tmp_path, "join", None, None) == (None, None)   # a person, not the bot


def test_an_old_unfinished_match_is_only_mentioned_and_the_newest_recent_one_wins(tmp_path):
    old = _match(tmp_path, "old", seat=0, age=RECENT_S + 60)
    assert resumable(tmp_path, "host", "overwatch-monopoly", None) == (None, old)
    _match(tmp_path, "earlier", seat=0, age=120)
    newest = _match(tmp_path, "newest", seat=0, age=10)
    assert resumable(tmp_path, "host", "overwatch-monopoly", None) == (newest, old)


def test_a_node_counts_as_running_only_while_its_control_socket_answers(tmp_path):
    path = tmp_path / "control.sock"
    assert not node_running(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen()
    assert node_running(path)
    server.close()                    # the file stays behind, as after a crash
    assert path.exists() and not node_running(path)


def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    from protocol.identity import load_or_create
    load_or_create(tmp_path)
    return tmp_path


def test_a_new_game_is_refused_while_this_players_node_still_runs(tmp_path, monkeypatch, capsys):
    from cli.main import main
    from cli.ui.launch import default_control
    _home(tmp_path, monkeypatch)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(default_control()))
    server.listen()
    try:
        for argv in (["host", "--headless", "--no-announce", "--new"],
                     ["join", "--peer", "127.0.0.1:9", "--headless"]):
            assert main(argv) == 2
            err = capsys.readouterr().err
            assert "a node of yours is still running a game" in err and "attach" in err
    finally:
        server.close()


def test_a_peer_that_cannot_be_reached_is_one_line_not_a_traceback(tmp_path, monkeypatch, capsys):
    from cli.main import main
    _home(tmp_path, monkeypatch)
    assert main(["join", "--peer", "127.0.0.1:1", "--headless", "--new"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("lanboard join: ") and "127.0.0.1:1" in err
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_resuming_a_file_that_is_not_this_players_match_says_so(tmp_path, monkeypatch, capsys):
    from cli.main import main
    _home(tmp_path, monkeypatch)
    other = tmp_path / "game.match"
    other.write_bytes(b"\xa0")
    assert main(["resume", str(other), "--headless"]) == 2
    err = capsys.readouterr().err
    assert "is not one of your matches" in err and "lanboard verify" in err


def test_play_refused_while_a_node_runs_says_how_to_open_list_or_stop_it(tmp_path, monkeypatch,
                                                                         capsys):
    from cli.main import main
    from cli.ui.launch import default_control
    _home(tmp_path, monkeypatch)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(default_control()))
    server.listen()
    try:
        assert main(["play", "--game", "mario-monopoly", "--headless"]) == 2
        err = capsys.readouterr().err
        assert "still running a game" in err
        assert all(f"`lanboard {cmd}`" in err for cmd in ("attach", "games", "stop"))
    finally:
        server.close()
