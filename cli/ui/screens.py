"""Whole screens as lines of (style, text[, mouse handler]) fragments, sized to the terminal.

One function per screen: lobby, game (board + players + decision), help, final score.
They read the Model and never change it, except through the mouse handlers they attach. Every
name, title and label comes from the node (the glossary, the decision's labels and context),
and every figure a rule makes (what a seat owns, its points, its own Loot Boxes' worth, the
cards left) from the board data the game's words compute there: nothing here knows the game's
rules.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

from prompt_toolkit.mouse_events import MouseEventType

from protocol.peertext import shown

from ..command_hint import lanboard
from . import big_text
from .board import Cell, geometry, render_board
from .words import NOBODY, bot_words, decision_title, option_words, timeout_title

Line = list[tuple]
MIN_W, MIN_H = 80, 24


def text_len(line: Line) -> int:
    return sum(len(f[1]) for f in line)


def pad(line: Line, width: int, style: str = "") -> Line:
    out: Line = []
    used = 0
    for f in line:
        if used >= width:
            break
        t = f[1][: width - used]
        out.append((f[0], t, *f[2:]))
        used += len(t)
    if used < width:
        out.append((style, " " * (width - used)))
    return out


def fit(text: str, width: int) -> str:
    """`text` in `width` characters, ending in "…" where some of it is left out, so that a
    cut is seen as one (a cut number would otherwise read as another number)."""
    return text if len(text) <= width else text[:max(0, width - 1)] + "…"[:width]


def wrap(text: str, width: int, style: str = "", indent: str = "") -> list[Line]:
    return [[(style, t)] for t in textwrap.wrap(text, max(10, width), subsequent_indent=indent)
            or [""]]


def beside(left: Sequence[Line], lw: int, right: Sequence[Line], rows: int) -> list[Line]:
    out = []
    for k in range(rows):
        a = list(left[k]) if k < len(left) else []
        b = list(right[k]) if k < len(right) else []
        out.append(pad(a, lw) + b)
    return out


# ------------------------------------------------------------------ panels
def agreed_line(model, width: int) -> Line:
    """How far every node agrees on the state (the last attested step), in one line."""
    if model.attested:
        seq, h = model.attested
        return [("class:dim", f"✓ agreed: step {seq} #{h[:8]}"[:width])]
    if model.status.get("state_hash"):
        return [("class:dim", f"our state #{model.status['state_hash'][:8]}, "
                              "checked each turn"[:width])]
    return [("class:dim", "state hash: not yet attested"[:width])]


def seat_head(model, seat: int, turn: int | None, width: int, tail: Line = ()) -> Line:
    """A seat's first panel line: its token (marked ▶ on its turn), its name, then `tail`."""
    players = model.status.get("players") or []
    bot = bot_words(players[seat]) if 0 <= seat < len(players) else ""
    name = model.names.plain(seat) + bot + (" (you)" if seat == model.me else "")
    room = max(1, width - 3 - sum(len(f[1]) for f in tail))
    return [(f"class:token.p{seat}", f"{'▶' if seat == turn else ' '}{seat + 1}"),
            ("class:bold", f" {name}"[:room]), *tail]


def turn_of(st: dict) -> int | None:
    """The seat whose turn it is; None while nobody's turn has begun (drafting)."""
    return st["turn"]["player"] if st.get("turns") else None


def board_seat(model, seat: int) -> dict:
    """Seat `seat`'s row of the board data the node computed in the game's words (the spaces
    it owns, their points, its Loot Boxes...); {} where the node sent none (its words failed,
    which the node logs): the counts then read 0 rather than the screen failing."""
    seats = (model.board or {}).get("seats") or []
    return seats[seat] if 0 <= seat < len(seats) else {}


