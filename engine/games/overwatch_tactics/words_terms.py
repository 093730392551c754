"""The terms the game's words name things with, shared by words.py (options and state in
sentences) and words_board.py (the hex screen's named data): a hex by the column and row of the
map as data.toml draws it, and a hero's sheet in one line.

Invariants:
- Imports no other words module of the game: words.py and words_board.py both import this one,
  and words.py imports words_board.py, so the words depend on each other one way only.
- A hex's column and row are those of the odd-r grid data.toml is drawn in, counted from 0,
  north at the top (the inverse of data.axial), whoever names it.
- Words only: nothing here is in the rules digest (a words_*.py module) or changes a state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import hexgrid as hx

if TYPE_CHECKING:
    from .rules import OverwatchTactics


def column(h: hx.Hex) -> int:
    """The hex's odd-r column as drawn in data.toml (the inverse of data.axial)."""
    q, r = h
    return q + (r - (r & 1)) // 2


def hex_name(h: hx.Hex) -> str:
    """The hex as drawn in data.toml: odd-r column and row."""
    return f"column {column(h)}, row {h[1]}"


def sheet_words(g: "OverwatchTactics", hid: str) -> str:
    """A hero's sheet in one line: HP, speed, each weapon's range and damage, the abilities."""
    sh = g.data.heroes[hid]
    weapons = "; ".join(f"{w.name} range {w.range}, {w.least}-{w.most}" for w in sh.weapons)
    abilities = ", ".join(a.name + (" (ultimate)" if a.ultimate else "") for a in sh.abilities)
    return f"{sh.hp} HP, Speed {sh.speed}; {weapons}; {abilities}"
