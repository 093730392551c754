"""overwatch-tactics: balance and speed with the tactical bot on both sides.

    .venv/bin/python bench/bench_tactics.py [GAMES] [FIRST_SEED]

Prints the attack / defence win rates, each hero's pick rate (share of games it was drafted)
and win rate when picked, games per second (state hash after every turn, one core), the
slowest tactical decision, and line-of-sight checks per second. The issue's target: attack and
defence each 40-60 % over at least 400 games.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import get_game  # noqa: E402
from engine.games.overwatch_tactics import hexgrid as hx  # noqa: E402
from engine.simulate import play  # noqa: E402


def balance(games: int, first: int) -> None:
    g = get_game("overwatch-tactics")
    wins = [0, 0]
    picked = {h: 0 for h in g.data.heroes}
    won = {h: 0 for h in g.data.heroes}
    payload = []
    t0 = time.process_time()
    for seed in range(first, first + games):
        r = play("overwatch-tactics", 2, seed, "greedy")
        w = r.result.winners[0]
        wins[w] += 1
        payload.append(r.state.payload)
        for h in r.state.heroes:
            picked[h.id] += 1
            won[h.id] += h.side == w
    cpu = time.process_time() - t0
    print(f"{games} games (seeds {first}..{first + games - 1}), tactical bot on both sides")
    print(f"  attack wins {wins[0]} ({100 * wins[0] // games} %), defence wins {wins[1]} "
          f"({100 * wins[1] // games} %); payload reached on average "
          f"{sum(payload) * 10 // games / 10} of {len(g.data.route) - 1}")
    print("  hero          picked %   win % when picked")
    for h in g.data.heroes:
        rate = 100 * won[h] // picked[h] if picked[h] else 0
        print(f"  {h:12}  {100 * picked[h] // games:8}   {rate:8}")
    print(f"  {games / cpu:.2f} games per CPU second (state hash after every turn)")


def sight_speed(n: int = 20000) -> None:
    rng = random.Random(1)
    cases = []
    for _ in range(n):
        blockers = [(rng.randrange(0, 12), rng.randrange(0, 10)) for _ in range(12)]
        cases.append(((rng.randrange(0, 12), rng.randrange(0, 10)),
                      (rng.randrange(0, 12), rng.randrange(0, 10)), blockers))
    t0 = time.process_time()
    for a, b, bl in cases:
        hx.sight(a, b, bl)
    print(f"  {n / (time.process_time() - t0):.0f} line-of-sight checks per CPU second "
          f"(12 blockers, random pairs)")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    balance(n, first)
    sight_speed()
