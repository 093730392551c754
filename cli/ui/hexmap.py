"""The hex game's map drawn in text: one cell per hex of the odd-r grid, odd rows shifted half a
cell right (the brick layout whose neighbours are exactly the hexes' neighbours).

A pure function of the glossary's map and the node's board data (cli computes nothing of the
rules: levels, reach and targets come from the game's words module), with no prompt-toolkit, so
tests read plain text and styles. Every cell is `width - 1` characters and one space apart, so
no two hexes' text ever touch; the map's size depends only on the grid and the chosen Cells.

What a hex shows, readable without colour:
- a hero: side letter and initials ("aTr" attack Tracer, "dRp" defence Reaper; an upper-case
  side letter is a hero on overwatch), in bigger cells its HP too;
- else the payload "<P>", a barrier "[B]", or the level (".", 1, 2...) between two marks:
  "=" the payload's route, "C" a checkpoint, "E" the route's end, "+" the attackers' spawn,
  "-" the defenders' spawn, "#" terrain; "###" the terrain piece about to be placed.
Styles add the cursor, the selected hero's reach (hexes where an enemy's overwatch would shoot it
apart) and targets, and the highlighted option.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

Line = list[tuple]
LEGEND = ("aTr attack · dRp defence · ATr on overwatch · <P> payload · =route C checkpoint "
          "E end · +/- spawns · # terrain · . 1 2 levels")
LEGEND_SHORT = "a/d side+initials, A/D overwatch, <P> payload, = route, C chk, E end, +/- spawn, # terrain"


@dataclass(frozen=True)
class Cells:
    width: int    # columns per hex, a space included
    lines: int    # lines per map row
    columns: int  # hexes per map row
    rows: int     # map rows

    @property
    def map_width(self) -> int:
        return self.columns * self.width + self.width // 2

    @property
    def map_height(self) -> int:
        return self.rows * self.lines

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """(x, y) of a hex's first character."""
        return col * self.width + (row & 1) * (self.width // 2), row * self.lines

    def at(self, x: int, y: int) -> tuple[int, int] | None:
        """The [column, row] whose text covers (x, y), if any."""
        row = y // self.lines
        col, inside = divmod(x - (row & 1) * (self.width // 2), self.width)
        if 0 <= row < self.rows and 0 <= col < self.columns and inside < self.width - 1:
            return col, row
        return None


def cells_for(width: int, height: int, columns: int, rows: int) -> Cells:
    """The biggest cells that leave room beside the map for the hero panel and below it for
    the events and the decision: for the 16x10 map, 8x3 from 172x46, 5x2 from 112x32, else
    4x1 (80x24 fits)."""
    for w, h, side, below in ((8, 3, 40, 16), (5, 2, 30, 12)):
        c = Cells(w, h, columns, rows)
        if c.map_width + side <= width and c.map_height + below <= height:
            return c
    return Cells(4, 1, columns, rows)


def hero_text(h: dict, room: int) -> str:
    side = "ad"[h["side"]] if h["side"] in (0, 1) else "?"
    text = (side.upper() if h.get("overwatch") else side) + h["short"]
    if room >= 7:
        text += f"{h['hp']:>4}"
    return text[:room]


def ground_text(kind: str, level: int) -> str:
    """Three characters: the level between two marks of what the hex is."""
    lv = "." if level == 0 else str(level)
    if kind == "payload":
        return "<P>"
    if kind == "barrier":
        return "[B]"
    mark = {"route": "=", "checkpoint": "C", "end": "E", "attack_spawn": "+",
            "defence_spawn": "-", "terrain": "#"}.get(kind, " ")
    return f"{mark}{lv}{mark}"


def hex_kinds(gmap: dict, board: dict) -> dict[tuple[int, int], str]:
    """What each hex is, the most telling first: payload, barrier, route marks, spawns, terrain."""
    kinds: dict[tuple[int, int], str] = {}

    def mark(cells, kind):
        for c in cells:
            kinds.setdefault((c[0], c[1]), kind)

    mark([board["payload"]["cell"]], "payload")
    mark([b[:2] for b in board.get("barriers", [])], "barrier")
    route = gmap["route"]
    mark([route[-1]], "end")
    mark([route[i] for i in gmap["checkpoints"] if 0 <= i < len(route)], "checkpoint")
    mark(route, "route")
    mark(gmap["attacker_spawn"], "attack_spawn")
    spawns = gmap["defender_spawns"]
    chosen = board.get("spawn", -1)
    for k, zone in enumerate(spawns):
        if chosen < 0 or k == chosen:
            mark(zone, "defence_spawn")
    for t in board.get("terrain", []):
        mark(t["cells"], "terrain")
    return kinds


def render_map(gmap: dict, board: dict, cells: Cells, *, cursor=None, selected: str | None = None,
               option_cells: Sequence = (), chosen_cells: Sequence = (),
               piece_cells: Sequence = (),
               click: Callable[[int, int], Callable] | None = None) -> list[Line]:
    """The map as lines of (style, text[, handler]) fragments, cells.map_width wide.
    `option_cells`: cells the decision's options act on (marked); `chosen_cells`: the highlighted
    option's (a terrain piece covers several); `piece_cells`: a terrain piece not placed yet,
    drawn "###"; `selected`: the hero whose reach and targets are marked; `click(col, row)`
    gives a mouse handler for a hex."""
    room = cells.width - 1
    grid: list[list[tuple]] = [[("", " ")] * cells.map_width for _ in range(cells.map_height)]
    kinds = hex_kinds(gmap, board)
    heroes = {tuple(h["cell"]): h for h in board["heroes"] if h.get("placed") and h.get("cell")}
    sel = next((h for h in board["heroes"] if h["id"] == selected), None)
    reach = {tuple(x["cell"]) for x in sel["reach"]} if sel else set()
    watched = {tuple(x["cell"]) for x in sel["reach"] if x.get("watched_by")} if sel else set()
    aimed = {tuple(t["cell"]) for t in sel["targets"]} if sel else set()
    options = {tuple(c) for c in option_cells if c}
    chosen = {tuple(c) for c in chosen_cells if c}
    piece = {tuple(c) for c in piece_cells if c}
    for (col, row), level in zip(map(tuple, gmap["cells"]), board["levels"]):
        x, y = cells.origin(col, row)
        kind = kinds.get((col, row), "")
        here = heroes.get((col, row))
        style = f"class:hex.level{min(level, 4)}"
        if kind:
            style += f" class:hex.{kind}"
        if (col, row) in reach:
            style += " class:hex.reach"
        if (col, row) in watched:
            style += " class:hex.watched"
        if (col, row) in options:
            style += " class:hex.option"
        if (col, row) in aimed:
            style += " class:hex.target"
        if (col, row) in chosen:
            style += " class:hex.chosen"
        if cursor is not None and (col, row) == tuple(cursor):
            style += " class:hex.cursor"
        ground = ("###" if (col, row) in piece else ground_text(kind, level)).center(room)[:room]
        texts = [ground] + [" " * room] * (cells.lines - 1)
        if here is not None:
            hstyle = f"class:side.p{here['side']}" + (" class:hex.selected" if sel is here else "")
            who = hero_text(here, room).center(room)
            if cells.lines == 1:
                texts = [who]
            else:
                texts[1] = who
            styles = [style] * cells.lines
            styles[0 if cells.lines == 1 else 1] = style + " " + hstyle
        else:
            styles = [style] * cells.lines
        if cells.lines >= 3 and here is not None:
            texts[2] = ("watch" if here.get("overwatch") else "").center(room)[:room]
        handler = click(col, row) if click is not None else None
        for k in range(cells.lines):
            for i, ch in enumerate(texts[k]):
                frag = (styles[k], ch, handler) if handler else (styles[k], ch)
                grid[y + k][x + i] = frag
    return [_merge(r) for r in grid]


def _merge(cells: list[tuple]) -> Line:
    out: Line = []
    for frag in cells:
        if out and out[-1][0] == frag[0] and out[-1][2:] == frag[2:]:
            out[-1] = (frag[0], out[-1][1] + frag[1], *frag[2:])
        else:
            out.append(frag)
    return out


def plain(lines: Sequence[Line]) -> str:
    return "\n".join("".join(f[1] for f in line).rstrip() for line in lines)
