"""The scaffolding every built-in game shares, written once: a game is a package of its own.

A game package holds `rules.py` (the Game subclass, registered on import), the modules its rules
use, its data, and two modules that never change a state hash:
- `words.py`: words for people (describe_move, describe_state, and optionally decision_context,
  explain_illegal, narrate and glossary; see `PackagedGame`);
- `bot.py`: `greedy_move`, the game's sensible policy.

Invariants kept here:
- The rules files are every code and data file of the package folder but `PRESENTATION`
  (found on disk, sorted by name), so a file added to a game is in its digest without anybody
  remembering to list it.
- A state's `clone()` (`PlainState`) copies every mutable part: a list holds one kind of value
  (all immutable, or all states), tuples hold only immutable values, dicts hold such lists.
"""
from __future__ import annotations

import dataclasses
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core import Decision, Game, Move

__all__ = ["NOBODY", "PRESENTATION", "PackagedGame", "PlainState"]

NOBODY = -1  # no seat: an unowned space, no high bidder yet (the bank, where a game pays it)

# Files of a game package that are not its rules: words for people and its own-seat bot.
PRESENTATION = frozenset({"words.py", "bot.py"})
RULES_SUFFIXES = (".py", ".toml")

_IMMUTABLE = frozenset({int, str, bool, type(None), tuple, bytes})
_FIELDS: dict[type, tuple[str, ...]] = {}


def _copy(value: Any) -> Any:
    t = type(value)
    if t in _IMMUTABLE:
        return value
    if t is list:
        if not value or type(value[0]) in _IMMUTABLE:
            return list(value)
        return [_copy(v) for v in value]
    if t is dict:
        return {k: _copy(v) for k, v in value.items()}
    return value.clone()


class PlainState:
    """A dataclass of plain values whose clone() copies every mutable part (see the module's
    invariant); faster than pickle, which apply() would otherwise run on every step."""

    __slots__ = ()

    def clone(self) -> Any:
        cls = type(self)
        names = _FIELDS.get(cls)
        if names is None:
            names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return cls(*[_copy(getattr(self, name)) for name in names])


class PackagedGame(Game):
    """A Game whose words and bot live beside its rules in its package (see the module)."""

    def _package(self) -> str:
        return type(self).__module__.rpartition(".")[0]

    def _part(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self._package()}.{name}")

    def rules_files(self) -> list[Path]:
        folder = Path(sys.modules[type(self).__module__].__file__).resolve().parent
        own = sorted(p for p in folder.iterdir()
                     if p.suffix in RULES_SUFFIXES and p.name not in PRESENTATION)
        return own + [Path(__file__).resolve(), *self.shared_rules_files()]

    def shared_rules_files(self) -> tuple[Path, ...]:
        """Modules outside the package that the rules run on (a family of games' pieces)."""
        return ()

    # ---- words (words.py) and the bot (bot.py), loaded when first asked for
    def describe_move(self, state: Any, move: Move) -> str:
        return self._part("words").describe_move(self, state, move)

    def describe_state(self, state: Any, seat: int | None) -> list[str]:
        return self._part("words").describe_state(self, state, seat)

    def explain_illegal(self, state: Any, decision: Decision, move: Move) -> str:
        own = getattr(self._part("words"), "explain_illegal", None)
        return own(self, state, decision, move) if own else \
            super().explain_illegal(state, decision, move)

    def decision_context(self, state: Any, decision: Decision) -> dict:
        """Named plain data that explains the pending decision to a screen (what is auctioned,
        the bid to beat, who pays whom, which ability): the words module's decision_context;
        {} where it has none."""
        own = getattr(self._part("words"), "decision_context", None)
        return own(self, state, decision) if own else {}

    def greedy_move(self, state: Any, decision: Decision, rng: Any) -> Move:
        return self._part("bot").greedy_move(self, state, decision, rng)
