"""A Monopoly-family board drawn as a ring of spaces in text, with a free centre.

One drawer for every board of the family: a ring of 4*(S-1) spaces, S cells a side (32 spaces:
9 a side; 40: 11), GO at the bottom right and play running clockwise. A game's screen says what
each space shows as a `Cell` (from the state JSON and the glossary the node sends); this module
only places them. Pure functions with no prompt-toolkit, so snapshot tests read plain text;
each line is a list of (style, text) fragments, `plain()` joins them.

Invariants:
- The ring spans the whole width; cells grow with the terminal. Where every name fits wrapped
  in its cell, above the rows the decision needs, each is written in full ("full"); else each
  takes one line ("two-line"), else the smallest layout ("compact", names shortened).
- Every cell keeps one blank column on its right, so neighbours never run together, and
  nothing is written outside its cell (a mark that does not fit is dropped, never overlapped).
- Owners show by their seat ("P3") as well as by colour, so the board reads without colour.
- A space of a colour set shows its set ("s3", "set 3"; "s3*", "set 3 whole" once one player
  owns all of it) where it fits beside the marks and the owner, which come first.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

Line = list[tuple[str, str]]


@dataclass(frozen=True)
class Cell:
    name: str                                     # the space's full name
    short: str = ""                               # a one-line name for narrow cells
    style: str = ""                               # the name's style: owner's colour or kind's
    owner: int | None = None                      # the owning seat
    info: str = ""                                # what a free space costs (dim)
    marks: tuple[tuple[str, str], ...] = ()       # (short, long) words for what lies on it
    tokens: tuple[tuple[str, str], ...] = ()      # (text, style) of each figure on it
    focus: bool = False                           # the decision is about this space
    group: tuple[str, str] = ()                   # (short, long) words for its colour set


@dataclass(frozen=True)
class Geometry:
    side: int                 # cells per side of the ring
    cols: tuple[int, ...]     # width of each column (a blank column included)
    rows: tuple[int, ...]     # height of each row
    mode: str                 # "full", "two-line" or "compact"

    @property
    def width(self) -> int:
        return sum(self.cols)

    @property
    def height(self) -> int:
        return sum(self.rows)

    def left(self, col: int) -> int:
        return sum(self.cols[:col])

    def top(self, row: int) -> int:
        return sum(self.rows[:row])

    @property
    def centre(self) -> tuple[int, int, int, int]:
        """(top, left, width, height) of the free area inside the ring."""
        return (self.rows[0], self.cols[0] + 1, self.width - self.cols[0] - self.cols[-1] - 2,
                self.height - self.rows[0] - self.rows[-1])


def side_of(spaces: int) -> int:
    return spaces // 4 + 1


def cell_of(index: int, side: int = 9) -> tuple[int, int]:
    """(row, column) of a space on the ring: GO bottom right, play runs clockwise along the
    bottom to Jail, up the left to Free Parking, across the top to Go to Jail, down the right."""
    q = side - 1
    if index <= q:
        return q, q - index
    if index < 2 * q:
        return 2 * q - index, 0
    if index <= 3 * q:
        return 0, index - 2 * q
    return index - 3 * q, q


def decision_rows(height: int) -> int:
    """The fewest rows the board leaves below it for the decision (and the key hint)."""
    return max(7, height // 5 + 2)


def wrap_name(name: str, width: int) -> list[str]:
    return textwrap.wrap(name, max(1, width)) or [""]


def fits_whole(name: str, width: int) -> bool:
    """The name wraps into `width` columns without cutting a word (a hyphen may break)."""
    return all(len(part) <= width for part in textwrap.wrap(name, max(1, width),
                                                             break_long_words=False))


@lru_cache(maxsize=64)
def geometry(width: int, height: int, names: tuple[str, ...]) -> Geometry:
    """The ring for a board of these space names in a terminal of this size."""
    side = side_of(len(names))
    q = side - 1
    room = height - decision_rows(height)
    inner = [i for i in range(len(names)) if i % q and (i // q) % 2 == 0]   # top and bottom
    cw = width // side
    longest = max((len(w) for i in inner for w in _words(names[i])), default=1)
    cw = max(cw, longest + 1)
    sw = (width - (side - 2) * cw) // 2
    cols = (sw,) + (cw,) * (side - 2) + (width - sw - (side - 2) * cw,)
    if cols[0] >= 6 and all(
            fits_whole(names[i], cols[cell_of(i, side)[1]] - 1) for i in range(len(names))):
        rows = [0] * side
        for i, name in enumerate(names):
            r, c = cell_of(i, side)
            rows[r] = max(rows[r], len(wrap_name(name, cols[c] - 1)) + 1)
        if sum(rows) <= room:
            # taller side cells where the decision keeps a third of the screen anyway: more
            # room inside the ring for the players and what happened
            spare = min(room, height - 1 - height // 3) - sum(rows)
            for _ in range(2):
                for r in range(1, side - 1):
                    if spare > 0:
                        rows[r] += 1
                        spare -= 1
            return Geometry(side, cols, tuple(rows), "full")
    # side cells hold a name and the figures on one line: at least 11 columns, from the others
    cw = min(width // side, (width - 2 * 12) // (side - 2))
    sw = (width - (side - 2) * cw) // 2
    cols = (sw,) + (cw,) * (side - 2) + (width - sw - (side - 2) * cw,)
    if 2 * side <= room:
        return Geometry(side, cols, (2,) * side, "two-line")
    return Geometry(side, cols, (2,) + (1,) * (side - 2) + (2,), "compact")


def _words(name: str) -> list[str]:
    # the parts a hyphen may break, as textwrap breaks them
    return textwrap.wrap(name, 1, break_long_words=False) or [""]


def label(cell: Cell, room: int) -> str:
    """The name in one line of `room` columns: the short name where the full one is longer,
    else the name abbreviated (see `abbreviate`)."""
    if len(cell.name) <= room:
        return cell.name
    return abbreviate(cell.short or cell.name, room)


SMALL_WORDS = {"the", "of", "and", "a", "an"}
VOWELS = set("aeiou")


def abbreviate(name: str, room: int) -> str:
    """A name in `room` columns that still reads as the name: without its small words; cut
    in a later word where its first word fits ("Green Gob"); else its first word ("Layer-C"
    for "Layer-Cake"), without its later vowels ("Lizrd", "Mystr"), and only then cut."""
    words = [w for w in name.split() if w.lower() not in SMALL_WORDS] or [name]
    text, first = " ".join(words), words[0]
    if len(text) <= room or len(first) < room:
        return text[:room].rstrip()
    head, _, tail = first.partition("-")
    if tail and len(head) + 2 <= room:
        return f"{head}-{tail[0]}"
    letters = list(first)
    for k in range(len(letters) - 1, 2, -1):   # the first three stay, to be read and found
        if len(letters) <= room:
            break
        if letters[k].lower() in VOWELS:
            del letters[k]
    return "".join(letters)[:room]


def render_board(cells: Sequence[Cell], geo: Geometry, center: Sequence[Line] = ()) -> list[Line]:
    grid = [[("", " ")] * geo.width for _ in range(geo.height)]

    def put(r: int, c: int, text: str, style: str, end: int) -> int:
        """Writes text from column c, never at or past column `end`; returns the column after."""
        for k, chx in enumerate(text[:max(0, end - c)]):
            grid[r][c + k] = (style, chx)
        return c + min(len(text), max(0, end - c))

    for i, cell in enumerate(cells):
        row, col = cell_of(i, geo.side)
        top, left = geo.top(row), geo.left(col)
        end = left + geo.cols[col] - 1          # the blank column keeps neighbours apart
        high = geo.rows[row]
        name_style = cell.style + (" class:focus" if cell.focus else "")
        if geo.mode == "full":
            lines = wrap_name(cell.name, end - left)
            for k, text in enumerate(lines[:high - 1]):
                put(top + k, left, text, name_style, end)
            _info(put, top + high - 1, left, end, cell, long=True)
        elif high >= 2:
            put(top, left, label(cell, end - left), name_style, end)
            _info(put, top + 1, left, end, cell, long=geo.mode == "two-line")
        else:
            beside_name = len(cell.tokens) + sum(len(m[0]) + 1 for m in cell.marks) + \
                (3 if cell.owner is not None else 0)
            room = max(3, end - left - max(2, beside_name) - 1)
            c = put(top, left, label(cell, room).ljust(room + 1), name_style, end)
            _info(put, top, c, end, cell, long=False)
    ctop, cleft, cwidth, cheight = geo.centre
    for k, line in enumerate(list(center)[:cheight]):
        c = cleft
        for fragment in line:   # (style, text[, mouse handler]): the handler is not kept
            c = put(ctop + k, c, fragment[1], fragment[0], cleft + cwidth)
    return [_merge(r) for r in grid]


def _info(put, r: int, left: int, end: int, cell: Cell, long: bool) -> None:
    """The figures from the left; from the right the marks and the owner (or a free space's
    price), in the longest words that fit beside the figures: a part that cannot fit in any
    words is left out, never written over another."""
    c = left
    for text, style in cell.tokens:
        c = put(r, c, text, style, end)
    free = end - c - (1 if c > left else 0)
    seat = [] if cell.owner is None else [(f"P{cell.owner + 1}", cell.style)]
    digit = [] if cell.owner is None else [(str(cell.owner + 1), cell.style)]
    price = [(cell.info, "class:dim")] if cell.info and cell.owner is None else []
    longs = [(m[1], "class:hazard") for m in cell.marks]
    shorts = [(m[0], "class:hazard") for m in cell.marks]
    group = [(cell.group[1], "class:set")] if cell.group else []
    mark = [(cell.group[0], "class:set")] if cell.group else []
    tries = ([longs + group + seat + price, longs + mark + seat + price, longs + seat + price]
             if long else []) + \
        [shorts + mark + seat, shorts + seat, shorts + mark + digit, shorts + digit, shorts,
         seat, digit]
    for parts in tries:
        size = sum(len(t) for t, _ in parts) + len(parts) - 1
        if parts and size <= free:
            at = end - size
            for text, style in parts:
                at = put(r, at, text, style, end) + 1
            return


def _merge(cells: list[tuple[str, str]]) -> Line:
    out: Line = []
    for style, chx in cells:
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + chx)
        else:
            out.append((style, chx))
    return out


def plain(lines: Sequence[Line]) -> str:
    return "\n".join("".join(t for _, t in line).rstrip() for line in lines)
