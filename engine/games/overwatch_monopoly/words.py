"""Monopoly Gamer: Overwatch in words: option labels, decision titles and contexts, what changed
between two views, and the glossary and board data the game's own screens draw with. Words
only: nothing here changes the rules (it is not part of the rules digest).

Labels, titles and narration work on the plain-data view of a seat (engine.to_data of
`view`), so they describe exactly what that player's node agreed to; a decision context reads
the task frames by their names. The node sends all of it over the control API; the terminal
UI shows it and computes nothing from the rules. A new option's label goes in `_label`, beside
the others of its task; a new prompt's title in PROMPTS (or in `prompt_title` where it needs
the decision's details).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...canonical import to_data
from ...core import Decision, get_game
from ..family_words import explain_illegal as family_explain
from ..family_words import (amount, family_context, holdings, landing, payee, quick_option,
                            sets_owned_whole, shared_option, still_owed)
from ..game_package import NOBODY, SeatNames
from .words_characters import ability_help

OVERWATCH = "overwatch-monopoly"
Names = SeatNames


def data():
    return get_game(OVERWATCH).data

# The rulebook's ability names, so an option reads like the card in the rulebook.
ABILITY = {
    "dva": "Defense Matrix: immune to the next ability that targets you",
    "lucio": "Crossfade", "mercy": "Utility: collect 4 HP",
    "reaper": "Hellfire Shotguns", "tracer": "Blink: move by the die, then maybe again",
    "winston": "Jump Pack", "bastion": "Sentry: all other players pay 2 HP",
    "doomfist": "Rising Uppercut: +3 to the move, hits who you would pass",
    "genji": "Swift Strike: +3 to the move, everyone passed pays 3 HP",
    "hanzo": "Storm Arrows", "junkrat": "Steel Trap on your space",
    "mccree": "Flashbang", "mei": "Endothermic Blaster", "pharah": "Jump Jet",
    "soldier76": "Helix Rockets", "sombra": "Hack", "symmetra": "Teleporter: roll again, pick a roll",
    "torbjorn": "Turret on your space", "widowmaker": "Widow's Kiss",
    "orisa": "Halt: all others back 1 space and pay 1 HP",
    "reinhardt": "Barrier Field: 4 HP shield until your next turn",
    "roadhog": "Chain Hook", "zarya": "Particle Barrier: someone else pays your next payment",
    "ana": "Biotic Rifle", "brigitte": "Repair Pack: +2 HP and a 2 HP shield",
    "moira": "Biotic Grasp: all other players pay you 1 HP", "zenyatta": "Orb of Harmony and Discord",
}
TARGETED = {  # what a one-target ability does to the player named
    "mccree": "pays 2 HP and skips their next ability die",
    "mei": "pays 1 HP and moves 3 less next turn", "pharah": "pays 3 HP (and you move +3)",
    "soldier76": "pays 4 HP", "widowmaker": "pays HP equal to your die",
    "roadhog": "is hooked 3 spaces back", "zenyatta": "pays 2 HP, and you collect 2 HP",
}
# What an ability does, worded from its option's parameters: a mode, targets or numbers
BY_PARAMS: dict[str, Callable[[list, Names], str]] = {
    "ana": lambda p, names: "collect 3 HP" if p[0] == "heal" else f"{names.plain(p[1])} pays 3 HP",
    "lucio": lambda p, names: "add 3 to your move" if p[0] == "roll" else "collect 3 HP",
    "reaper": lambda p, names: " and ".join(names.plain(x) for x in p) + (
        " pay 2 HP each" if len(p) > 1 else " pays 2 HP"),
    "winston": lambda p, names: (f"jump {p[0]} extra space{'s' if p[0] != 1 else ''}"
                                 " (others where you land pay 2 HP)"),
    "hanzo": lambda p, names: "arrows: " + ", ".join(
        f"{names.plain(seat)} {n}" for seat, n in enumerate(p) if n) + " HP",
    "sombra": lambda p, names: f"{names.plain(p[1])} on {space(p[0])} pays you its rent",
}
ULTIMATE = {
    "dva": "Self-Destruct: {t} pays 5 HP, everyone else 2", "lucio": "Sound Barrier: +4 HP and immunity",
    "mercy": "Valkyrie: fly to the next free objective or Health Pack",
    "reaper": "Death Blossom: all other players pay 4 HP",
    "tracer": "Pulse Bomb: {t} pays 8 HP", "winston": "Primal Rage: +5 HP, all others pay 2",
}
PROMPTS = {
    "turn": "Your turn", "capture": "An uncaptured objective", "auction": "Auction",
    "eliminate": "You owe HP you do not have: eliminate a hero for 5 HP",
    "sell": "You owe HP: sell an objective", "sale_offer": "An objective is offered to you",
    "free_parking": "Free Parking: swap an objective?", "ultimate": "Ultimate Ability space",
    "zarya": "Particle Barrier: who pays for you?", "level_up": "Level up: respawn or swap heroes",
    "blink": "Blink: stay here or roll again?", "symmetra_pick": "Teleporter: which roll to move by?",
    "trade_draft": "Your trade offer", "trade_answer": "A trade is offered to you",
    "pick_leader": "Choose your group leader", "draft": "Draft a hero",
    "jail_exit": "Second try failed: leave jail for free?",
}


def char(cid: str) -> str:
    c = data().characters.get(cid)
    if c is None:
        return cid
    return "Reaper" if cid == "reaper" else c.name


def space(i: int) -> str:
    return data().spaces[i].name if 0 <= i < len(data().spaces) else f"space {i}"


def decision_context(g: Any, s: Any, decision: Decision, names: Names) -> dict:
    """The pending decision's title and the named data behind it: the lot, price and bid to
    beat of a capture or an auction, who pays whom and how much is still owed, the turn's roll
    and which characters' abilities may be used."""
    prompt = decision.prompt
    frame = s.agenda[-1] if s.agenda else None
    ctx = family_context(g, s, names, "HP", why_sell=lambda _: PROMPTS["sell"]) or {}
    title = ctx.get("title") or PROMPTS.get(prompt, prompt.replace("_", " "))
    if prompt == "capture":
        sp = g.data.spaces[frame.space]
        ctx = {"lot": {"space": sp.index, "name": sp.name}, "price": sp.price, "rent": sp.rent}
        title = f"You landed on {sp.name} (price {sp.price} HP, rent {sp.rent}): capture it?"
    elif prompt in ("eliminate", "zarya"):
        ctx = {"payer": frame.seat, "owed": frame.owed, "payee": payee(frame.creditor)}
    elif prompt == "turn":
        t = s.turn
        ctx = {"die": t.die, "face": t.face,
               "abilities": sorted({o[1] for o in decision.options if o[0] == "ability"})}
        if t.die:
            face = f" and the {t.face} icon" if t.face else " (no ability die)"
            title = f"Your turn: you rolled {t.die}{face}"
    elif prompt == "ultimate":
        ctx = {"ultimates": sorted({o[1] for o in decision.options if o[0] == "ultimate"})}
    if prompt in ("eliminate", "zarya"):
        title = still_owed(PROMPTS[prompt], ctx["owed"], "HP")
    return {**ctx, "title": title, **quick_option(decision.options)}


