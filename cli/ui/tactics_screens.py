"""The hex game's own screens (`overwatch-tactics`): the map with the hero panel, the draft, the
help pages, and the keys and clicks that choose a move by its hex (terrain pieces too, by any hex
they would cover).

Everything drawn comes from the node: the map from the glossary, the state's levels, terrain,
heroes, each hero's reach and targets (sight and damage) from the board data the game's words
module computes with the engine's functions, what happened from its narration, each option's
label and hex from the decision. Nothing here knows a rule: a walk to a far hex sends the
steps of the path the node gave, one legal option at a time, and stops where an option is
missing or the hero was hit.

The screen's own state (cursor, selected hero, a walk under way, the sheet's scroll) is
`model.view`, changed only by keys and clicks and, when a new decision arrives, by
follow_decision (the list stays on the hero acting); drawing never changes it.
"""
from __future__ import annotations

import asyncio
from typing import Sequence

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings
from prompt_toolkit.mouse_events import MouseEventType

from . import generic_screens
from .hexmap import LEGEND, LEGEND_SHORT, Cells, cells_for, render_map
from .screens import Line, choice_lines, fit, newest_whole, pad, quick_hint, text_len, wrap
from .words import bug_words, decision_title, option_words

HINT = "arrows+Enter: hex · Tab: hero · {quick}j/k 1-9: list · ? help · q detach"
HINT_LONG = ("arrows move the hex cursor · Tab/Shift-Tab next hero · Enter or a click acts on the "
             "hex · {quick}j/k and 1-9 choose from the list · ? help · q detach (game goes on)")
TERRAIN_HINT = "arrows: hex · j/k: another piece or turn · Enter: place it · ? help · q detach"
REPLAY_HINT = "←/→ step · PgUp/PgDn 20 steps · Home/End · q quit"
SIDE_PANEL_MIN = 24   # narrower than this, the sheet goes below the map
LEGEND_NARROW = ("=route C chk", "+-spawn #terr")


# ------------------------------------------------------------------ reading the node's data
def gmap(model) -> dict | None:
    return model.glossary.table("map") or None


def hero_name(model, hid: str) -> str:
    return model.glossary.table("heroes").get(hid, {}).get("name", hid)


def side(model, seat) -> str:
    """The game's word for a seat's side (the glossary's), else the seat number."""
    sides = model.glossary.tables.get("sides") or []
    return sides[seat] if isinstance(seat, int) and 0 <= seat < len(sides) else f"seat {seat}"


def context(model) -> dict:
    return (model.decision or {}).get("context") or {}


def selected_hero(model) -> dict | None:
    """The hero whose sheet is shown: the one the highlighted option concerns where the list
    was moved since, else the one chosen with Tab or the cursor while still in the board data,
    else the one the highlighted option concerns, else the first of the seat's own acting
    heroes, else the first on the board. The sheet and the highlighted option so agree."""
    b = model.board
    if not b:
        return None
    heroes = b["heroes"]
    want = model.view.get("hero")
    of_options = context(model).get("heroes") or []
    highlighted = of_options[model.selected] if 0 <= model.selected < len(of_options) else None
    if highlighted and list_moved(model):
        want = highlighted   # j/k went to another hero's option: the sheet is that hero's
    for h in heroes:
        if h["id"] == want:
            return h
    if highlighted:
        for h in heroes:   # the hero the highlighted option moves, places or uses
            if h["id"] == highlighted:
                return h
    mine = [h for h in heroes if h["side"] == model.me]
    for group in ([h for h in mine if h.get("acting")], [h for h in mine if h.get("placed")],
                  [h for h in heroes if h.get("placed")]):
        if group:
            return group[0]
    return None


def list_moved(model) -> bool:
    """Whether the option list was moved (j/k, PgUp/PgDn) since Tab or the cursor last chose
    an option, within the same decision."""
    v = model.view
    return "sel_at_cursor" in v and v.get("seq") == (model.decision or {}).get("seq") \
        and v["sel_at_cursor"] != model.selected


ACTS = ("step", "attack", "ability", "overwatch")   # the moves of one hero in step 3
PLACING = ("place", "respawn", "spawn")             # decisions of one hex each, set-up like


