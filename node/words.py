"""The game's own words for the control API: option labels and a summary of the state.

A UI without a screen made for the game shows these instead of computing anything from the
rules. They are only words: a game bug in them must never stop the node or the match, so a
failure falls back to the raw move (or no summary) and is logged.
"""
from __future__ import annotations

import logging
from typing import Any, Iterable

import engine

log = logging.getLogger(__name__)


def option_labels(state: Any, options: Iterable[Any]) -> list[str]:
    """One line per option of the pending decision, from the game's describe_move."""
    game = engine.get_game(state.game)
    labels = []
    for move in options:
        try:
            labels.append(str(game.describe_move(state, tuple(move))))
        except Exception:  # noqa: BLE001 - words must not stop the node
            log.exception("describe_move failed for %r", move)
            labels.append(" ".join(str(part) for part in move))
    return labels


def summary(state: Any, seat: int | None) -> list[str]:
    """The game's describe_state for `seat`: what that seat may know, in a few lines."""
    try:
        return [str(line) for line in engine.get_game(state.game).describe_state(state, seat)]
    except Exception:  # noqa: BLE001 - words must not stop the node
        log.exception("describe_state failed")
        return []
