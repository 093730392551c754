"""Paired comparison of two checkouts on bench_node's game: which one rolls faster, on this
machine, now. The machine's speed drifts by more than most changes gain, so figures from two
separate bench runs do not compare; this alternates the two checkouts (a process each, a few
games each, the order swapped every round) and prints medians over all their games.

    python bench/compare_node.py OLD_CHECKOUT NEW_CHECKOUT [--rounds 6] [--games 2] [--processes]

e.g. `git worktree add --detach /tmp/old HEAD~3` and then `python bench/compare_node.py /tmp/old .`
Per checkout: the roll and the floor over the game's links (as bench_node measures them), their
ratio, each round's ratio, and the process's CPU time per log entry (all threads; the bots'
thinking and the pings after each game included, alike on both sides). With --processes, the
game with a process per node instead (bench_node.one_game_processes, in checkouts from 1b0fc7c
on; no CPU figure, as seat 0's process holds only a quarter of the work).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def child(repo: str, games: int, processes: bool) -> None:
    # Only one_game and LINGER_FOR_PINGS of bench_node are used: they are what checkouts from
    # before this script have too, so it can compare against them.
    sys.path[:0] = [repo, str(Path(repo) / "bench")]
    import trio

    import bench_node
    try:
        from node import linger as holder   # where the node's end lives since the split
    except ImportError:
        from node import runtime as holder  # checkouts from before it
    holder.LINGER_MIN = bench_node.LINGER_FOR_PINGS
    out: dict[str, list[float]] = {"rolls": [], "pings": [], "cpu": []}
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(games):
            if processes:
                got = trio.run(bench_node.one_game_processes, Path(tmp) / f"g{g}")
                rolls, pings = got[0], got[-1]   # (1b0fc7c returned three more figures)
            else:
                c0 = time.process_time()
                rolls, steps, _, _, pings = trio.run(bench_node.one_game, Path(tmp) / f"g{g}")
                out["cpu"].append((time.process_time() - c0) / (len(steps) + 1))
            out["rolls"] += rolls
            out["pings"] += pings
    print(json.dumps(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--processes", action="store_true",
                    help="the game with a process per node (checkouts from 1b0fc7c on)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.old, args.games, args.processes)
        return
    repos = [str(Path(args.old).resolve()), str(Path(args.new).resolve())]
    got = {r: {"rolls": [], "pings": [], "cpu": [], "ratios": []} for r in repos}
    for i in range(args.rounds):
        for repo in (repos if i % 2 == 0 else repos[::-1]):
            proc = subprocess.run([sys.executable, __file__, repo, repo, "--child",
                                   "--games", str(args.games)] +
                                  (["--processes"] if args.processes else []),
                                  capture_output=True, text=True, check=True)
            o = json.loads(proc.stdout.strip().splitlines()[-1])
            for k in ("rolls", "pings", "cpu"):
                got[repo][k] += o[k]
            got[repo]["ratios"].append(statistics.median(o["rolls"]) / statistics.median(o["pings"]))
    med = statistics.median
    print(f"{args.rounds} rounds of {args.games} games per checkout, alternating")
    for label, repo in zip(("old", "new"), repos):
        d = got[repo]
        print(f"  {label} {repo}")
        print(f"    roll {med(d['rolls']) * 1e3:6.2f} ms   floor {med(d['pings']) * 1e3:5.2f} ms   "
              f"ratio {med(d['rolls']) / med(d['pings']):.2f}x "
              f"(per round {' '.join(f'{x:.2f}' for x in d['ratios'])})" +
              (f"   CPU per entry {med(d['cpu']) * 1e3:.2f} ms" if d["cpu"] else ""))
    old, new = (got[r] for r in repos)
    print(f"  new/old: roll {med(new['rolls']) / med(old['rolls']):.2f}, "
          f"floor {med(new['pings']) / med(old['pings']):.2f}" +
          (f", CPU per entry {med(new['cpu']) / med(old['cpu']):.2f}" if new["cpu"] else ""))


if __name__ == "__main__":
    main()