def describe_options(g: Any, s: Any, moves: list, names: Names) -> list[str]:
    """The pending decision's options in words, read from its player's view."""
    p = g.pending(s)
    if not isinstance(p, Decision):
        return [" ".join(map(str, m)) for m in moves]
    view = to_data(g.view(s, p.player))
    return [move_label(g, s, p.player, names) if m == ("move",) else
            move_label(g, s, p.player, names, die=m[1]) if p.prompt == "symmetra_pick" and
            m[0] == "use" else option_label(p.prompt, m, view, names) for m in moves]


# What each space that is no objective does to who lands there, in the rulebook's words.
LANDING = {"go": "collect {go_hp} HP", "jail": "just visiting",
           "payload": "push the payload on to the next Push space",
           "health_pack": "roll a die: collect that many HP",
           "free_parking": "you may swap an objective with another player",
           "ultimate": "you may use an ultimate ability", "go_to_jail": "go to jail"}


def move_label(g: Any, s: Any, seat: int, names: Names, die: int | None = None) -> str:
    """The turn's move (or Symmetra's pick of the roll `die`) with where it lands and what
    happens there ("Move 5 spaces to Ilios (Bot 2's: rent 10 HP, a whole set)"): the distance
    the rules move by (Mei's -3 too)."""
    steps = g.move_distance(s, seat, 0, die=die)
    to = (s.players[seat].pos + steps) % g.data.board_size
    does = {k: v.format(go_hp=g.data.go_hp) for k, v in LANDING.items()}
    by = "" if die is None else f"By the roll of {die}: "
    what = f"move {amount(steps, 'spaces')} to {landing(g, s, to, seat, names, 'HP', does)}"
    return by + what if by else what[0].upper() + what[1:]


