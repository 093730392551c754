"""What the search bot knows of the hex game (engine/search_values.SearchProfile): its own
planner, whole activations judged by rollouts (search_activations.HexPlanner), with its
rollouts a round by level; and, for a caller that asks engine/search.search_move instead, a
position valued by payload progress and heroes' health, rolling out no whole turns (lookahead 0:
the greedy policy is too slow for that within a decision's budget).

Outside the rules digest (core.SEARCH_MODULES): the bot's judgement, never a rule.
"""
from __future__ import annotations

import math
from typing import Any

from ...search_values import SearchProfile
from .search_activations import HexPlanner

__all__ = ["PROFILE", "HEX_SIMS", "tactics_value"]


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


# Rollouts a round of the planner (a round judges up to PER_HERO activations of each free hero
# and the tactical move): normal judges about half of them, hard every one.
HEX_SIMS = {"normal": 12, "hard": 30}

PROFILE = SearchProfile(value=tactics_value, lookahead=0, planner=HexPlanner, sims=HEX_SIMS)
