"""A host's local bots (`host --bots K`, which join it on its own machine) are reachable from a
player on another host of a virtual LAN: the remote player, a higher seat, dials them at the
host's address (not at its own 127.0.0.1), the mesh forms and the game ends on every node with
the same verified match file, without a seat timing out; whether the host listens on every
address or on its LAN address only. The address the remote player keeps for the bot in its
match's note is the one it re-dials after a crash, and that works too.

Needs root, `ip` and netlab.sh; otherwise it skips and says why.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from protocol.verify import verify_file

from .test_netlab import ENV, NETLAB, REPO, _why_not, lab  # noqa: F401  (lab is a fixture)

pytestmark = [pytest.mark.skipif(_why_not() is not None, reason=_why_not() or ""),
              pytest.mark.slow, pytest.mark.lab]   # real hosts in network namespaces: what is tested
GAME_TIME = 50   # seconds; such a 3-seat game takes about 5 s on an idle machine


class Run:
    """One `lanboard` command inside a lab host, in a process group of its own: the host's
    bots are its children, and a failed test must not leave them behind."""

    def __init__(self, host: int, home: Path, name: str, *args: str) -> None:
        home.mkdir(parents=True, exist_ok=True)
        self.host, self.args = host, args
        self.home, self.out, self.err = home, home / f"{name}.jsonl", home / f"{name}.err"
        env = {**ENV, "LANBOARD_HOME": str(home), "PYTHONPATH": str(REPO)}
        self.proc = subprocess.Popen(["bash", str(NETLAB), "exec", str(host), sys.executable,
                                      "-m", "cli.main", *args, "--json"], env=env, cwd=REPO,
                                     stdout=open(self.out, "w"), stderr=open(self.err, "w"),
                                     start_new_session=True)

    def again(self, name: str) -> "Run":
        """`lanboard resume` on the same host and home, as a player restarts a crashed node
        (running the same command again opens a new game: it only names the unfinished one)."""
        return Run(self.host, self.home, name, "resume")

    def events(self) -> list[dict]:
        # up to the last newline: the node may be halfway through writing the next line
        done = self.out.read_text().rpartition("\n")[0]
        return [json.loads(x) for x in done.splitlines() if x.startswith("{")]

    def wait_for(self, test, what: str, timeout: float = 20) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [e for e in self.events() if test(e)]
            if found:
                return found[-1]
            assert self.proc.poll() is None, self.err.read_text()[-3000:]
            time.sleep(0.05)
        raise AssertionError(f"no {what} within {timeout} s: {self.err.read_text()[-3000:]}")

    def finish(self, deadline: float) -> None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=max(1.0, deadline - time.monotonic()))
        assert self.proc.returncode == 0, \
            f"{self.out.name}: exit {self.proc.returncode} (None: still running " \
            f"at its deadline): {self.err.read_text()[-3000:]}"

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def saved(self) -> Path:
        return Path(next(e["path"] for e in self.events() if e["event"] == "saved"))


@contextlib.contextmanager
def runs():
    started: list[Run] = []
    try:
        yield started
    finally:
        for r in started:
            r.kill()


def _host_with_a_bot(started: list[Run], home: Path, *listen: str) -> int:
    host = Run(1, home, "host", "host", "--seats", "3", "--bots", "1", "--bot", "greedy",
               "--name", "Hana", "--no-announce", *listen)
    started.append(host)
    port = host.wait_for(lambda e: e["event"] == "listening", "listening")["port"]
    # The bot takes seat 1 first, so the remote player is seat 2 and has to dial it.
    host.wait_for(lambda e: e["event"] == "lobby" and len(e["players"]) == 2, "bot in the lobby")
    return port


def _check_the_same_whole_match_everywhere(files: list[Path]) -> None:
    assert len({f.read_bytes() for f in files}) == 1, "the nodes' match files differ"
    for f in files:
        report = verify_file(str(f))
        assert report.status == 0 and report.complete, (f, report.reason)
        assert report.counts["timeout"] == 0, f"{f}: a seat timed out"
        assert json.loads(f.with_suffix(".json").read_text())["finished"], f


@pytest.mark.parametrize("listen", ["every address", "its LAN address"])
def test_a_remote_player_reaches_the_hosts_local_bot_and_the_game_ends_on_every_node(
        lab, tmp_path, listen):
    with runs() as started:
        port = _host_with_a_bot(started, tmp_path / "h1",
                                *(["--listen", lab[1]] if listen == "its LAN address" else []))
        started.append(Run(2, tmp_path / "h2", "join", "join", "--peer", f"{lab[1]}:{port}",
                           "--bot", "greedy", "--name", "Remy"))
        deadline = time.monotonic() + GAME_TIME
        for r in started:
            r.finish(deadline)
    host, remote = started
    assert {"event": "peer", "seat": 1, "state": "connected"} in remote.events(), \
        "the remote player never linked to the bot"
    match = host.saved()
    bot_file = tmp_path / "h1" / "bots" / "bot-1" / "matches" / match.name
    _check_the_same_whole_match_everywhere([match, remote.saved(), bot_file])
    # what the remote player would re-dial the bot at after a restart: the host's machine
    bot_port = json.loads(bot_file.with_suffix(".json").read_text())["players"][1]["port"]
    kept = json.loads(remote.saved().with_suffix(".json").read_text())["players"][1]
    assert (kept["addr"], kept["port"]) == (lab[1], bot_port)


def test_a_remote_player_killed_mid_game_dials_the_hosts_bot_again_when_resumed(lab, tmp_path):
    with runs() as started:
        port = _host_with_a_bot(started, tmp_path / "h1")
        first = Run(2, tmp_path / "h2", "join", "join", "--peer", f"{lab[1]}:{port}",
                    "--bot", "greedy", "--name", "Remy")
        started.append(first)
        first.wait_for(lambda e: e["event"] == "attested" and e["seq"] >= 40, "entry 40")
        first.kill()
        again = Run(2, tmp_path / "h2", "resume", "resume")
        started.append(again)
        deadline = time.monotonic() + GAME_TIME
        for r in (started[0], again):
            r.finish(deadline)
    events = again.events()
    assert any(e["event"] == "resumed" for e in events), events[:5]
    assert {"event": "peer", "seat": 1, "state": "connected"} in events, \
        "the resumed player never linked to the bot again"
    match = started[0].saved()
    _check_the_same_whole_match_everywhere(
        [match, again.saved(), tmp_path / "h1" / "bots" / "bot-1" / "matches" / match.name])
