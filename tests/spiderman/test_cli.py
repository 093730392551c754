"""`lanboard sim --game spiderman-monopoly --log FILE` then `lanboard verify FILE`, as a user
runs them (separate processes, like tests/cli/test_sim_command.py)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "cli.main", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True)


def test_sim_with_a_log_then_verify_the_log(tmp_path):
    log = tmp_path / "x.cbor"
    r = run_cli("sim", "--game", "spiderman-monopoly", "--players", "4", "--seed", "2",
                "--log", str(log))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "spiderman-monopoly seed 2: winner P" in r.stdout and log.exists()
    v = run_cli("verify", str(log), "--json")
    assert v.returncode == 0, v.stdout + v.stderr
    report = json.loads(v.stdout)
    assert report["game"] == "spiderman-monopoly"
    assert len(report["winners"]) == 1 and len(report["scores"]) == 4
