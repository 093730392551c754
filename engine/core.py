"""The one small game API every lanboard game fits (after OpenSpiel).

At every state exactly one thing is pending: a Decision by one player, a Chance node, Sealed
decisions by several players at once, or Over.
States are plain data (dataclasses of ints, strings, lists, dicts); `apply` and `apply_chance`
never change the state they are given, they return the next one.
"""
from __future__ import annotations

import pickle
import sys
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .chance import Chance, check_outcome, draw

__all__ = [
    "Move", "Decision", "Sealed", "Over", "Result", "Chance", "IllegalMove", "Game",
    "register", "get_game", "game_ids", "as_move",
]

Move = tuple  # a move is a tuple of str and int: ("bid", 3), ("ability", "ana", "heal")


class IllegalMove(ValueError):
    """A move the rules do not allow now; str(e) says why in words a player understands."""


@dataclass(frozen=True, slots=True)
class Decision:
    player: int
    options: tuple[Move, ...]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Sealed:
    """Several players choose at the same time, none seeing another's choice first (sealed
    draft picks): one Decision per choosing player, in seat order, each over its own options.
    `Game.apply_sealed` takes one move per decision, in the same order, and the game applies
    them together, in seat order. A game whose rules can reach a Sealed node sets
    `Game.sealed_moves = True`: the protocol has no sealed moves yet and refuses such games."""
    decisions: tuple[Decision, ...]

    def __post_init__(self) -> None:
        seats = [d.player for d in self.decisions]
        if not seats or any(a >= b for a, b in zip(seats, seats[1:])):
            raise ValueError(f"sealed decisions need distinct players in seat order, not {seats}")


@dataclass(frozen=True, slots=True)
class Result:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Over:
    result: Result


def as_move(value: Any) -> Move:
    """A move as the engine compares it: lists (as CBOR and JSON decode them) become tuples."""
    if isinstance(value, (list, tuple)):
        return tuple(as_move(v) if isinstance(v, (list, tuple)) else v for v in value)
    raise IllegalMove(f"a move is a list like ['roll'], not {value!r}")


