"""What the search bot knows of the hex game: payload progress and heroes' health
(engine/search_values.SearchProfile). The strong bot searches this game with
engine/tactics_search.py (whole activations); search_move is asked here only by a caller that
wants it, and then rolls out no whole turns (lookahead 0).

Outside the rules digest (core.SEARCH_PROFILE_MODULE): the bot's judgement, never a rule.
"""
from __future__ import annotations

import math
from typing import Any

from ...search_values import SearchProfile

__all__ = ["PROFILE", "tactics_value"]


def tactics_value(game: Any, s: Any, seat: int, orders: dict | None = None) -> float:
    """The hex game: payload progress for the attack, heroes' health for both."""
    if s.winner >= 0:
        return 1.0 if s.winner == seat else 0.0
    route = max(1, len(getattr(game.data, "route", ())) or 1)
    push = s.payload / route
    hp = [sum(h.hp for h in s.heroes if h.side == side and h.placed) for side in (0, 1)]
    total = max(1, hp[0] + hp[1])
    edge = (push - 0.5) + 0.5 * (hp[0] - hp[1]) / total
    return 0.5 + 0.5 * math.tanh(2 * (edge if seat == 0 else -edge))


PROFILE = SearchProfile(value=tactics_value, lookahead=0)
