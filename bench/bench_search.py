"""The strong (search) bot against the greedy ones: win rates with 95 % Wilson intervals.

    .venv/bin/python bench/bench_search.py [--games N] [--seed S] [--level normal|hard]
                                           [--game ID ...] [--tactics] [--tactics-only]
                                           [--think SECONDS] [--live-games N]
                                           [--seat-table] [--seat-table-only]
                                           [--jobs J] [--no-latency]

Each Monopoly game, 4 players: one strong bot against three greedy bots, seat-rotated (game k
puts the strong bot in seat k mod 4, seed S + k), so every seat gets its share. With --tactics
also overwatch-tactics: the strong bot (its search_activations.py: whole activations judged
by rollouts) against the tactical (greedy) bot as attack and as defence, seed S + k for game k
of each side (--tactics-only: those lines alone). With --think, the same lines again in live
mode: the strong bot thinking by time, SECONDS a decision, as `play` runs it (`--live-games`
games a line; such games are not a function of their seed): there the slowest decision of a
game is the figure to read against SECONDS (the bot plays at once where one option is sensible,
and stops searching at its deadline). With --seat-table, strong bots in every seat of each
Monopoly game: the share of the wins of the player who took the first turn, the second...
(seat numbers say nothing of it: an order roll decides who starts); --seat-table-only prints
those tables alone (of --game; with --tactics the hex game's too, attack against defence;
--tactics-only: that one).
Printed per line: wins / games, the win rate and its 95 % Wilson interval (a seat's fair share
in a 4-player game is 25 %), then the strong bot's decision time in this process: the median
of all its decisions, and per game its slowest (the median game's and the worst game's). The
issue's target run is `--games 200 --level hard`; `make bench` runs a short smoke line
(--games 2 by default).

Why a Spider-Man game costs most (measured 2026-12-06, seed 1, strong:hard in seat 1 against
three greedy bots, CPU seconds of the whole game, before -> after the issue-27 speed round):
Spider-Man 81.9 -> 44.6 s, Overwatch 5.6 -> 4.3 s. Not the evaluation, nor longer rollouts
(36 and 42 steps a rollout, ~120 and ~100 rollouts a decision). The game is longer (131 turns
against 83); its strong seat decides four times as often (443 decisions against 110: about 8
"turn" decisions in each of its turns, for Spider-Tech bought and sold, cards played and up to
three trade offers a turn, and 150 trade-draft steps); and a rollout step cost ~2.5 times as
much (its turn options list placements, sales and trade openings from the board, its greedy
policy plans trades). The rollouts now take the options the agenda found when it settled a
state instead of finding them again (AgendaGame._pending_settled), and Spider-Man's options
and trade plans are found once a decision: 1.8x. What is left is the count of decisions: a
cheaper search of the draft steps (the offer was chosen at the turn decision) or of a turn's
later decisions changes how the bot plays, so it waits for this bench's win rates.

Mario (measured 2026-12-07, 200 games, strong:hard): 34.2 % [28.0, 41.1] -> 44.5 % [37.8, 51.4]
with the fitted evaluation and coin sales (engine/games/mario_monopoly/search_profile.py:
mario_value, coin_sales). At strong:normal, 120 games, seeds 1-120 (36.2 % before): both
55.0 %, sales alone 48.3 %, the fitted evaluation alone 33.8 %; what did not pay: rollouts
to the end with 2 boss cards left 29.6 %, no trades at all 30.8 %, 8 sales tried instead of
4 47.5 %. The strong bot already picks the best figures (Toad, Donkey Kong, Boo: ~31 % for a
greedy player, Wario 15 %).
Then purchases offered at the least a greedy rival takes (a property's points / 2 + 1 coins:
offers at its price, or half as much again, were all refused, a coin counting 2 points against a
property's 10 a coin of price): 200 games hard 44.5 % -> 52.2 % [45.4, 59.1].
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import bots  # noqa: E402
from engine.core import Decision, get_game  # noqa: E402
from engine.games.overwatch_tactics.search_profile import HEX_SIMS  # noqa: E402
from engine.simulate import play  # noqa: E402

MONOPOLIES = ("overwatch-monopoly", "mario-monopoly", "spiderman-monopoly")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (wins may count shared wins as halves)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def one_game(job: tuple[str, int, int, int, str]) -> tuple[float, list[float]]:
    """(the strong seat's share of the win, its decision times) of one game."""
    game_id, players, seat, seed, spec = job
    times: list[float] = []
    original = bots.SearchBot.choose_seen

    def timed(self, obs, decision):
        t0 = time.perf_counter()
        try:
            return original(self, obs, decision)
        finally:
            times.append(time.perf_counter() - t0)

    bots.SearchBot.choose_seen = timed
    try:
        kinds = ["greedy"] * players
        kinds[seat] = spec
        result = play(game_id, players, seed, kinds).result
    finally:
        bots.SearchBot.choose_seen = original
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return share, times


def line(label: str, jobs: list, procs: int) -> None:
    t0 = time.time()
    if procs > 1:
        with multiprocessing.Pool(procs) as pool:
            results = pool.map(one_game, jobs)
    else:
        results = [one_game(j) for j in jobs]
    wins = sum(r[0] for r in results)
    times = [t for r in results for t in r[1]] or [0.0]
    slowest = [max(r[1]) for r in results if r[1]] or [0.0]
    lo, hi = wilson(wins, len(jobs))
    print(f"{label:<44} {wins:g}/{len(jobs)} = {100 * wins / len(jobs):5.1f} % "
          f"[{100 * lo:4.1f}, {100 * hi:4.1f}]  decision median {1000 * statistics.median(times):.0f} ms, "
          f"slowest a game {1000 * statistics.median(slowest):.0f} ms (median game), "
          f"{1000 * max(slowest):.0f} ms (worst)  ({time.time() - t0:.0f} s)", flush=True)


def responsiveness(think: float = 1.0, ticks: int = 100) -> None:
    """How late a node's loop wakes (a 10 ms timer, as a ping or a relayed frame would be
    handled) while idle and while a strong bot thinks in its worker thread (node/bot_driver)."""
    import random
    import trio
    from engine.core import get_game
    from engine.observe import observe
    from engine.simulate import play as sim
    game = get_game("overwatch-monopoly")
    states = []
    sim("overwatch-monopoly", 4, 1, "greedy", on_step=lambda s: states.append(s))
    state = next(s for s in states[len(states) // 3:]
                 if getattr(game.pending(s), "prompt", "") == "turn")
    decision = game.pending(state)
    bot = bots.make_bot(f"strong:hard@{think:g}", random.Random(1).random())

    async def lateness(n: int) -> list[float]:
        late = []
        for _ in range(n):
            t0 = time.perf_counter()
            await trio.sleep(0.01)
            late.append(time.perf_counter() - t0 - 0.01)
        return late

    async def main_() -> tuple[list[float], list[float]]:
        idle = await lateness(ticks)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(partial_thread, bot, observe(state, decision.player), decision)
            busy = await lateness(min(ticks, int(think / 0.011)))
        return idle, busy

    async def partial_thread(b, obs, d):
        await trio.to_thread.run_sync(b.choose_seen, obs, d)

    from node.bot_driver import quick_switches
    with quick_switches():   # as the node's bot driver runs its bot
        idle, busy = trio.run(main_)
    print(f"node loop lateness (10 ms timer), idle: median {1000 * statistics.median(idle):.1f} ms, "
          f"max {1000 * max(idle):.1f} ms; while a strong bot thinks {think:g} s: median "
          f"{1000 * statistics.median(busy):.1f} ms, max {1000 * max(busy):.1f} ms", flush=True)


def seat_shares(job: tuple[str, int, int, str]) -> list[float]:
    """Each turn position's share of the win in one game of `players` bots of kind `spec`:
    position 1 takes the first turn (the order roll decides whose seat that is) and turns go
    round in seat order; in the hex game the positions are the sides, attack first."""
    game_id, players, seed, spec = job
    game = get_game(game_id)
    first: list[int] = []

    def first_turn(state: object) -> None:
        if not first:
            d = game.pending(state)
            if isinstance(d, Decision) and d.prompt == "turn":
                first.append(d.player)
    by_side = game_id == "overwatch-tactics"
    winners = play(game_id, players, seed, [spec] * players,
                   on_step=None if by_side else first_turn).result.winners
    start = first[0] if first else 0
    return [1 / len(winners) if (start + pos) % players in winners else 0.0
            for pos in range(players)]


class _InProcess:
    """A pool of none: imap_unordered in this process, in order."""

    def __enter__(self) -> "_InProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, f, jobs):
        return map(f, jobs)


def seat_table(game_id: str, games: int, seed: int, spec: str, procs: int) -> None:
    """Strong bots in every seat (4, or the hex game's 2): each turn position's share of the
    wins, so the advantage of playing first, second... is known (a fair share: 1 / players)."""
    t0 = time.time()
    players = 2 if game_id == "overwatch-tactics" else 4
    jobs = [(game_id, players, seed + k, spec) for k in range(games)]
    results: list[list[float]] = []
    with multiprocessing.Pool(procs) if procs > 1 else _InProcess() as pool:
        for r in pool.imap_unordered(seat_shares, jobs):
            results.append(r)
            if len(results) % 25 == 0 and len(results) < games:   # a long table says how far
                print(f"  {game_id}: {len(results)} of {games} games ({time.time() - t0:.0f} s)",
                      file=sys.stderr, flush=True)
    shares = [sum(r[s] for r in results) for s in range(players)]
    names = ("attack", "defence") if players == 2 else tuple(f"turn {i + 1}" for i in range(4))
    cells = "  ".join(f"{name}: {100 * v / games:4.1f} % [{100 * wilson(v, games)[0]:4.1f}, "
                      f"{100 * wilson(v, games)[1]:4.1f}]" for name, v in zip(names, shares))
    print(f"{game_id}: {players} x {spec}, {games} games  {cells}  ({time.time() - t0:.0f} s)",
          flush=True)


def monopoly_lines(games, seed: int, spec: str, n: int, procs: int, mode: str) -> None:
    """A line per Monopoly game: one `spec` bot against three greedy ones, seat-rotated."""
    for game_id in games:
        jobs = [(game_id, 4, k % 4, seed + k, spec) for k in range(n)]
        line(f"{game_id}{mode}: 1 strong v 3 greedy", jobs, procs)


def hex_lines(seed: int, spec: str, n: int, procs: int, mode: str, against: str) -> None:
    """The hex game's two lines: a `spec` bot as attack, then as defence, against the
    tactical bot."""
    for side, name in ((0, "attack"), (1, "defence")):
        jobs = [("overwatch-tactics", 2, side, seed + k, spec) for k in range(n)]
        line(f"overwatch-tactics{mode}: strong as {name}{against}", jobs, procs)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="hard", choices=bots.LEVELS)
    p.add_argument("--game", action="append", choices=MONOPOLIES, help="default: all three")
    p.add_argument("--tactics", action="store_true", help="also overwatch-tactics (slow)")
    p.add_argument("--tactics-only", action="store_true", help="overwatch-tactics alone")
    p.add_argument("--think", type=float, help="also the lines in live mode: seconds a "
                   "decision (a time budget)")
    p.add_argument("--live-games", type=int, default=20, help="games a line in live mode")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--no-latency", action="store_true", help="skip the node-loop measurement")
    p.add_argument("--seat-table", action="store_true",
                   help="also strong bots in every seat: win share per seat")
    p.add_argument("--seat-table-only", action="store_true",
                   help="the seat tables alone (of --game; the hex game's with --tactics)")
    args = p.parse_args(argv)
    if not args.no_latency:
        responsiveness()
    spec = f"strong:{args.level}"
    if args.seat_table_only:
        print(f"seat table: strong:{args.level} in every seat, {args.games} games a line")
        games = [] if args.tactics_only else list(args.game or MONOPOLIES)
        if args.tactics or args.tactics_only:
            games.append("overwatch-tactics")
        for game_id in games:
            seat_table(game_id, args.games, args.seed, spec, args.jobs)
        return
    if not args.tactics_only:
        print(f"strong:{args.level} ({bots.SIMS.get(args.level, 0)} simulations a decision, "
              f"{bots.LOOKAHEAD} player-turns ahead) against greedy bots, {args.games} games a line")
        monopoly_lines(args.game or MONOPOLIES, args.seed, spec, args.games, args.jobs, "")
        if args.seat_table:
            for game_id in args.game or MONOPOLIES:
                seat_table(game_id, args.games, args.seed, spec, args.jobs)
    if args.tactics or args.tactics_only:
        print(f"overwatch-tactics: {spec} ({HEX_SIMS.get(args.level, 0)} rollouts a search "
              f"round) against the tactical bot, {args.games} games a line")
        hex_lines(args.seed, spec, args.games, args.jobs, "", " v tactical")
    if args.think is not None:
        live = bots.bot_spec("strong", args.level, args.think)
        if not args.tactics_only:
            print(f"live: {live} ({args.think:g} s a decision) against greedy bots, "
                  f"{args.live_games} games a line")
            monopoly_lines(args.game or MONOPOLIES, args.seed, live, args.live_games, args.jobs,
                           " live")
    if args.think is not None and (args.tactics or args.tactics_only):
        print(f"overwatch-tactics live: {live} ({args.think:g} s a decision) against the tactical "
              f"bot, {args.live_games} games a line")
        hex_lines(args.seed, live, args.live_games, args.jobs, " live", "")


if __name__ == "__main__":
    main(sys.argv[1:])
