"""lanboard's deterministic rules engine: pure rules, no I/O, no clock, no global random, no floats.

    game = get_game("overwatch-monopoly")
    state = game.new(players=4)
    pending(state)  -> Decision(player, options) | Chance(...) | Sealed | PrivateDraw | Disclose
                       | Over(result)
    state = apply(state, move) / resolve(state, seed_bytes)

Importing the engine (any module of it) registers the built-in games (engine/games).
"""
from __future__ import annotations

from typing import Any

from .canonical import encode, state_hash, to_data
from .chance import Chance, draw
from .core import (Decision, Disclose, Game, IllegalMove, Move, Over, PrivateDraw, Result,
                   Sealed, as_move, game_ids, get_game, player_name)
# After the core they register into: each built-in game registers itself on import, so whoever
# imports any part of the engine can name any game, and engine.core needs to import none.
from . import games  # noqa: F401

__all__ = [
    "Chance", "Decision", "Sealed", "PrivateDraw", "Disclose", "Over", "Result", "IllegalMove", "Move", "Game",
    "get_game", "game_ids", "pending", "apply", "apply_chance", "resolve", "view",
    "encode_state", "state_hash", "to_data", "draw", "as_move", "player_name",
]


def _game(state: Any) -> Game:
    return get_game(state.game)


def pending(state: Any) -> Decision | Chance | Over:
    return _game(state).pending(state)


def apply(state: Any, move: Any) -> Any:
    return _game(state).apply(state, move)


def apply_chance(state: Any, outcome: Any) -> Any:
    return _game(state).apply_chance(state, outcome)


def resolve(state: Any, seed: bytes) -> Any:
    return _game(state).resolve(state, seed)


def view(state: Any, player: int) -> Any:
    return _game(state).view(state, player)


def encode_state(state: Any) -> bytes:
    return encode(state)
