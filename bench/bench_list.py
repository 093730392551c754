"""`lanboard list` latency (issue 17): wall time of the whole command, 2 lobbies on loopback.

Two lobbies are announced over mDNS on 127.0.0.1, each with a TCP listener standing in for its
node (list dials every lobby it lists); then `python -m cli.main list --interface 127.0.0.1`
runs RUNS times. Target: median at most 0.5 s. Prints the median, min and max. Other suites
announcing on loopback at the same time add their lobbies (and answers) to what list hears.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import trio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from node.discovery import LobbyInfo, announce  # noqa: E402

RUNS = 10
LO = ["127.0.0.1"]


def one_list() -> tuple[float, int]:
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "cli.main", "list", "--interface", "127.0.0.1"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - t0, sum("bench-list" in line for line in out.splitlines())


async def main() -> None:
    listeners = [await trio.open_tcp_listeners(0, host="127.0.0.1") for _ in range(2)]
    ports = [ls[0].socket.getsockname()[1] for ls in listeners]
    infos = [LobbyInfo(game="overwatch-monopoly", host=f"bench-list {k}", code=code,
                       seats_taken=4, seats_total=4) for k, code in enumerate(["BNCH-AAAA",
                                                                                "BNCH-BBBB"])]
    async with announce(infos[0], ports[0], LO), announce(infos[1], ports[1], LO):
        times = []
        for _ in range(RUNS):
            # A responder multicasts a record at most once a second (RFC 6762 §6): a list run
            # sooner after the last one would not hear the answer it suppresses. People run
            # list seconds apart, not ten times a second.
            await trio.sleep(1.1)
            wall, seen = await trio.to_thread.run_sync(one_list)
            if seen != 2:
                print(f"warning: a run listed {seen} of the 2 lobbies")
            times.append(wall)
    print(f"lanboard list, 2 lobbies on loopback, {RUNS} runs: median {statistics.median(times):.3f} s"
          f" (min {min(times):.3f}, max {max(times):.3f})")


if __name__ == "__main__":
    trio.run(main)
