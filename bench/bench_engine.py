"""Engine speed: player-turns per second of whole games of greedy bots, for every game.

A player-turn is one player's turn of the game: one increment of the state's `turns` counter
(the count `Game.turn_number` gives, after which the players attest the state hash). Set-up
steps (drafts, the roll for who starts, terrain and hero placement) belong to no turn but their
time is counted. Each game is played as `engine.simulate.play` plays it: greedy bots (4 seats,
2 for overwatch-tactics, the hex game), the state hash taken after every turn, chance and bots
seeded, so every run of a game does the same work.

The figure is player-turns per CPU-second of this one process, pinned to one core: the machine
is shared, and CPU time is what the engine spent, whatever else runs (wall-clock figures are
printed beside it). Each line is the median of several runs over the same seeds.

Target (issue 27): overwatch-monopoly at least 10,000 player-turns a second on one core.

Recorded 2026-12-06 with `--compare` (before: dafefdb, the engine before the issue-27 speed
work; after: the speed branch), 5 runs alternating, a shared 2-core machine under load 2-8:

    overwatch-monopoly  4p  before 1494  after 3686  x2.47   (wall-clock: 746 -> 2381)
    mario-monopoly      4p  before 1749  after 4619  x2.64
    spiderman-monopoly  4p  before 1565  after 2871  x1.83
    overwatch-tactics   2p  before   11  after   26  x2.42   (its greedy bot's line of sight)

Recorded again 2026-12-06, second round (before: 78cf57c; after: the speed branch), 7 runs
alternating, the machine quiet (load 1), `--compare BEFORE --runs 7 --monopyly DIR`:

    overwatch-monopoly  4p  before 8317  after 11584  x1.39   (hash of its end state 18 -> 13 us)
    mario-monopoly      4p  before 7571  after  9630  x1.27
    spiderman-monopoly  4p  before 5684  after  6960  x1.22
    overwatch-tactics   2p  before   55  after    55  x1.00   (not worked on)
    monopyly (classic)  4p  24044   (its four sample AIs; no state hash, no observation)

What paid: the state hash (ints up to 255 inline, each list field of ints or strings written
from the bytes of its last items when they are the very same objects: a board's owners, traps
and turrets change seldom between two turns), the agenda's task methods found once per game,
a bot's observation kept until a draw changes it (and not made at all for a bot that decides
from the public state), the greedy policies' leader order sorted once per decision (Mario's
and Overwatch's sorted it once per option compared), dice read straight from the stream's
first block, Spider-Man's option lists (a seat's properties and placements found once a
decision). What did not: the key bytes written together with a field's first byte (no gain:
the per-field cost is the attribute, the type check and the branch, not the append), a C-level
scan for a seat's properties (compress/map: slower than the list comprehension at 40 spaces),
inlining the players' encoders into the state's (a call costs ~45 ns of a player's ~1.8 us),
and a __setattr__ hook to notice a task method set on the game (it cost a tenth of a step).

    python bench/bench_engine.py                      # this checkout
    python bench/bench_engine.py --compare OTHER_ROOT # OTHER_ROOT's engine (e.g. an export of
                                                      # main) against this one, runs alternating
    python bench/bench_engine.py --monopyly DIR       # and the classic monopyly engine beside
                                                      # it (a checkout of it; or $LANBOARD_MONOPYLY)
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
TARGET_GAME, TARGET = "overwatch-monopoly", 10_000
# game -> (players, games per run): enough games for a run of about a second or more
GAMES = {"overwatch-monopoly": (4, 20), "mario-monopoly": (4, 20), "spiderman-monopoly": (4, 20),
         "overwatch-tactics": (2, 2)}


def one_run(root: Path, games: list[str], scale: int) -> dict:
    """One run of every game of `games` with the engine of `root`: {game: (turns, steps, cpu
    seconds, wall seconds)}."""
    sys.path.insert(0, str(root))
    from engine.simulate import play
    out = {}
    for game in games:
        players, count = GAMES[game]
        turns = steps = 0
        c0, w0 = time.process_time(), time.perf_counter()
        for seed in range(count * scale):
            g = play(game, players, seed, "greedy")
            turns += g.turns
            steps += g.steps
        out[game] = (turns, steps, time.process_time() - c0, time.perf_counter() - w0)
    return out


# The classic Python Monopoly engine, measured side by side when a checkout of it is given
# (--monopyly DIR; its code is never part of lanboard): its four sample AIs, a game per seed of
# Python's global random (what its dice use), every player-turn counted. It takes no state
# hash: its figure is the bare engine's.
MONOPYLY_GAMES = 20


def monopyly_run(folder: Path) -> dict:
    """One run of MONOPYLY_GAMES games of monopyly from `folder`: {"monopyly": (player-turns,
    0, cpu seconds, wall seconds)}."""
    import random
    sys.path[:0] = [str(folder), str(folder / "SampleAIs")]
    time.clock = time.process_time   # removed in Python 3.8; monopyly times its AIs with it
    from monopyly import Game
    from Sample_Daddies.generous_daddy import GenerousDaddyAI
    from Sample_Daddies.mean_daddy import MeanDaddyAI
    from Sample_LazyBones.lazy_bones import LazyBonesAI
    from Sample_Sophie.sophie import SophieAI
    turns = [0]
    one_turn = Game.play_one_turn

    def counted(game, player):
        turns[0] += 1
        return one_turn(game, player)

    Game.play_one_turn = counted
    c0, w0 = time.process_time(), time.perf_counter()
    for seed in range(MONOPYLY_GAMES):
        random.seed(seed)
        game = Game()
        for ai in (SophieAI(), GenerousDaddyAI(), MeanDaddyAI(), LazyBonesAI()):
            game.add_player(ai)
        game.play_game()
    return {"monopyly": (turns[0], 0, time.process_time() - c0, time.perf_counter() - w0)}


def child(root: Path, games: list[str], scale: int) -> dict:
    """`one_run` in a fresh process (so two engines never share one interpreter)."""
    cmd = [sys.executable, __file__, "--root", str(root), "--one-run", "--scale", str(scale),
           "--games", ",".join(games)]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def summary(runs: list[dict], game: str) -> tuple[float, float, int, int]:
    """(median player-turns per CPU-second, per wall-second, turns and steps per run)."""
    per_cpu = [r[game][0] / r[game][2] for r in runs]
    per_wall = [r[game][0] / r[game][3] for r in runs]
    return statistics.median(per_cpu), statistics.median(per_wall), runs[0][game][0], \
        runs[0][game][1]


def part_costs(root: Path) -> str:
    """The two costs every step and every turn pay: a state clone and a state hash."""
    pin_to_one_core()
    sys.path.insert(0, str(root))
    import engine
    from engine.simulate import play
    state = play(TARGET_GAME, 4, 1, "greedy").state

    def per_call(fn, n: int = 2000) -> float:
        t0 = time.process_time()
        for _ in range(n):
            fn()
        return (time.process_time() - t0) / n * 1e6

    return (f"  {TARGET_GAME} end state: hash {per_call(lambda: engine.state_hash(state)):.0f} us "
            f"({len(engine.encode_state(state))} bytes), clone {per_call(state.clone):.0f} us")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=HERE, help="checkout whose engine to run")
    ap.add_argument("--compare", type=Path, help="another checkout, run alternately (before)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--scale", type=int, default=1, help="multiply the games per run")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--monopyly", type=Path, default=os.environ.get("LANBOARD_MONOPYLY"),
                    metavar="DIR", help="a checkout of the classic monopyly engine, measured "
                                        "beside lanboard's (default: $LANBOARD_MONOPYLY)")
    ap.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--monopyly-run", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r} (known: {', '.join(GAMES)})")
    if args.one_run:   # only the measuring child is pinned: `make bench` runs on after this
        pin_to_one_core()
        print(json.dumps(one_run(args.root, games, args.scale)))
        return
    if args.monopyly_run:
        pin_to_one_core()
        print(json.dumps(monopyly_run(args.monopyly)))
        return
    sides = [("before", args.compare.resolve()), ("after", args.root.resolve())] \
        if args.compare else [("", args.root.resolve())]
    runs: dict[str, list[dict]] = {name: [] for name, _ in sides}
    classic: list[dict] = []
    for _ in range(args.runs):
        for name, root in sides:   # alternating, so both sides meet the same machine load
            runs[name].append(child(root, games, args.scale))
        if args.monopyly:
            classic.append(json.loads(subprocess.run(
                [sys.executable, __file__, "--monopyly-run", "--monopyly", str(args.monopyly)],
                check=True, capture_output=True, text=True).stdout))
    print(f"engine speed: greedy bots, state hash after every turn, one core, median of "
          f"{args.runs} runs (player-turns per CPU-second; per wall-second in brackets)")
    for game in games:
        players = GAMES[game][0]
        cells = []
        for name, _ in sides:
            cpu, wall, turns, steps = summary(runs[name], game)
            cells.append((name, cpu, wall, turns, steps))
        line = f"  {game:19s} {players}p  " + "   ".join(
            f"{name + ' ' if name else ''}{cpu:8.0f} ({wall:6.0f})" for name, cpu, wall, _, _ in cells)
        if len(cells) == 2:
            line += f"   x{cells[1][1] / cells[0][1]:.2f}"
        line += f"   [{cells[-1][3]} turns, {cells[-1][4]} steps a run]"
        if game == TARGET_GAME:
            line += f"   target >= {TARGET}"
        print(line, flush=True)
    if classic:
        cpu, wall, turns, _ = summary(classic, "monopyly")
        print(f"  {'monopyly (classic)':19s} 4p  {cpu:8.0f} ({wall:6.0f})   [{turns} turns a run, "
              f"{MONOPYLY_GAMES} games of its sample AIs; no state hash]")
    else:
        print("  monopyly (classic): not measured (--monopyly DIR, a checkout of it)")
    for name, root in sides:
        print(f"{name or 'costs'}:")
        print(subprocess.run([sys.executable, "-c",
                              f"import sys; sys.path.insert(0, {str(HERE / 'bench')!r}); "
                              f"import bench_engine as b; from pathlib import Path; "
                              f"print(b.part_costs(Path({str(root)!r})))"],
                             check=True, capture_output=True, text=True).stdout.rstrip())


if __name__ == "__main__":
    main()