def describe_move(g: Any, s: Any, move: tuple, names: Names) -> str:
    return describe_options(g, s, [move], names)[0]


# One-line names for a narrow board cell, by kind (objectives are cut from their full names)
SHORT = {"go": "GO", "jail": "Jail", "free_parking": "Free", "go_to_jail": "ToJail",
         "payload": "Push", "health_pack": "+HP", "ultimate": "Ult"}


def glossary(g: Any) -> dict:
    """What the Overwatch screens draw with: the board's spaces (full and short names) and the
    characters (their names, roles and the rulebook's character guide)."""
    d = g.data
    return {
        "spaces": [{"name": sp.name, "short": SHORT.get(sp.kind, ""), "kind": sp.kind,
                    "price": sp.price, "set": sp.set, "rent": sp.rent, "points": sp.points}
                   for sp in d.spaces],
        "characters": {cid: {"name": char(cid), "role": d.role(cid), "help": ability_help(cid)}
                       for cid in d.characters},
        "scoring": "Score = objective points + Loot Box points + 30 for Play of the Game "
                   "(the most HP).",
    }


def board(g: Any, s: Any, seat: int | None, cards: Mapping[tuple[str, int], int]) -> dict:
    """What the board screen shows of `s` beyond the state, as `seat` sees it: for every seat
    the objectives it owns ("owned"), their points and how many Loot Boxes it holds ("loot");
    for `seat` alone what its own Loot Boxes score ("loot_points", in the order it drew them),
    read from `cards`, the hidden cards its node decrypted ({(deck, position): card}); and the
    Loot Boxes left to draw ("loot_left"). Only the cards at positions `seat` holds are read,
    so no other seat's Loot Box is ever in the answer."""
    seats = holdings(g, s)
    for i, (row, p) in enumerate(zip(seats, s.players)):
        row["points"] = g.property_points(s, i)
        row["loot"] = len(p.loot)
    if seat is not None and 0 <= seat < len(seats):
        seats[seat]["loot_points"] = own_loot_points(g, s.players[seat].loot, cards)
    return {"seats": seats, "loot_left": len(s.loot_deck), "whole_sets": sets_owned_whole(g, s)}


def own_loot_points(g: Any, held: Sequence[int],
                    cards: Mapping[tuple[str, int], int]) -> list[int]:
    """The printed points of the Loot Boxes at deck positions `held` whose card `cards` names."""
    points = g.data.loot_box_points
    found = [cards.get(("loot", pos)) for pos in held]
    return [points[c] for c in found if isinstance(c, int) and 0 <= c < len(points)]


def option_label(prompt: str, option: Sequence[Any], state: dict | None, names: Names) -> str:
    """One option of a decision, in words ("Ana: make Bot 1 pay 3 HP")."""
    try:
        return _label(prompt, list(option), state, names)
    except (IndexError, KeyError, TypeError, ValueError):
        return " ".join(map(str, option))  # never let an odd option break the screen


