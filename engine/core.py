"""The one small game API every lanboard game fits (after OpenSpiel).

At every state exactly one thing is pending: a Decision by one player, a Chance node, Sealed
decisions by several players at once, a PrivateDraw (a seat draws a card of a hidden deck for its
eyes only), a Disclose (privately held cards are opened for everyone), or Over.
A state never holds a hidden card's value before it is disclosed: only which seat holds which
position of which hidden deck (see PrivateDraw).
States are plain data (dataclasses of ints, strings, lists, dicts); `apply` and `apply_chance`
never change the state they are given, they return the next one (unless their caller owns the
state and asks for `in_place`: see Game._next).
"""
from __future__ import annotations

import pickle
import sys
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .chance import ByteStream, Chance, check_outcome, draw

__all__ = [
    "Move", "Decision", "Sealed", "PrivateDraw", "Disclose", "Over", "Result", "Chance", "IllegalMove", "Game",
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
    them together, in seat order. Over the network each chooser commits before any opens
    (protocol/FORMAT.md, "Sealed moves")."""
    decisions: tuple[Decision, ...]

    def __post_init__(self) -> None:
        seats = [d.player for d in self.decisions]
        if not seats or any(a >= b for a, b in zip(seats, seats[1:])):
            raise ValueError(f"sealed decisions need distinct players in seat order, not {seats}")


@dataclass(frozen=True, slots=True)
class PrivateDraw:
    """Seat `player` draws the card at `position` of the hidden deck `deck` (a name the game
    lists in `hidden_decks`), for its eyes only. `Game.apply_draw(state)` records that the seat
    holds that position; the card itself is never in the state: over the network the deck is
    shuffled encrypted by every seat and only the holder decrypts it (protocol/FORMAT.md,
    protocol 4); offline the simulator's dealer knows it."""
    player: int
    deck: str
    position: int


@dataclass(frozen=True, slots=True)
class Disclose:
    """Privately drawn cards are opened for everyone (e.g. Loot Boxes at the end, for scoring):
    `cards` is ((holder, deck, position), ...). `Game.apply_disclose(state, values)` takes one
    value per card, in that order: the card's index in its deck, or None for a card that can
    no longer be opened (its holder or a share of it is gone: FORMAT.md, "A gone player")."""
    cards: tuple[tuple[int, str, int], ...]


@dataclass(frozen=True, slots=True)
class Result:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Over:
    result: Result


def player_name(seat: int) -> str:
    """How every text a person reads names a seat: "player 1" for seat 0, as the rulebooks,
    the games' own words (P1, P2...) and the screens count. Data (JSON, the control API, the
    match file) keeps the seat index itself."""
    return f"player {seat + 1}"


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

    def _pending(self, state: Any) -> Decision | Chance | Sealed | PrivateDraw | Disclose | Over:
        raise NotImplementedError

    def hidden_decks(self, players: int, variants: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        """(name, number of cards) of each deck whose cards are drawn privately (PrivateDraw),
        fixed at set-up; card j of a deck is the game's own j-th card. None by default (empty): a game
        with hidden decks is played over protocol 4, every other over protocol 2."""
        return ()

    def hidden_decks_of(self, state: Any) -> tuple[tuple[str, int], ...]:
        """`hidden_decks` of the match `state` is in (its number of players and its variants)."""
        return self.hidden_decks(len(state.players), tuple(getattr(state, "variants", ())))

    def result(self, state: Any) -> Result:
        """Scores and winners of the state as it stands (final at Over). Forfeited seats never win."""
        raise NotImplementedError

    def _apply(self, state: Any, move: Move) -> None:
        """Mutate `state` (a private copy) by a move already checked against the options."""
        raise NotImplementedError

    def _apply_chance(self, state: Any, outcome: tuple[int, ...]) -> None:
        raise NotImplementedError

    def _apply_sealed(self, state: Any, moves: tuple[Move, ...]) -> None:
        """Mutate `state` by one checked move per decision of the pending Sealed node."""
        raise NotImplementedError

    def _apply_draw(self, state: Any) -> None:
        """Mutate `state` by the pending PrivateDraw (its seat now holds that position)."""
        raise NotImplementedError

    def _apply_disclose(self, state: Any, values: tuple[int | None, ...]) -> None:
        """Mutate `state` by the pending Disclose's checked card values."""
        raise NotImplementedError

    rules_version: str = "1"
    # Files outside the game's folder whose code its rules run (e.g. a family's shared module).
    shared_rules_files: tuple[Path, ...] = ()
    _digest: bytes | None = None

    def rules_files(self) -> list[Path]:
        """The game's own rules: every .py and .toml file in the folder of the module defining
        the game (its package), sub-folders included, but for the modules of words for people
        (WORDS_MODULES) and of what its search bot knows (SEARCH_MODULES), plus
        `shared_rules_files`. Taken from the folder, so a file added to the package cannot be
        left out of the digest. A game defined by a single module among
        others (a test's toy) returns that module instead."""
        folder = Path(sys.modules[type(self).__module__].__file__).resolve().parent
        own = [p for p in folder.rglob("*") if p.suffix in (".py", ".toml") and p.is_file()
               and not is_words_module(p.name) and not is_search_module(p.name)
               and "__pycache__" not in p.parts]
        return sorted(own) + [Path(p).resolve() for p in self.shared_rules_files]

    def digest_files(self) -> list[tuple[str, Path]]:
        """(name, path) of every file the rules digest covers, in the order it hashes them:
        `rules_files()` and the engine core (`engine_core_files()`), each named by its path
        relative to the folder holding the `engine` package (else to its game folder's
        parent), so the digest is the same in every checkout."""
        root = _ENGINE_DIR.parent
        game_root = Path(sys.modules[type(self).__module__].__file__).resolve().parent.parent
        named = {}
        for path in [*self.rules_files(), *engine_core_files()]:
            path = path.resolve()
            base = root if path.is_relative_to(root) else game_root
            named[path.relative_to(base).as_posix()] = path
        return sorted(named.items())

    def digest(self) -> bytes:
        """SHA-256 of everything whose code or data can change a state hash of this game:

            H(utf8(id "/" rules_version) ‖ for each (name, file) of digest_files(), in order
              of name: utf8(name ":" decimal byte length ":") ‖ the file's bytes)

        that is the rules, the data, the takeover policy (`takeover_move` and the game's
        bot.py it delegates to) and the engine core they run on. The genesis commits to it, so
        a match made by other rules is refused as such ("rules digest differs") instead of an
        honest player being blamed for a move or a state hash the changed rules no longer
        produce."""
        if self._digest is None:
            import hashlib
            h = hashlib.sha256(f"{self.id}/{self.rules_version}".encode())
            for name, path in self.digest_files():
                data = path.read_bytes()
                h.update(f"{name}:{len(data)}:".encode() + data)
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

    def check_setup(self, players: int, variants: Iterable[str]) -> str | None:
        """None when `players` may play these variants, else why not: the one check behind
        `new`, the lobby and `lanboard sim`."""
        if not self.min_players <= players <= self.max_players:
            return f"{self.id} is for {self.min_players} to {self.max_players} players, not {players}"
        return self.check_variants(players, tuple(sorted(set(variants))))

    def greedy_move(self, state: Any, decision: Decision, rng: Any) -> Move:
        """The game's sensible policy for its greedy bot; by default a random legal move.
        `rng` offers `randrange(n)` only (a random.Random for a player's own bot, the seeded
        stream of `takeover_move` for a seat handed over)."""
        return decision.options[rng.randrange(len(decision.options))]

    def takeover_move(self, state: Any, decision: Decision, seed: bytes) -> Move:
        """The move of a seat the players handed over to the bot after a timeout: part of the
        rules (every ledger plays it itself and the next attest entry covers it, so it is inside
        the digest). A function of the state and the seed bytes alone: the game's greedy
        policy with `randrange(n)` drawn from `ByteStream(seed)` (SHAKE-256, unbiased, as dice
        are), never from Python's random."""
        return self.greedy_move(state, decision, ByteStream(seed))

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
    # The state last changed in place: its owner changes it only through the engine, so the
    # pending decision the rules found while settling it may stand as the pending() answer.
    _owned: Any = None

    def pending(self, state: Any) -> Decision | Chance | Sealed | PrivateDraw | Disclose | Over:
        # A bot asks pending() and apply() asks it again for the same state object: remember
        # the last answer. Safe because states are values that nothing mutates once made (an
        # apply in place forgets the answer).
        last_state, last = self._last
        if last_state is state:
            return last
        if state.forfeited:
            result: Decision | Chance | Sealed | PrivateDraw | Disclose | Over = \
                Over(self.result(state))
        else:
            result = self._pending(state)
        self._last = (state, result)
        return result

    def forfeit(self, state: Any, seat: int) -> Any:
        """The game ends now because `seat` forfeited (e.g. a deadline the others signed as missed).

        The result is scored as the state stands; the forfeiting seat cannot be among the winners.
        """
        if not 0 <= seat < len(state.players):
            raise IllegalMove(f"there is no {player_name(seat)}")
        if isinstance(self.pending(state), Over):
            raise IllegalMove("the game is already over")
        nxt = clone(state)
        nxt.forfeited.append(seat)
        return nxt

    def _next(self, state: Any, in_place: bool) -> Any:
        """The state an apply method changes: a clone, so `state` stays the value it was; or with
        `in_place` the state itself, for an owner that keeps no earlier state and lets nobody
        else hold it (the simulator, a search's rollout), which so saves a clone a step. The
        remembered pending() answer is forgotten then: the same object becomes another state."""
        if in_place:
            self._last = (None, None)
            self._owned = state
            return state
        return clone(state)

    def new(self, players: int, variants: Iterable[str] = ()) -> Any:
        vs = tuple(sorted(set(variants)))
        problem = self.check_setup(players, vs)
        if problem:
            raise ValueError(problem)
        return self.initial_state(players, vs)

    def apply(self, state: Any, move: Any, in_place: bool = False) -> Any:
        """The next state after `move` by the player to move (see `_next` for `in_place`)."""
        p = self.pending(state)
        if type(move) is tuple and type(p) is Decision and move in p.options:
            # A bot's move is one of the options itself (options are flat tuples of ints and
            # strings, so as_move would return an equal tuple of the same items): no copy.
            nxt = self._next(state, in_place)
            self._apply(nxt, move)
            return nxt
        move = as_move(move)
        p = self.pending(state)
        if not isinstance(p, Decision):
            raise IllegalMove("no player is to move now: " + (
                "the game is over" if isinstance(p, Over) else
                "several players choose sealed moves at once" if isinstance(p, Sealed) else
                "a hidden card is being drawn" if isinstance(p, PrivateDraw) else
                "hidden cards are being opened" if isinstance(p, Disclose) else
                "dice are pending"))
        if move not in p.options:
            raise IllegalMove(self.explain_illegal(state, p, move))
        nxt = self._next(state, in_place)
        self._apply(nxt, move)
        return nxt

    def apply_sealed(self, state: Any, moves: Iterable[Any], in_place: bool = False) -> Any:
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
        nxt = self._next(state, in_place)
        self._apply_sealed(nxt, moves)
        return nxt

    def apply_draw(self, state: Any, in_place: bool = False) -> Any:
        """The next state once the pending PrivateDraw is done: its seat holds the position."""
        if not isinstance(self.pending(state), PrivateDraw):
            raise IllegalMove("no hidden card is being drawn")
        nxt = self._next(state, in_place)
        self._apply_draw(nxt)
        return nxt

    def apply_disclose(self, state: Any, values: Iterable[int | None],
                       in_place: bool = False) -> Any:
        """The next state once the pending Disclose's cards are open: `values` has one card
        index (or None: it can no longer be opened) per card, in the node's order."""
        p = self.pending(state)
        if not isinstance(p, Disclose):
            raise IllegalMove("no hidden cards are being opened")
        values = tuple(values)
        if len(values) != len(p.cards):
            raise IllegalMove(f"{len(p.cards)} cards are opened, not {len(values)}")
        sizes = dict(self.hidden_decks_of(state))
        for (_, deck, _), v in zip(p.cards, values):
            if v is not None and (type(v) is not int or not 0 <= v < sizes[deck]):
                raise IllegalMove(f"{v!r} is no card of the hidden deck {deck!r}")
        nxt = self._next(state, in_place)
        self._apply_disclose(nxt, values)
        return nxt

    def apply_chance(self, state: Any, outcome: Iterable[int], in_place: bool = False) -> Any:
        outcome = tuple(outcome)
        p = self.pending(state)
        if not isinstance(p, Chance):
            raise IllegalMove("no chance node is pending")
        problem = check_outcome(p, outcome)
        if problem:
            raise IllegalMove(f"bad outcome for {p.label or p.kind}: {problem}")
        nxt = self._next(state, in_place)
        self._apply_chance(nxt, outcome)
        return nxt

    def resolve(self, state: Any, seed: bytes, in_place: bool = False) -> Any:
        p = self.pending(state)
        if not isinstance(p, Chance):
            raise IllegalMove("no chance node is pending")
        return self.apply_chance(state, draw(p, seed), in_place)


_ENGINE_DIR = Path(__file__).resolve().parent
# Modules of a game's folder that hold only words for people (describe_move, explain_illegal...):
# the rules import them inside those methods only, and what they return is never hashed.
WORDS_MODULES = ("words.py", "words_*.py")


def is_words_module(name: str) -> bool:
    """Whether a file of a game's folder is one of its WORDS_MODULES."""
    return name == "words.py" or (name.startswith("words_") and name.endswith(".py"))


# Modules of a game's folder that hold what the search bot (an own-seat bot, like search.py)
# knows of the game: its search_profile.py and any search_*.py that it uses. The bot's moves
# are signed entries checked like a person's; the rules import these only inside
# PackagedGame.search_profile, which only the search bot calls.
SEARCH_MODULES = ("search_*.py",)


def is_search_module(name: str) -> bool:
    """Whether a file of a game's folder is one of its SEARCH_MODULES."""
    return name.startswith("search_") and name.endswith(".py")


# Engine modules that are not rules: bots for a player's own --bot seat (their moves are signed
# entries, checked like a person's: the search bot, the shape of what it knows of a game, and
# the observer they decide from) and the offline simulator.
NOT_RULES = ("bots.py", "observe.py", "search.py", "search_values.py", "simulate.py")


def engine_core_files() -> list[Path]:
    """Every module of the engine package itself (engine/*.py) but NOT_RULES: the game API,
    the chance and canonical-encoding code and the agenda machine the rules run on. Taken from
    the folder, so a new core module is in every digest unless it is named above."""
    return sorted(p for p in _ENGINE_DIR.glob("*.py") if p.name not in NOT_RULES)


# The games fill this as they are imported (each rules.py ends with `register(...)`); the
# engine package imports the built-in games (engine/__init__.py), so this module needs none of
# them and every game can import it.
_registry: dict[str, Game] = {}


def register(game: Game) -> Game:
    _registry[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    try:
        return _registry[game_id]
    except KeyError:
        known = ", ".join(sorted(_registry))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def game_ids() -> tuple[str, ...]:
    return tuple(sorted(_registry))
