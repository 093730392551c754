"""Start-up of a game with hidden cards among node processes: the time from the last seat taken
to the first decision of a 4-seat Overwatch Monopoly game (issue 28: target at most 1 s).

    python bench/bench_start.py [--games 5]

A process per node, as players run it (bench_node.py's setup): the host plays seat 0 in this
process, where the clock is read, and three `bench_node.py --join` processes of their own take
the other seats. The clock starts at the host's "lobby" event in which the fourth seat is
taken, and stops when the host's log reaches the game's first decision (its ledger's next slot
is a move: the set-up is behind it, every seat's genesis signature, the key entry, the four
shuffle entries each made by one node and checked by the three others, and the first roll,
"who chooses first"). The marks in between are printed too, medians over --games games. The
joiners are ended once the first decision is reached (this bench needs no more of the game).

Beside it, for scale in the same run: the floor of one signed message to three peers and a
reply from each (bench_node.floor, over bare loopback links).
"""
from __future__ import annotations

import argparse
import logging
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_node import floor  # noqa: E402
from bench.script_exit import exit_on_failure  # noqa: E402
from node.runtime import Node  # noqa: E402
from protocol.identity import Identity  # noqa: E402
from protocol.kinds import MOVE  # noqa: E402

SEATS = 4
TARGET_S = 1.0
GAME_LIMIT = 60   # seconds: a start-up that takes longer has hung
NODE_SCRIPT = str(Path(__file__).resolve().parent / "bench_node.py")


class StartClock:
    """The host's `on_event`: when the last seat was taken, when each set-up entry was logged,
    when the log first reached a move slot."""

    def __init__(self) -> None:
        self.node: Node | None = None
        self.seated: float | None = None
        self.marks: list[tuple[float, str]] = []
        self.first_decision: float | None = None
        self.reached = trio.Event()

    def __call__(self, kind: str, data: dict) -> None:
        now = time.perf_counter()
        if kind == "lobby" and self.seated is None and len(data.get("players", ())) == SEATS:
            self.seated = now
        elif kind in ("state", "decision") and self.first_decision is None:
            if kind == "state":
                self.marks.append((now, data.get("kind", "?")))
            slot = self.node.session.ledger.slot if self.node.session.ledger else None
            if kind == "decision" or (slot is not None and slot.kind == MOVE):
                self.first_decision = now
                self.reached.set()

    def since_seated(self, kind: str, last: bool = False) -> float | None:
        times = [t for t, k in self.marks if k == kind]
        return (times[-1 if last else 0] - self.seated) if times else None


async def one_start(tmp: Path) -> StartClock:
    clock = StartClock()
    host = Node(Identity.generate(), "B0", tmp / "n0", bot="greedy", listen_host="127.0.0.1",
                on_event=clock)
    clock.node = host
    procs = []
    try:
        with trio.fail_after(GAME_LIMIT):
            async with trio.open_nursery() as n:
                port = await n.start(lambda task_status: host.host(
                    "overwatch-monopoly", (), SEATS, task_status=task_status))
                for i in range(1, SEATS):
                    procs.append(await trio.lowlevel.open_process(
                        [sys.executable, NODE_SCRIPT, "--join", str(port), str(tmp / f"n{i}")],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
                await clock.reached.wait()
                n.cancel_scope.cancel()
    finally:
        for proc in procs:   # the joiners this bench started, each by its own process
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    return clock


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args(argv)
    # the links the bench cuts once it has its figure are said as lost: not news here
    logging.getLogger("lanboard").setLevel(logging.CRITICAL)
    clocks = []
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(args.games):
            clocks.append(trio.run(one_start, Path(tmp) / f"g{g}"))

    def med(values) -> float:
        return statistics.median([v for v in values if v is not None])
    starts = [c.first_decision - c.seated for c in clocks]
    fl = statistics.median(trio.run(floor, 100))
    print(f"start bench: {SEATS}-seat overwatch-monopoly, a process per node, {args.games} games "
          "(medians)")
    print(f"  last seat taken -> key entry logged        {med(c.since_seated('key') for c in clocks) * 1e3:7.1f} ms")
    print(f"  last seat taken -> last shuffle logged     "
          f"{med(c.since_seated('shuffle', last=True) for c in clocks) * 1e3:7.1f} ms")
    print(f"  last seat taken -> first decision          {statistics.median(starts) * 1e3:7.1f} ms"
          f"  (each game: {' '.join(f'{s * 1e3:.0f}' for s in starts)} ms)   target <= "
          f"{TARGET_S:.0f} s: {'met' if statistics.median(starts) <= TARGET_S else 'NOT met'}")
    print(f"  = {statistics.median(starts) / fl:.0f}x the floor of one signed message to 3 peers "
          f"and a reply from each ({fl * 1e3:.2f} ms, bare loopback links, this run)")
    return 0


if __name__ == "__main__":
    exit_on_failure(main())
