"""What the search bot knows of Overwatch Monopoly: a position's value is the lead by score
with the Loot Boxes counted as the world the search dealt opens them, plus HP
(engine/search_values.SearchProfile).

Invariants kept here:
- `overwatch_scores` writes only into the rollout's own copy of a state (opening Loot Boxes as
  a world dealt them), which is evaluated once and dropped.
- Outside the rules digest (core.SEARCH_MODULES): the bot's judgement, never a rule.
"""
from __future__ import annotations

from typing import Any

from ...search_values import SearchProfile, lead_value

__all__ = ["PROFILE", "overwatch_scores"]


def overwatch_scores(game: Any, s: Any, orders: dict) -> list[int]:
    """Overwatch: each seat's score with its Loot Boxes counted as `orders` deals them, plus
    its HP (HP keeps heroes up and captures objectives)."""
    loot = orders.get("loot")
    if loot is not None:
        for p in s.players:
            for pos in p.loot:
                if s.loot_open[pos] < 0:
                    s.loot_open[pos] = loot[pos]
    return [v + p.hp for v, p in zip(game.result(s).scores, s.players)]


PROFILE = SearchProfile(value=lead_value(40.0, overwatch_scores))