def players_panel(model, width: int, height: int) -> list[Line]:
    st = model.state
    g = model.glossary
    if not st:
        return []
    lines: list[Line] = []
    turn = turn_of(st)
    per = max(1, (height - 1) // max(1, len(st["players"])))  # a row kept for the turn line
    for seat, p in enumerate(st["players"]):
        row = board_seat(model, seat)
        owned, loot = row.get("owned", []), row.get("loot", 0)
        info = f"{len(owned)} obj, {row.get('points', 0)} pts · {loot} loot" + own_loot(row)
        head = seat_head(model, seat, turn, width, [("class:hp", f" HP {p['hp']}")])
        if per < 3:
            head.append(("class:dim", f" {len(owned)} obj {loot} loot"))
        team: Line = [("", "   ")]
        for cid in p["leaders"]:
            team.append(("class:leader", f"{g.char(cid)}(L) "))
        for h in p["heroes"]:
            team.append(("class:dim class:strike", f"{g.char(h['id'])}✗ ") if not h["active"]
                        else ("", f"{g.char(h['id'])} "))
        extra = [text for flag, text in (
            (p["jailed"], "in jail"), (p["immune"], "immune"), (p["barrier"], f"shield {p['barrier']}"),
            (p["redirect"], "Zarya barrier"), (p["slowed"], "slowed -3"),
            (p["skip_ability"], "flashbanged")) if flag]
        if per < 2:  # one line a seat: the team after the head, the status first in it
            lines.append(head + ([("class:status", " " + ", ".join(extra))] if extra else [])
                         + [("", " · ")] + team[1:])
            continue
        lines.append(head)
        lines.append(team)
        if per >= 3:
            lines.append([("class:dim", "   " + info)])
        if extra and per >= 4:
            lines.append([("class:status", "   " + ", ".join(extra))])
        elif extra:  # first on the team line, where the narrow panel does not cut it off
            lines[-1 if per < 3 else -2] = [("", "   "), ("class:status", ", ".join(extra) + " · ")] \
                + team[1:]
        if per >= 6 and owned:
            lines += wrap("   " + ", ".join(g.space_name(i) for i in owned), width,
                          "class:dim", "   ")[:per - 4]
    if len(lines) < height and st.get("turns"):
        left = (model.board or {}).get("loot_left", 0)
        lines.append([("class:dim", f"turn {st['turns']} · Loot Boxes left {left}")])
    return [pad(x, width) for x in lines[:height]]


def space_cells(model, marks, figures, info) -> list[Cell]:
    """Each space of a Monopoly ring: its name, in its owner's colour once owned (else its
    kind's), `info(space)` (what a free one costs, dim), `marks(i)` (what lies on it), the seats
    `figures` puts on it ({space: [seat]}) with the one to play underlined, and whether the
    pending decision is about it."""
    st, g = model.state, model.glossary
    turn = turn_of(st)
    focus = focus_spaces(model)
    whole = set((model.board or {}).get("whole_sets") or ())
    cells = []
    for i, owner in enumerate(st["owners"]):
        sp = g.space(i)
        owned = owner if owner != NOBODY else None
        style = f"class:owner.p{owner}" if owned is not None else f"class:space.{sp['kind']}"
        cells.append(Cell(sp["name"], sp.get("short", ""), style, owned, info(sp), marks(i),
                          tokens(figures.get(i, []), turn), i in focus,
                          set_group(sp.get("set"), whole)))
    return cells


def set_group(number, whole: set) -> tuple[str, str]:
    """A space's colour set as the ring shows it, (short, long): ("s3", "set 3"), marked
    ("s3*", "set 3 whole") when the node's board data says one player owns all of it."""
    if not isinstance(number, int) or number <= 0:
        return ()
    return (f"s{number}*", f"set {number} whole") if number in whole else \
        (f"s{number}", f"set {number}")


def overwatch_cells(model) -> list[Cell]:
    """Each space of the Overwatch board as the ring draws it: owner, price and rent of an
    objective, the players on it, traps and turrets."""
    st = model.state
    at: dict[int, list[int]] = {}
    for seat, p in enumerate(st["players"]):
        at.setdefault(p["pos"], []).append(seat)

    def marks(i: int) -> tuple:
        return (("x", "trap"),) * (st["traps"][i] != NOBODY) + \
            (("t", "tur"),) * (st["turrets"][i] != NOBODY)

    def info(sp: dict) -> str:
        return f"{sp['price']}HP r{sp['rent']}" if sp["kind"] == "objective" else ""
    return space_cells(model, marks, at, info)


def tokens(seats, turn: int | None) -> tuple[tuple[str, str], ...]:
    """Figures on a space as seat digits, in their seat's colours, the one to play underlined."""
    return tuple((str(seat + 1), f"class:token.p{seat}" + (" class:token.turn" if seat == turn
                                                          else "")) for seat in seats)


def focus_spaces(model) -> set[int]:
    """The spaces the pending decision's context names (a lot, a trade's spaces)."""
    ctx = (model.decision or {}).get("context") or {}
    refs = [ctx.get("lot")] + list(ctx.get("give") or []) + list(ctx.get("take") or [])
    return {r["space"] for r in refs if isinstance(r, dict) and isinstance(r.get("space"), int)}


def own_loot(row: dict) -> str:
    """A seat's own Loot Boxes' points as the node's words give them to that seat alone
    (which its node alone decrypted): " (30+50)"; "" for none or another seat."""
    points = row.get("loot_points") or []
    return f" ({'+'.join(str(x) for x in points)})" if points else ""


def decision_lines(model, width: int, rows: int, choose: Callable[[int], None]) -> list[Line]:
    names = model.names

    def waiting() -> str:
        st = model.state
        if not st:
            return ""
        if model.bot_plays_me:
            return (" — you asked for your seat back: it comes back at the next move of a "
                    "player who has not moved yet" if model.status.get("reclaim_asked") else
                    " — a bot plays your seat (the others recorded you as gone): "
                    f"press {RECLAIM_KEY} to take it back")
        wait_for = model.waiting_for
        return f" — waiting for {names.plain(wait_for)}" if wait_for is not None else \
            " — waiting for the other players (a choice or a dice roll)"

    return choice_lines(model, width, rows, choose, waiting, decision_title, option_words)


def choice_lines(model, width: int, rows: int, choose: Callable[[int], None],
                 waiting: Callable[[], str | None], title: Callable[[dict], str],
                 label: Callable[[dict, int], str]) -> list[Line]:
    """The decision pane of every screen set: the title, the options (numbered, scrolled to
    keep the selection visible, clickable) and the answer to the last key; a screen set
    gives its own words for the wait (None: say nothing), the title and each option."""
    d = model.decision
    lines: list[Line] = []
    if model.phase == "over" or model.gone or model.fault:
        pass
    elif d is None:
        who = waiting()
        if who is not None:
            lines += wrap(f"Not your decision{who}.", width, "class:dim")
    else:
        if d["prompt"] == "timeout":
            lines += wrap(timeout_title(d["seat"], model.names), width, "class:title")[:2]
            rows -= len(lines) - 1
        else:
            lines.append([("class:title", fit(title(d), width))])
        opts = options_shown(model)
        room = option_rows(rows)
        at = opts.index(model.selected) if model.selected in opts else 0
        first = first_option(at, len(opts), rows)
        shown = range(first, min(len(opts), first + room))
        spare = room - len(shown)   # rows the list leaves free: a long label wraps into them
        for i in shown:
            k = opts[i]
            key = str(i - first + 1) if i - first < 9 else " "
            sel = k == model.selected
            more = ""
            if i == first + room - 1 and first + room < len(opts):
                more = f"  (+{len(opts) - first - room} more ↓)"
            elif i == first and first > 0:
                more = f"  ({first} more ↑)"
            style = "class:selected" if sel else ""
            rows_of = wrap(label(d, k), width - 3 - len(more))
            if spare and len(rows_of) > 1:
                spare -= 1
                head = rows_of[0][0][1]
                lines.append([(style, f"{'>' if sel else ' '}{key} {head}".ljust(width),
                               _click(choose, k))])
                rest = label(d, k)[len(head):].strip()
                lines.append([(style, _option_text("   ", rest, more, width), _click(choose, k))])
                continue
            lines.append([(style, _option_text(f"{'>' if sel else ' '}{key} ", label(d, k), more,
                                               width), _click(choose, k))])
    if model.message:
        lines += wrap(model.message, width, "class:error" if model.message_is_error else "class:status")
    return lines


def options_shown(model) -> list[int]:
    """The decision's options the list shows, in order: the screen set's choice (the hex game
    shows the selected hero's and the turn's), else all; never without the highlighted one."""
    count = len((model.decision or {}).get("options") or [])
    every = list(range(count))
    narrow = model.screens.options_shown
    shown = narrow(model) if narrow is not None else None
    return shown if shown and model.selected in shown else every


def _option_text(key: str, label: str, more: str, width: int) -> str:
    """One option's row: the label cut with "…" where it does not fit, the scroll mark kept."""
    return (key + fit(label, width - len(key) - len(more)) + more).ljust(width)[:width]


def option_rows(rows: int) -> int:
    return max(1, rows - 2)  # the title above, a message line below


def first_option(selected: int, count: int, rows: int) -> int:
    """The first option shown: the list scrolls just enough to keep the selection visible."""
    room = option_rows(rows)
    return max(0, min(selected, max(selected - room + 1, 0), max(0, count - room)))


def _click(choose: Callable[[int], None], k: int):
    def handler(ev):
        if ev.event_type == MouseEventType.MOUSE_UP:
            choose(k)
            return None
        return NotImplemented
    return handler


QUICK_KEY = "e"
RECLAIM_KEY = "t"   # take our seat back from the bot that plays it


def quick_option(model) -> dict | None:
    """The option the decision's context names as one key away (the game's words say which:
    the one that ends the turn, sends the offer or passes), or None."""
    q = ((model.decision or {}).get("context") or {}).get("quick")
    return q if isinstance(q, dict) and isinstance(q.get("option"), int) else None


def quick_hint(model) -> str:
    """The hint line's words for the quick key ("e: end turn · "), "" where there is none."""
    q = quick_option(model)
    return f"{QUICK_KEY}: {q.get('word') or 'done'} · " if q else ""


def hint_line(model, width: int, replay: bool = False) -> Line:
    helps = model.screens.help
    if replay:
        text = "←/→ step · PgUp/PgDn 20 steps · Home/End · " + ("? help · " if helps else "") + \
            "q quit"
    elif model.phase == "over" or model.gone:
        text = "l the whole match told · q quit"
    else:
        text = shortest_fit(width, (
            "↑↓ Enter, 1-9 or click: choose · " + quick_hint(model) +
            ("? character help · " if helps else "") + "q detach or leave",
            "↑↓ Enter 1-9: choose · " + quick_hint(model) + ("? help · " if helps else "") +
            "q detach/leave"))
    return [("class:hint", text[:width].ljust(width))]


def shortest_fit(width: int, texts: Sequence[str]) -> str:
    """The first of `texts` (longest words first) that fits `width`, else the last cut with
    "…": a key hint never ends in half a word."""
    return next((t for t in texts if len(t) <= width), fit(texts[-1], width))


# ------------------------------------------------------------------ screens
@dataclass(frozen=True)
class BoardKit:
    """What a Monopoly-family game's board screen draws: its spaces as cells and its players'
    panel, both read from the state JSON and the glossary the node sends."""
    cells: Callable                # (model) -> list[Cell]
    panel: Callable                # (model, width, height) -> lines


OVERWATCH_BOARD = BoardKit(cells=overwatch_cells, panel=players_panel)


def board_geometry(model, width: int, height: int):
    st = model.state or {}
    count = len(st.get("owners") or model.glossary.spaces) or 32
    return geometry(width, height, tuple(model.glossary.space_name(i) for i in range(count)))


def board_screen(kit: BoardKit, model, width: int, height: int, choose,
                 replay_info: str | None = None, below: Sequence[Line] | None = None) -> list[Line]:
    """The ring of spaces across the whole width; inside it the players' panel and what
    happened; below it the decision (or, in a replay, the timeline given as `below`)."""
    geo = board_geometry(model, width, height)
    bottom = height - geo.height - 1
    _, _, cwid, chei = geo.centre
    pw = cwid // 2 if cwid >= 72 else 0   # the panel and the log side by side when wide
    news_w = cwid - pw
    news: list[Line] = [agreed_line(model, news_w)]
    if replay_info:
        news += wrap(replay_info, news_w, "class:title")
    if model.fault:
        news += wrap(model.fault, news_w, "class:error")
    if pw:
        panel = kit.panel(model, pw - 1, chei)
        log = newest_whole(model.log, news_w, chei - len(news))
        center = beside(panel, pw, news + log, chei)
    else:          # the panel, then what happened under it
        keep = min(1, chei // 4) + len(news)
        panel = kit.panel(model, cwid, max(1, chei - keep))
        center = panel + news + newest_whole(model.log, cwid, chei - len(panel) - len(news))
    board = render_board(kit.cells(model), geo, center)
    lines = [pad(x, width) for x in board]
    lower = list(below) if below is not None else decision_lines(model, width, bottom, choose)
    if model.message and below is not None:
        lower = lower[:max(0, bottom - 1)] + wrap(model.message, width, "class:status")
    lines += [pad(x, width) for x in lower[:bottom]]
    lines += [[("", "")]] * (height - 1 - len(lines))
    lines.append(hint_line(model, width, replay=bool(replay_info)))
    return lines


def newest_whole(texts: Sequence[str], width: int, rows: int, style: str = "class:log",
                 indent: str = "  ") -> list[Line]:
    """The newest `texts` that fit in `rows`, oldest first, each wrapped and whole: never the
    tail of a sentence without its start. A newest text longer than `rows` shows its start,
    ending in "…"."""
    out: list[Line] = []
    for text in reversed(texts):
        if len(out) >= rows:
            break
        piece = wrap(text, width, style, indent)
        if len(out) + len(piece) > rows:
            if not out:
                out = piece[:rows]
                last = out[-1][0][1]
                out[-1] = [(style, last[:width - 1] + "…" if len(last) >= width else last + "…")]
            break
        out = piece + out
    return out


game_screen = partial(board_screen, OVERWATCH_BOARD)


def lobby_screen(model, width: int, height: int) -> list[Line]:
    lines = _lobby_lines(model, width, big_code=True)
    if len(lines) > height:   # the code large takes ROWS lines: on one line where they lack
        lines = _lobby_lines(model, width, big_code=False)
    # what happened last, as much of it as the screen has room for below
    room = min(5, height - len(lines))
    return lines + [[("class:log", text[:width])] for text in model.log[-room:]] if room > 0 \
        else lines


def table_code_lines(table_code: dict | None, width: int, big_code: bool) -> list[Line]:
    """A private table's code (the control API's status "table_code"): large, to be read out
    across the room, with the guesses it resists; nothing at a table that is not private."""
    if not isinstance(table_code, dict) or not isinstance(table_code.get("code"), str):
        return []
    code = table_code["code"]
    rows = big_text.big(code) if big_code and big_text.width(code) + 2 <= width else None
    lines: list[Line] = [[("class:title", "A private table: read this code out to the players "
                                          "you invite")], [("", "")]]
    if rows is not None:
        lines += [[("", "  "), ("class:bold", row)] for row in rows]
        lines.append([("", "")])
    lines += wrap(f"{code}: {table_code.get('strength', '')}.", width - 2, "class:dim")
    lines.append([("", "")])
    return lines


def _lobby_lines(model, width: int, big_code: bool) -> list[Line]:
    st = model.status
    lines: list[Line] = [[("class:title", f"lanboard — {lobby_game(st)}lobby")], [("", "")]]
    lines += table_code_lines(st.get("table_code"), width, big_code)
    players = st.get("players", [])
    if len(model.lobby.get("players", [])) > len(players):
        players = model.lobby["players"]  # a joiner's node learns the seats from the host
    # a known name with another key: said first, before anyone starts (node.players_book)
    for p in players:
        if p.get("known", {}).get("mark") == "another key":
            lines += wrap(shown(p["known"]["words"]), width - 2, "class:error")
            lines.append([("", "")])
    lines.append([("", f"You are {shown(st.get('name', '?'))}, check code "),
                  ("class:bold", st.get("code", "?"))])
    lines += wrap("Compare check codes aloud: a code that differs from what your friend reads on "
                  "their own screen means someone else took their seat.", width - 2, "class:dim")
    lines.append([("", "")])
    for seat, p in enumerate(players):
        code = st.get("code") if seat == model.me else \
            p.get("code") or model.codes.get(p["name"], "")
        you = " (you)" if code and code == st.get("code") else ""
        lines.append([(f"class:token.p{seat}", f" {seat + 1} "),
                      ("", f" {(shown(p['name']) + bot_words(p) + you):<24} "),
                      ("class:bold", code or "(code shown when the next player joins)")]
                     + _known_mark(p, you))
    seats = model.lobby.get("seats")
    if seats and seats > len(players):
        lines.append([("class:dim", f"    {seats - len(players)} more seat(s) free")])
    lines.append([("", "")])
    if st.get("can_start"):
        lines.append([("class:status", f"Waiting for players… press s to start now with the "
                                       f"{len(players)} seated.")])
    else:
        lines.append([("class:status", "Waiting for players… the game starts when every seat "
                                       "is taken.")])
    if model.message:   # the answer to the last key (a refusal sent, a key that does nothing)
        lines += wrap(model.message, width - 2,
                      "class:error" if model.message_is_error else "class:status")
    # the host may refuse a joiner before the start (cli.ui.refusing: x, the seat, y)
    refuse = "x: refuse a player · " if model.me == 0 and len(players) > 1 else ""
    hint = f"{refuse}q: detach (the lobby stays open, `{lanboard('attach')}` comes back) or leave"
    lines.append([("class:hint", hint if len(hint) <= width else f"{refuse}q: detach or leave")])
    return lines


def _known_mark(player: dict, you: str) -> list:
    """The book of players' word on a seated player: known (games), new, or another key."""
    known = player.get("known")
    if not known or you or known.get("mark") == "you":
        return []
    if known["mark"] == "another key":
        return [("class:error", "  ANOTHER KEY under a known name (see above)")]
    if known["mark"] == "known":
        also = "" if known.get("known_as", "").casefold() == player["name"].casefold() \
            else f", your {shown(known['known_as'])}"
        return [("class:dim", f"  known, {known['games']} games{also}")]
    return [("class:dim", "  new")]


def lobby_game(status: dict) -> str:
    """The game's title for the lobby heading ("Title — "), or nothing while it is unknown:
    not connected yet, or a joiner not yet welcomed. A status without the "game" field comes
    from a node older than it, which only played Overwatch."""
    if not status:
        return ""
    if "game" not in status:
        return "Monopoly Gamer: Overwatch — "
    title = status.get("title") or status.get("game")
    return f"{title} — " if title else ""


def over_screen(model, width: int, height: int) -> list[Line]:
    names = model.names
    r = model.result or {}
    scores = r.get("scores", [])
    winners = r.get("winners", [])
    st = model.state or {}
    lines: list[Line] = [[("class:title", "Game over — final scores")], [("", "")]]
    win = " and ".join(names.plain(w) for w in winners)
    lines.append([("class:bold", f"Winner: {win}" if win else "No winner")])
    lines.append([("", "")])
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    for rank, seat in enumerate(order, 1):
        p = st.get("players", [{}] * len(scores))[seat] if st else {}
        row = board_seat(model, seat)
        owned, obj = row.get("owned", []), row.get("points", 0)
        lines.append([(f"class:token.p{seat}", f" {seat + 1} "),
                      ("class:bold" if seat in winners else "",
                       f" {rank}. {names.plain(seat):<20} {scores[seat]:>4} points"),
                      ("class:dim", f"   HP {p.get('hp', '?')}, objectives {obj} pts, "
                                    f"{len(owned)} owned")])
    lines.append([("", "")])
    for text in r.get("said") or []:   # the game's words: what each score is made of
        lines += wrap(text, width - 2, "class:dim", "  ")
    if model.glossary.scoring:
        lines += wrap(model.glossary.scoring, width - 2, "class:dim")
    if model.attested:
        lines.append([("class:dim", f"Final state agreed by every node: #{model.attested[1][:16]}")])
    lines.append([("", "")])
    return over_lines(model, lines + after_game_lines(model, width), width, height)


def over_lines(model, lines: list[Line], width: int, height: int) -> list[Line]:
    """A game-over screen's `lines`, cut to leave its last row to the key hint (a summary as
    long as the screen must not hide which keys work there)."""
    return lines[:height - 1] + [hint_line(model, width)]


def after_game_lines(model, width: int) -> list[Line]:
    """What both game-over screens end with: seats a bot finished, where the log is."""
    lines: list[Line] = []
    bots = model.status.get("bots") or []
    if bots:
        who = " and ".join(model.names.plain(s) for s in bots)
        lines += wrap(f"A bot played {who} from the moment the others recorded "
                      f"{'them' if len(bots) > 1 else 'that seat'} as gone past the timeout.",
                      width - 2, "class:bold")
    path = model.status.get("file") or "FILE"
    lines += wrap(f"The match file is saved and verifiable: {lanboard('verify', path)}", width - 2,
                  "class:status")
    return lines


def help_screen(model, width: int, height: int, index: int) -> list[Line]:
    chars = characters_in_play(model)
    if not chars:
        return [[("class:title", "Character help")], [("", "No characters drafted yet.")],
                [("class:hint", "Esc back")]]
    cid = chars[index % len(chars)]
    g = model.glossary
    role = f" ({g.role(cid)})" if g.role(cid) != "?" else ""
    lines: list[Line] = [[("class:title", f"Character help — {g.char(cid)}{role}"
                                           f"  [{index % len(chars) + 1}/{len(chars)}]")], [("", "")]]
    owner = owner_of(model.state, cid)
    if owner is not None:
        lines.append([("class:dim", f"in {model.names.plain(owner)}'s team")])
    for text in g.help(cid):
        lines += wrap("• " + text, width - 2, "", "  ")
    lines.append([("", "")])
    lines.append([("class:hint", "←/→ or Tab: other characters · Esc or ?: back to the game")])
    return lines


def help_start(model) -> int:
    """The help page `?` opens on: the character the highlighted option names (a pick, a swap,
    an ability), else the first; never the page last viewed."""
    chars = characters_in_play(model)
    d = model.decision
    options = (d or {}).get("options") or []
    if 0 <= model.selected < len(options):
        for part in options[model.selected][1:]:
            if isinstance(part, str) and part in chars:
                return chars.index(part)
    return 0


def characters_in_play(model) -> list[str]:
    """The characters help can explain now: those the decision offers first (a draft pick, a
    swap, an ability), then every team's (where the state has teams), else every character
    the glossary explains, each once."""
    out: list[str] = []
    d = model.decision
    for o in (d or {}).get("options", []):
        for part in o[1:]:
            if isinstance(part, str) and part in model.glossary.characters:
                out.append(part)
    players = (model.state or {}).get("players", [])
    for p in players:
        out += p.get("leaders", []) + [h["id"] for h in p.get("heroes", [])]
    if model.state is not None and not any("leaders" in p for p in players):
        out += [cid for cid, c in model.glossary.characters.items() if c.get("help")]
    return list(dict.fromkeys(out))


def owner_of(st: dict | None, cid: str) -> int | None:
    for seat, p in enumerate((st or {}).get("players", [])):
        if cid in p.get("leaders", []) or cid in [h["id"] for h in p.get("heroes", [])]:
            return seat
    return None


def too_small(width: int, height: int) -> list[Line]:
    """What a window too small for any screen shows, wrapped at words to its width."""
    return wrap(f"The window is {width}x{height}; lanboard needs {MIN_W}x{MIN_H}.", width,
                "class:error") + \
        wrap("Make it larger (the game goes on meanwhile), or press q to detach or leave.", width)