def follow_decision(model) -> None:
    """A new decision after a hero acted: the list and the sheet stay on that hero (its first
    option), or, once it can do nothing more, go to the next of the seat's heroes in draft order
    that can; placing terrain again, the cursor stays near where it was. Recorded as the
    decision's own starting point, so Enter still first says what it does on the cursor's hex
    (HexKeys.enter)."""
    cells = context(model).get("cells") or []
    if (model.decision or {}).get("prompt") in PLACING and 0 <= model.selected < len(cells) \
            and cells[model.selected] is not None:
        # a hero to place (or the spawn point): the cursor goes to the highlighted hex, where
        # Enter places it, rather than stay where the last phase left it
        model.view["cursor"] = tuple(cells[model.selected])
        placed = (context(model).get("heroes") or [None] * len(cells))[model.selected]
        if placed is not None:
            model.view["hero"] = placed   # the sheet of the hero being placed
        _said_and_synced(model)
        return
    cov = covers(model)
    if cov and model.view.get("cursor") is not None:
        # terrain again: the cursor stays where it was, on the nearest hex a piece can cover
        # (the last piece covers the hexes it was put on)
        c = model.view["cursor"]
        free = {tuple(x): k for k in reversed(range(len(cov))) for x in cov[k]}
        near = min(free, key=lambda x: (abs(x[0] - c[0]) + abs(x[1] - c[1]), x[1], x[0]))
        model.view["cursor"] = near
        model.selected = free[near]
        _said_and_synced(model)
        return
    move = model.last_move or []
    heroes = context(model).get("heroes") or []
    order = [h["id"] for h in (model.board or {}).get("heroes", [])]
    # the hero that acted last, else the one whose sheet is shown (a new turn: the list and the
    # sheet stay together)
    want = move[1] if len(move) > 1 and move[0] in ACTS else model.view.get("hero")
    if want not in order or not any(h is not None for h in heroes):
        return
    k = order.index(want)
    for hid in order[k:] + order[:k]:
        if hid in heroes:
            model.selected = heroes.index(hid)
            model.view["hero"] = hid
            model.view["followed"] = ((model.decision or {}).get("seq"), model.selected)
            return


def _said_and_synced(model) -> None:
    """The highlighted option is on the cursor's hex and said: Enter acts on it at once (it is
    drawn there and named, so the first Enter need not say it first)."""
    seq = (model.decision or {}).get("seq")
    model.view["followed"] = (seq, model.selected)
    model.view["sel_at_cursor"], model.view["seq"] = model.selected, seq
    model.message = f"Enter: {option_words(model.decision, model.selected)}"


def followed(model) -> int:
    """The option a new decision started on (follow_decision's), 0 where it started on none."""
    seq, k = model.view.get("followed") or (None, 0)
    return k if seq == (model.decision or {}).get("seq") else 0


def options_shown(model) -> list[int] | None:
    """On the map, the options of the hero whose sheet is shown and those of no hero (End):
    the list and the sheet agree. None (every option) off the map or with no hero shown."""
    cov = covers(model)
    if cov:   # placing terrain: the pieces that can cover the cursor's hex
        c = cursor(model)
        at = terrain_at(model, c) if c else []
        if model.selected in at:
            return at
        return terrain_at(model, cov[model.selected][0]) if model.selected < len(cov) else None
    heroes = context(model).get("heroes") or []
    sel = selected_hero(model)
    if not heroes or sel is None or in_draft(model) or not gmap(model):
        return None
    return [k for k, h in enumerate(heroes) if h is None or h == sel["id"]]


# ------------------------------------------------------------------ terrain with the cursor
def covers(model) -> list:
    """In the terrain phase, every cell each option's piece covers (the node's); else []."""
    return context(model).get("covers") or []


def terrain_at(model, cell) -> list[int]:
    """The terrain options whose piece covers `cell`, in the decision's order (by kind, then
    rotation): what the list shows with the cursor there."""
    c = tuple(cell)
    return [k for k, cs in enumerate(covers(model)) if any(tuple(x) == c for x in cs)]


def carried(model, cell, at: list[int]) -> int:
    """Which of `at` (pieces covering `cell`) the cursor moving onto `cell` highlights: the piece
    highlighted now, carried along (same kind and turn, the cursor on the same of its hexes),
    else the same kind, else the first."""
    opts = model.decision["options"]
    cov = covers(model)
    k = model.selected if 0 <= model.selected < len(cov) else None
    if k is None:
        return at[0]
    was = cursor(model)
    i = next((n for n, x in enumerate(cov[k]) if tuple(x) == tuple(was or ())), 0)

    def rank(j: int) -> tuple:
        same_kind, same_turn = opts[j][1] == opts[k][1], opts[j][4] == opts[k][4]
        same_spot = len(cov[j]) > i and tuple(cov[j][i]) == tuple(cell)
        return (not (same_kind and same_turn and same_spot), not (same_kind and same_turn),
                not same_kind)
    return min(at, key=rank)


def terrain_lines(model, width: int) -> list[Line]:
    """The side panel while placing terrain: the highlighted piece and how to choose another."""
    d = model.decision
    if d is None or not covers(model):
        return [[("class:dim", "No hero on the board yet: terrain first.")]]
    c = cursor(model)
    at = terrain_at(model, c) if c else []
    lines = [[("class:bold", fit(decision_title(d), width))]]
    lines += wrap(option_words(d, model.selected), width, "class:hex.chosen")
    lines += wrap(f"{len(at)} pieces can cover the cursor's hex: j/k turn through them (drawn on "
                  "the map), Enter places the one shown." if at else
                  "No piece can cover the cursor's hex (never on the route, in a spawn point or "
                  "on other terrain): move the cursor.", width, "class:dim")
    return lines


def cursor(model) -> tuple[int, int] | None:
    c = model.view.get("cursor")
    if c is not None:
        return tuple(c)
    cov = covers(model)
    if cov and 0 <= model.selected < len(cov):
        return tuple(cov[model.selected][0])   # placing terrain: the highlighted piece's hex
    h = selected_hero(model)
    if h and h.get("cell"):
        return tuple(h["cell"])
    m = gmap(model)
    return (m["route"][0][0], m["route"][0][1]) if m else None


