"""What watchers cost the players (issue 29): a roll's latency with 8 watchers attached to the
host against none; what a watcher costs the node serving it (CPU an entry, memory); what a
watcher spends itself checking each entry.

Invariants of the measure:
- Paired and alternated: each round plays a game without watchers and one with WATCHERS,
  in swapped order every other round, so a machine that gets slower or faster during the
  run weighs on both sides alike. Each game's figure is the median of its rolls; each round
  gives the ratio with / without; the result is the median of the rounds' ratios (the pooled
  medians are printed beside it). Target: at most 1.10.
- A roll is timed as bench_node times it: at seat 0, the host, from the entry before a roll
  to the roll's entry (Four greedy bot nodes play Overwatch Monopoly on loopback in this
  process, as bench_node's one-process setup does). Only rolls between entries logged while
  every watcher was attached count, and only from entry SKIP on in every game (the set-up
  entries, the hidden deck's shuffles, cost more, and the watchers attach during them).
- The watchers run in one process of their own, niced, each checking every entry as
  `verify` does (node.watcher): on a LAN they run on machines of their own, not on the
  players' cores, which this machine shares.
- The host's CPU an entry a watcher: the CPU of the steps of the tasks serving watchers (a
  trio instrument, installed in every game alike) over the game's entries and WATCHERS, median
  over rounds; beside it, the players' process CPU an entry with watchers less without, in the
  same round, over WATCHERS (whole games differ: noisier). The watcher's own CPU an entry: its process's
  CPU, after its start, over the items every watcher checked.
- Beside the wall time, the players' process CPU time over the same rolls, with / without,
  per round (other work on the machine takes wall time from a roll, not CPU time). The
  nodes' homes are on a memory file system where there is one (SCRATCH): not the disk.
- Memory a watcher at the serving node: one more game with WATCHERS watchers under tracemalloc
  (never timed): the heap the connections took as they came (in the lobby, nothing else
  happening), and the most the serving code held at once (allocations whose traceback passes
  through node/watchers.py: its tasks, the frames built and in flight), looked at every
  SAMPLE seconds or more, over WATCHERS.
"""
from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_node import EntryClock  # noqa: E402
from node.runtime import Node  # noqa: E402
from protocol.identity import Identity  # noqa: E402

ROUNDS = 6       # rounds of a game without and a game with watchers, order swapped each round
WATCHERS = 8
# rolls are timed from this entry on, in every game: the set-up entries before it (the hidden
# deck's shuffles, the first rolls) cost more, and the watchers attach during them
SKIP = 40
SAMPLE = 0.013   # seconds between two looks at the serving code's heap in the memory game, at least
# the nodes' homes on a memory file system where there is one: a disk shared with other work
# makes fsync slow at times, and the node's adaptive syncing (node.outbox, INLINE_SYNC_MAX) then
# moves to a worker thread in one game and not in the next: 9 ms rolls against 2.7 ms, whichever
# side had watchers (seen in runs beside other benches). The disk is not what is measured.
SCRATCH = "/dev/shm" if Path("/dev/shm").is_dir() else None


class AttachedClock(EntryClock):
    """EntryClock, timing only steps between entries both logged while `n` watchers were
    attached to the host; with `trace`, the most heap the watchers' serving code held."""

    def __init__(self, node_of: list, n: int, trace: bool = False) -> None:
        super().__init__()
        self.node_of, self.n, self.trace = node_of, n, trace
        self.attached: list[bool] = []
        self.cpu: list[float] = []   # the players' process CPU time at each entry
        self.serving_heap = 0

    def __call__(self, kind: str, data: dict) -> None:
        if kind == "state":
            attached = self.node_of[0].watchers.active == self.n
            self.attached.append(attached)
            self.cpu.append(time.process_time())
            super().__call__(kind, data)

    def rolls(self) -> list[float]:
        return [t - t0 for i, ((t0, _), (t, kind), a0, a) in enumerate(
                    zip(self.marks, self.marks[1:], self.attached, self.attached[1:]))
                if kind == "reveal" and a0 and a and i >= SKIP]

    def roll_cpu(self) -> list[float]:
        """The players' process CPU time over the same rolls: what other work on the machine
        does not move (it takes the wall time, not this)."""
        return [c - c0 for i, ((_, kind), c0, c, a0, a) in enumerate(
                    zip(self.marks[1:], self.cpu, self.cpu[1:], self.attached, self.attached[1:]))
                if kind == "reveal" and a0 and a and i >= SKIP]


