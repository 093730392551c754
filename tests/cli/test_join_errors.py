"""What a joiner meets going wrong is one line and a non-zero exit, never a traceback (issue 24:
a lobby's refusal came out of the node's nursery as an ExceptionGroup traceback). Real
processes: the traceback is printed by the command itself."""
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _lanboard(home: Path, *argv: str, **kw) -> subprocess.Popen:
    env = dict(os.environ, LANBOARD_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "cli.main", *argv], env=env, cwd=ROOT,
                            start_new_session=True, text=True, **kw)


def _started_host(home: Path, out: Path) -> tuple[subprocess.Popen, int]:
    """A 2-seat host whose other seat is a bot of its own: the game starts at once, then waits
    for the host's person (nobody here): the lobby stays full for this test's life."""
    home.mkdir()
    host = _lanboard(home, "host", "--game", "overwatch-monopoly", "--seats", "2", "--bots",
                     "1", "--no-announce", "--listen", "127.0.0.1", "--json", "--name", "Hana",
                     stdout=out.open("w"), stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        events = [json.loads(x) for x in out.read_text().splitlines() if x.startswith("{")]
        port = [e["port"] for e in events if e["event"] == "listening"]
        if port and any(e["event"] == "started" for e in events):
            return host, port[0]
        assert host.poll() is None, out.read_text()
        time.sleep(0.05)
    raise AssertionError("the host's game did not start: " + out.read_text()[-2000:])


@pytest.mark.slow
def test_a_joiner_refused_by_the_lobby_says_so_in_one_line_and_exits_non_zero(tmp_path):
    host, port = _started_host(tmp_path / "host", tmp_path / "host.jsonl")
    try:
        (tmp_path / "late").mkdir()
        late = _lanboard(tmp_path / "late", "join", "--peer", f"127.0.0.1:{port}", "--headless",
                         "--name", "Lou", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        _, err = late.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(host.pid, signal.SIGKILL)
        host.wait()
    assert late.returncode == 2
    assert err == ("lanboard join: the lobby refused us: this lobby is full or already "
                   "playing\n"), err


@pytest.mark.slow
def _private_host(home, *extra: str, seated: str = "lobby"):
    """`lanboard host --private` (3 seats) at `home`, once its lines have shown the table code,
    the port and a line starting with `seated`: (its process, its output file, [code], [port])."""
    out = home.parent / "host.txt"
    home.mkdir()
    host = _lanboard(home, "host", "--game", "overwatch-monopoly", "--seats", "3", *extra,
                     "--no-announce", "--listen", "127.0.0.1", "--headless", "--private",
                     "--name", "Hana", stdout=out.open("w"), stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        lines = out.read_text().splitlines()
        code = [x.split(": ", 1)[1] for x in lines if x.startswith("table code: ")]
        port = [int(x.split()[3].rstrip(";")) for x in lines if x.startswith("listening")]
        if code and port and any(x.startswith(seated) for x in lines):
            return host, out, code, port
        if host.poll() is not None:
            break
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(host.pid, signal.SIGKILL)
    host.wait()
    raise AssertionError(f"no code, port or '{seated}' line: " + out.read_text()[-2000:])


def test_a_private_table_shows_its_code_on_a_line_and_a_wrong_code_ends_join_in_words(tmp_path):
    # the host's own bot gets in with the code (from its environment): "lobby 2/3"
    host, out, code, port = _private_host(tmp_path / "host", "--bots", "1", seated="lobby 2/3")
    try:
        wrong = "222-222" if code[0] != "222-222" else "333-333"
        (tmp_path / "guess").mkdir()
        guess = _lanboard(tmp_path / "guess", "join", "--peer", f"127.0.0.1:{port[0]}",
                          "--headless", "--name", "Lou", "--code", wrong,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        _, err = guess.communicate(timeout=60)
        time.sleep(0.2)
        said = out.read_text()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(host.pid, signal.SIGKILL)
        host.wait()
    assert guess.returncode == 2
    assert err.startswith("lanboard join: the lobby refused us: wrong table code"), err
    assert "1 wrong code from 127.0.0.1" in said
    assert code[0] not in err


@pytest.mark.slow
def test_a_wrong_code_given_in_the_picker_ends_join_in_the_words_of_join_code(
        tmp_path, monkeypatch, capsys):
    """`lanboard join` at a terminal, a private table picked and a wrong code typed (the picker
    itself: tests/ui/test_private_lobby.py): the node the UI starts is refused at the door, and
    join ends with the words `join --code` ends with, exit status 2. It said "the node did not
    start: lanboard join: the lobby refused us: ..." before."""
    from cli.main import main
    from cli.node_runner import TABLE_CODE_ENV
    from node.private_table import WRONG
    from protocol.identity import load_or_create
    home = tmp_path / "host"
    host, out, code, port = _private_host(home)
    try:
        wrong = "222-222" if code[0] != "222-222" else "333-333"
        picked = {"address": "127.0.0.1", "port": port[0], "host": "Hana", "private": True,
                  "code": load_or_create(home).check_code, "table_code": wrong}
        (tmp_path / "guess").mkdir()
        monkeypatch.setenv("LANBOARD_HOME", str(tmp_path / "guess"))
        monkeypatch.setenv("PYTHONPATH", str(ROOT))
        monkeypatch.setenv(TABLE_CODE_ENV, "")    # so that join's setting it is undone after
        monkeypatch.delenv(TABLE_CODE_ENV)
        monkeypatch.setattr("cli.ui.launch.ui_wanted", lambda args: True)
        monkeypatch.setattr("cli.ui.lobby_picker.pick_lobby", lambda interfaces, code: picked)
        status = main(["join", "--name", "Lou"])
        said = capsys.readouterr().err
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(host.pid, signal.SIGKILL)
        host.wait()
    assert status == 2
    assert said == f"lanboard join: the lobby refused us: {WRONG}\n", said
    assert code[0] not in said
