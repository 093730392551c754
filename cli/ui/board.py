"""The Monopoly-family board drawn as a ring of 32 spaces in text, with a free centre.

Pure function of the state JSON and the game's glossary (its spaces, from the node), with no
prompt-toolkit, so snapshot tests read plain text.
Each line is a list of (style, text) fragments; `plain()` joins them for tests.
Owners are shown by a seat digit as well as by colour, so the board reads without colour too.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .glossary import Glossary
from .words import NOBODY

SIDE = 9  # cells per side of the ring: 4 corners + 7 between, 32 spaces
SHORT = {"go": "GO", "jail": "Jail", "free_parking": "Free", "go_to_jail": "ToJail",
         "payload": "Push", "health_pack": "+HP", "ultimate": "Ult"}
LONG = {"go": "GO", "jail": "Jail/Visit", "free_parking": "Free Park", "go_to_jail": "Go to Jail",
        "payload": "Payload", "health_pack": "Health Pk", "ultimate": "Ultimate"}

Line = list[tuple[str, str]]


@dataclass(frozen=True)
class Geometry:
    cols: tuple[int, ...]   # width of each of the 9 columns (a column of space included)
    rows: tuple[int, ...]   # height of each of the 9 rows

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


def geometry(width: int, height: int) -> Geometry:
    """A board that leaves room for the player panel beside it and the decision below it.

    Below 36 rows the side spaces get one line each (wider, to hold tokens), which keeps the
    board 11 rows tall at 80x24; taller windows get three lines per space and longer names."""
    if height >= 36:
        cw = max(6, min(12, (width - 36) // SIDE))
        return Geometry((cw,) * SIDE, (3,) * SIDE)
    cw = max(5, min(8, (width - 42) // SIDE))
    return Geometry((cw + 3,) + (cw,) * 7 + (cw + 3,), (2,) + (1,) * 7 + (2,))


def cell_of(index: int) -> tuple[int, int]:
    """(row, column) of a space on the 9x9 ring: GO bottom right, play runs clockwise
    along the bottom to Jail, up the left to Free Parking, across the top to Go to Jail."""
    if index <= 8:
        return 8, 8 - index
    if index <= 15:
        return 16 - index, 0
    if index <= 24:
        return 0, index - 16
    return index - 24, 8


def space_label(sp: dict, width: int) -> str:
    if sp["kind"] == "objective":
        return sp["name"][:width]
    table = SHORT if width < 7 else LONG
    return table.get(sp["kind"], sp["kind"])[:width]


def render_board(state: dict, geo: Geometry, glossary: Glossary,
                 center: Sequence[Line] = ()) -> list[Line]:
    grid = [[("", " ")] * geo.width for _ in range(geo.height)]

    def put(r: int, c: int, text: str, style: str) -> None:
        for k, chx in enumerate(text):
            if 0 <= c + k < geo.width:
                grid[r][c + k] = (style, chx)

    at: dict[int, list[int]] = {}
    for seat, p in enumerate(state["players"]):
        at.setdefault(p["pos"], []).append(seat)
    turn_player = state.get("turn", {}).get("player")
    for i in range(len(glossary.spaces)):
        row, col = cell_of(i)
        top, left = geo.top(row), geo.left(col)
        inner = geo.cols[col] - 1  # one column of space keeps neighbouring cells apart
        high = geo.rows[row]
        sp = glossary.space(i)
        kind = sp["kind"]
        owner = state["owners"][i]
        style = f"class:space.{kind}" if kind != "objective" else \
            (f"class:owner.p{owner}" if owner != NOBODY else "class:space.free")
        mark = str(owner + 1) if owner != NOBODY else ("·" if kind == "objective" else " ")
        if high >= 3:
            put(top, left, space_label(sp, inner).ljust(inner), style)
            if kind == "objective":
                text = f"owner {owner + 1}" if owner != NOBODY else f"{sp['price']}HP r{sp['rent']}"
                put(top + 1, left, text[:inner], style if owner != NOBODY else "class:dim")
            tokens_at, name_w = top + 2, inner
        elif high == 2:
            put(top, left, space_label(sp, inner - 1).ljust(inner - 1) + mark, style)
            tokens_at, name_w = top + 1, 0
        else:
            name_w = 4
            put(top, left, space_label(sp, name_w - 1).ljust(name_w - 1) + mark, style)
            tokens_at = top
        c = left + (name_w if high == 1 else 0)
        for seat in at.get(i, []):
            tstyle = f"class:token.p{seat}" + (" class:token.turn" if seat == turn_player else "")
            put(tokens_at, c, str(seat + 1), tstyle)
            c += 1
        marks = ""
        if state["traps"][i] != NOBODY:
            marks += "x" if high < 3 else " trap"
        if state["turrets"][i] != NOBODY:
            marks += "t" if high < 3 else " tur"
        room = left + inner - c
        if marks and room > 0:
            put(tokens_at, left + inner - len(marks[-room:]), marks[-room:], "class:hazard")
    ctop, cleft, cwidth, cheight = geo.centre
    for k, line in enumerate(list(center)[-cheight:]):
        c = cleft
        for style, text in line[:]:
            text = text[: cleft + cwidth - c]
            put(ctop + k, c, text, style)
            c += len(text)
    return [_merge(r) for r in grid]


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


LEGEND = "digits: players · ·: free objective · x trap · t turret"
