"""Monopoly Gamer: Overwatch told entry by entry: the rolls (Blink's and the Teleporter's
second ones, a jail turn's), who moved where, the HP paid and why, the objectives captured,
auctioned, swapped and traded, the abilities and ultimates used, heroes eliminated, respawned
and swapped, Loot Boxes taken, traps and turrets. Words only (not in the rules digest); the
family's telling order and its guarantee are engine/games/family_narration.py's.

A Loot Box is hidden from everyone but its holder: the view of another seat holds only how
many a player has, and only that count is told ("took a Loot Box (2 now)"), to everyone; what
each one scores is told when all are opened at the end (`narrate_disclose`), by the holders
the disclosure itself names.
"""
from __future__ import annotations

import re
from typing import Any

from .. import family_narration as told
from ..game_package import NOBODY, SeatNames
from .words import char, data, option_label, space


def _moved(pos: int) -> str:
    """A move in words; a Push the Payload space is only ever reached by landing on the one
    before it, which jumps the figure on to this one."""
    if 0 <= pos < len(data().spaces) and data().spaces[pos].kind == "payload":
        return f"landed on {space(pos)} and jumped to the next payload space"
    return f"moved to {space(pos)}"


def _turned(before: dict, after: dict, flag: str, on: str, off: str = "") -> str:
    """`on` where `flag` became true between the two views, `off` where it became false, ""
    where it stayed."""
    if after[flag] and not before[flag]:
        return on
    if before[flag] and not after[flag]:
        return off
    return ""


def _count(loot) -> int:
    return loot if isinstance(loot, int) else len(loot)


def _figures(v: dict, names: SeatNames) -> list:
    return [(seat, names.plain(seat), p["pos"], p["jailed"]) for seat, p in enumerate(v["players"])]


def _rolled(note: str):
    def roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
        t = a["turn"]
        if not t["die"]:
            return []
        icon = f" and the {t['face']} icon" if t["face"] else ""
        return [f"{names.plain(t['player'])} rolled {t['die']}{icon}{note}"]
    return roll


def _jail_roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
    seat = b["turn"]["player"]
    p = a["players"][seat]
    if not p["jailed"]:
        return [f"{names.plain(seat)} rolled a 6 in jail and is out"]
    return [f"{names.plain(seat)} rolled in jail: no 6 (try {p['jail_tries']}), the turn ends"]


def _blink_roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
    # the die itself is in no view (and a landing may move the figure on: a payload space,
    # Go to Jail), so the roll is told by where it took the figure, which follows
    return [f"{names.plain(frame[1])} Blinked again: a second roll of the die"]


def _symmetra_roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
    pick = told.top(a)
    again = f" {pick[2]}" if pick[0] == "symmetra_pick" and len(pick) > 2 else ""
    return [f"{names.plain(frame[1])} rolled again{again} (Teleporter)"]


