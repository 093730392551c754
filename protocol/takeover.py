"""Moves nobody signs: a seat handed to the bot, and what a timed-out seat's choice amounts to.

Invariants: every function here is a function of the log (the match id, the entry number, the
state and the engine's takeover policy inside the rules digest), so every node and `verify`
derive the same move, nobody sends it and nobody can forge it. A takeover policy that fails or
returns no legal option falls back to the decision's first option, the same on every node.
"""
from __future__ import annotations

from typing import Any

import engine
from engine.core import IllegalMove

from .randomness import H

__all__ = ["settle_choice", "bot_seed", "bot_move", "sealed_bot_move"]


def settle_choice(choices: list[str]) -> str:
    """What the remaining players' choices amount to: the choice when they all agree, else
    "wait" (handing a seat over or ending the game needs everyone's consent)."""
    return choices[0] if len(set(choices)) == 1 else "wait"


def bot_seed(match_id: bytes, seq: int, k: int) -> bytes:
    """The seed of the `k`-th takeover move played while entry `seq` is the next to write."""
    return H(b"lanboard/bot/1" + match_id + seq.to_bytes(8, "big") + k.to_bytes(4, "big"))


def bot_move(match_id: bytes, seq: int, k: int, state: Any, decision: Any) -> Any:
    """The move of a seat handed over to the bot: the `k`-th bot decision taken while entry
    `seq` is the next to write. The game's own takeover policy (`Game.takeover_move`, inside the
    rules digest), seeded by the match and the slot, so it is a function of the log: nobody
    sends it, nobody can forge it, and every build that accepts the genesis plays it alike."""
    return _takeover(state, decision, bot_seed(match_id, seq, k))


def sealed_bot_move(match_id: bytes, commit_seq: int, seat: int, state: Any, decision: Any) -> Any:
    """The sealed move of a chooser handed to the bot: the takeover policy on the state of the
    Sealed node (no opening is in it), seeded by the match, the commit entry's number and the
    seat, so it is fixed once the commit entry is logged, before anybody opens."""
    seed = H(b"lanboard/sealed-bot/1" + match_id + commit_seq.to_bytes(8, "big")
             + seat.to_bytes(1, "big"))
    return _takeover(state, decision, seed)


def _takeover(state: Any, decision: Any, seed: bytes) -> Any:
    try:
        move = engine.as_move(engine.get_game(state.game).takeover_move(state, decision, seed))
    except (IllegalMove, TypeError, ValueError, KeyError, IndexError):
        move = None
    if move not in decision.options:
        move = decision.options[0]   # a bot bug: a fixed fallback, the same on every node
    return move
