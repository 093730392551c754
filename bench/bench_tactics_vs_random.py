"""overwatch-tactics: how often the tactical bot beats the random bot, on each side.

    .venv/bin/python bench/bench_tactics_vs_random.py [SEEDS] [FIRST_SEED]

Plays SEEDS games (default 20) with the tactical bot attacking a random defender and as many
with a random attacker against the tactical defender, and prints each side's win count with
the random bot's own rate on that side (random against random, same seeds) beside it. The
issue's figure: the tactical bot wins at least 95 % of these games. The test
(tests/tactics/test_whole_games.py) plays a few of them; this is the full count.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.simulate import play  # noqa: E402

SIDES = ((0, "attack"), (1, "defence"))


def wins(seat: int, kind: str, seeds: range) -> int:
    """Games of `seeds` that seat `seat`, played by bot `kind`, wins against a random bot."""
    bots = tuple(kind if s == seat else "random" for s in range(2))
    return sum(play("overwatch-tactics", 2, seed, bots).result.winners == (seat,)
               for seed in seeds)


def main(n: int, first: int) -> None:
    seeds = range(first, first + n)
    total = 0
    print(f"tactical bot against the random bot, seeds {first}..{first + n - 1} on each side")
    for seat, side in SIDES:
        tactical = wins(seat, "greedy", seeds)
        total += tactical
        print(f"  {side:8} tactical wins {tactical}/{n}; random in its place wins "
              f"{wins(seat, 'random', seeds)}/{n}")
    print(f"  tactical bot wins {total}/{2 * n} ({100 * total // (2 * n)} %; the issue's "
          f"target: at least 95 %)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20,
         int(sys.argv[2]) if len(sys.argv) > 2 else 0)