def _health_pack(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
    return [f"{names.plain(frame[1])} rolled for the Health Pack"]


def _extras(b: dict, a: dict, names: SeatNames) -> list[str]:
    out = []
    task = told.top(b)[0]   # a pick, a draft, or (Mystery Heroes) a deal
    for seat, (pb, pa) in enumerate(zip(b["players"], a["players"])):
        who = names.plain(seat)
        # "until the start of your next turn": what ends as the seat's turn begins (the rules
        # clear it there) is no payment and no block
        starting = a.get("turns") != b.get("turns") and a["turn"]["player"] == seat
        for leader in pa["leaders"][len(pb["leaders"]):]:
            verb = "chose" if task == "pick_leader" else "was dealt"
            out.append(f"{who} {verb} {char(leader)} as group leader")
        for hb, ha in zip(pb["heroes"], pa["heroes"]):
            if hb["id"] != ha["id"]:
                out.append(f"{who} swapped {char(hb['id'])} for {char(ha['id'])}")
            elif turned := _turned(hb, ha, "active", "respawned", "was eliminated"):
                out.append(f"{who}'s {char(ha['id'])} {turned}")
        for h in pa["heroes"][len(pb["heroes"]):]:
            out.append(f"{who} {'was dealt' if task == 'deal_heroes' else 'drafted'} "
                       f"{char(h['id'])}")
        lb, la = _count(pb["loot"]), _count(pa["loot"])
        if la > lb:
            out.append(f"{who} took a Loot Box ({la} now)")
        ends = "ends as their turn begins" if starting else ""
        if turned := _turned(pb, pa, "immune", "is immune to the next ability",
                             f"'s immunity {ends or 'blocked an ability'}"):
            out.append(f"{who}{turned}" if turned.startswith("'") else f"{who} {turned}")
        if pa["barrier"] > pb["barrier"]:
            out.append(f"{who}'s shield: {pa['barrier']} HP")
        elif pa["barrier"] < pb["barrier"] and starting and not pa["barrier"]:
            out.append(f"{who}'s shield of {pb['barrier']} HP {ends}")
        elif pa["barrier"] < pb["barrier"]:
            out.append(f"{who}'s shield took {pb['barrier'] - pa['barrier']} HP"
                       + (f" ({pa['barrier']} left)" if pa["barrier"] else " and is gone"))
        if turned := _turned(pb, pa, "redirect", "may make another player pay their next payment",
                             f"'s Particle Barrier {ends}" if ends else ""):
            out.append(f"{who}{turned}" if turned.startswith("'") else f"{who} {turned}")
        if turned := _turned(pb, pa, "skip_ability", "skips their next ability die"):
            out.append(f"{who} {turned}")
        if turned := _turned(pb, pa, "slowed", "moves 3 less next turn"):
            out.append(f"{who} {turned}")
    for i, (tb, ta) in enumerate(zip(b["traps"], a["traps"])):
        if ta != tb:
            out.append(f"{names.plain(ta)} set a steel trap on {space(i)}" if ta != NOBODY
                       else f"The steel trap on {space(i)} went off")
    for i, (tb, ta) in enumerate(zip(b["turrets"], a["turrets"])):
        if ta != tb and ta != NOBODY:
            out.append(f"{names.plain(ta)} built a turret on {space(i)}")
    return out


# An option's words speak to its chooser ("pay you 1 HP"); told to the table they speak of
# the chooser by name ("pay Ann 1 HP"), with the verb agreeing.
_YOU_VERB = re.compile(r"\byou (land|move|collect)\b")


def _of(who: str, words: str) -> str:
    words = _YOU_VERB.sub(lambda m: f"{who} {m.group(1)}s", words)
    return re.sub(r"\byou\b", who, re.sub(r"\byour\b", f"{who}'s", words))


def _go(b: dict, a: dict) -> list[tuple[int, int, str]]:
    """The GO money of the entry: the rules set the turn's level-up exactly where they pay
    it (landing on or passing GO), so the flag turning on says it was paid; no more than
    the HP cap allowed (GO comes first on the way, so the HP before the entry count)."""
    tb, ta = b["turn"], a["turn"]
    if not (ta["level_up"] and not tb["level_up"] and ta["player"] == tb["player"]):
        return []
    seat = ta["player"]
    got = max(0, min(data().go_hp, data().hp_cap - b["players"][seat]["hp"]))
    return [(seat, got, "for reaching GO (a level-up at the turn's end)")] if got else []


def _rent(v: dict, pos: int) -> int | None:
    """The printed rent of the objective at `pos`, doubled where its owner holds its whole
    set (the family's rent, read from a view)."""
    spaces = data().spaces
    if not 0 <= pos < len(spaces) or spaces[pos].kind != "objective":
        return None
    owner = v["owners"][pos]
    whole = all(v["owners"][i] == owner for i, sp in enumerate(spaces)
                if sp.kind == "objective" and sp.set == spaces[pos].set)
    return spaces[pos].rent * (2 if whole else 1)


def _ability(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
    who = names.plain(seat)
    return [f"{who} used {_of(who, option_label('turn', move, b, names))}"]


def _eliminate(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
    return [f"{names.plain(seat)} eliminated {char(move[1])} ({data().role(move[1])}) for "
            f"{data().elimination_hp} HP to pay what they owe"]


def _decline(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
    task = told.top(b)[0]
    what = {"free_parking": "kept their objectives (no swap at Free Parking)",
            "ultimate": "used no ultimate"}.get(task, "declined")
    return [f"{names.plain(seat)} {what}"]


def _end_turn(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
    """Ending a turn that passed or landed on GO starts the level-up (a Loot Box, then heroes
    respawned or swapped) before the next turn's header; any other end is told by the header."""
    if b["turn"]["level_up"] and b["loot_deck"]:
        return [f"{names.plain(seat)} ended the turn and levels up (landed on or passed GO): "
                "a Loot Box, then heroes may respawn or be swapped"]
    return []


def _said(words: str):
    return lambda b, seat, move, names: [f"{names.plain(seat)} {words}"]


def _chosen(prompt: str):
    """A choice told by its option's own words ("Bob: Swap Ana for Mercy (support)")."""
    return lambda b, seat, move, names: [f"{names.plain(seat)}: {option_label(prompt, move, b, names)}"]


def _spec(players: int = 0, kind: str = "") -> told.Spec:
    fair = f" (dice from all {players} players' reveals)" if kind == "reveal" and players else ""
    return told.Spec(
        money="hp", currency="HP", space=space, figures=_figures, moved=_moved,
        chance={"turn_roll": _rolled(fair), "jail_roll": _jail_roll, "blink_roll": _blink_roll,
                "symmetra_roll": _symmetra_roll, "health_pack": _health_pack},
        extras=_extras, first_does=_first_does, income=_go, rent=_rent,
        moves={"ability": _ability, "ultimate": _ability,
               "blink_again": _said("Blinks again (Tracer)"), "stay": _said("stays"),
               "leave_jail": _said("left jail for free (to Just Visiting)"),
               "stay_in_jail": _said("stays in jail"),
               "pay_jail": lambda b, seat, move, names:
                   [f"{names.plain(seat)} paid {data().jail_fee} HP to leave jail"],
               "swap": _said("used Free Parking to swap objectives"),
               # a respawn is told by the hero it brings back (`_extras`)
               "eliminate": _eliminate,
               "redirect": lambda b, seat, move, names:
                   [f"{names.plain(seat)} made {names.plain(move[1])} pay instead "
                    "(Particle Barrier)"],
               "use": _chosen("symmetra_pick"), "decline": _decline,
               "done": _said("finished levelling up"), "end_turn": _end_turn,
               "roll_jail": _said("rolls in jail (a 6 gets out)")})


def _first_does(v: dict) -> str:
    """What the highest roller does first: choose (and the last to choose starts), or with
    Mystery Heroes, where the heroes are dealt, take the first turn (RULES.md)."""
    if "mystery-heroes" in v.get("variants", ()):
        return "goes first (the heroes are dealt in this order)"
    return "chooses first (the last to choose takes the first turn)"


narrate, _narrate_choice = told.game_words(lambda g, kind, players: _spec(players, kind))


def narrate_move(g: Any, before: dict, seat: int | None, move: list, names: SeatNames) -> list[str]:
    """The move a player chose, where the change it makes does not say it: which ability or
    ultimate caused what the narration tells next, a trade offered, answered or cancelled, a
    bid, a jail or Blink choice (`before`: the view the move was chosen in)."""
    if move and move[0] == "swap" and told.top(before)[0] != "free_parking":
        return []   # a level-up swap is told by what it changed
    return _narrate_choice(g, before, seat, move, names)


def narrate_disclose(g: Any, before: dict, after: dict, disclosed: list,
                     names: SeatNames) -> list[str]:
    """The Loot Boxes turned face up at the end: each player's, by the holders the disclosure
    names ((holder, deck, position) each, public in the log), with what each scores, read
    from the view after it (every opened card is face up there); one that could not be opened
    (its holder gone) counts as unopened."""
    points, unopened = data().loot_box_points, data().unopened_loot_box_points
    opened = after.get("loot_open") or []
    # the only end of the game: the last Loot Box taken (its player has levelled up)
    out = ["The last Loot Box is taken: the game is over, and every Loot Box is opened"]
    for seat in range(len(after["players"])):
        held = [pos for holder, deck, pos in disclosed if holder == seat and deck == "loot"]
        if not held:
            out.append(f"{names.plain(seat)} had no Loot Box to open")
            continue
        scores = [points[opened[pos]] if 0 <= pos < len(opened) and opened[pos] >= 0 else None
                  for pos in held]
        each = [f"{n}" if n is not None else f"{unopened} (could not be opened)" for n in scores]
        total = sum(n if n is not None else unopened for n in scores)
        boxes = "1 Loot Box" if len(held) == 1 else f"{len(held)} Loot Boxes"
        sums = f" = {total} points" if len(held) > 1 else " points"
        out.append(f"{names.plain(seat)} opened {boxes}: {' + '.join(each)}{sums}")
    return out


def narrate_own(g: Any, before: dict, after: dict, seat: int | None,
                cards: dict, names: SeatNames) -> list[str]:
    """What a Loot Box `seat` took in this entry scores, told to that seat alone: read from
    `cards` (the cards its node decrypted) at the deck positions its own view says it holds,
    so no other seat's card is ever told, whatever `cards` holds."""
    if seat is None or not 0 <= seat < len(after["players"]):
        return []
    held, was = after["players"][seat]["loot"], before["players"][seat]["loot"]
    if not isinstance(held, list) or not isinstance(was, list):
        return []
    points = data().loot_box_points
    out = []
    for pos in held:
        card = cards.get(("loot", pos))
        if pos not in was and isinstance(card, int) and 0 <= card < len(points):
            out.append(f"{names.plain(seat)}'s new Loot Box is worth {points[card]} points "
                       "(only you see this)")
    return out