def stands_on(hero: dict | None, cell) -> bool:
    """Whether `hero` (a hero of the board data) stands on `cell`: its own hex, where its
    overwatch and abilities on itself act, so no step or placement is chosen there."""
    return bool(hero and hero.get("cell")) and tuple(hero["cell"]) == tuple(cell)


def options_at(model, cell, hero: str | None) -> list[int]:
    """Indices of the decision's options acting on `cell` (for `hero` where the options name
    heroes and it is one of them)."""
    ctx = context(model)
    cells = ctx.get("cells") or []
    heroes = ctx.get("heroes") or []
    at = [k for k, c in enumerate(cells) if c is not None and tuple(c) == tuple(cell)]
    if hero is not None and hero in heroes:   # the selected hero's own, not another's
        at = [k for k in at if k < len(heroes) and heroes[k] == hero]
    return at


# ------------------------------------------------------------------ panels
def header(model, width: int) -> Line:
    """The title, who you are and the match's numbers (round, payload). The numbers are never
    cut: the words before them shorten first (the title's subtitle, then the title, then the
    name), so "payload 1/15" never shows as "payload 1/1"."""
    b = model.board or {}
    who = ""
    if model.me is not None:
        who = f"you are {model.names.plain(model.me)} ({side(model, model.me)})"
    title = generic_screens.title_of(model)
    parts = []
    if b:
        parts.append(f"round {b['round']}/{b['rounds']}")
        if b["phase"] == "over":
            parts.append("game over")
        elif b.get("to_act") is None:
            parts.append("both pick, sealed")
        else:
            parts.append(f"{side(model, b['to_act'])} to act")
        p = b["payload"]
        parts.append(f"payload {p['index'] + 1}/{p['of']}")
    status = "  " + " · ".join(parts)
    agreed = f"  ✓ #{model.attested[1][:8]}" if model.attested else ""
    room = width - len(status)
    if len(agreed) > room - len(f"{title} — {who}"):
        agreed = ""   # the agreed hash is shown in the event area too
    room -= len(agreed)
    short = "Overwatch BG" if "Overwatch" in title else title.split(":")[0]
    heads = [f"{t} — {who}" if t and who else t or who
             for t in (title, short, "")] + [short, fit(who, room)]
    head = next(h for h in heads if len(h) <= room)
    return pad([("class:title", head), ("class:bold", status), ("class:dim", agreed)], width)


def sheet_lines(model, h: dict | None, width: int) -> list[Line]:
    """The selected hero's sheet: HP, Speed left, weapon used or not, each ability's cubes, the
    ultimate, then what it can hit with sight and damage (the node's numbers)."""
    if h is None:
        return [[("class:dim", "No hero on the board yet.")]]
    head: Line = [(f"class:side.p{h['side']} class:bold", f"{h['name']}"),
                  ("", f" ({side(model, h['side'])}{', you' if h['side'] == model.me else ''})")]
    where = ("class:dim", f" {h['where']}")
    # where the hero is goes on a line of its own rather than be cut ("not placed ye")
    lines: list[Line] = [head + [where]] if text_len(head) + len(where[1]) <= width else \
        [head, [("class:dim", fit(h["where"], width))]]
    tags = []
    if h.get("overwatch"):
        tags.append("on overwatch")
    if h.get("boost"):
        tags.append(f"boosted +{h['boost']}")
    lines += wrap(f"HP {h['hp']}/{h['hp_max']} · Speed {h['speed_left']} of {h['speed']} left"
                  + ("".join(" · " + t for t in tags)), width)
    for w in h["weapons"]:
        state = "used this turn" if h["weapon_used"] else "ready"
        lines += wrap(f"{w['name']} (range {w['range']}, {w['least']}-{w['most']}): {state}", width,
                      "", "  ")
    for a in h["abilities"]:
        kind = " (ultimate)" if a["ultimate"] else ""
        state = "ready" if a["ready"] else f"{a['cubes']} cube{'s' if a['cubes'] != 1 else ''}"
        lines += wrap(f"{a['name']}{kind}: {state}", width, "", "  ")
    if h.get("acting"):
        watched = sum(1 for x in h["reach"] if x.get("watched_by"))
        lines += wrap(f"Can reach {len(h['reach'])} hexes this turn (marked on the map)"
                      + (f", {watched} under enemy overwatch." if watched else "."), width,
                      "class:dim")
    if h["targets"]:
        lines.append([("class:bold", "In range and sight:")])
        for t in h["targets"]:
            lines += wrap(f"{hero_name(model, t['hero'])} ({t['hp']} HP): {t['damage']} with "
                          f"{t['weapon_name']}, distance {t['distance']} ({t['why']})",
                          width, "class:hazard" if h["side"] != model.me else "", "  ")
    elif h["placed"]:
        lines += wrap("No enemy in range and sight.", width, "class:dim")
    return lines


def sheet_scroll(model, h: dict | None) -> int:
    """How far the shown hero's sheet is scrolled ([ and ]); another hero's starts at the top."""
    hid, top = model.view.get("sheet_scroll") or (None, 0)
    return top if h is not None and hid == h["id"] else 0


