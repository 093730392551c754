"""Crash and resume: a node killed with SIGKILL at a random point and restarted (the host with
`lanboard resume`, a joiner with the very command that started it) catches up from its peers,
and the game ends exactly as it would have. The game it must end as, four node processes on
loopback played to the end without a crash, is itself checked: every node holds the same
verified, complete match file and reported the same end."""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from protocol.verify import verify_file

ROOT = Path(__file__).resolve().parents[2]
NONCE = "00112233445566778899aabbccddeeff"


def _events(path: Path) -> list[dict]:
    out = []
    for line in path.read_text().splitlines() if path.exists() else []:
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


class Player:
    def __init__(self, home: Path, seed: int) -> None:
        self.home = home
        home.mkdir(parents=True)
        key = home / "identity.key"
        key.write_bytes(bytes([seed]) * 32)   # a fixed identity: the same players every run
        key.chmod(0o600)
        self.proc = None
        self.runs = 0

    def start(self, *args: str) -> None:
        self.runs += 1
        env = dict(os.environ, LANBOARD_HOME=str(self.home), PYTHONPATH=str(ROOT))
        out = open(self.home / f"out{self.runs}.jsonl", "w")
        err = open(self.home / f"err{self.runs}.txt", "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "cli.main", *args, "--json",
                                      "--listen", "127.0.0.1"], env=env, cwd=ROOT,
                                     stdout=out, stderr=err)

    def events(self) -> list[dict]:
        return [e for r in range(1, self.runs + 1) for e in _events(self.home / f"out{r}.jsonl")]

    def wait_for(self, pred, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for e in self.events():
                if pred(e):
                    return e
            assert self.proc.poll() is None or self.proc.returncode == 0, self.stderr()
            time.sleep(0.02)
        raise AssertionError(f"timed out; stderr: {self.stderr()}")

    def stderr(self) -> str:
        return (self.home / f"err{self.runs}.txt").read_text()[-3000:]


def play(base: Path, victim: int | None = None, kill_after: int = 0) -> list[Player]:
    players = [Player(base / f"p{i}", i + 1) for i in range(4)]
    host = players[0]
    host.start("host", "--seats", "4", "--bot", "greedy", "--name", "P0", "--no-announce",
               "--nonce", NONCE)
    port = host.wait_for(lambda e: e["event"] == "listening")["port"]
    for i in (1, 2, 3):
        # one at a time, so the seats (and with them the genesis) are the same every run
        players[i].start("join", "--peer", f"127.0.0.1:{port}", "--bot", "greedy",
                         "--name", f"P{i}")
        host.wait_for(lambda e, n=i + 1: e["event"] == "lobby" and len(e["players"]) == n)
    if victim is not None:
        v = players[victim]
        v.wait_for(lambda e: e["event"] == "attested" and e["seq"] >= kill_after, 120)
        v.proc.send_signal(signal.SIGKILL)
        v.proc.wait()
        # restarted as a player does after a crash: `lanboard resume` (running the first
        # command again opens a new game and only names the unfinished one)
        v.start("resume")
        v.wait_for(lambda e: e["event"] == "resumed")
    for p in players:
        p.proc.wait(timeout=240)
        assert p.proc.returncode == 0, p.stderr()
    return players


def final(p: Player) -> tuple[str, Path]:
    over = [e for e in p.events() if e["event"] == "over"][-1]
    saved = [e for e in p.events() if e["event"] == "saved"][-1]
    return over["hash"], Path(saved["path"])


@pytest.fixture(scope="module")
def uninterrupted_game(tmp_path_factory) -> list[Player]:
    return play(tmp_path_factory.mktemp("reference"))


@pytest.fixture(scope="module")
def uninterrupted(uninterrupted_game) -> str:
    return final(uninterrupted_game[0])[0]


@pytest.mark.slow   # the one game among real node processes over TCP with nobody killed
def test_four_node_processes_on_loopback_finish_with_identical_verified_match_files(
        uninterrupted_game):
    files = [final(p)[1] for p in uninterrupted_game]
    assert len({f.read_bytes() for f in files}) == 1, "the match files differ"
    overs = [[e for e in p.events() if e["event"] == "over"] for p in uninterrupted_game]
    assert all(len(o) == 1 and o == overs[0] for o in overs)
    for f in files:
        report = verify_file(f)
        assert report.status == 0, report.reason
        assert report.complete and len(report.players) == 4


@pytest.mark.slow   # real processes: what a SIGKILL leaves on disk is what is tested
@pytest.mark.parametrize("victim", [2, 0], ids=["a joiner", "the host"])
def test_a_node_killed_at_a_random_point_resumes_and_the_game_ends_as_if_uninterrupted(
        tmp_path, uninterrupted, victim):
    kill_after = random.Random().randrange(20, 400)   # games run ~450 to ~700 entries
    players = play(tmp_path, victim, kill_after)
    results = [final(p) for p in players]
    hashes = {h for h, _ in results}
    where = f"(killed seat {victim} after entry {kill_after})"
    assert hashes == {uninterrupted}, where
    files = {f.read_bytes() for _, f in results}
    assert len(files) == 1, f"match files differ {where}"   # no entry lost on the victim
    report = verify_file(results[victim][1])
    assert report.status == 0
    # Overwatch Monopoly's Loot Boxes are private draws (protocol 4): the restarted node
    # derived its key, shuffle and shares again from its key file, and disclosed its own
    # cards at the end as the others' checks demanded (same final state, so same scores)
    assert report.counts["shuffle"] == 4 and report.counts["draw"] == 9
    assert report.counts["disclose"] == 1
    assert any(e["event"] == "resumed" for e in players[victim].events())
    # the note beside the file keeps where the node listened: a resume listens there again
    # (a game played on loopback is not opened to the LAN by `lanboard resume`)
    note = json.loads(results[victim][1].with_suffix(".json").read_text())
    assert note["listen"] == "127.0.0.1"
