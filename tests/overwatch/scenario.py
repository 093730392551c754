"""Building chosen Overwatch-Monopoly situations through the public engine API.

`new_game` plays the set-up (leader roll, picks) with the given teams, so every
scenario starts from a real state; `edit` then changes a copy of it (positions, HP, owners) to
the situation a rule needs, and `roll` / `act` drive the engine exactly as a node would.
"""
from __future__ import annotations

from typing import Callable, Sequence

import engine
from engine import Chance, Decision
from engine.games.overwatch_monopoly.state import State
from tests.monopoly_scenario import Driver

GAME = engine.get_game("overwatch-monopoly")
DATA = GAME.data
_drive = Driver(GAME)  # the helpers every family game's scenario shares
act, decider, edit = _drive.act, _drive.decider, _drive.edit
is_over, options, pending = _drive.is_over, _drive.options, _drive.pending

DEFAULT_TEAMS = (
    ("tracer", "reinhardt", "ana"),
    ("winston", "genji", "zenyatta"),
    ("mercy", "soldier76", "roadhog"),
    ("reaper", "orisa", "moira"),
)


def face(role: str) -> int:
    """The ability die face (1..6) that shows `role`."""
    return DATA.ability_die.index(role) + 1


def new_game(teams: Sequence[Sequence[str]] = DEFAULT_TEAMS[:4], first: int = 0,
             variants: Sequence[str] = (), loot: Sequence[int] | None = None,
             setup: Callable[[State], None] | None = None) -> State:
    """A game after set-up: `teams[i]` = (leader, hero, hero) for seat i; seat `first` to roll.

    6V6 teams are (leader, leader, leader, hero, hero, hero). `setup` changes the state before
    the first turn begins (e.g. to put the first player in jail), so the turn starts from it.
    """
    n = len(teams)
    s = GAME.new(n, variants)
    # The highest roller picks first and the last picker goes first: make seat first+1 highest.
    top = (first + 1) % n
    s = GAME.apply_chance(s, tuple(6 if seat == top else 1 for seat in range(n)))
    order = [(top + k) % n for k in range(n)]
    per = 3 if "6v6" in variants else 1
    picks = [("leader", teams[order[k % n]][k // n]) for k in range(n * per)]
    picks += [("hero", teams[order[k % n]][per + k // n]) for k in range(n * (len(teams[0]) - per))]
    for move in picks:
        p = GAME.pending(s)
        if isinstance(p, Decision) and p.prompt == {"leader": "pick_leader", "hero": "draft"}[move[0]]:
            s = act(s, *move)
        # else: the last pick had a single option and the engine made it
    for seat, team in enumerate(teams):
        got = s.players[seat].leaders + [h.id for h in s.players[seat].heroes]
        assert got == list(team), (seat, got, team)
    assert s.turn.player == first and s.turns == 1, (s.turn, s.turns)
    return _drive.restart_turn(s, setup)


def roll(s: State, *faces: int) -> State:
    return GAME.apply_chance(s, faces)


def turn_roll(s: State, die: int, role: str | None = None) -> State:
    """Roll for the turn: the numbered die, and the ability die showing `role`.

    With nothing else to do (no trade possible) the engine rolls at once; otherwise the
    player presses roll first.
    """
    p = GAME.pending(s)
    if isinstance(p, Decision):
        s = act(s, "roll")
        p = GAME.pending(s)
    assert isinstance(p, Chance), p
    return roll(s, die) if len(p.sizes) == 1 else roll(s, die, face(role or "damage"))


def hp(s: State) -> list[int]:
    return [p.hp for p in s.players]


def end_turn(s: State) -> State:
    """End the active player's turn if a decision to end it is pending (and take the Loot Box
    it earned: the private draw is a step of its own)."""
    if isinstance(GAME.pending(s), Decision) and ("end_turn",) in options(s):
        s = act(s, "end_turn")
    return draw_loot(s)


def draw_loot(s: State) -> State:
    """Apply the pending private draw of a Loot Box, if one is pending."""
    if isinstance(GAME.pending(s), engine.PrivateDraw):
        s = GAME.apply_draw(s)
    return s


def disclose(s: State, order: Sequence[int] | None = None) -> State:
    """Open every Loot Box at the game's end, the hidden deck being in `order` (card index
    per position; by default the deck's own order)."""
    p = GAME.pending(s)
    assert isinstance(p, engine.Disclose), p
    order = order or range(len(DATA.loot_box_points))
    return GAME.apply_disclose(s, [list(order)[pos] for _, _, pos in p.cards])
