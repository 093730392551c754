"""Named data the hex map screen draws with: the map (glossary), a state's board, each option's
cell, and what changed between two views in sentences (narrate).

Invariants:
- Every place is a [column, row] cell of the odd-r grid as data.toml draws it (hex_name's
  numbers), never an axial pair: the screen lays cells out without any hex geometry.
- Every figure a screen shows is computed here with the rules' own functions on the engine's
  state, never by the screen, and no rule is written here a second time: a hero's reachable
  cells are a breadth-first walk over the rules' step rule (steps_from, which act_options
  offers), the watchers marked on a cell are those whose overwatch the rules would fire there
  (watchers), its targets are the rules' aims with the damage attack_damage gives and the reason
  of the damage_case it is in (tests/tactics/test_board_words_follow_rules.py plays the moves).
- Lists follow the state's and Data's orders (heroes in draft order, hexes in Data.hexes order),
  so the same state always gives the same data.
- Words only: nothing here is in the rules digest or changes a state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ...core import Decision, Sealed
from . import hexgrid as hx
from . import words_help
from .rules import HIGHER, LOWER, SAME_LEVEL, SEMI_SIGHT
from .state import Hero, Side, State
from .words_terms import column, sheet_words

if TYPE_CHECKING:
    from .rules import OverwatchTactics

SIDES = ("attack", "defence")
# Two letters per hero on a hex, distinct among the nine sheets (a sheet not listed gets the
# first two letters of its id).
SHORT = {"tracer": "Tr", "reaper": "Rp", "mercy": "Me", "reinhardt": "Rh", "soldier": "S7",
         "junkrat": "Jr", "widowmaker": "Wi", "ana": "An", "pharah": "Ph"}


def cell(h: hx.Hex) -> list[int]:
    """Axial (q, r) to the drawn [column, row] (the inverse of data.axial)."""
    return [column(h), h[1]]


def short(hid: str) -> str:
    return SHORT.get(hid, hid[:2].title())


def glossary(g: "OverwatchTactics") -> dict:
    """The map as drawn (cells, map levels, route, checkpoints, spawn points), the heroes'
    names and initials, and the help pages (words_help): what never changes during a match."""
    d = g.data
    cells = [cell(h) for h in d.hexes]
    return {
        "map": {"columns": max(c for c, _ in cells) + 1, "rows": max(r for _, r in cells) + 1,
                "cells": cells, "levels": [d.levels[h] for h in d.hexes],
                "route": [cell(h) for h in d.route], "checkpoints": list(d.checkpoints),
                "attacker_spawn": [cell(h) for h in d.attacker_spawn],
                "defender_spawns": [[cell(h) for h in z] for z in d.defender_spawns],
                "rounds": d.rounds},
        "heroes": {hid: {"name": sh.name, "short": short(hid), "sheet": sheet_words(g, hid)}
                   for hid, sh in d.heroes.items()},
        "sides": list(SIDES),
        # the `?` screen: the rules' pages, then one page per hero sheet
        "help": words_help.help_pages(g),
        "characters": words_help.characters(g),
    }


# ------------------------------------------------------------------ a state's board
def reach(g: "OverwatchTactics", s: State, h: Hero) -> list[dict]:
    """The cells hero h can walk to with the Speed it has left this turn, each with the fewest
    steps, one shortest path (cells after h's own) and the heroes whose overwatch shoots h on
    arriving there from the path's hex before it (entering their range and sight): breadth
    first over the rules' step rule, neighbours in its order. Shots on the way are not foreseen
    (one that defeats h stops the walk; a watcher shoots a hero once)."""
    left = g.sheet(h).speed - h.moved
    if not h.placed or left <= 0:
        return []
    paths: dict[hx.Hex, list[hx.Hex]] = {h.at: []}
    frontier = [h.at]
    for _ in range(left):
        nxt = []
        for at in frontier:
            for n in g.steps_from(s, h, at):
                if n not in paths:
                    paths[n] = paths[at] + [n]
                    nxt.append(n)
        frontier = nxt
    return [{"cell": cell(at), "steps": len(p), "path": [cell(x) for x in p],
             "watched_by": [w.id for w, _ in g.watchers(s, h, at, ([h.at] + p)[-2])]}
            for at, p in paths.items() if p]


# Why an attack deals what it deals, per case of the rules' damage_case.
DAMAGE_WHY = {
    SEMI_SIGHT: "semi-blocked sight: disadvantage, the minimum",
    LOWER: "full sight but lower: disadvantage, the minimum",
    HIGHER: "higher with full sight: advantage, the maximum",
    SAME_LEVEL: "full sight, same level: the figure for distance {distance}",
}


def damage_why(g: "OverwatchTactics", s: State, h: Hero, t: Hero, weapon: Any) -> str:
    """Why attack_damage gives what it gives: the reason of its damage_case, and any boost."""
    case, _ = g.damage_case(s, h, weapon, t)
    why = DAMAGE_WHY[case].format(distance=hx.distance(h.at, t.at))
    return why + (f", +{h.boost} boost" if h.boost else "")


def targets(g: "OverwatchTactics", s: State, h: Hero) -> list[dict]:
    """Every enemy on the board h's main weapons reach and see from where h stands (the rules'
    aims), with the sight and the damage attack_damage gives now, and why."""
    if not h.placed:
        return []
    return [{"hero": t.id, "weapon": w, "weapon_name": weapon.name, "cell": cell(t.at),
             "distance": hx.distance(h.at, t.at), "sight": sight,
             "damage": g.attack_damage(s, h, weapon, t), "hp": t.hp,
             "why": damage_why(g, s, h, t, weapon)}
            for w, weapon, t, sight in g.aims(s, h)]


def hero_data(g: "OverwatchTactics", s: State, h: Hero) -> dict:
    sheet = g.sheet(h)
    acting = s.phase == "act" and h.side == s.active and h.placed and not h.overwatch
    return {
        "id": h.id, "name": sheet.name, "short": short(h.id), "side": h.side,
        "placed": h.placed, "cell": cell(h.at) if h.placed else None,
        "defeated": not h.placed and h.defeats > 0,
        "where": "on the board" if h.placed else "defeated: off the board" if h.defeats
        else "not placed yet",
        "hp": h.hp, "hp_max": sheet.hp, "speed": sheet.speed,
        "speed_left": max(0, sheet.speed - h.moved), "weapon_used": h.attacked,
        "overwatch": h.overwatch, "boost": h.boost, "defeats": h.defeats, "acting": acting,
        "weapons": [{"name": w.name, "range": w.range, "least": w.least, "most": w.most}
                    for w in sheet.weapons],
        "abilities": [{"name": a.name, "ultimate": a.ultimate, "cubes": c,
                       "cooldown": a.cooldown, "ready": c == 0}
                      for a, c in zip(sheet.abilities, h.cubes)],
        "reach": reach(g, s, h) if acting else [],
        "targets": targets(g, s, h),
    }


def board(g: "OverwatchTactics", s: State, seat: int | None) -> dict:
    """A state as the hex screen draws it: the round marker, whose turn, levels with terrain,
    terrain pieces, barriers, the payload, and every hero's sheet, reach and targets."""
    d = g.data
    route = d.route
    floor = max([c for c in d.checkpoints if c <= s.payload], default=0)
    p = g.pending(s)
    # whose decision it is: the active seat's, but the defence chooses the spawn point, and
    # both pick at once in the draft (None)
    to_act = p.player if isinstance(p, Decision) else None if isinstance(p, Sealed) else s.active
    return {
        "phase": s.phase, "active": s.active, "to_act": to_act, "round": s.round,
        "rounds": d.rounds,
        "spawn": s.spawn, "winner": s.winner,
        "payload": {"cell": cell(route[s.payload]), "index": s.payload, "of": len(route),
                    "checkpoint": floor},
        "levels": [g.elevation(s, h) for h in d.hexes],
        "terrain": [{"name": d.terrain[p[0]].name, "height": d.terrain[p[0]].height,
                     "seat": p[4],
                     "cells": [cell((p[1] + a, p[2] + b))
                               for a, b in dict(d.terrain[p[0]].placements())[p[3]]]}
                    for p in s.pieces],
        "barriers": [[*cell((b[0], b[1])), b[2]] for b in s.barriers],
        "heroes": [hero_data(g, s, h) for h in s.heroes],
        "hands": [list(p.hand) for p in s.players],
        "rosters": [list(p.roster) for p in s.players],
    }


