"""Engine throughput: whole 4-player games of greedy bots, the state hash taken after every turn.

Target (issue 2): at least 20 games per second on one core. Prints medians over several runs
(these machines are noisy) and the per-part costs that dominate a step.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.simulate import play  # noqa: E402

GAMES_PER_RUN = 40
RUNS = 5


def one_run(first_seed: int) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    steps = turns = 0
    for seed in range(first_seed, first_seed + GAMES_PER_RUN):
        g = play("overwatch-monopoly", 4, seed, "greedy")
        steps += g.steps
        turns += g.turns
    return time.perf_counter() - t0, steps, turns


def per_call(fn, n: int = 2000) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) / n


def main() -> None:
    games_per_s, steps_per_s = [], []
    for r in range(RUNS):
        dt, steps, turns = one_run(1000 * r)
        games_per_s.append(GAMES_PER_RUN / dt)
        steps_per_s.append(steps / dt)
    mid = play("overwatch-monopoly", 4, 1, "greedy", max_steps=10**6)
    state = mid.state
    hash_us = per_call(lambda: engine.state_hash(state)) * 1e6
    clone_us = per_call(state.clone) * 1e6
    print(f"engine: overwatch-monopoly, 4 greedy bots, hash after every turn, "
          f"{RUNS} runs x {GAMES_PER_RUN} games")
    print(f"  games/s  median {statistics.median(games_per_s):7.1f}  "
          f"(min {min(games_per_s):.1f}, max {max(games_per_s):.1f})   target >= 20")
    print(f"  steps/s  median {statistics.median(steps_per_s):7.0f}")
    print(f"  per game {steps / GAMES_PER_RUN:.0f} steps, {turns / GAMES_PER_RUN:.0f} turns "
          f"(last run)")
    print(f"  state hash {hash_us:.0f} us ({len(engine.encode_state(state))} bytes), "
          f"state clone {clone_us:.0f} us")


if __name__ == "__main__":
    main()
