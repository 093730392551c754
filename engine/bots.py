"""Bots: a random-legal bot for every game, and each game's greedy bot.

Bots live beside the engine, not inside the rules: they play a player's own seat (`--bot`, sim),
whose moves are signed entries checked like a person's, so this module is outside the rules
digest and may change freely. They carry their own seeded random.Random, never the global one,
so a simulated game is a function of its seed. A seat handed over after a timeout is played by
the game's `takeover_move` instead, which is part of the rules.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from .core import Decision, Move, get_game

__all__ = ["Bot", "RandomBot", "make_bot", "BOT_KINDS"]


class Bot:
    kind = "bot"

    def __init__(self, seed: int | bytes | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, decision: Decision) -> Move:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal options: reaches every decision the rules offer."""

    kind = "random"

    def choose(self, state: Any, decision: Decision) -> Move:
        return decision.options[self.rng.randrange(len(decision.options))]


class GreedyBot(Bot):
    """Delegates to the game's own sensible policy (`Game.greedy_move`)."""

    kind = "greedy"

    def choose(self, state: Any, decision: Decision) -> Move:
        policy: Callable[..., Move] = get_game(state.game).greedy_move
        return policy(state, decision, self.rng)


BOT_KINDS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int | bytes | str = 0) -> Bot:
    try:
        return BOT_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)})") from None
