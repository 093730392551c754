"""Restarting `lanboard host` / `join` continues this player's recent unfinished match of the
same kind; older or other matches are left alone (and an older one is mentioned)."""
import json
import os
import socket
import time

from cli.auto_resume import RECENT_S, resumable
from cli.cmd_resume import node_running


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
