"""Whole games across the hosts of a virtual LAN: the joiners find the host's lobby by mDNS
(no --peer), play peer to peer over the lab's network, and all end with the same verified match
file; again with 5% of the frames to and from the host's machine dropped.

Needs root, `ip` and netlab.sh (the loss game also `nft`); otherwise it skips and says why.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from protocol.verify import verify_file

from .test_netlab import ENV, NETLAB, _why_not, lab, netlab  # noqa: F401  (lab is a fixture)

pytestmark = [pytest.mark.skipif(_why_not() is not None, reason=_why_not() or ""),
              pytest.mark.slow]   # real hosts in network namespaces: what is tested
REPO = Path(__file__).resolve().parents[2]


def _start(host: int, home: Path, *args: str) -> subprocess.Popen:
    home.mkdir(parents=True, exist_ok=True)
    env = {**ENV, "LANBOARD_HOME": str(home), "PYTHONPATH": str(REPO)}
    return subprocess.Popen(["bash", str(NETLAB), "exec", str(host), sys.executable, "-m",
                             "cli.main", *args, "--json"], env=env, cwd=REPO,
                            stdout=open(home / "out.jsonl", "w"),
                            stderr=open(home / "err.txt", "w"))


def _events(home: Path) -> list[dict]:
    out = []
    for line in (home / "out.jsonl").read_text().splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


def _play_across_hosts(tmp: Path) -> list[dict]:
    homes = [tmp / f"h{i}" for i in (1, 2, 3)]
    procs = [_start(1, homes[0], "host", "--seats", "3", "--bot", "greedy", "--name", "Hana")]
    procs += [_start(i + 1, homes[i], "join", "Hana", "--bot", "greedy", "--name", f"P{i + 1}",
                     "--find-timeout", "60") for i in (1, 2)]
    for p, home in zip(procs, homes):
        try:
            p.wait(timeout=420)
        finally:
            if p.poll() is None:
                p.kill()
        assert p.returncode == 0, (home / "err.txt").read_text()[-3000:]
    results = []
    for home in homes:
        evs = _events(home)
        saved = Path(next(e["path"] for e in evs if e["event"] == "saved"))
        results.append({"file": saved.read_bytes(), "report": verify_file(saved),
                        "found": [e for e in evs if e["event"] == "found"]})
    return results


def _check(results: list[dict]) -> None:
    assert len({r["file"] for r in results}) == 1, "the hosts' match files differ"
    for r in results:
        assert r["report"].status == 0, r["report"].reason
    # the joiners found the host by mDNS, at the host's address on the lab LAN
    for r in results[1:]:
        assert r["found"] and r["found"][0]["host"] == "Hana"
        assert r["found"][0]["address"].startswith(f"10.{ENV['NETLAB_NET']}.0.")


def test_nodes_on_different_hosts_find_each_other_by_mdns_and_play_a_game(lab, tmp_path):
    _check(_play_across_hosts(tmp_path))


@pytest.mark.skipif(shutil.which("nft") is None, reason="nftables (nft) is not installed")
def test_a_game_across_hosts_finishes_with_5_percent_loss_at_the_host(lab, tmp_path):
    netlab("loss", "1", "5")
    try:
        _check(_play_across_hosts(tmp_path))
    finally:
        netlab("loss", "1", "off", check=False)
