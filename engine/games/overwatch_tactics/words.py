"""Words for people about an Overwatch: The Board Game state: each option labelled, the state in
a few lines, a decision's title. Never part of a state hash (not in the rules digest); the rules
call these only from the methods that write words (game_package.PackagedGame).

Every hex is named as the map is drawn in data.toml (column and row of the odd-r grid, counted
from 0, north at the top: words_terms.py) with what matters for the choice: its level and its
distance from the payload, a step's compass direction, whom an area ability would hit or heal, a
sheet's figures in the draft. The hex map screen (cli/ui/tactics_screens.py) draws with named
data from here too (words_board.py: the glossary, a state's board, each option's hex, the
narration), all in [column, row] cells and computed with the engine's own functions, so the
screen computes nothing."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from ..family_words import quick_option
from . import hexgrid as hx
from . import words_board
from .rules import HEALS, HITS
from .words_terms import column, hex_name, sheet_words

if TYPE_CHECKING:
    from .rules import OverwatchTactics
    from .state import State

SIDE_NAMES = ("attack", "defence")
TITLES = {
    "terrain": "Place a piece of terrain", "draft": "Draft a hero (sealed pick)",
    "spawn": "Choose the defenders' spawn point", "place": "Place a hero in your spawn point",
    "act": "Activate your heroes", "respawn": "Respawn a defeated hero",
}


# Axial direction -> compass word on the drawn map (x = 2q + r grows east, y = 3r grows south).
COMPASS = {(1, 0): "east", (-1, 0): "west", (1, -1): "north-east", (0, -1): "north-west",
           (0, 1): "south-east", (-1, 1): "south-west"}


def _name(g: "OverwatchTactics", hid: str) -> str:
    return g.data.heroes[hid].name


def _where(g: "OverwatchTactics", s: "State", h: hx.Hex) -> str:
    """Hex name, level and hexes to the payload (during set-up, to the route's start)."""
    gap = hx.distance(h, g.data.route[s.payload])
    return f"{hex_name(h)} (level {g.elevation(s, h)}, {gap} from the payload)"


def _area_words(g: "OverwatchTactics", s: "State", user: Any, ab: Any, at: hx.Hex) -> str:
    """Whom the rules' area_effects hit, then whom they heal."""
    done = g.area_effects(s, user, ab, at)
    said = [f"{verb} {_name(g, t.id)}" for what, verb in ((HITS, "hits"), (HEALS, "heals"))
            for t, x in done if x == what]
    return "; ".join(said) if said else "reaches nobody"


def describe_move(g: "OverwatchTactics", s: "State", move: Move, names: Any = None) -> str:
    k = move[0]
    if k == "terrain":
        t = g.data.terrain[move[1]]
        offs = dict(t.placements())[move[4]]
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(offs, offs[1:])}
        if len(steps) == 1 and next(iter(steps)) in COMPASS:   # a straight piece: its way
            n = len(offs) - 1
            cells = (f"{hex_name((move[2], move[3]))} and {n} hex{'es' if n > 1 else ''} "
                     f"{COMPASS[next(iter(steps))]}")
        else:
            cells = " and ".join(hex_name((move[2] + a, move[3] + b)) for a, b in offs)
        gap = min(hx.distance((move[2], move[3]), h) for h in g.data.route)
        return f"Place a {t.name} (height {t.height}) on {cells}, {gap} from the route"
    if k == "pick":
        return f"Draft {_name(g, move[1])}: {sheet_words(g, move[1])}"
    if k == "spawn":
        zone = g.data.defender_spawns[move[1]]
        cols = sorted({column(h) for h in zone})
        rows = sorted({h[1] for h in zone})
        return (f"Defend from spawn point {move[1] + 1} (columns {cols[0]}-{cols[-1]}, "
                f"rows {rows[0]}-{rows[-1]})")
    if k in ("place", "respawn"):
        verb = "Place" if k == "place" else "Respawn"
        return f"{verb} {_name(g, move[1])} on {_where(g, s, (move[2], move[3]))}"
    if k == "step":
        h = s.hero(move[1])
        way = COMPASS[(move[2] - h.q, move[3] - h.r)]
        return f"{_name(g, move[1])}: step {way} to {_where(g, s, (move[2], move[3]))}"
    if k == "attack":
        h, t = s.hero(move[1]), s.hero(move[3])
        w = g.sheet(h).weapons[move[2]]
        dmg = g.attack_damage(s, h, w, t)
        return (f"{_name(g, h.id)}: shoot {_name(g, t.id)} with {w.name} for {dmg} "
                f"({g.sight(s, h, t.at)} sight; it has {t.hp} HP)")
    if k == "ability":
        h = s.hero(move[1])
        ab = g.sheet(h).ability(move[2])
        at = (move[3], move[4])
        if ab.effect == "area":
            extra = f": {_area_words(g, s, h, ab, at)}"
        elif len(move) > 5:
            extra = f", bringing back {_name(g, move[5])}"
        else:
            extra = next((f" on {_name(g, t.id)}" for t in s.heroes if t.placed and t.at == at), "")
        return f"{_name(g, move[1])}: {ab.name} at {_where(g, s, at)}{extra}"
    if k == "overwatch":
        return f"{_name(g, move[1])}: set to overwatch (no more actions this turn)"
    if k == "end":
        return "End this turn's activations"
    return " ".join(str(part) for part in move)