def sheet_window(model, h: dict | None, width: int, room: int) -> list[Line]:
    """The sheet in `room` lines: whole where it fits, else its first line (the hero), as much
    of the rest as fits from the scroll position, and a line saying which lines and the keys."""
    sheet = sheet_lines(model, h, width)
    if len(sheet) <= room:
        return sheet
    body, rows = sheet[1:], max(1, room - 2)
    top = max(0, min(sheet_scroll(model, h), len(body) - rows))
    more = f"[ ] scroll: {top + 1}-{min(len(body), top + rows)} of {len(body)} lines"
    return ([sheet[0]] + body[top:top + rows] + [[("class:dim", fit(more, width))]])[:room]


def sheet_short(model, h: dict | None, width: int) -> list[Line]:
    """The sheet in two lines for a narrow screen (80 columns)."""
    if h is None:
        return [[("class:dim", "No hero on the board yet.")]]
    abil = " ".join(f"{a['name']}{'(U)' if a['ultimate'] else ''}:"
                    f"{'ok' if a['ready'] else a['cubes']}" for a in h["abilities"])
    one = (f"{h['name']} ({side(model, h['side'])[:3]}) HP {h['hp']}/{h['hp_max']} Spd "
           f"{h['speed_left']}/{h['speed']} wpn {'used' if h['weapon_used'] else 'ready'}"
           f"{' OW' if h.get('overwatch') else ''} · {abil}")
    if len(one) > width:
        one = one[:width - 1] + "…"
    hits = ", ".join(f"{hero_name(model, t['hero'])} {t['damage']} {t['sight']}"
                     for t in h["targets"])
    two = (f"in sight (weapon used): {hits}" if h["weapon_used"] else f"hits: {hits}") if hits \
        else "no enemy in range and sight"
    if h.get("acting"):
        two = f"reach {len(h['reach'])} hexes · " + two
    whole = " · ] whole sheet"
    if len(one) > width or len(two) > width:   # cut: the whole sheet is a key away
        two = fit(two, width - len(whole)) + whole
    return [[(f"class:side.p{h['side']}", one[:width])], [("class:dim", fit(two, width))]]


def roster_lines(model, width: int, selected: dict | None) -> list[Line]:
    b = model.board or {}
    lines: list[Line] = []
    for h in b.get("heroes", []):
        mark = "▶" if selected is h else " "
        letter = "ad"[h["side"]]   # as on the map's hexes
        name = h["name"] if width >= 30 else h["short"]
        defeated = h.get("defeated")
        text = f"{mark}{letter} {name} {h['hp']}" + (" ✗" if defeated else "") + \
            (" OW" if h.get("overwatch") else "")
        lines.append([(f"class:side.p{h['side']}" + (" class:strike" if defeated else ""),
                       text[:width])])
    return lines