class ServingCpu(trio.abc.Instrument):
    """CPU time spent in the steps of the tasks that serve watchers (node.watchers': their
    reading and writing halves), in the memory game's trio run."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self._at = 0.0

    def before_task_step(self, task) -> None:
        self._at = time.process_time()

    def after_task_step(self, task) -> None:
        if task.name.startswith("node.watchers."):
            self.cpu += time.process_time() - self._at


async def sample_serving_heap(clock: AttachedClock, host: Node, watchers: int) -> None:
    """The most heap the watchers' serving code holds at once, in `clock.serving_heap`: looked
    at every SAMPLE seconds while every watcher is attached (at an entry's event it has just
    written, and holds least)."""
    took = 0.0
    while True:
        # a snapshot walks every traced block: never more than a tenth of the time on it,
        # or the game slows until its seats time out (seen beside other work)
        await trio.sleep(max(SAMPLE, 9 * took))
        if host.watchers.active == watchers and host.session is not None:
            started = time.perf_counter()
            clock.serving_heap = max(clock.serving_heap, serving_heap())
            took = time.perf_counter() - started


def serving_heap() -> int:
    """Bytes now allocated with node/watchers.py in their traceback (what serving holds)."""
    snap = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(True, "*/node/watchers.py", all_frames=True)])
    return sum(stat.size for stat in snap.statistics("filename"))


@dataclass
class Game:
    rolls: list[float]
    roll_cpu: list[float]           # the players' process CPU over each roll timed
    cpu_per_entry: float            # the players' process (the four nodes)
    entries: int
    watcher_cpu: float = 0.0        # the watchers' process, in all
    watcher_items: list[int] = field(default_factory=list)   # items each watcher checked
    connect_heap: int = 0           # heap the watchers' connections took (memory game)
    serving_heap: int = 0           # most heap the serving code held at once (memory game)
    serving_cpu: float = 0.0        # CPU the serving tasks took, in all (memory game)

    def median(self) -> float:
        return statistics.median(self.rolls)


async def one_game(tmp: Path, watchers: int, trace: bool = False) -> Game:
    holder: list = []
    clock = AttachedClock(holder, watchers, trace)
    nodes = [Node(Identity.generate(), f"B{i}", tmp / f"n{i}", bot="greedy",
                  listen_host="127.0.0.1", on_event=clock if i == 0 else None)
             for i in range(4)]
    holder.append(nodes[0])
    # on a LAN the watchers come from machines of their own; here all from loopback, which
    # node.admission would otherwise cap at PER_ADDRESS strangers (the joiners' lobby links too)
    nodes[0].admission.per_address = 2 * (watchers + len(nodes))
    proc = None
    connect_heap = 0
    cpu = time.process_time()
    async with trio.open_nursery() as sampling:
        if trace:   # the serving code's heap, looked at every SAMPLE s while the game runs
            sampling.start_soon(sample_serving_heap, clock, nodes[0], watchers)
        async with trio.open_nursery() as n:
            port = await n.start(lambda task_status: nodes[0].host(
                "overwatch-monopoly", (), 4, task_status=task_status))
            if watchers:   # started, and waiting in the lobby, before the players join
                proc = subprocess.Popen([sys.executable, __file__, "--watch", str(port),
                                         str(watchers), str(tmp / "w")], stdout=subprocess.PIPE)
                await trio.to_thread.run_sync(proc.stdout.readline)
                before = tracemalloc.get_traced_memory()[0] if trace else 0
                while nodes[0].watchers.active < watchers:   # each counted from its "watch"
                    await trio.sleep(0.01)
                if trace:
                    connect_heap = tracemalloc.get_traced_memory()[0] - before
            for node in nodes[1:]:
                n.start_soon(node.join, "127.0.0.1", port)
        sampling.cancel_scope.cancel()
    entries = nodes[0].entry_count()
    game = Game(clock.rolls(), clock.roll_cpu(), (time.process_time() - cpu) / entries, entries,
                connect_heap=connect_heap, serving_heap=clock.serving_heap)
    if proc is not None:   # the watchers end with the game (its node serves them to its end)
        out, _ = await trio.to_thread.run_sync(lambda: proc.communicate(timeout=120))
        said = json.loads(out.decode().splitlines()[-1])
        game.watcher_cpu, game.watcher_items = said["cpu"], said["items"]
    return game


async def watchers_of(port: int, n: int, home: Path) -> None:
    """`n` watchers of the node at `port`, started with its lobby (each waits there for the
    game). Niced: on a LAN they would run on machines of their own, not on the players'
    cores, which this machine shares. Says its CPU and the items each checked at the end."""
    import os

    from node.watcher import Watcher
    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    os.nice(19)
    watchers = [Watcher(home / str(i), [("127.0.0.1", port)]) for i in range(n)]
    started = cpu()   # its imports and start are no watcher's cost
    print("ready", flush=True)
    async with trio.open_nursery() as nursery:
        for w in watchers:
            nursery.start_soon(w.run)
    print(json.dumps({"cpu": cpu() - started, "items": [w.items for w in watchers]}),
          flush=True)


def main() -> None:
    import logging
    # a node's warnings as the bench's games end (links closed under it) are no figure
    logging.getLogger("lanboard").setLevel(logging.ERROR)
    print(f"watch: a roll's latency at the host, 4 greedy bot nodes on loopback in one process, "
          f"with {WATCHERS} watchers of the host against none: {ROUNDS} rounds of a game each, "
          "in swapped order every other round")
    ratios, cpu_ratios, host_cpu, diff_cpu, own_cpu = [], [], [], [], []
    pooled: dict[int, list[float]] = {0: [], WATCHERS: []}
    with tempfile.TemporaryDirectory(dir=SCRATCH) as tmp:
        for r in range(ROUNDS):
            order = (0, WATCHERS) if r % 2 == 0 else (WATCHERS, 0)
            games, served = {}, {}
            for w in order:   # the instrument in both games alike: it costs both the same
                served[w] = ServingCpu()
                games[w] = trio.run(one_game, Path(tmp) / f"r{r}-{w}", w,
                                    instruments=[served[w]])
            none, some = games[0], games[WATCHERS]
            ratios.append(some.median() / none.median())
            cpu_ratios.append(statistics.median(some.roll_cpu) /
                              statistics.median(none.roll_cpu))
            host_cpu.append(served[WATCHERS].cpu / some.entries / WATCHERS)
            diff_cpu.append((some.cpu_per_entry - none.cpu_per_entry) / WATCHERS)
            own_cpu.append(some.watcher_cpu / max(1, sum(some.watcher_items)))
            for w in order:
                pooled[w] += games[w].rolls
            print(f"    round {r + 1} ({'none first' if order[0] == 0 else 'watchers first'}): "
                  f"median roll {none.median() * 1e3:6.2f} ms without ({len(none.rolls)} "
                  f"rolls), {some.median() * 1e3:6.2f} ms with ({len(some.rolls)} rolls): "
                  f"ratio {ratios[-1]:.3f}; CPU a roll {cpu_ratios[-1]:.3f}", flush=True)
        tracemalloc.start(25)
        try:
            memory = trio.run(one_game, Path(tmp) / "memory", WATCHERS, True)
        finally:
            tracemalloc.stop()
    p0, p8 = statistics.median(pooled[0]), statistics.median(pooled[WATCHERS])
    ratio = statistics.median(ratios)
    print(f"  ratio, median of the {ROUNDS} rounds' {ratio:.3f} (target: within 10 %, at most "
          f"1.10; rounds {min(ratios):.3f} to {max(ratios):.3f}); pooled medians "
          f"{p0 * 1e3:.2f} ms without, {p8 * 1e3:.2f} ms with: {p8 / p0:.3f}")
    print(f"  the players' process CPU a roll, with / without: median of the rounds "
          f"{statistics.median(cpu_ratios):.3f} (rounds {min(cpu_ratios):.3f} to "
          f"{max(cpu_ratios):.3f}): the same, whatever else the machine runs")
    print(f"  CPU an entry a watcher: {statistics.median(host_cpu) * 1e6:.0f} us at the node "
          f"serving it (its serving tasks' steps; rounds {min(host_cpu) * 1e6:.0f} to "
          f"{max(host_cpu) * 1e6:.0f} us; the players' process CPU with less without, over "
          f"{WATCHERS}: {statistics.median(diff_cpu) * 1e6:.0f} us, whole games differing); "
          f"{statistics.median(own_cpu) * 1e3:.2f} ms in the watcher itself, checking it")
    print(f"  memory a watcher at the node serving it: {memory.connect_heap / WATCHERS / 1024:.1f}"
          f" KiB its connection (taken in the lobby), at most "
          f"{memory.serving_heap / WATCHERS / 1024:.1f} KiB held serving it (tracemalloc, one "
          f"game with {WATCHERS} watchers)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--watch"]:
        trio.run(watchers_of, int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))
    else:
        main()
