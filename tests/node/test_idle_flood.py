"""1,000 connections that complete the handshake and then idle, against a node in a game with a
lowered descriptor limit (issue 14, case 3: they were kept forever, the node sat at its limit,
logged an EMFILE traceback every 0.1 s, `status` timed out, and it died writing its note).

Now: the game finishes, both match files verify and are identical, `status` answers during
the flood, the node never holds more strangers' connections than its cap, and
none outlives the grace. Game and attacker run in processes of their own (tests.node.
flood_agents), each with its own descriptor limit, so the test runner is never starved."""
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from node.admission import FD_SHARE, TOTAL_MAX
from protocol.verify import verify_file
from tests.worded_toy import GAME_ID  # noqa: F401  (registers the game the files hold)

ROOT = Path(__file__).resolve().parents[2]
FD_LIMIT = 256
GRACE = 3.0
FLOOD = 1000


def _agent(*args: str, out: Path, err: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "tests.node.flood_agents", *args],
                            cwd=ROOT, env=env, stdout=open(out, "w"), stderr=open(err, "w"))


def _wait_line(proc: subprocess.Popen, out: Path, err: Path, event: str,
               timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in out.read_text().splitlines():
            msg = json.loads(line)
            if msg["event"] == event:
                return msg
        assert proc.poll() is None, f"exited {proc.returncode}: {err.read_text()[-3000:]}"
        time.sleep(0.05)
    raise AssertionError(f"no {event} within {timeout} s: {err.read_text()[-3000:]}")


def _control(path: str, request: dict, timeout: float) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(path)
        s.sendall(json.dumps(request).encode() + b"\n")
        buf = b""
        while b"\n" not in buf:
            data = s.recv(65536)
            assert data, "the node closed the control connection"
            buf += data
    return json.loads(buf.split(b"\n", 1)[0])


def _descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.mark.slow   # real processes with their own descriptor limits: what is tested
def test_a_thousand_idle_handshaken_connections_neither_starve_nor_stop_a_game(tmp_path):
    game_out, game_err = tmp_path / "game.jsonl", tmp_path / "game.err"
    game = _agent("game", str(tmp_path), str(FD_LIMIT), str(GRACE), out=game_out, err=game_err)
    attacker = None
    try:
        ready = _wait_line(game, game_out, game_err, "ready")
        cap = min(TOTAL_MAX, FD_LIMIT // FD_SHARE)
        atk_out, atk_err = tmp_path / "attack.jsonl", tmp_path / "attack.err"
        attacker = _agent("attack", str(ready["port"]), str(FLOOD), "100", str(GRACE + 5),
                          out=atk_out, err=atk_err)
        before = _descriptors(ready["pid"])
        most = before
        while "flooded" not in atk_out.read_text():
            assert attacker.poll() is None, atk_err.read_text()[-3000:]
            most = max(most, _descriptors(ready["pid"]))
        flooded = _wait_line(attacker, atk_out, atk_err, "flooded", timeout=300)
        # a socket accepted and not yet closed for a newer one may briefly come on top
        assert most <= before + cap + 8, (before, most)
        # during the flood: the control socket answers, and strangers hold at most their cap
        # (how fast it answers is measured by hand, not asserted: a loaded CI machine is no
        # measure of it; the bound here is for a node that does not answer at all)
        status = _control(ready["control"], {"cmd": "status"}, timeout=10.0)
        assert status["ok"] and status["phase"] == "playing"
        assert _descriptors(ready["pid"]) < FD_LIMIT - cap
        assert flooded["made"] == FLOOD   # every one of them completed the handshake
        assert flooded["open"] <= cap
        # the game waits for Pat: the strangers' connections are all closed after the grace
        held = _wait_line(attacker, atk_out, atk_err, "held", timeout=120)
        assert held["still_open"] == 0, held
        # Pat plays the game to its end through the control socket, under the flood
        while True:
            pending = _control(ready["control"], {"cmd": "pending"}, timeout=10)
            if pending["decision"] is not None:
                answer = _control(ready["control"], {"cmd": "move",
                                                     "move": pending["decision"]["options"][0]},
                                  timeout=10)
                assert answer["ok"] or "not" in answer["error"], answer
            if _control(ready["control"], {"cmd": "status"}, timeout=10)["phase"] == "over":
                break
            time.sleep(0.02)
        over = _wait_line(game, game_out, game_err, "over", timeout=120)
        assert game.wait(60) == 0, game_err.read_text()[-3000:]
    finally:
        for proc in (game, attacker):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
    files = [Path(f) for f in over["files"]]
    assert files[0].read_bytes() == files[1].read_bytes()
    assert all(verify_file(str(f)).status == 0 for f in files)
    assert len(set(over["hashes"])) == 1
    log = game_err.read_text()
    assert "Traceback" not in log and "EMFILE" not in log, log[-3000:]
