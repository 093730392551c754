"""The scaffolding every built-in game shares, written once: a game is a package of its own.

A game package holds `rules.py` (the Game subclass, registered on import), the modules its rules
use, its data, and modules that never change a state hash:
- `words.py` (and any `words_*.py` it uses): words for people, each function optional:
    describe_move(g, state, move, names)          one option in words
    describe_options(g, state, moves, names)      all of a decision's options (when one view
                                                  serves them all)
    describe_state(g, state, seat)                a few lines of what `seat` may see
    decision_context(g, state, decision, names)   named plain data explaining the decision, with
                                                  its "title" in words (see PackagedGame)
    explain_illegal(g, state, decision, move)     why a move is refused
    narrate(g, before, after, names, kind, players)  what changed between two views, for a game
                                                  whose screens show its state themselves
    glossary(g)                                   the plain data such screens draw with
  `narrate` and `narrate_move` may live in `words_narration.py` instead (WORDS_LOOKED_UP).
  `names` is a SeatNames (seat -> "you" or the player's name). A new option's label goes in
  describe_move (Overwatch: `_label` in its words.py), beside the other labels of its task.
- `bot.py`: `greedy_move`, the game's sensible policy, which is also its takeover policy (so
  it is part of the rules digest).
- `search_profile.py` (optional): `PROFILE`, what the search bot knows of the game
  (engine/search_values.SearchProfile), with any `search_*.py` it uses (the hex game's own
  planner). A bot's judgement for a player's own seat, so left out of the digest like the
  words (core.SEARCH_MODULES).

Invariants kept here:
- The rules files are every code and data file of the package folder but its words and what
  its search bot knows (search_*.py; found on disk by Game.rules_files), so a file added to a
  game is in its digest without anybody remembering to list it; bot.py is among them, since it
  is the takeover policy.
- A state's `clone()` (`PlainState`) copies every mutable part: a list holds one kind of value
  (all immutable, or all states), tuples hold only immutable values, dicts hold such lists.
"""
from __future__ import annotations

import dataclasses
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable, Sequence

from ..core import Decision, Game, Move, player_name

__all__ = ["NOBODY", "PackagedGame", "PlainState", "SeatNames"]

NOBODY = -1  # no seat: an unowned space, no high bidder yet (the bank, where a game pays it)

class SeatNames:
    """Seats in words: "you" for the reader's own seat, else the name the player chose, else
    "player N". `plain` never says "you"."""

    def __init__(self, names: Sequence[str] = (), me: int | None = None) -> None:
        self.names, self.me = list(names), me

    def __call__(self, seat: int) -> str:
        return "you" if seat == self.me else self.plain(seat)

    def plain(self, seat: int) -> str:
        named = 0 <= seat < len(self.names) and self.names[seat]
        return self.names[seat] if named else player_name(seat)

_IMMUTABLE = frozenset({int, str, bool, type(None), tuple, bytes})


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


# Field annotations (strings: the state modules use postponed annotations) whose values
# need no copy, and the copy each other shape gets in a generated clone.
_ATOMS = frozenset({"int", "str", "bool", "bytes", "None", "tuple"})


def _is_atom(ann: str) -> bool:
    return ann in _ATOMS or ann.startswith("tuple[")


def _copy_code(ann: str, expr: str) -> str:
    """Python code copying `expr`, a field annotated `ann`; the generic `_copy` for a shape
    not known here (a union, Any), which looks at the value instead."""
    ann = ann.replace(" ", "")
    if _is_atom(ann):
        return expr
    if ann.startswith("list[") and ann.endswith("]"):
        inner = ann[5:-1]
        if _is_atom(inner):
            return f"list({expr})"
        if inner.isidentifier() and inner not in ("Any", "list", "dict", "object"):
            return f"[v.clone() for v in {expr}]"
    if ann.startswith("dict[") and ann.endswith("]") and ann.count(",") == 1:
        key, value = ann[5:-1].split(",")
        if _is_atom(key) and _is_atom(value):
            return f"dict({expr})"
        if _is_atom(key) and value.isidentifier() and value not in ("Any", "list", "dict"):
            return f"{{k: v.clone() for k, v in {expr}.items()}}"
    if ann.isidentifier() and ann not in ("Any", "list", "dict", "object"):
        return f"{expr}.clone()"
    return f"_copy({expr})"


def _make_clone(cls: type) -> Any:
    """`cls`'s clone, written once from its fields' annotations: immutable fields taken as they
    are, lists of immutable values copied by list(), nested states cloned. (The generic copy
    looked at every value's type on every clone, the most frequent work of a step.)"""
    args = ", ".join(_copy_code(str(f.type), f"self.{f.name}") for f in dataclasses.fields(cls))
    source = (f"def clone(self):\n"
              f"    if type(self) is not cls:\n"   # a subclass inherits this: write its own
              f"        return PlainState.clone(self)\n"
              f"    return cls({args})\n")
    namespace = {"cls": cls, "_copy": _copy, "PlainState": PlainState}
    exec(compile(source, f"<clone of {cls.__qualname__}>", "exec"), namespace)
    return namespace["clone"]


