"""The board screens of Monopoly Gamer: Super Mario and Monopoly Marvel Spider-Man: what each
space shows on the ring (owner, figures, coins lying there or Spider-Tech) and the players'
panel (money, characters or heroes, bosses or kept cards, the boss or the decks).

They read the state JSON, the board data and the glossary the node sends, and show the game's
own words (the summary's first line says the turn); nothing here computes a rule: how many
properties a seat owns, how many bosses are left and each deck's size come counted in the board
data (the game's words module, engine side). Names of things come from the glossary ("bosses",
"tech", "cards", "decks"); an entry it lacks shows as its id.
"""
from __future__ import annotations

from .board import Cell
from .screens import BoardKit, Line, board_seat, pad, seat_head, space_cells, turn_of, wrap


def panel(model, width: int, height: int, seat_lines, game_lines) -> list[Line]:
    """Each seat's lines (`seat_lines(seat)`: the head's tail and the rest in words), then the
    turn in the game's words (the summary's first line) and `game_lines()`: a seat takes one
    line where two each do not fit."""
    st = model.state
    if not st:
        return []
    turn = turn_of(st)
    n = max(1, len(st["players"]))
    extra = ([model.summary[0]] if model.summary else []) + game_lines()
    one = height < 2 * n + len(extra)
    lines: list[Line] = []
    for seat in range(len(st["players"])):
        head, more = seat_lines(seat)
        first = seat_head(model, seat, turn, width, head)
        if one:
            lines.append(first + [("class:dim", " · " + more)])
        else:
            lines.append(first)
            lines += wrap("   " + more, width, "class:dim", "   ")[
                :1 if height < 3 * n + len(extra) + 1 else 2]
    for text in extra:
        lines += wrap(text, width, "class:dim", "  ")
    return [pad(x, width) for x in lines[:height]]


def properties(model, seat: int) -> str:
    """How many properties `seat` owns, as the node's board counts them."""
    n = len(board_seat(model, seat).get("owned", []))
    return "1 property" if n == 1 else f"{n} properties"


def price(sp: dict) -> str:
    """A space's price, dim on the ring while it is free."""
    return f"cost {sp['price']}" if sp.get("price") else ""


# ------------------------------------------------------------------ Mario
def mario_cells(model) -> list[Cell]:
    st = model.state
    at: dict[int, list[int]] = {}
    for f in st["figures"]:
        at.setdefault(f["pos"], []).append(f["seat"])
    lying = st.get("board") or []
    money = model.glossary.word("money", "coins")

    def marks(i: int) -> tuple:
        n = lying[i] if i < len(lying) else 0
        unit = money[:-1] if n == 1 and money.endswith("s") else money
        return ((f"{n}{money[:1]}", f"{n} {unit}"),) if n else ()
    return space_cells(model, marks, at, price)


def mario_panel(model, width: int, height: int) -> list[Line]:
    st, g = model.state, model.glossary
    money = g.word("money", "coins")
    bosses = g.table("bosses")

    def boss(number) -> dict:
        return bosses.get(str(number)) or {"name": f"boss {number}"}

    def seat_lines(seat: int):
        p = st["players"][seat]
        figs = ", ".join(g.char(f["char"]) + (" (in jail)" if f["jailed"] else "")
                         for f in st["figures"] if f["seat"] == seat and f["char"])
        won = ", ".join(boss(b)["name"] for b in p["bosses"])
        more = f"{figs or 'no figure yet'} · {properties(model, seat)}" + \
            (f" · beat {won}" if won else "")
        if p.get("team") and len(p["team"]) > 1:
            more += " · team " + ", ".join(g.char(c) for c in p["team"])
        return [("class:hp", f" {p['coins']} {money}")], more

    def game_lines() -> list[str]:
        out = []
        if st.get("boss"):
            b = boss(st["boss"])
            out.append(f"Boss fight: {b['name']} (roll {b.get('need', '?')}+, "
                       f"{b.get('points', '?')} points), {st.get('boss_coins', 0)} {money} on it")
        elif st.get("boss_deck"):
            b = boss(st["boss_deck"][0])
            out.append(f"Next boss: {b['name']} ({b.get('points', '?')} points), "
                       f"{(model.board or {}).get('bosses_left', 0)} left")
        if st.get("pot"):
            out.append(f"Visiting area: {st['pot']} {money}")
        return out
    return panel(model, width, height, seat_lines, game_lines)


# ------------------------------------------------------------------ Spider-Man
def spiderman_cells(model) -> list[Cell]:
    st, g = model.state, model.glossary
    at: dict[int, list[int]] = {}
    for seat, p in enumerate(st["players"]):
        if not p["out"]:
            at.setdefault(p["pos"], []).append(seat)
    levels = g.tables.get("tech") or {}
    short, long = levels.get("short") or [], levels.get("long") or []

    def marks(i: int) -> tuple:
        n = st["tech"][i]
        if not n:
            return ()
        return ((short[n] if n < len(short) else f"T{n}", long[n] if n < len(long) else f"T{n}"),)
    return space_cells(model, marks, at, price)


def spiderman_panel(model, width: int, height: int) -> list[Line]:
    st, g = model.state, model.glossary
    money = g.word("money", "webs")
    cards, decks = g.table("cards"), g.table("decks")

    def seat_lines(seat: int):
        p = st["players"][seat]
        hero = g.char(p["hero"]) if p["hero"] else "no hero yet"
        if p["out"]:
            return [("class:dim", " bankrupt")], f"{hero} · out of the game"
        where = "in jail" if p["jailed"] else f"on {g.space_name(p['pos'])}"
        parts = [hero, where, properties(model, seat)]
        parts += [cards.get(c, c) for c in p["cards"]]
        if p["skip"]:
            parts.append("skips the next turn")
        symbol = [("class:leader", " ★Symbol")] if st.get("symbol") == seat else []
        return [("class:hp", f" {p['webs']} {money}"), *symbol], " · ".join(parts)

    def game_lines() -> list[str]:
        piles = " · ".join(f"{decks.get(d['deck'], d['deck'])} deck {d['cards']}"
                           for d in (model.board or {}).get("decks", []))
        return [f"Bank: {st['tracers']} Spider-Tracers, {st['bots']} Spider-Bots · {piles}"]
    return panel(model, width, height, seat_lines, game_lines)


MARIO_BOARD = BoardKit(cells=mario_cells, panel=mario_panel)
SPIDERMAN_BOARD = BoardKit(cells=spiderman_cells, panel=spiderman_panel)