def option_cells(g: "OverwatchTactics", s: State,
                 options: Iterable[tuple]) -> tuple[list[list[int] | None], list[str | None]]:
    """For each option, the cell it acts on and the hero it concerns (None where it has none):
    a step's or a placement's destination, an attack's target, an ability's hex, overwatch's own
    hex, a terrain piece's named (smallest) hex."""
    cells: list[list[int] | None] = []
    heroes: list[str | None] = []
    for o in options:
        k = o[0]
        at: hx.Hex | None = None
        who: str | None = None
        if k in ("step", "place", "respawn"):
            at, who = (o[2], o[3]), o[1]
        elif k == "attack":
            at, who = s.hero(o[3]).at, o[1]
        elif k == "ability":
            at, who = (o[3], o[4]), o[1]
        elif k == "overwatch":
            at, who = s.hero(o[1]).at, o[1]
        elif k == "terrain":
            at = (o[2], o[3])
        elif k == "pick":
            who = o[1]
        elif k == "spawn":
            at = g.data.defender_spawns[o[1]][0]
        cells.append(cell(at) if at is not None else None)
        heroes.append(who)
    return cells, heroes


def terrain_covers(g: "OverwatchTactics", options: Iterable[tuple]) -> list[list[list[int]]]:
    """For each terrain option, every cell the piece would cover (the named hex first), so the
    screen places a piece with the cursor on any of its hexes and draws it before it is placed."""
    out = []
    for o in options:
        offs = dict(g.data.terrain[o[1]].placements())[o[4]]
        out.append([cell((o[2] + a, o[3] + b)) for a, b in offs])
    return out