# Options in words, by the move's kind. A new option's label goes in one of these tables when
# its words depend on nothing or on its one parameter, else in `_label`.
FIXED = {
    "roll_jail": "Roll the die: a 6 gets you out of jail", "end_turn": "End your turn",
    "capture": "Capture it (pay its price)", "auction": "Put it up for auction",
    "pass": "Pass (leave the auction)", "accept": "Accept", "refuse": "Refuse",
    "done": "Done: keep the team as it is", "stay": "Stay: follow this space's rules",
    "blink_again": "Roll again and move on", "offer": "Send the offer",
    "cancel": "Cancel the trade",
    "leave_jail": "Leave jail for free (to Just Visiting; roll normally next turn)",
    "stay_in_jail": "Stay in jail (land on nothing; pay or try for a 6 next turn)",
}
BY_NUMBER = {"bid": "Bid {} HP", "use": "Move by the roll of {}", "pay": "Add {} HP from you",
             "ask": "Ask {} HP from them"}
BY_SPACE = {"give": "Give {}", "take": "Ask for {}"}
BY_CHARACTER = {"respawn": "Respawn {}", "leader": "{} as group leader", "hero": "{}"}


def _label(prompt: str, o: list, state: dict | None, names: Names) -> str:
    k = o[0]
    me = state["players"][names.me] if state and names.me is not None else None
    if k in FIXED:
        return FIXED[k]
    shared = shared_option(o, "HP", space, names.plain, lambda i: data().spaces[i].price)
    if shared is not None:
        return shared
    if k in BY_NUMBER:
        return BY_NUMBER[k].format(o[1])
    if k in BY_SPACE:
        return BY_SPACE[k].format(space(o[1]))
    if k in BY_CHARACTER:
        return BY_CHARACTER[k].format(f"{char(o[1])} ({data().role(o[1])})")
    if k == "roll":
        return "Roll the dice (numbered die and ability die)" if prompt == "turn" else "Roll"
    if k == "pay_jail":
        return f"Pay {data().jail_fee} HP to leave jail"
    if k == "move":
        die = state["turn"]["die"] if state else "?"
        return f"Move {amount(die, 'spaces') if isinstance(die, int) else f'{die} spaces'}" + (
            f" (to {space((me['pos'] + die) % 32)})" if me and isinstance(die, int) else "")
    if k == "ability":
        return _ability(o[1], o[2:], state, names)
    if k == "ultimate":
        cid = o[1]
        text = ULTIMATE.get(cid, "ultimate").format(t=names.plain(o[2]) if len(o) > 2 else "someone")
        return f"{char(cid)}'s ultimate — {text}"
    if k == "decline":
        return {"ultimate": "Do not use an ultimate", "free_parking": "Keep your objectives"}.get(
            prompt, "Decline")
    if k == "eliminate":
        return f"Eliminate {char(o[1])} ({data().role(o[1])}) and take {data().elimination_hp} HP"
    if k == "swap" and prompt == "free_parking":
        owner = state["owners"][o[2]] if state else NOBODY
        return f"Swap your {space(o[1])} for {names.plain(owner)}'s {space(o[2])}"
    if k == "swap":
        return f"Swap {char(o[1])} for {char(o[2])} ({data().role(o[2])})"
    if k == "redirect":
        return f"{names.plain(o[1])} pays instead of you"
    return " ".join(map(str, o))


def _ability(cid: str, params: list, state: dict | None, names: Names) -> str:
    if cid in BY_PARAMS:
        what = BY_PARAMS[cid](params, names)
    elif cid in TARGETED:
        what = f"{names.plain(params[0])} {TARGETED[cid]}"
    else:
        what = ABILITY.get(cid, "ability")
    return f"{char(cid)}: {what}"


def describe_result(result: Any, names: Names) -> list[str]:
    """Each final score broken into the rulebook's parts, best first: the objectives' points,
    the Loot Boxes' points (all turned face up at the end: public then) and Play of the Game."""
    d = result.details
    order = sorted(range(len(result.scores)), key=lambda seat: -result.scores[seat])
    return [f"{names.plain(seat)}: {result.scores[seat]} = objectives {d['objectives'][seat]} + "
            f"Loot Boxes {d['loot_boxes'][seat]} + Play of the Game {d['play_of_the_game'][seat]}"
            for seat in order]


def explain_illegal(g: Any, s: Any, decision: Decision, move: tuple) -> str:
    return family_explain(decision, move, lambda n: f"{n} HP", s.players[decision.player].hp)

