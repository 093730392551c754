"""`lanboard watch --peer HOST:PORT --json` against real processes: `host --bots 2` on loopback
and a watcher of its node; the watcher tells every entry, exits 0 at the game's end and keeps a
file byte for byte the host's."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _lanboard(home: Path, *argv, **kw) -> subprocess.Popen:
    env = dict(os.environ, LANBOARD_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "cli.main", *argv], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.slow   # real processes and sockets: what is tested
def test_watch_follows_a_hosted_game_to_its_end_and_keeps_the_players_file(tmp_path):
    host = _lanboard(tmp_path / "host", "host", "--seats", "3", "--bots", "2", "--bot",
                     "greedy", "--name", "Host", "--no-announce", "--listen", "127.0.0.1",
                     "--json", "--new", start_new_session=True)
    try:
        port = None
        deadline = time.monotonic() + 30
        while port is None and time.monotonic() < deadline:   # its first line says the port
            event = json.loads(host.stdout.readline() or "{}")
            port = event.get("port") if event.get("event") == "listening" else None
        assert port, host.stderr.read()[-2000:]
        watch = _lanboard(tmp_path / "watcher", "watch", "--peer", f"127.0.0.1:{port}", "--json")
        out, err = watch.communicate(timeout=300)
        assert watch.returncode == 0, err[-3000:]
        told = [json.loads(line) for line in out.splitlines()]
        assert told[0]["players"][0] == "Host" and told[-1]["over"] is True
        assert [t["entry"] for t in told[:-1]] == list(range(len(told) - 1))
        host.communicate(timeout=120)
        (played,) = (tmp_path / "host" / "matches").glob("*.match")
        assert Path(told[-1]["file"]).read_bytes() == played.read_bytes()
    finally:
        if host.poll() is None:
            os.killpg(host.pid, 9)
            host.wait()


def test_watch_with_a_malformed_table_code_is_an_error_in_words(capsys):
    from cli.main import main
    assert main(["watch", "--peer", "127.0.0.1:9", "--code", "0OO-111"]) == 2
    err = capsys.readouterr().err
    assert "'0OO-111' is not a table code" in err and "Traceback" not in err
