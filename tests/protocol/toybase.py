"""What the protocol tests' toy games (toygame, sealedtoy, hiddentoy) share: their seat range,
the turn number (a `round` field unless the toy says otherwise), their rules digest (the toy's
own module and this one, not the tests' folder), the win rule "most points among the seats
that did not forfeit" and the state fields these read (ToySeats). A change here changes every
toy's digest, so the vectors in tests/protocol/vectors/ are rewritten with it (README.md there).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from engine.core import Game, Result


@dataclass
class ToySeats:
    """The fields of a toy's state that the engine and ToyGame read: `forfeited` is kw_only so
    that each toy's own fields, defaults or not, follow in its state's order."""
    game: str
    players: list[int]                 # points per seat (the race: its position)
    forfeited: list[int] = field(default_factory=list, kw_only=True)


class ToyGame(Game):
    min_players = 2
    max_players = 4
    toy_module: Path                   # the toy's rules file: a subclass adding words keeps it

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if ToyGame in cls.__bases__:
            cls.toy_module = Path(sys.modules[cls.__module__].__file__).resolve()

    def rules_files(self) -> list[Path]:
        # the toy's module and this one among the tests' files: the folder rule would take all
        return [self.toy_module, Path(__file__).resolve()]

    def turn_number(self, state) -> int:
        return state.round

    def result(self, state) -> Result:
        return most_points(tuple(state.players), state.forfeited)


def most_points(scores: tuple[int, ...], forfeited) -> Result:
    """Every seat's score; the winners are the best among the seats still in the game."""
    eligible = [s for s in range(len(scores)) if s not in forfeited]
    best = max(scores[s] for s in eligible)
    return Result(scores, tuple(s for s in eligible if scores[s] == best))
