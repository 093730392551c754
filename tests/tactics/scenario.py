"""Hand-built positions for the rule tests: a flat copy of the map (every level 0, so a test's
heights are the ones it sets) with heroes where the test puts them, in step 3 of a turn."""
from __future__ import annotations

import dataclasses

from engine.core import Decision, get_game
from engine.games.overwatch_tactics.data import load
from engine.games.overwatch_tactics.rules import OverwatchTactics
from engine.games.overwatch_tactics.state import ATTACK, DEFENCE, Hero

GAME = get_game("overwatch-tactics")
_data = load()
FLAT = OverwatchTactics(dataclasses.replace(_data, levels={h: 0 for h in _data.hexes}))


def board(heroes: dict, *, game=FLAT, active=ATTACK, heights=None, payload=0, round=2,
          turns=3, spawn=0):
    """heroes: {id: (side, q, r)}, or (side,) for a defeated hero. Rows 0-1 of the map
    (r = 0, 1; q = 0..15) are far from the route and the spawns."""
    s = game.initial_state(2, ())
    for hid, spec in heroes.items():
        side = spec[0]
        sheet = game.data.heroes[hid]
        h = Hero(hid, side, sheet.hp, [0] * len(sheet.abilities))
        if len(spec) == 3:
            h.placed, h.q, h.r = True, spec[1], spec[2]
        s.heroes.append(h)
        s.players[side].roster.append(hid)
    for at, height in (heights or {}).items():
        s.height[game.index[at]] = height
    s.phase, s.active, s.spawn, s.payload, s.round, s.turns = "act", active, spawn, payload, round, turns
    return s


def full(hid: str) -> int:
    """A hero's full HP from its (house) sheet: rule tests compute with it, never repeat it."""
    return _data.heroes[hid].hp


def least(hid: str) -> int:
    """The minimum of a hero's first weapon: what an overwatch or disadvantage shot deals."""
    return _data.heroes[hid].weapons[0].least


def ability(hid: str, aid: str):
    return _data.heroes[hid].ability(aid)


def options(s, game=FLAT):
    p = game.pending(s)
    assert isinstance(p, Decision)
    return p.options


def play(s, *moves, game=FLAT):
    for m in moves:
        s = game.apply(s, m)
    return s


__all__ = ["GAME", "FLAT", "board", "options", "play", "full", "least", "ability", "ATTACK", "DEFENCE"]


def through_setup(seed: int = 1, game=GAME):
    """A real game's state at the start of its first turn, set up by the tactical bot."""
    from engine.core import Sealed
    from engine.simulate import chance_seed
    s = game.new(2)
    while s.phase != "act":
        p = game.pending(s)
        if isinstance(p, Sealed):
            s = game.apply_sealed(s, [game.greedy_move(s, d, None) for d in p.decisions])
        elif isinstance(p, Decision):
            s = game.apply(s, game.greedy_move(s, p, None))
        else:
            s = game.resolve(s, chance_seed(seed, s.steps))
    return s
