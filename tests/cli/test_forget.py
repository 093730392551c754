"""`lanboard forget MATCH` says what forgetting means, asks (`--yes` skips that), moves the
match's files to the archive folder it names, where `verify` still reads the match file; a
match other players may still be playing is never forgotten without a person's answer."""
import sys

import pytest

from cli.main import main
from node.runtime import unfinished_matches
from tests.cli.test_unfinished_matches import _home, _match
from tests.protocol.helpers import join, toy_match


@pytest.fixture
def home(tmp_path, monkeypatch):
    _home(tmp_path, monkeypatch)
    monkeypatch.setattr("cli.cmd_forget.announced_on_lan", lambda: {})
    return tmp_path


@pytest.fixture(scope="module")
def toy_log():
    run, _ = toy_match()
    log = run.sessions[0].log
    return join(log[:len(log) // 2])     # a match cut half way: unfinished


def test_forget_moves_the_files_to_the_archive_it_names_and_verify_still_reads_them(
        home, toy_log, capsys):
    path = _match(home, "abcdef0123456789", seat=0, age=7 * 3600, data=toy_log)
    (home / "matches" / "abcdef0123456789.unlogged").write_bytes(b"")
    (home / "matches" / "0000000000000000.json").write_text("{}")   # another match's note
    assert main(["forget", "abcd", "--yes"]) == 0
    out = capsys.readouterr().out
    archive = home / "archive"
    assert f"moves its files to {archive}" in out and "still checks it" in out
    assert sorted(p.name for p in archive.iterdir()) == [
        "abcdef0123456789.json", "abcdef0123456789.match", "abcdef0123456789.unlogged"]
    assert unfinished_matches(home) == [] and (home / "matches" / "0000000000000000.json").exists()
    assert main(["games"]) == 0 and "abcdef" not in capsys.readouterr().out
    assert main(["verify", "--partial", str(archive / path.name)]) == 0
    entries = len(toy_match()[0].sessions[0].log) // 2 - 1    # the genesis is not counted
    assert f"OK so far: {entries} entries" in capsys.readouterr().out


def test_forget_asks_first_and_nothing_moves_without_a_yes(home, monkeypatch, capsys):
    path = _match(home, "abcdef0123456789", seat=0, age=7 * 3600)
    assert main(["forget", "abcd"]) == 2            # a script: refused, not asked
    assert "confirm at a terminal, or pass --yes" in capsys.readouterr().err
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda q: "n")
    assert main(["forget", "abcd"]) == 1 and "not forgotten" in capsys.readouterr().out
    assert path.exists() and not (home / "archive").exists()
    monkeypatch.setattr("builtins.input", lambda q: "y")
    assert main(["forget", "abcd"]) == 0 and not path.exists()


def test_forget_of_an_unknown_or_ambiguous_match_says_so(home, capsys):
    assert main(["forget", "abcd", "--yes"]) == 2
    assert "no unfinished match 'abcd' of yours" in capsys.readouterr().err
    _match(home, "abcd1111", seat=0, age=7 * 3600)
    _match(home, "abcd2222", seat=0, age=7 * 3600)
    assert main(["forget", "abcd", "--yes"]) == 2
    assert "names 2 matches" in capsys.readouterr().err


def test_a_match_other_players_may_still_play_is_said_so_and_asked_even_with_yes(
        home, monkeypatch, capsys):
    recent = _match(home, "abcdef0123456789", seat=0, age=60)   # not over, last entry 1 min ago
    assert main(["forget", "abcdef", "--yes"]) == 2
    captured = capsys.readouterr()
    assert "Other players may still be playing this match" in captured.out
    assert "its last entry is recent" in captured.out and "--yes does not skip" in captured.err
    assert recent.exists()
    asked = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda q: asked.append(q) or "y")
    assert main(["forget", "abcdef", "--yes"]) == 0
    assert asked == ["Forget it all the same? [y/N] "] and not recent.exists()


def test_a_match_announced_on_the_lan_is_said_so_however_old_its_last_entry(
        home, monkeypatch, capsys):
    old = _match(home, "abcdef0123456789", seat=0, age=7 * 3600)
    monkeypatch.setattr("cli.cmd_forget.announced_on_lan",
                        lambda: {"abcdef0123456789ffff": "Alice's node at 192.0.2.7:4000"})
    assert main(["forget", "abcdef", "--yes"]) == 2
    assert "announced on the LAN by Alice's node at 192.0.2.7:4000" in capsys.readouterr().out
    assert old.exists()


def test_a_match_a_node_of_ours_still_runs_is_refused_until_it_is_stopped(home, monkeypatch,
                                                                          capsys):
    from cli.background import RunningNode
    path = _match(home, "abcdef0123456789", seat=0, age=7 * 3600)
    mine = RunningNode(home / "control-X.sock", {"match": "abcdef0123456789" + "0" * 48}, 0.0,
                       False)

    async def running(home=None):
        return [mine]
    monkeypatch.setattr("cli.cmd_forget.running_nodes", running)
    assert main(["forget", "abcdef", "--yes"]) == 2
    assert "a node of yours is running match abcdef0123456789" in capsys.readouterr().err
    assert path.exists()


def test_the_archive_is_the_users_alone_as_the_matches_folder(home, toy_log):
    # Issue 24.6: every file the node writes for a match is 0600 in a 0700 folder; forgotten,
    # they keep their mode, and the archive that lists them is the user's alone too.
    import os
    import stat
    path = _match(home, "abcdef0123456789", seat=0, age=7 * 3600, data=toy_log)
    os.chmod(path, 0o600)
    old = os.umask(0o022)   # the usual umask: a folder is 0755 unless made private
    try:
        assert main(["forget", "abcd", "--yes"]) == 0
    finally:
        os.umask(old)
    archive = home / "archive"
    assert stat.S_IMODE(archive.stat().st_mode) == 0o700
    assert stat.S_IMODE((archive / path.name).stat().st_mode) == 0o600
