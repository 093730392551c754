"""Building chosen Spider-Man Monopoly situations through the public engine API.

`new_game` plays the set-up (the roll for who goes first, the hero picks), so every scenario
starts from a real state; `edit` changes a copy of it to the situation a rule
needs, and `roll` / `act` drive the engine exactly as a node would.
"""
from __future__ import annotations

from typing import Callable, Sequence

import engine
from engine import Chance, Decision
from engine.games.spiderman_monopoly.state import State
from tests.monopoly_scenario import Driver

GAME = engine.get_game("spiderman-monopoly")
DATA = GAME.data
_drive = Driver(GAME)  # the helpers every family game's scenario shares
act, decider, is_over = _drive.act, _drive.decider, _drive.is_over
options, pending = _drive.options, _drive.pending
HEROES = ("peter", "miles", "ghost", "silk", "ham", "2099")
BANK = -1

# Board indices used by the tests (the house layout of data.toml).
GO, TOMBSTONE, SS1, HAMMERHEAD, SS2, SUBWAY1, SHOCKER, DB1, BEETLE, CHAMELEON, JAIL = range(11)
ELECTRO, SABLE, SCORPION, RHINO, SUBWAY2, NEGATIVE, SS3, VULTURE, JACKAL, PARKING = range(11, 21)
LIZARD, DB2, SANDMAN, KRAVEN, SUBWAY3, MORBIUS, MYSTERIO, BLACK_CAT, HOBGOBLIN, GO_TO_JAIL = \
    range(21, 31)
DOC_OCK, KINGPIN, SS4, CARNAGE, SUBWAY4, DB3, VENOM, DB4, GOBLIN = range(31, 40)


def new_game(n: int = 4, heroes: Sequence[str] | None = None, first: int = 0,
             variants: Sequence[str] = (), ss: Sequence[str] | None = None,
             db: Sequence[str] | None = None, seen_decks: bool = True,
             setup: Callable[[State], None] | None = None) -> State:
    """A game after set-up: seat i plays heroes[i]; seat `first` rolled highest and starts.

    With `seen_decks` (the default) the decks are as after every card has been drawn and put
    back once: known, in data order (ss01 / db01 on top) unless `ss` / `db` give their top
    cards, so a draw takes the top card with no chance node. Without it they are as the set-up
    leaves them: every card unseen, each draw a chance node (see `draw`).
    `setup` changes the state before the first turn begins, which then starts from it.
    """
    assert seen_decks or not (ss or db), "unseen cards have no order to give"
    heroes = tuple(heroes or HEROES[:n])
    s = GAME.new(n, variants)
    faces: list[int] = []
    for seat in range(n):
        faces += (6, 6) if seat == first else (1, 2)
    s = GAME.apply_chance(s, faces)
    assert s.order == [(first + k) % n for k in range(n)]
    for seat in s.order:
        p = GAME.pending(s)
        if isinstance(p, Decision) and p.prompt == "pick_hero":
            s = act(s, "hero", heroes[seat])
    assert [p.hero for p in s.players] == list(heroes), [p.hero for p in s.players]
    assert s.turn.player == first and s.turns == 1
    if seen_decks:
        s = edit(s, lambda s: (seen_once(s, "spider_sense", ss), seen_once(s, "daily_bugle", db)))
    return _drive.restart_turn(s, setup)


def seen_once(s: State, deck: str, top: Sequence[str] | None) -> None:
    """Every card of `deck` seen and put back: `top` first, then the others in data order."""
    ids = list(DATA.deck(deck))
    s.decks[deck].unseen = []
    s.decks[deck].returned = list(top or []) + [c for c in ids if c not in (top or [])]


def draw(s: State, card: str) -> State:
    """Resolve the pending draw from unseen cards so that it gives `card`."""
    p = GAME.pending(s)
    assert isinstance(p, Chance) and s.agenda[-1][0] == "deck_draw", p
    return GAME.apply_chance(s, (s.decks[s.agenda[-1][1]].unseen.index(card) + 1,))


def edit(s: State, change: Callable[[State], None]) -> State:
    """A copy of `s` changed by `change`, with the pending decision worked out again."""
    c = s.clone()
    change(c)
    GAME._settle(c)
    return c


def roll(s: State, d1: int, d2: int) -> State:
    """Roll both dice: press roll first when that is a decision among others."""
    p = GAME.pending(s)
    if isinstance(p, Decision) and ("roll",) in p.options:
        s = act(s, "roll")
        p = GAME.pending(s)
    assert isinstance(p, Chance), p
    return GAME.apply_chance(s, (d1, d2))


def dice(s: State, d1: int, d2: int) -> State:
    """Resolve the pending chance node with these two dice (no decision first)."""
    assert isinstance(GAME.pending(s), Chance), GAME.pending(s)
    return GAME.apply_chance(s, (d1, d2))


def webs(s: State) -> list[int]:
    return [p.webs for p in s.players]


def total_webs(s: State) -> int:
    return s.bank + sum(p.webs for p in s.players)


def end_turn(s: State) -> State:
    return act(s, "end_turn")


def place(seat: int, pos: int) -> Callable[[State], None]:
    def change(s: State) -> None:
        s.players[seat].pos = pos
    return change


def own(seat: int, *spaces: int) -> Callable[[State], None]:
    def change(s: State) -> None:
        for i in spaces:
            s.owners[i] = seat
    return change


def both(*changes: Callable[[State], None]) -> Callable[[State], None]:
    def change(s: State) -> None:
        for c in changes:
            c(s)
    return change
