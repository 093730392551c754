"""Large letters for a table's code, so a host can read it out across the room (issue 30).

Invariants kept here:
- Every character a table code is made of (protocol.table_code.ALPHABET: digits and capitals
  without look-alikes, and the dash between its two groups) has a glyph of ROWS rows, each
  GLYPH_W columns; no two glyphs are alike (tests/ui/test_table_code_screen.py).
- `big` gives ROWS rows of equal width, or None for text holding a character without a glyph
  (a screen then shows the text as it is): nothing here guesses at a character.
This module imports nothing of lanboard's (the UI is a client of the control API).
"""
from __future__ import annotations

ROWS = 5
GLYPH_W = 5
GAP = "  "     # between glyphs: two columns, so neighbours never touch
INK = "█"

_GLYPHS = {
    "2": ["#### ", "    #", " ### ", "#    ", "#####"],
    "3": ["#### ", "    #", " ### ", "    #", "#### "],
    "4": ["#   #", "#   #", "#####", "    #", "    #"],
    "5": ["#####", "#    ", "#### ", "    #", "#### "],
    "6": [" ### ", "#    ", "#### ", "#   #", " ### "],
    "7": ["#####", "    #", "   # ", "  #  ", "  #  "],
    "8": [" ### ", "#   #", " ### ", "#   #", " ### "],
    "9": [" ### ", "#   #", " ####", "    #", " ### "],
    "A": [" ### ", "#   #", "#####", "#   #", "#   #"],
    "B": ["#### ", "#   #", "#### ", "#   #", "#### "],
    "C": [" ####", "#    ", "#    ", "#    ", " ####"],
    "D": ["#### ", "#   #", "#   #", "#   #", "#### "],
    "E": ["#####", "#    ", "#### ", "#    ", "#####"],
    "F": ["#####", "#    ", "#### ", "#    ", "#    "],
    "G": [" ####", "#    ", "#  ##", "#   #", " ### "],
    "H": ["#   #", "#   #", "#####", "#   #", "#   #"],
    "J": ["  ###", "    #", "    #", "#   #", " ### "],
    "K": ["#   #", "#  # ", "###  ", "#  # ", "#   #"],
    "M": ["#   #", "## ##", "# # #", "#   #", "#   #"],
    "N": ["#   #", "##  #", "# # #", "#  ##", "#   #"],
    "P": ["#### ", "#   #", "#### ", "#    ", "#    "],
    "Q": [" ### ", "#   #", "# # #", "#  # ", " ## #"],
    "R": ["#### ", "#   #", "#### ", "#  # ", "#   #"],
    "S": [" ####", "#    ", " ### ", "    #", "#### "],
    "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  "],
    "W": ["#   #", "#   #", "# # #", "## ##", "#   #"],
    "X": ["#   #", " # # ", "  #  ", " # # ", "#   #"],
    "Y": ["#   #", " # # ", "  #  ", "  #  ", "  #  "],
    "Z": ["#####", "   # ", "  #  ", " #   ", "#####"],
    "-": ["     ", "     ", " ### ", "     ", "     "],
}
GLYPHS = {c: [row.replace("#", INK) for row in rows] for c, rows in _GLYPHS.items()}


def width(text: str) -> int:
    """The columns `big(text)` takes."""
    return len(text) * GLYPH_W + max(0, len(text) - 1) * len(GAP)


def big(text: str) -> list[str] | None:
    """`text` in large letters: ROWS rows of width(text) columns, or None when a character of
    it has no glyph."""
    if not text or any(c not in GLYPHS for c in text):
        return None
    return [GAP.join(GLYPHS[c][row] for c in text) for row in range(ROWS)]