def describe_state(g: "OverwatchTactics", s: "State", seat: int | None,
                   names: Any = None) -> list[str]:
    route = g.data.route
    lines = [f"Round {s.round} of {g.data.rounds}; payload at {s.payload + 1} of "
             f"{len(route)} ({hex_name(route[s.payload])}, the end is {hex_name(route[-1])}); "
             f"{SIDE_NAMES[s.active]} to act ({s.phase})"]
    if seat in (0, 1):
        lines.append(f"  You {('attack: push the payload to the end', 'defend: stop the payload')[seat]}"
                     f" (hexes by column and row of the map, row 0 at the north)")
    for h in s.heroes:
        where = f"on {_where(g, s, h.at)}" if h.placed else "off the board"
        tags = (" overwatch" if h.overwatch else "") + (f" +{h.boost}" if h.boost else "")
        lines.append(f"  {SIDE_NAMES[h.side]} {_name(g, h.id)} ({h.hp} HP) {where}{tags}")
    if s.pieces:
        lines.append("  Terrain: " + "; ".join(
            f"{g.data.terrain[p[0]].name} on {hex_name((p[1], p[2]))}" for p in s.pieces))
    return lines


def decision_context(g: "OverwatchTactics", s: "State", decision: Decision, names: Any) -> dict:
    """The title, for each option the map cell it acts on and the hero it moves ("cells",
    "heroes": None where an option has none), so the hex screen can choose an option by its hex,
    in the terrain phase every cell each piece covers ("covers"), and the option that ends the
    activations ("quick"), one key away in a long list."""
    cells, heroes = words_board.option_cells(g, s, decision.options)
    covers = {"covers": words_board.terrain_covers(g, decision.options)} \
        if decision.prompt == "terrain" else {}
    return {"title": TITLES.get(decision.prompt, decision.prompt), "cells": cells,
            "heroes": heroes, **covers, **quick_option(decision.options, {"end": "end turn"})}


def glossary(g: "OverwatchTactics") -> dict:
    return words_board.glossary(g)


def board(g: "OverwatchTactics", s: "State", seat: int | None, cards: Any = None) -> dict:
    """The hex screen's data (words_board.board); the game deals no hidden card, so `cards`
    changes nothing."""
    return words_board.board(g, s, seat)


def narrate(g: "OverwatchTactics", before: dict, after: dict, names: Any, kind: str = "",
            players: int = 0) -> list[str]:
    return words_board.narrate(g, before, after, names)


def narrate_move(g: "OverwatchTactics", before: dict, seat: int | None, move: list,
                 names: Any) -> list[str]:
    """The move chosen where what it changes does not tell it: ending the activations (the
    payload's push and the next side's turn follow; an end changing nothing else still has
    its sentence). Every other move is told by what it changed (`narrate`)."""
    if move and move[0] == "end" and seat in (0, 1):
        said = f"{names(seat)} ({SIDE_NAMES[seat]}) ended this turn's activations."
        return [said[:1].upper() + said[1:]]
    return []
