"""Watching across the hosts of a virtual LAN (issue 29): three players on three hosts and a
watcher on a fourth that finds the game by mDNS (`lanboard watch Hana`); the watcher is killed
mid-game (SIGKILL) and started again with the same command: it goes on from its file, catches
up and follows to the end, and its file is byte for byte the players'.

Needs root, `ip` and netlab.sh, and a kernel that lets it make network namespaces; it skips,
saying which, only where one of them is missing.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest

from protocol.verify import verify_file

from .test_netlab import _why_not, lab  # noqa: F401  (lab is a fixture)
from .test_netlab_local_bots import Run, runs

GAME_TIME = 180   # seconds; such a 3-seat game took 1-2 s on an idle machine (~400 entries/s)


def _no_namespaces() -> str | None:
    """Why this machine cannot make a network namespace (None: it can): tried, not guessed."""
    why = _why_not()
    if why is not None:
        return why
    probe = f"lbnprobe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"`ip netns add` fails here: {made.stderr.strip() or made.returncode}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


_WHY_NOT = _no_namespaces()
pytestmark = [pytest.mark.skipif(_WHY_NOT is not None, reason=_WHY_NOT or ""),
              pytest.mark.slow, pytest.mark.lab]   # real hosts in network namespaces: what is tested


def _told(run: Run) -> list[dict]:
    """The watcher's JSON lines so far (`watch --json`: an entry each, then the end)."""
    return run.events()


def _entries(run: Run) -> int:
    return max((t["entry"] for t in _told(run) if "entry" in t), default=-1)


def _until(test, what: str, run: Run, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"no {what} within {timeout} s: " \
            f"{run.err.read_text()[-3000:]}"
        assert run.proc.poll() is None, f"{run.out.name} exited: {run.err.read_text()[-3000:]}"
        time.sleep(0.05)


def _signal(runs: list[Run], sig: int) -> None:
    for run in runs:
        os.killpg(run.proc.pid, sig)


def test_a_watcher_found_by_mdns_killed_mid_game_and_restarted_keeps_the_players_file(
        lab, tmp_path):
    watcher_home = tmp_path / "wendy"
    with runs() as started:
        host = Run(1, tmp_path / "hana", "host", "host", "--seats", "3", "--bot", "greedy",
                   "--name", "Hana")
        started.append(host)
        port = host.wait_for(lambda e: e["event"] == "listening", "listening")["port"]
        joiners = [Run(h, tmp_path / name.lower(), "join", "join", "--peer", f"{lab[1]}:{port}",
                       "--bot", "greedy", "--name", name) for h, name in ((2, "Gus"), (3, "Ida"))]
        started += joiners
        # The game waits for the watchers from its entry 60 on (two players paused: every
        # round needs them) until the second watcher is going on from its file: on a quiet
        # machine the whole game (about 300 entries) took less time than a watcher's start,
        # and the second found it over. The host plays on answering mDNS and serving watchers.
        host.wait_for(lambda e: e["event"] == "state" and e["seq"] >= 60, "entry 60", 60)
        _signal(joiners, signal.SIGSTOP)
        try:
            # found by mDNS, by the host's name, as `list` shows it
            watch = ("watch", "Hana", "--timeout", "10")
            first = Run(4, watcher_home, "watch1", *watch)
            started.append(first)
            _until(lambda: _entries(first) >= 30, "entry 30 watched", first)
            first.kill()   # SIGKILL: no goodbye, its file as the kernel has it
            killed_at = _entries(first)
            again = Run(4, watcher_home, "watch2", *watch)
            started.append(again)
            _until(lambda: "going on from" in again.out.read_text(), "going on", again)
        finally:
            _signal(joiners, signal.SIGCONT)
        _until(lambda: _entries(again) > killed_at, "an entry past the kill", again)
        deadline = time.monotonic() + GAME_TIME
        for run in (host, *joiners, again):
            run.finish(deadline)
    files = [host.saved(), *(j.saved() for j in joiners)]
    assert len({f.read_bytes() for f in files}) == 1
    told = _told(again)
    assert told[-1]["over"] is True
    kept = told[-1]["file"]
    assert open(kept, "rb").read() == files[0].read_bytes()   # byte for byte the players'
    report = verify_file(kept)
    assert report.status == 0 and report.complete
    # the second run told only what it had not checked before, from the entry after its file
    resumed = [t["entry"] for t in told if "entry" in t]
    assert resumed[0] == 0 and resumed[1] >= 31 and resumed[1:] == list(
        range(resumed[1], resumed[1] + len(resumed) - 1))
    note = json.loads(open(kept[:-len(".match")] + ".json").read())
    assert note["watching"] and note["finished"]