# ------------------------------------------------------------------ narration
def state_of(data: dict) -> State:
    """A State back from its plain data (what the control API sends)."""
    fields = dict(data)
    fields["players"] = [Side(**p) for p in data["players"]]
    fields["heroes"] = [Hero(**h) for h in data["heroes"]]
    return State(**fields)


def _overwatch_words(g: "OverwatchTactics", s: State, w: Hero, t: Hero, lost: int) -> str:
    """Who shot whom on overwatch, why and for how much; where t stands now (after its move,
    on the board or where it fell) is where it was shot unless it moved on."""
    shooter, target = g.data.heroes[w.id].name, g.data.heroes[t.id].name
    aim = g.overwatch_aim(s, w, t, t.at)     # the trigger less the tokens, which the shot spent
    if aim is not None:
        weapon, seen = aim
        why = (f"{target} moved into {shooter}'s range ({hx.distance(w.at, t.at)} of "
               f"{weapon.range}, {weapon.name}) and sight "
               f"({'semi-blocked' if seen == hx.SEMI else 'full'}); an overwatch shot is at "
               f"disadvantage: the minimum, {weapon.least}"
               + (f", +{w.boost} boost" if w.boost else ""))
    else:
        why = f"{target} moved into {shooter}'s range and sight"
    return f"Overwatch: {shooter} ({SIDES[w.side]}) shot {target} for {lost}: {why}."


