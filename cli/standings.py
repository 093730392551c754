"""Standings: the players of a set of finished matches ranked by key, with an OpenSkill
Plackett–Luce rating (2–6 players a match), games played and games won; overall and per game.

Invariants kept here:
- Pure: the tables are a function of the SET of matches given (no I/O, no clock, no random).
  OpenSkill's update depends on the order matches are rated in, so they are rated in the order
  of their match id (hex): the genesis carries no time, and nothing else in a match orders it
  against another. A match id given twice is counted once (the caller has already checked
  that its copies agree).
- A match's places come from its result alone: its winners share first place; every other
  seat follows by score, higher first, and equal scores share a place. A result with no
  winner (a draw) places every seat by score.
- Floats live here and in the cli only (the engine knows none); the rows keep them exact, the
  command prints and writes them rounded (`rounded`), so its JSON does not change with a
  last-bit difference of a float.
- The rating shown is OpenSkill's ordinal, mu - 3·sigma: a conservative estimate that starts at
  0 and rises as a player both wins and is seen more often.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from openskill.models import PlackettLuce

__all__ = ["Played", "Row", "places", "table", "standings", "rounded"]


@dataclass(frozen=True)
class Played:
    """What a verified, finished match says: its id, game, players' keys in seat order (hex),
    and its result."""
    match_id: str
    game: str
    keys: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Row:
    place: int          # 1 = first in this table
    key: str
    rating: float       # mu - 3·sigma
    mu: float
    sigma: float
    games: int
    wins: int


def places(scores: tuple[int, ...], winners: tuple[int, ...]) -> list[int]:
    """The place of each seat (1 best; equal places are ties), as OpenSkill's `ranks`."""
    standing = [(0 if seat in winners else 1, -score) for seat, score in enumerate(scores)]
    order = sorted(set(standing))
    return [order.index(s) + 1 for s in standing]


def table(matches: Iterable[Played]) -> list[Row]:
    """One table over `matches`: every key that played, best first (rating, then wins, then
    games, then the key, so equal players still have one order)."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    unique = {m.match_id: m for m in matches}
    for match_id in sorted(unique):
        m = unique[match_id]
        teams = [[ratings[k] if k in ratings else model.rating()] for k in m.keys]
        rated = model.rate(teams, ranks=places(m.scores, m.winners))
        for seat, key in enumerate(m.keys):
            ratings[key] = rated[seat][0]
            games[key] = games.get(key, 0) + 1
            wins[key] = wins.get(key, 0) + (seat in m.winners)
    rows = sorted(((r.ordinal(), wins[k], games[k], k, r) for k, r in ratings.items()),
                  key=lambda t: (-t[0], -t[1], -t[2], t[3]))
    return [Row(i + 1, k, o, r.mu, r.sigma, g, w) for i, (o, w, g, k, r) in enumerate(rows)]


def standings(matches: Iterable[Played]) -> tuple[list[Row], dict[str, list[Row]]]:
    """The overall table (every game's matches rated together) and one table per game id."""
    matches = list(matches)
    by_game: dict[str, list[Played]] = {}
    for m in matches:
        by_game.setdefault(m.game, []).append(m)
    return table(matches), {g: table(ms) for g, ms in sorted(by_game.items())}


def rounded(x: float, digits: int = 3) -> float:
    """How a rating leaves this module: a few decimals, and never -0.0."""
    return round(x, digits) + 0.0
