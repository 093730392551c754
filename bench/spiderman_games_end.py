"""Every Monopoly Marvel Spider-Man game of greedy bots ends (no turn limit): whole games for
2..6 players over a range of seeds, each allowed the 200 000 steps `lanboard sim` allows.

Prints the games that did not end (none expected: the bot trades to complete colour sets) and
the longest game in steps and turns. Usage:

    python bench/spiderman_games_end.py [FIRST_SEED LAST_SEED]     (default 0 100: 500 games)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.simulate import play  # noqa: E402

MAX_STEPS = 200_000


def main(first: int, last: int) -> int:
    t0 = time.perf_counter()
    longest = (0, 0, 0, 0)           # steps, turns, players, seed
    stuck = []
    games = 0
    for players in range(2, 7):
        for seed in range(first, last):
            games += 1
            try:
                g = play("spiderman-monopoly", players, seed, "greedy", max_steps=MAX_STEPS)
            except RuntimeError:
                stuck.append((players, seed))
                continue
            longest = max(longest, (g.steps, g.turns, players, seed))
    steps, turns, players, seed = longest
    print(f"{games} games of greedy bots, 2-6 players, seeds {first}-{last - 1}: "
          f"{len(stuck)} did not end in {MAX_STEPS} steps {stuck[:20]}; longest {steps} steps "
          f"({turns} turns, {players} players seed {seed}); {time.perf_counter() - t0:.0f} s")
    return 1 if stuck else 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]] or [0, 100]
    sys.exit(main(*args))
