"""The toy dice race with words: a game the terminal UI has no screens of its own for.

It is tests/protocol/toygame.py's rules under another id, plus describe_move and
describe_state, so the UI, control API and CLI tests see a second registered game whose
every word is known exactly. Importing this module registers it (in this process only).
"""
from __future__ import annotations

from engine.core import register
from tests.protocol.toygame import GOAL, TURN_LIMIT, ToyRace, ToyState

GAME_ID = "toy-words"
TITLE = "Toy race in words"


class WordedToyRace(ToyRace):
    id = GAME_ID
    title = TITLE

    def describe_move(self, state: ToyState, move) -> str:
        me = self._current(state)
        if move == ("roll", 1):
            return "Roll one die"
        if move == ("roll", 2):
            return "Roll two dice"
        if move == ("rest",):
            return "Rest this turn (once per game)"
        if move == ("pay",):
            return f"Pay a coin to stay on square {state.players[me]}"
        if move == ("back",):
            return f"Step back to square {max(0, state.players[me] - 3)}"
        return super().describe_move(state, move)

    def describe_state(self, state: ToyState, seat: int | None) -> list[str]:
        lines = []
        if state.order:
            lines.append(f"Turn {state.turn + 1} of {TURN_LIMIT}: "
                         f"seat {self._current(state) + 1} plays")
        for s, (pos, coins) in enumerate(zip(state.players, state.coins)):
            you = " (you)" if s == seat else ""
            lines.append(f"Seat {s + 1}{you}: square {pos} of {GOAL}, {coins} coins")
        return lines


GAME = register(WordedToyRace())