def narrate(g: "OverwatchTactics", before: dict, after: dict, names: Any) -> list[str]:
    """What changed from the view `before` to `after`: the round and turn, the sheets dealt
    and the draft's opened picks, terrain, abilities used and the moves they made, moves,
    overwatch shots and attacks (who, whom, why, how much), defeats, respawns, barriers and
    boosts coming and going, and the payload. A view from a client that is not a state says
    nothing."""
    try:
        a, b = state_of(after), state_of(before)
    except (KeyError, TypeError, ValueError):
        return []
    out: list[str] = []
    name = {hid: sh.name for hid, sh in g.data.heroes.items()}
    if a.round != b.round:
        out.append(f"Round {a.round} of {g.data.rounds} begins.")
    if b.phase == "deal" and a.phase == "draft":
        hands = [listed([name[x] for x in a.players[seat].hand]) for seat in (1, 0)]
        out.append(f"The hero sheets are shuffled and dealt: the defence holds {hands[0]}, the "
                   f"attack {hands[1]}; each round both sides pick one at once, then swap "
                   "hands.")
    for seat in (0, 1):
        new = a.players[seat].roster[len(b.players[seat].roster):]
        if new and a.players[seat].roster[:len(b.players[seat].roster)] == b.players[seat].roster:
            out.append(f"{names(seat)} ({SIDES[seat]}) drafted " + ", ".join(name[x] for x in new)
                       + ".")
    for p in a.pieces[len(b.pieces):]:
        t = g.data.terrain[p[0]]
        out.append(f"{names(p[4])} placed a {t.name} (height {t.height}) at "
                   f"column {cell((p[1], p[2]))[0]}, row {p[2]}.")
    if a.spawn != b.spawn and a.spawn >= 0:
        out.append(f"The defence spawns at spawn point {a.spawn + 1}.")
    was = {h.id: h for h in b.heroes}
    for h in a.heroes:   # the abilities used first: what they did to any hero follows
        o = was.get(h.id)
        used = [ab.name for ab, c, c0 in zip(g.sheet(h).abilities, h.cubes, o.cubes)
                if c > c0] if o is not None else []
        if used:   # cubes only ever go up when the ability is used
            out.append(f"{name[h.id]} ({SIDES[h.side]}) used {' and '.join(used)}.")
    for h in a.heroes:
        o = was.get(h.id)
        if o is None:
            continue
        who = f"{name[h.id]} ({SIDES[h.side]})"
        if h.placed and not o.placed:
            verb = "is back (respawned or resurrected) at full HP" if o.defeats or h.defeats \
                else "is placed"
            c = cell(h.at)
            out.append(f"{who} {verb} on column {c[0]}, row {c[1]}.")
        elif h.placed and o.placed and h.at != o.at:
            c = cell(h.at)
            out.append(f"{who} moved to column {c[0]}, row {c[1]}.")
        if h.overwatch and not o.overwatch:
            out.append(f"{who} is set to overwatch.")
        if h.boost > o.boost:
            out.append(f"{who} does +{h.boost} damage with its main weapon until the "
                       f"{SIDES[h.boost_by]}'s next turn.")
        elif o.boost and not h.boost:
            out.append(f"{who}'s +{o.boost} damage boost is over.")
        lost = o.hp - h.hp if h.defeats == o.defeats else o.hp
        if lost > 0:
            shooters = [w for w in a.heroes if w.side != h.side and h.id in w.shot
                        and h.id not in (was[w.id].shot if w.id in was else [])]
            if shooters:
                for w in shooters:
                    out.append(_overwatch_words(g, a, w, h, lost))
            else:
                out.append(_hit_words(g, b, a, h, lost))
        if h.defeats > o.defeats:
            out.append(f"{who} is defeated: off the board with its overwatch token, back at "
                       "full HP in its spawn point in its side's respawn step.")
        elif 0 < o.hp < h.hp and h.placed and o.placed:
            out.append(f"{who} healed {h.hp - o.hp} ({h.hp} HP).")
    for bar in a.barriers:
        if bar not in b.barriers:
            c = cell((bar[0], bar[1]))
            out.append(f"A {SIDES[bar[2]]} barrier stands on column {c[0]}, row {c[1]} until the "
                       f"{SIDES[bar[2]]}'s next turn.")
    for bar in b.barriers:
        if bar not in a.barriers:
            c = cell((bar[0], bar[1]))
            out.append(f"The {SIDES[bar[2]]} barrier on column {c[0]}, row {c[1]} is gone.")
    if a.payload != b.payload:
        way = "forward" if a.payload > b.payload else "back"
        c = cell(g.data.route[a.payload])
        out.append(f"The payload moved {way} to {a.payload + 1} of {len(g.data.route)} "
                   f"(column {c[0]}, row {c[1]}).")
    if a.phase == "act" and (a.turns != b.turns or b.phase != "act"):
        out.append(f"{names(a.active)} ({SIDES[a.active]}) to act.")
    if a.phase == "over" and b.phase != "over" and a.winner >= 0:
        out.append(f"The {SIDES[a.winner]} wins.")
    return [x[:1].upper() + x[1:] for x in out]   # "you placed..." opens a sentence


def _hit_words(g: "OverwatchTactics", b: State, a: State, t: Hero, lost: int) -> str:
    """Who hit t and for how much; for a main-weapon shot whose shooter and target stood where
    they stand in `b` (the view before), also why: the weapon whose attack_damage in `b` is what
    t lost, with its distance, sight and the reason for that figure."""
    name = {hid: sh.name for hid, sh in g.data.heroes.items()}
    was = {x.id: x for x in b.heroes}
    who = f"{name[t.id]} ({SIDES[t.side]})"
    by = [w for w in a.heroes if w.side != t.side and w.id in was
          and (w.attacked and not was[w.id].attacked or w.offensive and not was[w.id].offensive)]
    for w in by:
        wb, tb = was[w.id], was.get(t.id)
        if not (w.attacked and not wb.attacked and tb is not None and wb.placed and tb.placed
                and w.at == wb.at and t.at == tb.at):
            continue
        d = hx.distance(wb.at, tb.at)
        for weapon in g.sheet(wb).weapons:
            if d <= weapon.range and g.attack_damage(b, wb, weapon, tb) == lost:
                return (f"{name[w.id]} ({SIDES[w.side]}) shot {who} with {weapon.name} for "
                        f"{lost}: distance {d} of {weapon.range}, "
                        f"{damage_why(g, b, wb, tb, weapon)}.")
    # an ability that hit (its cubes went up) is named; else only who, whom and how much
    src = listed([
        name[w.id] + "".join(f"'s {ab.name}" for ab, c, c0 in
                             zip(g.sheet(w).abilities, w.cubes, was[w.id].cubes)
                             if c > c0 and ab.offensive)
        for w in by]) or "Damage"
    return f"{src} hit {who} for {lost}."


def listed(items: list[str]) -> str:
    """A list in words: "A", "A and B", "A, B and C" ("" for none)."""
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"
