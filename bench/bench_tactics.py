"""overwatch-tactics: balance and speed with the tactical bot on both sides.

    .venv/bin/python bench/bench_tactics.py [GAMES] [FIRST_SEED] [JOBS]

Prints the attack / defence win rates, each hero's pick rate (share of games it was drafted)
and win rate when picked with its 95 % binomial interval, the share of each hero's games in
which each other hero was drafted by the same side (the draft's fixed ranking makes teams
whose win rates move together, RULES.md "Balance"), games per second (JOBS = 1 only) (state hash after every turn, one core), the
slowest tactical decision, and line-of-sight checks per second. The issue's target: attack and
defence each 40-60 % over at least 400 games.
"""
from __future__ import annotations

import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import get_game  # noqa: E402
from engine.games.overwatch_tactics import hexgrid as hx  # noqa: E402
from engine.simulate import play  # noqa: E402


Counts = tuple[list[int], dict[str, int], dict[str, int], list[int], dict[tuple[str, str], int]]


def _games(seeds: range) -> Counts:
    """Counts for the games of `seeds`: wins by side, picks and wins when picked by hero, the
    payload's last position, and games in which two heroes were drafted by the same side."""
    g = get_game("overwatch-tactics")
    wins = [0, 0]
    picked = {h: 0 for h in g.data.heroes}
    won = {h: 0 for h in g.data.heroes}
    payload = []
    together = {(a, b): 0 for a in g.data.heroes for b in g.data.heroes}
    for seed in seeds:
        r = play("overwatch-tactics", 2, seed, "greedy")
        w = r.result.winners[0]
        wins[w] += 1
        payload.append(r.state.payload)
        for h in r.state.heroes:
            picked[h.id] += 1
            won[h.id] += h.side == w
            for t in r.state.heroes:
                together[h.id, t.id] += t.side == h.side and t is not h
    return wins, picked, won, payload, together


def interval(k: int, n: int) -> tuple[int, int]:
    """The 95 % normal-approximation binomial interval of k in n, in whole per cent (integer
    arithmetic: 1.96 taken as 196/100)."""
    if n == 0:
        return 0, 100
    half = 196 * math.isqrt(k * (n - k) * 10_000 // n) // n // 100
    return max(0, 100 * k // n - half), min(100, 100 * k // n + half)


def balance(games: int, first: int, jobs: int = 1) -> None:
    g = get_game("overwatch-tactics")
    seeds = range(first, first + games)
    t0 = time.process_time()
    w0 = time.perf_counter()
    if jobs > 1:
        parts = [seeds[i::jobs] for i in range(jobs)]
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_games, parts)
    else:
        results = [_games(seeds)]
    wins, picked, won, payload = [0, 0], {h: 0 for h in g.data.heroes}, \
        {h: 0 for h in g.data.heroes}, []
    together = {(a, b): 0 for a in g.data.heroes for b in g.data.heroes}
    for w, p, k, pay, tog in results:
        wins = [wins[0] + w[0], wins[1] + w[1]]
        for h in g.data.heroes:
            picked[h] += p[h]
            won[h] += k[h]
        payload += pay
        for pair, n in tog.items():
            together[pair] += n
    cpu = time.process_time() - t0 if jobs == 1 else (time.perf_counter() - w0) * jobs
    print(f"{games} games (seeds {first}..{first + games - 1}), tactical bot on both sides")
    lo, hi = interval(wins[0], games)
    print(f"  attack wins {wins[0]} ({100 * wins[0] // games} %, 95 % interval {lo}-{hi}), "
          f"defence wins {wins[1]} ({100 * wins[1] // games} %); payload reached on average "
          f"{sum(payload) * 10 // games / 10} of {len(g.data.route) - 1}")
    print("  hero          picked %   win % when picked   95 % interval   games picked")
    for h in g.data.heroes:
        rate = 100 * won[h] // picked[h] if picked[h] else 0
        lo, hi = interval(won[h], picked[h])
        print(f"  {h:12}  {100 * picked[h] // games:8}   {rate:8}            "
              f"{lo:3}-{hi:<3}          {picked[h]}")
    names = list(g.data.heroes)
    print("  drafted by the same side, % of the row hero's games:")
    print("  " + " " * 12 + "".join(f"{b[:6]:>7}" for b in names))
    for a in names:
        print(f"  {a:12}" + "".join(
            f"{100 * together[a, b] // picked[a] if picked[a] and a != b else 0:7}" for b in names))
    if jobs == 1:
        print(f"  {games / cpu:.2f} games per CPU second (state hash after every turn)")


def decision_speed(games: int = 5, first: int = 1) -> None:
    """CPU seconds per tactical decision over `games` games: the median and the slowest (the
    issue's target: under a second per decision)."""
    from engine import bots
    times: list[float] = []
    choose = bots.GreedyBot.choose

    def timed(self, state, decision):
        t = time.process_time()
        move = choose(self, state, decision)
        times.append(time.process_time() - t)
        return move

    bots.GreedyBot.choose = timed
    try:
        for seed in range(first, first + games):
            play("overwatch-tactics", 2, seed, "greedy")
    finally:
        bots.GreedyBot.choose = choose
    times.sort()
    print(f"  tactical decisions: {len(times)} in {games} games, median "
          f"{times[len(times) // 2] * 1000:.1f} ms, slowest {times[-1] * 1000:.0f} ms of CPU")


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
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    balance(n, first, jobs)
    decision_speed(first=first)
    sight_speed()
