"""`lanboard players`: the book listed (whole keys), renamed, forgotten; unknown codes and a
damaged book said in words; `list`, the join picker and the lobby screen mark each player."""
import json

import pytest
import trio

from cli.main import main
from node.discovery import LobbyInfo, LobbySeen
from node.players_book import Book
from protocol.identity import Identity

GUS, MALLORY = Identity.generate(), Identity.generate()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    Book(tmp_path).played(b"\x01" * 32, [(GUS.public, "Gus")], me=b"")
    return tmp_path


def test_players_lists_whole_keys_and_your_own_key_first(home, capsys):
    assert main(["players"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("you: check code ") and "whole key " in out[0]
    assert "compare the whole key" in out[1]
    assert out[2].startswith("Gus") and GUS.check_code in out[2] and GUS.public.hex() in out[2]
    assert main(["players", "--json"]) == 0
    (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (row["name"], row["code"], row["key"], row["games"]) == \
        ("Gus", GUS.check_code, GUS.public.hex(), 1)


def test_a_player_is_renamed_and_forgotten_by_check_code(home, capsys):
    assert main(["players", "rename", GUS.check_code.lower(), "Gustav"]) == 0
    assert Book(home).players[GUS.public.hex()].name == "Gustav"
    assert main(["players", "forget", GUS.check_code]) == 0
    assert "their next game with you marks them new" in capsys.readouterr().out
    assert Book(home).players == {}


@pytest.mark.parametrize("argv, said", [
    (["players", "forget", "AAAA-AAAA"], "no player with check code AAAA-AAAA in your book"),
    (["players", "rename", "nonsense", "X"], "'nonsense' is not a check code"),
    (["players", "rename", "{code}", "\x1b[2J"], "cannot be a name"),
])
def test_an_unknown_code_or_a_bad_name_is_an_error_in_words(home, capsys, argv, said):
    argv = [a.replace("{code}", GUS.check_code) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("lanboard players: ") and said in err and "Traceback" not in err


def test_a_damaged_book_is_said_and_kept_aside_never_a_traceback(home, capsys):
    (home / "players.json").write_text('{"version": 1, "players": 7}')
    assert main(["players"]) == 0
    err = capsys.readouterr().err
    assert "could not be read" in err and "moved aside to" in err
    assert (home / "players.json.damaged").read_text() == '{"version": 1, "players": 7}'


def _seen(name: str, key: bytes) -> LobbySeen:
    from protocol.identity import check_code
    info = LobbyInfo(game="overwatch-monopoly", host=name, code=check_code(key), seats_taken=1,
                     seats_total=4)
    return LobbySeen(name=f"{name} {info.code}", address="192.0.2.7", port=4000, info=info,
                     key=key)


def test_list_marks_each_host_by_its_proven_whole_key(home, capsys, monkeypatch):
    from protocol.identity import load_or_create
    me = load_or_create(home)
    found = [_seen("Gus", GUS.public), _seen("Gus", MALLORY.public), _seen("Ines", b"\x07" * 32),
             _seen("Me", me.public)]

    async def listed(*args, **kwargs):
        return found
    monkeypatch.setattr("cli.cmd_list.list_lobbies", listed)
    assert main(["list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Gus") and out[0].endswith("known (1 games)")
    # the impostor: the warning in words first, then its line
    assert out[1].startswith("WARNING: this Gus is NOT the Gus you played 1 game with")
    assert out[2].endswith("ANOTHER KEY under a known name")
    assert out[3].startswith("Ines") and out[3].endswith("new")
    assert out[4].startswith("Me") and out[4].endswith("yours")
    assert main(["list", "--json"]) == 0
    marks = [json.loads(line)["known"]["mark"] for line in capsys.readouterr().out.splitlines()]
    assert marks == ["known", "another key", "new", "you"]


def test_the_picker_and_the_lobby_screen_show_the_warning_before_the_start():
    from cli.ui.lobby_picker import LobbyPicker
    from cli.ui.model import Model
    from cli.ui.screens import lobby_screen
    from tests.ui.test_screens import text
    warning = "WARNING: this Gus is NOT the Gus you played 3 games with: another key"
    picker = LobbyPicker(lambda: [])
    picker.lobbies = [{"name": "Gus X", "host": "Gus", "code": "ABCD-EFGH", "game": "g",
                       "seats_taken": 1, "seats_total": 4, "phase": "lobby",
                       "address": "192.0.2.7", "port": 4000,
                       "known": {"mark": "another key", "words": warning}}]
    shown = "".join(t for _, t in picker.fragments())
    assert shown.index(warning) < shown.index("> Gus") and "ANOTHER KEY" in shown
    m = Model(status={"name": "Hana", "code": "HHHH-HHHH", "seat": 0, "phase": "lobby",
                      "players": [
                          {"name": "Hana", "code": "HHHH-HHHH", "known": {"mark": "you"}},
                          {"name": "Gus", "code": "ABCD-EFGH",
                           "known": {"mark": "another key", "words": warning}},
                          {"name": "Ines", "code": "IIII-IIII",
                           "known": {"mark": "known", "games": 2, "known_as": "Ines"}}]})
    screen = text(lobby_screen(m, 80, 24))
    assert screen.index("WARNING: this Gus is NOT") < screen.index("You are Hana")
    assert "ANOTHER KEY under a known name" in screen and "known, 2 games" in screen