def clone(state: Any) -> Any:
    """A deep copy; a state class may provide a faster clone() of its own."""
    own = getattr(state, "clone", None)
    if own is not None:
        return own()
    # pickle round-trips plain dataclass trees several times faster than copy.deepcopy.
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class Game:
    """Base for a game: subclasses provide the rules; this class provides the contract checks."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    variants: tuple[str, ...] = ()

    # ---- to be provided by each game -------------------------------------------------
    def initial_state(self, players: int, variants: tuple[str, ...]) -> Any:
        raise NotImplementedError

    def _pending(self, state: Any) -> Decision | Chance | Sealed | Over:
        raise NotImplementedError

    def result(self, state: Any) -> Result:
        """Scores and winners of the state as it stands (final at Over). Forfeited seats never win."""
        raise NotImplementedError

    def _apply(self, state: Any, move: Move) -> None:
        """Mutate `state` (a private copy) by a move already checked against the options."""
        raise NotImplementedError

    def _apply_chance(self, state: Any, outcome: tuple[int, ...]) -> None:
        raise NotImplementedError

    sealed_moves: bool = False  # True when the rules can reach a Sealed node

    def _apply_sealed(self, state: Any, moves: tuple[Move, ...]) -> None:
        """Mutate `state` by one checked move per decision of the pending Sealed node."""
        raise NotImplementedError

    rules_version: str = "1"
    _digest: bytes | None = None

    def rules_files(self) -> list[Path]:
        """The files whose content is this game's rules: by default the module defining it."""
        return [Path(sys.modules[type(self).__module__].__file__).resolve()]

    def digest(self) -> bytes:
        """SHA-256 of this game's rules: its id, version, its rules files (`rules_files`) and
        the engine files that turn seeds into dice.

        The genesis commits to it, so a match file replayed by other rules is refused as such
        ("rules digest differs") instead of an honest player being blamed for a move the
        changed rules no longer allow."""
        if self._digest is None:
            import hashlib
            here = Path(__file__).resolve().parent
            files = [*self.rules_files(), here / "chance.py", here / "canonical.py"]
            h = hashlib.sha256(f"{self.id}/{self.rules_version}".encode())
            for path in files:
                data = path.read_bytes()
                h.update(f"{path.name}:{len(data)}:".encode() + data)
            self._digest = h.digest()
        return self._digest

    def turn_number(self, state: Any) -> int | None:
        """A count that changes whenever a turn ends; the players attest the state hash then.
        None (a game without turns) means after every step."""
        turns = getattr(state, "turns", None)
        return turns if type(turns) is int else None

    def view(self, state: Any, player: int) -> Any:
        return state

    def check_variants(self, players: int, variants: tuple[str, ...]) -> str | None:
        """None when the combination is playable, else why not."""
        unknown = [v for v in variants if v not in self.variants]
        if unknown:
            known = ", ".join(self.variants) or "none"
            return f"unknown variant {unknown[0]!r} for {self.id} (known: {known})"
        return None

    def greedy_move(self, state: Any, decision: Decision, rng: Any) -> Move:
        """The game's sensible policy for its greedy bot; by default a random legal move."""
        return decision.options[rng.randrange(len(decision.options))]

    def explain_illegal(self, state: Any, decision: Decision, move: Move) -> str:
        return f"{list(move)} is not a legal move now"

    # Words for people. They belong to the rules (a move's meaning depends on the state) but
    # never change them: every interface that has no game-specific screen shows these.
    def describe_move(self, state: Any, move: Move) -> str:
        """One line saying what `move` does now, e.g. "Buy Mushroom Kingdom for 3 coins"."""
        return " ".join(str(part) for part in move)

    def describe_state(self, state: Any, seat: int | None) -> list[str]:
        """A short plain-text account of the state as `seat` may see it (None: a spectator):
        whose turn it is, each player's money, position and holdings."""
        return []

    # ---- the contract ------------------------------------------------------------------
    _last: tuple[Any, Any] = (None, None)

    def pending(self, state: Any) -> Decision | Chance | Sealed | Over:
        # A bot asks pending() and apply() asks it again for the same state object: remember
        # the last answer. Safe because states are values that nothing mutates once made.
        last_state, last = self._last
        if last_state is state:
            return last
        if state.forfeited:
            result: Decision | Chance | Sealed | Over = Over(self.result(state))
        else:
            result = self._pending(state)
        self._last = (state, result)
        return result

    def forfeit(self, state: Any, seat: int) -> Any:
        """The game ends now because `seat` forfeited (e.g. a deadline the others signed as missed).

        The result is scored as the state stands; the forfeiting seat cannot be among the winners.
        """
        if not 0 <= seat < len(state.players):
            raise IllegalMove(f"there is no seat {seat}")
        if isinstance(self.pending(state), Over):
            raise IllegalMove("the game is already over")
        nxt = clone(state)
        nxt.forfeited.append(seat)
        return nxt

    def new(self, players: int, variants: Iterable[str] = ()) -> Any:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} is for {self.min_players}–{self.max_players} players, not {players}")
        vs = tuple(sorted(set(variants)))
        problem = self.check_variants(players, vs)
        if problem:
            raise ValueError(problem)
        return self.initial_state(players, vs)

    def apply(self, state: Any, move: Any) -> Any:
        move = as_move(move)
        p = self.pending(state)
        if not isinstance(p, Decision):
            raise IllegalMove("no player is to move now: " + (
                "the game is over" if isinstance(p, Over) else
                "several players choose sealed moves at once" if isinstance(p, Sealed) else
                "dice are pending"))
        if move not in p.options:
            raise IllegalMove(self.explain_illegal(state, p, move))
        nxt = clone(state)
        self._apply(nxt, move)
        return nxt

    def apply_sealed(self, state: Any, moves: Iterable[Any]) -> Any:
        """The next state once every player of the pending Sealed node has chosen: `moves` has
        one move per decision, in the node's (seat) order."""
        p = self.pending(state)
        if not isinstance(p, Sealed):
            raise IllegalMove("no sealed choice is pending")
        moves = tuple(as_move(m) for m in moves)
        if len(moves) != len(p.decisions):
            raise IllegalMove(f"{len(p.decisions)} players choose now, not {len(moves)}")
        for d, move in zip(p.decisions, moves):
            if move not in d.options:
                raise IllegalMove(f"seat {d.player}: " + self.explain_illegal(state, d, move))
        nxt = clone(state)
        self._apply_sealed(nxt, moves)
        return nxt

    def apply_chance(self, state: Any, outcome: Iterable[int]) -> Any:
        outcome = tuple(outcome)
        p = self.pending(state)
        if not isinstance(p, Chance):
            raise IllegalMove("no chance node is pending")
        problem = check_outcome(p, outcome)
        if problem:
            raise IllegalMove(f"bad outcome for {p.label or p.kind}: {problem}")
        nxt = clone(state)
        self._apply_chance(nxt, outcome)
        return nxt

    def resolve(self, state: Any, seed: bytes) -> Any:
        p = self.pending(state)
        if not isinstance(p, Chance):
            raise IllegalMove("no chance node is pending")
        return self.apply_chance(state, draw(p, seed))


_registry: dict[str, Game] = {}


def register(game: Game) -> Game:
    _registry[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    game = _registry.get(game_id)
    if game is not None:
        return game   # the common case, asked on every pending(): no import statement to run
    from . import games  # noqa: F401  (registers the built-in games)
    try:
        return _registry[game_id]
    except KeyError:
        known = ", ".join(sorted(_registry))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def game_ids() -> tuple[str, ...]:
    from . import games  # noqa: F401
    return tuple(sorted(_registry))
