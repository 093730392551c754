"""`lanboard demo`: the main job on an embedded default.

For now a headless game of four greedy bots in this process; the networked demo (bot nodes as
separate processes finding each other by mDNS) replaces it with the LAN node.
"""
from __future__ import annotations

import argparse

from engine import get_game
from engine.simulate import play

NAME = "demo"
HELP = "play a whole demo game on an embedded default and show how it went"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="overwatch-monopoly")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=2026)


def run(args: argparse.Namespace) -> int:
    from .cmd_sim import parse_setup
    args.games, args.bots, args.variant = 1, "greedy", []
    parse_setup(args)
    game = get_game(args.game)
    g = play(args.game, args.players, args.seed, "greedy")
    s, r = g.state, g.result
    print(f"{game.title}: {args.players} greedy bots, seed {args.seed}")
    for seat, p in enumerate(s.players):
        team = ", ".join([game.data.characters[c].name for c in p.leaders] +
                         [game.data.characters[h.id].name + ("" if h.active else " (eliminated)")
                          for h in p.heroes])
        owned = [game.data.spaces[i].name for i, o in enumerate(s.owners) if o == seat]
        d = r.details
        print(f"  P{seat + 1} {team}")
        print(f"     {p.hp} HP, {len(p.loot)} Loot Boxes, objectives: {', '.join(owned) or 'none'}")
        print(f"     score {r.scores[seat]} = objectives {d['objectives'][seat]} + loot boxes "
              f"{d['loot_boxes'][seat]} + play of the game {d['play_of_the_game'][seat]}")
    who = " and ".join(f"P{w + 1}" for w in r.winners)
    print(f"Winner: {who} after {g.turns} turns ({g.steps} steps). "
          f"Final state hash {g.state_hash.hex()}")
    return 0