class PlainState:
    """A dataclass of plain values whose clone() copies every mutable part (see the module's
    invariant); faster than pickle, which apply() would otherwise run on every step. Each
    class's field annotations must say what its fields hold (list[int], list[Hero], Turn...):
    the clone is generated from them (tests/engine/test_clone.py checks it on every game)."""

    __slots__ = ()

    def clone(self) -> Any:
        cls = type(self)
        own = _make_clone(cls)
        cls.clone = own
        return own(self)


# The words modules `PackagedGame._words` looks a function up in, in this order.
WORDS_LOOKED_UP = ("words", "words_narration")


class PackagedGame(Game):
    """A Game whose words and bot live beside its rules in its package (see the module)."""

    def _package(self) -> str:
        return type(self).__module__.rpartition(".")[0]

    def _part(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self._package()}.{name}")

    # The rules digest (Game.rules_files) takes the package folder itself; this module's
    # wiring runs the rules too.
    shared_rules_files: tuple[Path, ...] = (Path(__file__).resolve(),)

    # ---- words (words.py) and the bot (bot.py), loaded when first asked for
    _bot: ModuleType | None = None

    def _words(self, name: str) -> Any:
        """`name` from the package's words: words.py, else words_narration.py (what each entry
        did, in sentences), so neither module has to import the other to be found. A game
        defined in a top-level module (a test's toy) has no package and so no words."""
        for module in WORDS_LOOKED_UP:
            found = getattr(_optional_module(self._package(), module), name, None)
            if found is not None:
                return found
        return None

    def describe_move(self, state: Any, move: Move, names: SeatNames | None = None) -> str:
        own = self._words("describe_move")
        return own(self, state, move, names or SeatNames()) if own else \
            super().describe_move(state, move)

    def describe_options(self, state: Any, moves: Iterable[Move],
                         names: SeatNames | None = None) -> list[str]:
        own = self._words("describe_options")
        if own:
            return own(self, state, list(moves), names or SeatNames())
        return [self.describe_move(state, move, names) for move in moves]

    def describe_state(self, state: Any, seat: int | None) -> list[str]:
        own = self._words("describe_state")
        return own(self, state, seat) if own else super().describe_state(state, seat)

    def explain_illegal(self, state: Any, decision: Decision, move: Move) -> str:
        own = self._words("explain_illegal")
        return own(self, state, decision, move) if own else \
            super().explain_illegal(state, decision, move)

    def decision_context(self, state: Any, decision: Decision,
                         names: SeatNames | None = None) -> dict:
        """Named plain data that explains the pending decision to a screen: its "title" in
        words and, as the decision has them, what is auctioned, the bid to beat, who pays whom,
        which ability ({} where the words module has no decision_context)."""
        own = self._words("decision_context")
        return own(self, state, decision, names or SeatNames()) if own else {}

    def narrate(self, before: dict, after: dict, names: SeatNames | None = None,
                kind: str = "", players: int = 0) -> list[str] | None:
        """What changed between two views (plain data, as `view` gives them), in sentences;
        None for a game whose words have no narrate (a screen then compares summaries)."""
        own = self._words("narrate")
        return own(self, before, after, names or SeatNames(), kind, players) if own else None

    def glossary(self) -> dict:
        """Plain data a screen of the game's own draws with (board spaces, characters)."""
        own = self._words("glossary")
        return own(self) if own else {}

    def greedy_move(self, state: Any, decision: Decision, rng: Any) -> Move:
        bot = self._bot
        if bot is None:   # imported once: asked at every decision of every greedy bot
            bot = self._bot = self._part("bot")
        return bot.greedy_move(self, state, decision, rng)

    # ---- what the search bot knows of the game (search_profile.py), loaded when first asked
    def search_profile(self) -> Any:
        """`search_profile.PROFILE` (an engine.search_values.SearchProfile) of the package of
        this game's class, else of the nearest base class's (a variant defined elsewhere plays
        like its game), or None when none has one (the search bot then values a position by
        the lead)."""
        cls = type(self)
        if "_search_profile" not in cls.__dict__:
            cls._search_profile = next(
                (found for c in cls.__mro__ if issubclass(c, PackagedGame)
                 and (found := _package_profile(c)) is not None), None)
        return cls.__dict__["_search_profile"]


def _package_profile(cls: type) -> Any:
    """PROFILE of the search_profile module beside the module defining `cls`, if any."""
    module = _optional_module(cls.__module__.rpartition(".")[0], "search_profile")
    return getattr(module, "PROFILE", None)


def _optional_module(package: str, name: str) -> ModuleType | None:
    """The module `name` of a game's package, or None when the package has none (or there is
    no package: a game defined in a top-level module, a test's toy). A module that is there
    but imports one that is missing raises: a defect, not "none"."""
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.{name}":
            raise
        return None
