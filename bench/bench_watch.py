"""What watchers cost the players (issue 29): a roll's latency with 8 watchers attached to the
host against none, in one run.

Four greedy bot nodes play Overwatch Monopoly on loopback in this process, as bench_node's
one-process setup does (the roll measured the same way: at seat 0, the host, from the entry
before a roll to the roll's entry). Games alternate: no watcher, then WATCHERS watchers of the
host's node, each checking every entry as `verify` does (node.watcher), in one process of their
own, niced (on a LAN they run on machines of their own; here they share the cores). Only
rolls between entries logged while every watcher was attached count. Target: within 10 %.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_node import EntryClock  # noqa: E402
from node.runtime import Node  # noqa: E402
from protocol.identity import Identity  # noqa: E402

PAIRS = 3        # games without and with watchers, alternating
WATCHERS = 8
# rolls are timed from this entry on, in every game: the set-up entries before it (the hidden
# deck's shuffles, the first rolls) cost more, and the watchers attach during them
SKIP = 40


class AttachedClock(EntryClock):
    """EntryClock, timing only steps between entries both logged while `n` watchers were
    attached to the host."""

    def __init__(self, node_of: list, n: int) -> None:
        super().__init__()
        self.node_of, self.n = node_of, n
        self.attached: list[bool] = []

    def __call__(self, kind: str, data: dict) -> None:
        if kind == "state":
            self.attached.append(self.node_of[0].watchers.active == self.n)
            super().__call__(kind, data)

    def rolls(self) -> list[float]:
        return [t - t0 for i, ((t0, _), (t, kind), a0, a) in enumerate(
                    zip(self.marks, self.marks[1:], self.attached, self.attached[1:]))
                if kind == "reveal" and a0 and a and i >= SKIP]

    def attached_at(self) -> int:
        return self.attached.index(True) if True in self.attached else len(self.attached)


async def one_game(tmp: Path, watchers: int) -> tuple[list[float], int, float]:
    holder: list = []
    clock = AttachedClock(holder, watchers)
    nodes = [Node(Identity.generate(), f"B{i}", tmp / f"n{i}", bot="greedy",
                  listen_host="127.0.0.1", on_event=clock if i == 0 else None)
             for i in range(4)]
    holder.append(nodes[0])
    # on a LAN the watchers come from machines of their own; here all from loopback, which
    # node.admission would otherwise cap at PER_ADDRESS strangers (the joiners' lobby links too)
    nodes[0].admission.per_address = 2 * (watchers + len(nodes))
    proc = None
    cpu = time.process_time()
    async with trio.open_nursery() as n:
        port = await n.start(lambda task_status: nodes[0].host(
            "overwatch-monopoly", (), 4, task_status=task_status))
        if watchers:   # started, and dialing the lobby, before the players join
            proc = subprocess.Popen([sys.executable, __file__, "--watch", str(port),
                                     str(watchers), str(tmp / "w")], stdout=subprocess.PIPE)
            await trio.to_thread.run_sync(proc.stdout.readline)
        for node in nodes[1:]:
            n.start_soon(node.join, "127.0.0.1", port)
    cpu = (time.process_time() - cpu) / nodes[0].entry_count()
    if proc is not None:
        proc.kill()
        proc.wait()
    return clock.rolls(), clock.attached_at(), cpu


async def watchers_of(port: int, n: int, home: Path) -> None:
    """`n` watchers of the node at `port`, started with its lobby (refused until the game
    begins, they dial again within REDIAL). Niced: on a LAN they would run on machines of their
    own, not on the players' cores, which this machine shares."""
    import os

    from node.watcher import Watcher
    os.nice(19)
    print("ready", flush=True)
    async with trio.open_nursery() as nursery:
        for i in range(n):
            nursery.start_soon(Watcher(home / str(i), [("127.0.0.1", port)]).run)


def main() -> None:
    print(f"watch: a roll's latency at the host, 4 greedy bot nodes on loopback in one process, "
          f"with {WATCHERS} watchers of the host against none ({PAIRS} games each)")
    rolls: dict[int, list[float]] = {0: [], WATCHERS: []}
    attached: list[int] = []
    cpu: dict[int, list[float]] = {0: [], WATCHERS: []}
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(PAIRS):
            for w in (0, WATCHERS):
                r, at, c = trio.run(one_game, Path(tmp) / f"g{g}-{w}", w)
                rolls[w] += r
                cpu[w].append(c)
                print(f"    game {g + 1}, {w} watchers: {len(r)} rolls timed", flush=True)
                if w:
                    attached.append(at)
    none, some = statistics.median(rolls[0]), statistics.median(rolls[WATCHERS])
    print(f"  no watcher       roll median {none * 1e3:6.2f} ms  ({len(rolls[0])} rolls)")
    print(f"  {WATCHERS} watchers       roll median {some * 1e3:6.2f} ms  "
          f"({len(rolls[WATCHERS])} rolls while all {WATCHERS} were attached: from entries "
          f"{', '.join(map(str, attached))} on; rolls counted from entry {SKIP} in every game)")
    print(f"  ratio {some / none:.2f} (target: within 10 %, at most 1.10)")
    c0, c8 = statistics.median(cpu[0]), statistics.median(cpu[WATCHERS])
    print(f"  the players' process (4 nodes), CPU an entry: {c0 * 1e3:.2f} ms without, "
          f"{c8 * 1e3:.2f} ms with {WATCHERS} watchers of the host: "
          f"{(c8 - c0) / WATCHERS * 1e6:.0f} us an entry a watcher")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--watch"]:
        trio.run(watchers_of, int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))
    else:
        main()
