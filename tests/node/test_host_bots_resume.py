"""A host resumed after a crash brings back the bots `host --bots` started on this machine when
they died with it, so the game goes on with them rather than waiting out the timeouts; bots
that are still running are left to reconnect by themselves, never started a second time."""
import contextlib
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
HOST = ["host", "--seats", "3", "--bots", "2", "--bot", "greedy", "--name", "Host",
        "--no-announce", "--listen", "127.0.0.1", "--json"]
RESUME = ["resume", "--json"]   # after a crash: running HOST again would open a new lobby


def _group(pgid: int) -> set[int]:
    """Live processes (not zombies) of process group `pgid`."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            found.add(int(stat.parent.name))
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _is_node(pid: int) -> bool:
    """A lanboard node (not, say, the ldconfig that ctypes runs while the host starts)."""
    return b"cli.main" in _cmdline(pid)


def _bots_of(host_pid: int) -> set[int]:
    """The bot nodes in the host's process group: lanboard nodes with a command line of their
    own. A child forked to run something else (ldconfig) has the host's command line until it
    execs, so it is not counted (seen once as a bot, 1 run in about 25)."""
    own = _cmdline(host_pid)
    return {pid for pid in _group(host_pid) - {host_pid}
            if _is_node(pid) and _cmdline(pid) != own}


class Host:
    """`lanboard host --bots 2` run again and again with the same home, as a player would."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.runs: list[subprocess.Popen] = []

    def start(self, *command: str) -> subprocess.Popen:
        """`command` (HOST when none: the first run), as a player types it."""
        n = len(self.runs) + 1
        env = dict(os.environ, LANBOARD_HOME=str(self.home), PYTHONPATH=str(ROOT))
        # its own process group, like a terminal's job: the host and the bots it starts
        proc = subprocess.Popen([sys.executable, "-m", "cli.main", *(command or HOST)], env=env, cwd=ROOT,
                                stdout=open(self.home / f"out{n}.jsonl", "w"),
                                stderr=open(self.home / f"err{n}.txt", "w"),
                                start_new_session=True)
        self.runs.append(proc)
        return proc

    def events(self, run: int) -> list[dict]:
        path = self.home / f"out{run}.jsonl"
        return [json.loads(x) for x in path.read_text().splitlines() if x.startswith("{")]

    def stderr(self, run: int) -> str:
        return (self.home / f"err{run}.txt").read_text()

    def wait_for_entry(self, seq: int, timeout: float = 40) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(e["event"] == "attested" and e["seq"] >= seq for e in self.events(1)):
                return
            assert self.runs[0].poll() is None, self.stderr(1)[-3000:]
            time.sleep(0.02)
        raise AssertionError(f"no entry {seq} in time: {self.stderr(1)[-3000:]}")

    def kill_all(self) -> None:
        for proc in self.runs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture
def host(tmp_path):
    h = Host(tmp_path)
    yield h
    h.kill_all()     # whatever a failed test left running: only the groups started here


def _wait_gone(pgid: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while _group(pgid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _group(pgid), "the killed processes did not go"


def _finished_with_every_bot_playing_itself(host: Host, run: int) -> None:
    """Every node's match file is whole and the same, and no seat was ever recorded as gone:
    the bots played to the end themselves, not the protocol's bot in their seats."""
    events = host.events(run)
    assert not [e for e in events if e["event"] in ("timeout", "stalled")], events[-5:]
    match = Path([e for e in events if e["event"] == "saved"][-1]["path"])
    files = [match] + [host.home / "bots" / f"bot-{k}" / "matches" / match.name for k in (1, 2)]
    for f in files:
        report = verify_file(str(f))
        assert report.status == 0 and report.complete, (f, report.reason)
        assert report.bots == [] and report.counts["timeout"] == 0, f
        assert json.loads(f.with_suffix(".json").read_text())["finished"], f
    assert len({f.read_bytes() for f in files}) == 1, "the match files differ"


def _kill_point() -> int:
    return random.Random().randrange(20, 200)    # these games run ~300 to ~470 entries


@pytest.mark.slow   # real process groups killed and restarted: what is tested
def test_a_host_killed_with_its_bots_restarts_them_and_the_game_ends_with_them(host):
    first = host.start()
    kill_after = _kill_point()
    host.wait_for_entry(kill_after)
    # the whole job dies at once, as with a closed terminal's SIGHUP or a power cut
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    _wait_gone(first.pid)    # a bot not quite gone yet would count as still running

    again = host.start(*RESUME)
    # Without its bots the game would stall: two seats gone at once cannot be timed out.
    assert again.wait(timeout=50) == 0, (kill_after, host.stderr(2)[-3000:])
    assert "restarting 2 local bots" in host.stderr(2)
    assert any(e["event"] == "resumed" for e in host.events(2))
    _finished_with_every_bot_playing_itself(host, 2)


@pytest.mark.slow   # real process groups killed and restarted: what is tested
def test_bots_still_running_when_the_host_is_restarted_are_not_started_again(host):
    first = host.start()
    kill_after = _kill_point()
    host.wait_for_entry(kill_after)
    assert len(_bots_of(first.pid)) == 2                   # the host's 2 bots
    first.send_signal(signal.SIGKILL)       # only the host: its bots play on and re-dial it
    first.wait()

    again = host.start(*RESUME)
    nodes, deadline = set(), time.monotonic() + 50
    while again.poll() is None and time.monotonic() < deadline:
        nodes |= _bots_of(again.pid)
        time.sleep(0.05)
    assert again.poll() == 0, (kill_after, host.stderr(2)[-3000:])
    assert nodes == set(), "the resumed host started bot nodes"
    assert "restarting" not in host.stderr(2)
    assert any(e["event"] == "resumed" for e in host.events(2))
    _finished_with_every_bot_playing_itself(host, 2)
    _wait_gone(first.pid)    # the first bots end with the game
