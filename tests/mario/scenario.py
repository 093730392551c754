"""Building chosen Mario-Monopoly situations through the public engine API.

`new_game` plays the set-up (the roll for the first player, the figure choices) so every
scenario starts from a real state; `edit` then changes a copy of it (positions, coins, owners)
to the situation a rule needs, and `act` / `roll` drive the engine exactly as a node would.
"""
from __future__ import annotations

from typing import Callable, Sequence

import engine
from engine import Chance, Decision
from engine.games.mario_monopoly.state import State
from tests.monopoly_scenario import Driver

GAME = engine.get_game("mario-monopoly")
DATA = GAME.data
_drive = Driver(GAME)  # the helpers every family game's scenario shares
act, decider, edit = _drive.act, _drive.decider, _drive.edit
is_over, options, pending = _drive.is_over, _drive.options, _drive.pending
FACE = {"coins": 1, "green_shell": 3, "red_shell": 4, "pow": 5, "blooper": 6}

DEFAULT = ("mario", "peach", "yoshi", "donkey_kong")


def new_game(chars: Sequence = DEFAULT, first: int = 0, variants: Sequence[str] = (),
             setup: Callable[[State], None] | None = None) -> State:
    """A game after set-up with seat `first` to roll. chars[i] is seat i's character, or for
    two players a pair (its two figures), or in the Party variant its team (first on the board).
    `setup` changes the state before the first turn begins, so the turn starts from it."""
    n = len(chars)
    s = GAME.new(n, variants)
    s = GAME.apply_chance(s, tuple(6 if seat == first else 1 for seat in range(n)))
    order = [(first + k) % n for k in range(n)]
    if "party" in variants:
        for rnd in range(3):
            for seat in order:
                team = chars[seat]
                move = ("char", team[rnd]) if rnd < len(team) else ("done",)
                p = GAME.pending(s)
                if isinstance(p, Decision) and p.prompt == "party_pick":
                    s = act(s, *move)
        assert [p.team for p in s.players] == [list(t) for t in chars]
    else:
        per = 2 if n == 2 else 1
        wanted = [c if per == 2 else (c,) for c in chars]
        for k in range(per):
            for seat in order:
                p = GAME.pending(s)
                if isinstance(p, Decision) and p.prompt == "pick":
                    s = act(s, "char", wanted[seat][k])
        assert [f.char for f in s.figures] == [c for w in wanted for c in w]
    assert s.turn.player == first and s.turns == 1, (s.turn, s.turns)
    return _drive.restart_turn(s, setup)


def roll(s: State, *faces: int) -> State:
    return GAME.apply_chance(s, faces)


def turn_roll(s: State, die: int, face: str | None = "coins") -> State:
    """Roll for the turn: the number die and the power-up die showing `face` (None when the
    power-up die is skipped). Presses roll first when the engine did not roll at once."""
    p = GAME.pending(s)
    if isinstance(p, Decision):
        s = act(s, "roll")
        p = GAME.pending(s)
    assert isinstance(p, Chance), p
    return roll(s, die) if len(p.sizes) == 1 else roll(s, die, FACE[face])


def coins(s: State) -> list[int]:
    return [p.coins for p in s.players]


def total_coins(s: State) -> int:
    return s.bank + sum(coins(s)) + sum(s.board) + s.pot + s.boss_coins


def place(s: State, **positions: int) -> None:
    """Inside an edit: figure index -> space, e.g. place(s, f0=5, f2=9)."""
    for key, pos in positions.items():
        s.figures[int(key[1:])].pos = pos