# ------------------------------------------------------------------ layout
def layout(model, width: int, height: int) -> dict:
    m = gmap(model)
    cells = cells_for(width, height, m["columns"], m["rows"]) if m else Cells(4, 1, 16, 10)
    side_w = width - cells.map_width - 1
    legend = 1 if cells.lines > 1 else 0
    sheet = 2 if side_w < SIDE_PANEL_MIN else 0
    top = 1 + cells.map_height + legend + sheet
    rest = height - 1 - top
    events = max(2, rest // 3)
    return {"cells": cells, "side_w": side_w, "legend": legend, "sheet": sheet, "top": top,
            "events": events, "decision": max(3, rest - events)}


def in_draft(model) -> bool:
    b = model.board
    return bool(b) and b["phase"] in ("deal", "draft")


def below_rows(model, width: int, height: int, replay: bool = False) -> int:
    if in_draft(model) or not gmap(model) or not model.board:
        return generic_screens.decision_height(model, height, replay)
    return layout(model, width, height)["decision"]


def decision_lines(model, width: int, rows: int, choose) -> list[Line]:
    def waiting() -> str | None:
        if model.state is None:
            return None
        if in_draft(model):
            return (" — the picks are sealed: yours and the opponent's open together, "
                    "neither is shown before")
        w = model.waiting_for
        return f" — waiting for {model.names.plain(w)}" if w is not None else ""

    return choice_lines(model, width, rows, choose, waiting, decision_title, option_words)


def event_lines(model, width: int, rows: int) -> list[Line]:
    lines: list[Line] = [[("class:dim", "── what happened " + "─" * max(0, width - 17))]]
    lines += newest_whole(model.log, width - 2, rows - 1)
    return lines + [[("", "")]] * (rows - len(lines))


def _click(model, col: int, row: int):
    def handler(ev):
        if ev.event_type == MouseEventType.MOUSE_UP:
            on_hex = model.view.get("on_hex")
            if on_hex is not None:
                on_hex(col, row)
            return None
        return NotImplemented
    return handler


def game_screen(model, width: int, height: int, choose, replay_info: str | None = None,
                below: Sequence[Line] | None = None) -> list[Line]:
    if in_draft(model) or not gmap(model) or not model.board:
        return draft_screen(model, width, height, choose, replay_info, below)
    lay = layout(model, width, height)
    cells: Cells = lay["cells"]
    sel = selected_hero(model)
    ctx = context(model)
    d = model.decision
    chosen: list = []
    marked = ctx.get("cells") or ()
    if d and covers(model):   # the highlighted piece drawn where it would go
        marked = [c for cs in covers(model) for c in cs]
        chosen = covers(model)[model.selected] if model.selected < len(covers(model)) else []
    elif d and ctx.get("cells") and 0 <= model.selected < len(ctx["cells"]):
        chosen = [ctx["cells"][model.selected]] if ctx["cells"][model.selected] else []
    board = render_map(gmap(model), model.board, cells, cursor=None if replay_info else cursor(model),
                       selected=sel["id"] if sel else None, option_cells=marked,
                       chosen_cells=chosen, piece_cells=chosen if covers(model) else (),
                       click=None if replay_info else (lambda c, r: _click(model, c, r)))
    side_w = lay["side_w"]
    side: list[Line] = []
    if replay_info:
        side += wrap(replay_info, side_w, "class:title")
    if model.fault:
        side += wrap(model.fault, side_w, "class:error")
    roster = roster_lines(model, side_w, sel)
    if side_w >= SIDE_PANEL_MIN:
        # every hero's line stays beside the map; a sheet too long for the room left (many
        # targets in sight) scrolls under its first line ([ and ])
        if covers(model):
            side += terrain_lines(model, side_w)
        else:
            side += sheet_window(model, sel, side_w,
                                 cells.map_height - len(side) - len(roster) - 1)
        side.append([("class:dim", "─" * side_w)])
    side += roster
    if side_w < SIDE_PANEL_MIN:   # no legend line below so small a map: the marks beside it
        side += [[("class:dim", x[:side_w])] for x in LEGEND_NARROW]
    lines: list[Line] = [header(model, width)]
    for k in range(cells.map_height):
        left = pad(board[k], cells.map_width + 1)
        right = pad(side[k], side_w) if k < len(side) else [("", " " * side_w)]
        lines.append(left + right)
    if lay["legend"]:
        lines.append(pad([("class:dim", LEGEND if width >= len(LEGEND) else LEGEND_SHORT)], width))
    if lay["sheet"]:   # the short form, or ([ ]) the whole sheet two lines at a time
        top = sheet_scroll(model, sel)
        lines += [pad(x, width) for x in (sheet_lines(model, sel, width)[top - 1:top + 1] if top
                                          else sheet_short(model, sel, width))]
    lines += [pad(x, width) for x in event_lines(model, width, lay["events"])]
    rows = lay["decision"]
    lower = list(below) if below is not None else decision_lines(model, width, rows, choose)
    if model.message and below is not None:
        lower = lower[:max(0, rows - 1)] + wrap(model.message, width, "class:status")
    lines += [pad(x, width) for x in lower[:rows]]
    lines += [[("", " " * width)]] * (height - 1 - len(lines))
    lines = lines[:height - 1]
    quick = quick_hint(model)
    long = HINT_LONG.format(quick=quick)
    hint = REPLAY_HINT if replay_info else "q quit" if (model.phase == "over" or model.gone) \
        else TERRAIN_HINT if covers(model) \
        else long if width >= len(long) else HINT.format(quick=quick)
    lines.append([("class:hint", hint[:width].ljust(width))])
    return lines


def draft_screen(model, width: int, height: int, choose, replay_info: str | None = None,
                 below: Sequence[Line] | None = None) -> list[Line]:
    """The draft: your hand, your picks, the opponent's opened picks, what the opponent passed
    you and what you passed them; the picks of a round are sealed, so a pick is on this screen
    only once the state holds it (after both open)."""
    b = model.board
    if not b:
        return generic_screens.game_screen(model, width, height, choose, replay_info, below)
    me = model.me if model.me in (0, 1) else 0
    them = 1 - me
    names = model.names
    gh = model.glossary.table("heroes")

    def sheet(hid: str) -> str:
        entry = gh.get(hid, {})
        return f"{entry.get('name', hid)}: {entry.get('sheet', '')}".rstrip(": ")

    def listing(title: str, ids: list[str], style: str = "") -> list[Line]:
        out = [[("class:bold", title)]]
        if not ids:
            out.append([("class:dim", "  (none yet)")])
        for hid in ids:
            out += wrap("• " + (sheet(hid) if width >= 100 else gh.get(hid, {}).get("name", hid)),
                        width - 2, style, "    ")
        return out

    hands, rosters = b["hands"], b["rosters"]
    lines: list[Line] = [header(model, width)]
    if replay_info:
        lines += wrap(replay_info, width, "class:title")
    rnd = len(rosters[me]) + 1
    mine = model.me in (0, 1)
    whose = "Your" if mine else f"{names.plain(me)}'s"
    lines += wrap(f"The draft, round {min(rnd, 4)} of 4: each player picks one sheet at once, "
                  "sealed; the picks open together, then the hands are passed.", width, "class:dim")
    got = (f"{whose} hand (passed by {names.plain(them)})" if rosters[me] else
           f"{whose} hand (dealt)")
    lines += listing(got, hands[me])
    lines += listing(f"{whose} picks", rosters[me], f"class:side.p{me}")
    lines += listing(f"{names.plain(them)}'s picks (each shown once it is opened)", rosters[them],
                     f"class:side.p{them}")
    if rosters[me]:
        lines.append([("class:dim", f"{names.plain(them)} holds what was passed: " +
                       ", ".join(gh.get(h, {}).get("name", h) for h in hands[them]))])
    rows = generic_screens.decision_height(model, height, replay=below is not None)
    room = height - 1 - rows
    events = event_lines(model, width, max(2, room - len(lines)))
    top = (lines[:max(1, room - len(events))] + events)[:room]
    top += [[("", "")]] * (room - len(top))
    lower = list(below) if below is not None else decision_lines(model, width, rows, choose)
    if model.message and below is not None:
        lower = lower[:max(0, rows - 1)] + wrap(model.message, width, "class:status")
    out = [pad(x, width) for x in top] + [pad(x, width) for x in lower[:rows]]
    out += [[("", " " * width)]] * (height - 1 - len(out))
    hint = REPLAY_HINT if replay_info else \
        "↑↓ Enter, 1-9 or click: pick · ? the highlighted hero's sheet · q detach (game goes on)"
    return out[:height - 1] + [[("class:hint", hint[:width].ljust(width))]]


# ------------------------------------------------------------------ help
def help_pages(model) -> list[tuple[str, list[str], str | None]]:
    """(title, lines, hero id) of every help page the node sent: the rules' pages, then the
    heroes' sheets, those in the match first in draft order."""
    pages = [(p.get("title", ""), list(p.get("lines") or []), None)
             for p in model.glossary.tables.get("help") or [] if isinstance(p, dict)]
    chars = model.glossary.characters
    ids = [h["id"] for h in (model.board or {}).get("heroes", []) if h["id"] in chars]
    ids += [cid for cid in chars if cid not in ids]
    return pages + [(model.glossary.char(cid), model.glossary.help(cid), cid) for cid in ids]


def help_start(model) -> int:
    """The page of the hero on the hex the cursor was put on, or the one the highlighted pick or
    placement names; else the first page (how to play)."""
    pages = help_pages(model)
    ids = [p[2] for p in pages]
    want = None
    ctx_heroes = context(model).get("heroes") or []
    if in_draft(model) or (model.board or {}).get("phase") in ("place", "respawn"):
        if 0 <= model.selected < len(ctx_heroes):
            want = ctx_heroes[model.selected]
    elif model.view.get("cursor") is not None:
        here = next((h for h in (model.board or {}).get("heroes", [])
                     if h.get("placed") and stands_on(h, model.view["cursor"])), None)
        want = here["id"] if here else None
    return ids.index(want) if want in ids else 0


def help_page(model, width: int, page: int) -> list[Line]:
    """One help page, whole: its title with the page number, then each paragraph wrapped."""
    pages = help_pages(model)
    if not pages:
        return [[("class:title", "Help")], [("", "The node sent no help for this game.")]]
    k = page % len(pages)
    title, lines, hid = pages[k]
    head = f"Help — {title}"
    if hid is not None:
        h = next((x for x in (model.board or {}).get("heroes", []) if x["id"] == hid), None)
        if h is not None:
            head += f" ({side(model, h['side'])}{', yours' if h['side'] == model.me else ''})"
    out: list[Line] = wrap(f"{head}  [{k + 1}/{len(pages)}]", width, "class:title")
    out.append([("", "")])
    for text in lines:
        out += wrap("• " + text, width - 1, "", "  ")
    if k == 0:
        out += [[("", "")]] + wrap("→ next pages: where lanboard decides what the rulebook leaves "
                                   "open, keys and the map, then every hero's sheet.", width,
                                   "class:dim")
    return out


# ------------------------------------------------------------------ keys and clicks
class HexKeys:
    """Cursor, hero selection, Enter on a hex and walks, for one GameUI."""

    def __init__(self, ui) -> None:
        self.ui = ui
        self.model = ui.model
        self.model.view["on_hex"] = self.click

    # the cursor and the hero
    def move(self, dc: int, dr: int) -> None:
        m = self.model
        g = gmap(m)
        c = cursor(m)
        if not g or c is None:
            return
        col = max(0, min(g["columns"] - 1, c[0] + dc))
        row = max(0, min(g["rows"] - 1, c[1] + dr))
        self.put(col, row)

    def put(self, col: int, row: int) -> None:
        m = self.model
        if covers(m):
            self.put_terrain(col, row)
            return
        shown = selected_hero(m)
        if shown is not None and list_moved(m):
            m.view["hero"] = shown["id"]   # the hero the moved list showed stays selected
        m.view["cursor"] = (col, row)
        here = self.hero_at((col, row))
        if here is not None and here["side"] == m.me:
            m.view["hero"] = here["id"]
        sel = selected_hero(m)
        at = options_at(m, (col, row), sel["id"] if sel else None)
        if at and not stands_on(sel, (col, row)) and len(self.path_to((col, row))) <= 1:
            m.selected = at[0]
        self.mark_synced()
        m.say(self.what_enter_does((col, row)))

    def put_terrain(self, col: int, row: int) -> None:
        """The cursor carries the highlighted piece onto (col, row) where a piece can cover it."""
        m = self.model
        at = terrain_at(m, (col, row))
        if at:
            m.selected = carried(m, (col, row), at)
        m.view["cursor"] = (col, row)
        self.mark_synced()
        if at:
            m.say(f"Enter: {option_words(m.decision, m.selected)}"
                  + (f" ({len(at)} pieces fit here: j/k)" if len(at) > 1 else ""))
        else:
            m.say(f"No piece can cover column {col}, row {row}: terrain never goes on the "
                  "payload's route, in a spawn point or on other terrain.", error=True)

    def mark_synced(self) -> None:
        """The highlighted option now follows the cursor, for this decision."""
        m = self.model
        m.view["sel_at_cursor"] = m.selected
        m.view["seq"] = (m.decision or {}).get("seq")

    def hero_at(self, cell) -> dict | None:
        for h in (self.model.board or {}).get("heroes", []):
            if h.get("placed") and stands_on(h, cell):
                return h
        return None

    def cycle(self, step: int) -> None:
        m = self.model
        heroes = [h for h in (m.board or {}).get("heroes", []) if h.get("placed")]
        mine = [h for h in heroes if h["side"] == m.me]
        ring = mine + [h for h in heroes if h["side"] != m.me]
        if not ring:
            m.say("No hero on the board yet.")
            return
        cur = selected_hero(m)
        k = next((i for i, h in enumerate(ring) if h is cur), -1)
        h = ring[(k + step) % len(ring)]
        m.view["hero"] = h["id"]
        m.view["cursor"] = tuple(h["cell"])
        heroes_of = context(m).get("heroes") or []
        first = next((i for i, x in enumerate(heroes_of) if x == h["id"]), None)
        if first is not None:
            m.selected = first
        self.mark_synced()
        m.say(f"{h['name']} selected: arrows to a hex, Enter acts there.")

    def scroll_sheet(self, delta: int) -> None:
        """Scroll the shown hero's sheet by `delta` lines, within it (sheet_window draws it)."""
        m = self.model
        h = selected_hero(m)
        if h is None:
            return
        width, height = self.ui.size()
        lay = layout(m, width, height)
        if lay["sheet"]:   # narrow: two lines under the map; 0 the short form, k lines k-1, k
            total = len(sheet_lines(m, h, width))
            top = max(0, min(sheet_scroll(m, h) + (1 if delta > 0 else -1), total - 1))
            m.view["sheet_scroll"] = (h["id"], top)
            m.say(f"{h['name']}'s sheet, lines {top}-{top + 1} of {total}: ] on, [ back"
                  if top else f"{h['name']}'s sheet in short; ] shows it whole, two lines at a "
                  "time")
            return
        room = lay["cells"].map_height - len(roster_lines(m, lay["side_w"], h)) - 1
        last = max(0, len(sheet_lines(m, h, lay["side_w"])) - 1 - max(1, room - 2))
        top = max(0, min(sheet_scroll(m, h) + delta, last))
        m.view["sheet_scroll"] = (h["id"], top)
        m.say(f"{h['name']}'s sheet is shown whole." if last == 0 else
              f"{h['name']}'s sheet: the end (] scrolls no further, [ goes back)." if top == last
              else f"{h['name']}'s sheet: ] on, [ back.")

    # Enter and clicks
    def what_enter_does(self, cell) -> str:
        m = self.model
        sel = selected_hero(m)
        d = m.decision
        at = options_at(m, cell, sel["id"] if sel else None)
        path = self.path_to(cell)
        if len(path) > 1:   # a far hex is walked to; what else acts there stays in the list
            watch = self.watched_on(sel, path)
            others = (f" (j/k: {len(at)} other option{'s' if len(at) != 1 else ''} here)"
                      if at else "")
            return (f"Enter: walk {sel['name']} {len(path)} hexes here" +
                    (f" — under overwatch by {watch} on the way" if watch else "") + others)
        if d and m.selected in at and not stands_on(sel, cell):
            more = f" ({len(at)} options here: j/k)" if len(at) > 1 else ""
            watch = self.watched_on(sel, [cell]) if sel else ""
            warn = f" — under overwatch by {watch}" if watch and d["options"][m.selected][0] in (
                "step", "ability") else ""
            return f"Enter: {option_words(d, m.selected)}{more}{warn}"
        here = self.hero_at(cell)
        if here is not None:
            return f"{here['name']} ({side(m, here['side'])}, {here['hp']} HP)"
        return f"column {cell[0]}, row {cell[1]}"

    def watched_on(self, hero: dict, path: list) -> str:
        """The enemies whose overwatch shoots `hero` somewhere on `path` (the node's marks)."""
        marks = {tuple(x["cell"]): x.get("watched_by") or [] for x in hero.get("reach", [])}
        ids = list(dict.fromkeys(w for c in path for w in marks.get(tuple(c), [])))
        return " and ".join(hero_name(self.model, w) for w in ids)

    def path_to(self, cell) -> list:
        sel = selected_hero(self.model)
        if not sel or not self.model.decision:
            return []
        for x in sel.get("reach", []):
            if tuple(x["cell"]) == tuple(cell):
                return x["path"]
        return []

    def enter(self) -> None:
        m = self.model
        d = m.decision
        if d is None:
            m.say("Not your decision now: the map and Tab still show every hero.",
                  until_decision=True)
            return
        if d.get("seq") is not None and m.view.get("seq") != d["seq"]:
            # A new decision since the cursor was put (the list starts on its first option, or
            # the acting hero's): an Enter must not play what the old hint did not say. A moved list has
            # the say; else say what Enter now does on the cursor's hex.
            if m.selected != followed(m) or m.view.get("cursor") is None:
                self.ui.choose(m.selected)
            else:
                self.put(*m.view["cursor"])
            return
        if m.view.get("sel_at_cursor") != m.selected:   # the list was moved: it has the say
            self.ui.choose(m.selected)
            return
        c = cursor(m)
        if covers(m):
            if c is not None and m.selected in terrain_at(m, c):
                self.ui.choose(m.selected)
            else:
                self.put_terrain(*c)
            return
        sel = selected_hero(m)
        at = options_at(m, c, sel["id"] if sel else None)
        own_hex = stands_on(sel, c)
        path = self.path_to(c)
        if len(path) > 1:
            self.ui._spawn(self.walk(sel["id"], path))
            return
        if m.selected in at and not own_hex:
            self.ui.choose(m.selected)
            return
        here = self.hero_at(c)
        if here is not None:
            m.view["hero"] = here["id"]
            m.say(f"{here['name']} selected" + (": its overwatch and abilities on its own hex "
                                               "are in the list (j/k, Enter)" if own_hex else "."))
            return
        if not (context(m).get("cells") or []) or all(x is None for x in context(m)["cells"]):
            self.ui.choose(m.selected)
            return
        m.say(f"Nothing to do on column {c[0]}, row {c[1]}: marked hexes take a move; j/k "
              "and Enter choose from the list.", error=True)

    def click(self, col: int, row: int) -> None:
        m = self.model
        if m.view.get("cursor") is not None and tuple(m.view["cursor"]) == (col, row):
            self.enter()
        else:
            self.put(col, row)
        m.on_change()

    async def walk(self, hero: str, path: list) -> None:
        """The steps of the node's path, each sent as the decision's own step option once it
        is offered; stops where it is not (blocked, Speed gone) or the hero lost HP (shot)."""
        m = self.model

        def hp() -> int | None:
            h = next((x for x in (m.board or {}).get("heroes", []) if x["id"] == hero), None)
            return h["hp"] if h and h.get("placed") else None

        start = hp()
        for k, c in enumerate(path):
            option = None
            for _ in range(100):   # the next step is offered once the last move is signed
                d = m.decision
                cells = (d or {}).get("context", {}).get("cells") or []
                heroes = (d or {}).get("context", {}).get("heroes") or []
                option = next((d["options"][i] for i, x in enumerate(cells)
                               if x is not None and tuple(x) == tuple(c) and heroes[i] == hero
                               and d["options"][i][0] == "step"), None) if d else None
                if option is not None or (d is not None and k == 0):
                    break
                await asyncio.sleep(0.05)
                await m.refresh()
            if option is None:
                why = ("the next hex is no longer a step on offer" if m.decision is not None
                       else "the node has not asked for the next step yet; Enter on the hex "
                            "walks on")
                m.say(f"The walk stopped after {k} step{'s' if k != 1 else ''}: {why}.",
                      error=True)
                return
            await m.choose(option)
            if hp() != start:
                m.say(f"The walk stopped: {hero_name(m, hero)} was hit (see what happened).",
                      error=True)
                return
            m.view["cursor"] = tuple(c)
        self.mark_synced()
        m.say("")


def keys(ui) -> ConditionalKeyBindings:
    """The hex screen's keys, live only (a replay keeps its own keys). A bug in one is said on
    the screen, as a drawing bug is: it must not take the player's keys away."""
    hk = HexKeys(ui)
    kb = KeyBindings()
    m = ui.model

    def safe(act):
        def handler(event) -> None:
            try:
                act()
            except Exception as e:  # noqa: BLE001 - said, and the keys stay
                m.say(bug_words("that key failed", e), error=True)
        return handler

    for key, (dc, dr) in (("left", (-1, 0)), ("right", (1, 0)), ("up", (0, -1)),
                          ("down", (0, 1))):
        kb.add(key)(safe(lambda dc=dc, dr=dr: hk.move(dc, dr)))
    kb.add("]")(safe(lambda: hk.scroll_sheet(3)))
    kb.add("[")(safe(lambda: hk.scroll_sheet(-3)))
    kb.add("tab")(safe(lambda: hk.cycle(1)))
    kb.add("s-tab")(safe(lambda: hk.cycle(-1)))
    kb.add("enter")(safe(hk.enter))
    kb.add(" ")(safe(hk.enter))

    @Condition
    def on_the_map() -> bool:
        return (ui.replay is None and not ui.help_open and m.state is not None
                and m.board is not None and gmap(m) is not None and not in_draft(m)
                and m.phase != "over")
    return ConditionalKeyBindings(kb, on_the_map)
