"""`lanboard replay` steps through a verified match file; play/attach/replay refuse bad input
with a sentence and exit status 2; --json keeps host and join out of the UI."""
import asyncio
import argparse
import subprocess
import sys

import pytest

from cli.cmd_replay import load_steps
from cli.errors import UsageError
from cli.main import main
from cli.ui.launch import ui_wanted
from tests.ui.harness import ROOT, replay_ui, terminal, until


@pytest.fixture(scope="module")
def match_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "game.match"
    assert main(["sim", "--players", "2", "--seed", "7", "--log", str(path)]) == 0
    return path


def test_replay_loads_one_state_per_entry_of_a_verified_file(match_file):
    steps, names = load_steps(str(match_file))
    assert len(names) == 2 and len(steps) > 50
    assert [s["index"] for s in steps] == list(range(1, len(steps) + 1))
    assert {"move", "reveal", "attest"} <= {s["kind"] for s in steps}
    moves = [s for s in steps if s["kind"] == "move"]
    assert all(s["said"].startswith("chose: ") for s in moves)
    assert "as group leader" in moves[0]["said"]     # the option in words, not ['leader', 'dva']
    # the Loot Boxes are private draws: the replay says so, and the state shows no card
    # before they are turned face up at the end
    said = {s["kind"]: s["said"] for s in steps}
    assert said["draw"] == "a hidden card drawn: the others' decryption shares, for its holder alone"
    assert said["disclose"] == "the hidden cards turned face up"
    assert "shuffled the hidden deck" in said["shuffle"]
    before_end = [s for s in steps if s["kind"] != "disclose"][-2]["state"]
    assert set(before_end["loot_open"]) == {-1} and set(steps[-1]["state"]["loot_open"]) != {-1}


def test_replay_steps_forward_and_back_with_the_arrow_keys(match_file):
    steps, names = load_steps(str(match_file))

    async def script():
        with terminal(80, 24) as (inp, out):
            ui, task = await replay_ui(steps, names)
            model = ui.model
            assert "replay: entry 1 of" in ui.screen_text()
            inp.send_text("\x1b[C" * 30)           # → thirty times
            await until(lambda: ui.replay.at == 30, 5, "thirty steps", ui)
            at30 = ui.screen_text()
            assert "entry 31 of" in at30
            marked = [line for line in at30.splitlines() if line.startswith(">")]
            assert len(marked) == 1 and marked[0].split()[1] == "31"   # the timeline's mark
            inp.send_text("\x1b[D")                # ←
            await until(lambda: ui.replay.at == 29, 5, "a step back", ui)
            inp.send_text("\x1b[F")                # End
            await until(lambda: ui.replay.at == len(steps) - 1, 5, "the end", ui)
            assert model.state == steps[-1]["state"]
            inp.send_text("x")
            await until(lambda: "does nothing here" in model.message, 5, "an explanation", ui)
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


def test_replay_refuses_a_tampered_file(tmp_path, match_file):
    data = bytearray(match_file.read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / "bad.match"
    bad.write_bytes(bytes(data))
    with pytest.raises(UsageError):
        load_steps(str(bad))
    assert main(["replay", str(tmp_path / "missing.match")]) == 2


@pytest.mark.slow
def test_replay_without_a_terminal_is_a_clear_error_not_a_traceback(match_file):
    done = subprocess.run([sys.executable, "-m", "cli.main", "replay", str(match_file)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert "Traceback" not in done.stderr and done.returncode == 2
    assert done.stderr.startswith("lanboard replay: replay steps through a match at a terminal")
    assert len(done.stderr.strip().splitlines()) == 1


def test_attach_without_a_running_node_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    assert main(["attach"]) == 2
    assert "no node of yours is running" in capsys.readouterr().err


def test_play_refuses_a_game_without_bots(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    assert main(["play", "--bots", "0"]) == 2


@pytest.mark.parametrize("flags", [{"json": True}, {"headless": True}, {"bot": "greedy"}])
def test_scripts_and_bots_never_get_the_ui(flags):
    args = argparse.Namespace(**{"json": False, "headless": False, "bot": None, **flags})
    assert ui_wanted(args) is False


def test_check_codes_of_players_who_joined_before_the_ui_come_from_the_node_log(tmp_path,
                                                                                   monkeypatch):
    from cli.ui.launch import last_lobby
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    (tmp_path / "logs").mkdir()
    sock = tmp_path / "control-X.sock"
    (tmp_path / "logs" / "other.jsonl").write_text(
        '{"event": "listening", "port": 1, "control": "/elsewhere.sock"}\n'
        '{"event": "lobby", "players": [{"name": "Eve", "code": "EVIL-EVIL"}], "seats": 2}\n')
    (tmp_path / "logs" / "ours.jsonl").write_text(
        '{"event": "lobby", "players": [{"name": "Pat", "code": "PPPP-PPPP"}], "seats": 3}\n'
        f'{{"event": "listening", "port": 2, "control": "{sock}"}}\n'
        '{"event": "lobby", "players": [{"name": "Pat", "code": "PPPP-PPPP"}, '
        '{"name": "Zoe", "code": "ZZZZ-ZZZZ"}], "seats": 3}\n')
    lobby = last_lobby(sock)
    assert [(p["name"], p["code"]) for p in lobby["players"]] == \
        [("Pat", "PPPP-PPPP"), ("Zoe", "ZZZZ-ZZZZ")]
    assert last_lobby(tmp_path / "control-nobody.sock") is None


def test_replay_tells_the_moves_chosen_as_the_control_api_does(match_file):
    # the same sentences as a node's `said`: the ability chosen, not only what it changed
    steps, names = load_steps(str(match_file))
    told = [line for s in steps for line in s["narration"] or []]
    used = [line for line in told if " used " in line]
    assert used and all(line.split(" used ")[0] in names for line in used)
    assert any(" bid " in line or " passed (left the auction)" in line for line in told) or \
        not any(s["kind"] == "move" and s["said"].startswith("chose: Bid") for s in steps)
