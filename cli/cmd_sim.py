"""`lanboard sim`: whole games in process with bots; prints winner, scores, turns, state hash."""
from __future__ import annotations

import argparse
import json
import sys

from engine import game_ids, get_game
from engine.bots import BOT_KINDS, parse_bot_spec
from engine.simulate import play

from .errors import UsageError
from .game_option import add_game_option

NAME = "sim"
HELP = "play whole games with bots in this process and print the results"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: 4, or the game's most if it has fewer)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    p.add_argument("--games", type=int, default=1, help="games to play, seeds S, S+1, … (default: 1)")
    p.add_argument("--bots", default="greedy",
                   help="bot kind for every seat, or one per seat comma-separated "
                        f"({'|'.join(BOT_KINDS)}; strong:easy|normal|hard; default: greedy)")
    p.add_argument("--variant", action="append", default=[], metavar="NAME",
                   help="a rule variant; repeat to combine")
    p.add_argument("--json", action="store_true", help="one JSON object per game per line")
    p.add_argument("--log", metavar="FILE",
                   help="play over the real protocol (one in-memory node and key per bot, signed "
                        "messages through a shuffled queue) and write the match file to FILE")


def check_game(game_id: str, players: int, variants: list[str]) -> tuple[str, ...]:
    """The sorted variants, once game, player count and variants are known to be playable;
    otherwise UsageError with a message a person reads."""
    if game_id not in game_ids():
        raise UsageError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    problem = get_game(game_id).check_setup(players, variants)
    if problem:
        raise UsageError(problem)
    return tuple(sorted(set(variants)))


def default_players(game_id: str) -> int:
    """The players of a game when none are asked for: four, or fewer where the game seats
    fewer (the hex game: two), so a two-player game needs no count; an unknown game gets 4,
    and check_game names it."""
    return min(4, get_game(game_id).max_players) if game_id in game_ids() else 4


def parse_setup(args: argparse.Namespace) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Validate game, players, bots and variants of a sim: (bot kind per seat, variants)."""
    if args.players is None:
        args.players = default_players(args.game)
    variants = check_game(args.game, args.players, args.variant)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    kinds = tuple(k.strip() for k in args.bots.split(","))
    if len(kinds) == 1:
        kinds = kinds * args.players
    if len(kinds) != args.players:
        raise UsageError(f"--bots names {len(kinds)} kinds for {args.players} players")
    for k in kinds:
        try:
            parse_bot_spec(k)
        except ValueError as e:
            raise UsageError(str(e)) from None
        if "@" in k:
            raise UsageError(f"{k!r}: in sim a strong bot's budget is simulations (its level), "
                             "so a game stays a function of its seed; a think time is for live play")
    return kinds, variants


def run(args: argparse.Namespace) -> int:
    kinds, variants = parse_setup(args)
    if args.log:
        return _run_logged(args, kinds, variants)
    for k in range(args.games):
        seed = args.seed + k
        g = play(args.game, args.players, seed, kinds, variants)
        r = g.result
        winner = r.winners[0] if len(r.winners) == 1 else None
        if args.json:
            print(json.dumps({
                "game": args.game, "seed": seed, "players": args.players, "bots": list(kinds),
                "variants": list(variants), "turns": g.turns, "steps": g.steps,
                "winner": winner, "winners": list(r.winners), "scores": list(r.scores),
                "state_hash": g.state_hash.hex(),
            }), flush=True)
        else:
            who = " and ".join(f"P{w + 1}" for w in r.winners)
            scores = " / ".join(f"P{i + 1} {sc}" for i, sc in enumerate(r.scores))
            print(f"{args.game} seed {seed}: winner {who}  scores {scores}  "
                  f"turns {g.turns}  steps {g.steps}  hash {g.state_hash.hex()[:16]}", flush=True)
    return 0


def _run_logged(args: argparse.Namespace, kinds: tuple[str, ...], variants: tuple[str, ...]) -> int:
    from protocol.inmemory import play_logged
    if args.games != 1:
        raise UsageError("--log writes one match: use it with --games 1")
    try:
        s = play_logged(args.game, args.players, args.log, seed=args.seed, bots=kinds,
                        variants=variants)
    except RuntimeError as e:
        print(f"lanboard sim: the protocol run failed: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"game": args.game, "seed": args.seed, "players": args.players,
                          "bots": list(kinds), "variants": list(variants), "log": args.log, **s}))
    else:
        who = " and ".join(f"P{w + 1}" for w in s["winners"])
        scores = " / ".join(f"P{i + 1} {sc}" for i, sc in enumerate(s["scores"]))
        print(f"{args.game} seed {args.seed}: winner {who}  scores {scores}  "
              f"entries {s['entries']}  {s['bytes']} bytes  match {s['match_id'][:16]}  "
              f"-> {args.log}", flush=True)
    return 0
