"""What the search bot knows of Spider-Man Monopoly: a position's value is the lead by score,
60 points of lead making it 0.88 (engine/search_values.SearchProfile).

Outside the rules digest (core.SEARCH_MODULES): the bot's judgement, never a rule.
"""
from __future__ import annotations

from ...search_values import SearchProfile, lead_value

__all__ = ["PROFILE"]

PROFILE = SearchProfile(value=lead_value(60.0))
