"""An unfinished match is continued only when the player says so: `host` opens a new lobby and
`join` joins one; at a terminal the player is asked first about a recent unfinished match of the
same kind (older or other matches are left alone), in a script one line names it and the command
that resumes it. `forget` moves a match's files to the archive it names, after saying so."""
import json
import os
import socket
import sys
import time

import pytest

from cli.command_hint import lanboard
from cli.node_runner import node_running
from cli.unfinished import RECENT_S, same_kind


def _match(home, name, *, seat, game="overwatch-monopoly", bot=None, finished=False, age=0,
           others=("Alice", "Bot 1"), data=b"\xa0"):
    d = home / "matches"
    d.mkdir(parents=True, exist_ok=True)
    path = d / f"{name}.match"
    path.write_bytes(data)
    players = [{"name": n, "key": f"{k:064x}"} for k, n in enumerate(others)]
    players.insert(seat if seat <= len(players) else len(players), {"name": "Ann", "key": "ff"})
    (d / f"{name}.json").write_text(json.dumps({"seat": seat, "game": game, "bot": bot,
                                                "finished": finished, "name": "Ann",
                                                "players": players}))
    t = time.time() - age
    os.utime(path, (t, t))
    return path


def test_the_hosts_recent_unfinished_match_is_the_one_offered(tmp_path):
    path = _match(tmp_path, "aaaa", seat=0)
    assert same_kind(tmp_path, "host", "overwatch-monopoly", None) == (path, None)


def test_a_finished_match_or_one_of_another_role_game_or_bot_is_not_offered(tmp_path):
    _match(tmp_path, "done", seat=0, finished=True)
    _match(tmp_path, "joined", seat=2)
    _match(tmp_path, "mario", seat=0, game="mario-monopoly")
    _match(tmp_path, "bot", seat=0, bot="greedy")
    assert same_kind(tmp_path, "host", "overwatch-monopoly", None) == (None, None)


def test_a_joiner_is_offered_whatever_game_it_was_playing(tmp_path):
    path = _match(tmp_path, "bbbb", seat=2, game="spiderman-monopoly", bot="random")
    assert same_kind(tmp_path, "join", None, "random") == (path, None)
    assert same_kind(tmp_path, "join", None, None) == (None, None)   # a person, not the bot


def test_an_old_unfinished_match_is_only_named_and_the_newest_recent_one_is_offered(tmp_path):
    old = _match(tmp_path, "old", seat=0, age=RECENT_S + 60)
    assert same_kind(tmp_path, "host", "overwatch-monopoly", None) == (None, old)
    _match(tmp_path, "earlier", seat=0, age=120)
    newest = _match(tmp_path, "newest", seat=0, age=10)
    assert same_kind(tmp_path, "host", "overwatch-monopoly", None) == (newest, old)


class NewGame(Exception):
    """Raised where host/join go on to start their own node: what the command said it does."""


@pytest.fixture
def started(tmp_path, monkeypatch):
    """(home, what happened): "resumed PATH" when the command resumed a match, "new" when it
    went on to open a lobby or join one."""
    _home(tmp_path, monkeypatch)
    (tmp_path / "name").write_text("Ann\n")   # a name remembered: only the match is asked
    happened = []

    def resume(path, args):
        happened.append(f"resumed {path.stem}")
        return 0

    def make_node(*a, **kw):
        happened.append("new")
        raise NewGame

    monkeypatch.setattr("cli.cmd_resume.resume", resume)
    monkeypatch.setattr("cli.cmd_host.make_node", make_node)
    monkeypatch.setattr("cli.cmd_join.make_node", make_node)
    return tmp_path, happened


HOST = ["host", "--headless", "--no-announce", "--seats", "3", "--bots", "1"]
JOIN = ["join", "--peer", "127.0.0.1:9", "--headless"]


def _run(argv):
    from cli.main import main
    try:
        return main(argv)
    except NewGame:
        return None


@pytest.mark.parametrize("argv", [HOST, JOIN], ids=["host", "join"])
def test_in_a_script_host_and_join_do_what_they_say_and_name_the_unfinished_match(
        started, argv, capsys):
    home, happened = started
    _match(home, "aaaa1111", seat=0 if argv is HOST else 2)
    _run(argv)
    assert happened == ["new"]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unfinished match with Alice and Bot 1 from " in err[0]
    assert f"`{lanboard('resume', 'aaaa1111')}`" in err[0]


@pytest.mark.parametrize("answer", ["n", "r"])
def test_at_a_terminal_the_player_chooses_to_resume_or_start_a_new_game(started, answer,
                                                                       monkeypatch):
    home, happened = started
    path = _match(home, "cccc2222", seat=0, age=60)
    asked = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda q: asked.append(q) or ["?", answer][len(asked) - 1])
    _run(HOST)
    at = time.strftime("%H:%M", time.localtime(path.stat().st_mtime))
    assert asked[0] == (f"You have an unfinished match with Alice and Bot 1 from {at}: resume it "
                        "(r) or start a new game (n)? ") and len(asked) == 2   # "?" asked again
    assert happened == (["resumed cccc2222"] if answer == "r" else ["new"])


def test_new_asks_nothing_and_names_nothing(started, monkeypatch, capsys):
    home, happened = started
    _match(home, "dddd", seat=0)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    _run(HOST + ["--new"])
    assert happened == ["new"] and capsys.readouterr().err == ""


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
        assert all(f"`{lanboard(cmd)}`" in err for cmd in ("attach", "games", "stop"))
    finally:
        server.close()
