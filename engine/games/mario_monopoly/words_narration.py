"""Monopoly Gamer (Super Mario) told entry by entry: the rolls, who moved where, the coins that
changed hands or fell on the board and why, the power-ups and Super Stars used, the boss
fights, the properties bought, auctioned, sold and traded. Words only (not in the rules
digest); the family's telling order and its guarantee are engine/games/family_narration.py's.
Nothing in this game is hidden, but only the seat's view is read all the same.
"""
from __future__ import annotations

from typing import Any

from .. import family_narration as told
from ..family_words import amount
from ..game_package import SeatNames

FACES = {"coins": "Coins", "green_shell": "Green Shell", "red_shell": "Red Shell",
         "pow": "POW Block", "blooper": "Blooper"}


def _spec(g: Any) -> told.Spec:
    d = g.data
    sp = d.spaces

    def space(i: int) -> str:
        return sp[i].name if 0 <= i < len(sp) else f"space {i}"

    def figures(v: dict, names: SeatNames) -> list:
        many = len(v["figures"]) > len(v["players"]) or bool(v.get("variants"))
        out = []
        for f in v["figures"]:
            who = names.plain(f["seat"])
            if many and f["char"]:
                who += f"'s {d.characters[f['char']].name}"
            out.append((f["seat"], who, f["pos"], f["jailed"]))
        return out

    def pools(v: dict) -> dict:
        lying = {f"board:{i}": n for i, n in enumerate(v["board"])}
        return {**lying, "pot": v["pot"], "boss": v["boss_coins"], "bank": v["bank"]}

    def pool_words(name: str, into: bool, n: str) -> str:
        if name.startswith("board:"):
            where = space(int(name.split(":")[1]))
            return f"dropped {n} on {where}" if into else f"picked up {n} on {where}"
        return {"pot": f"paid {n} into the jail's visiting area" if into
                else f"took {n} from the jail's visiting area",
                "boss": f"put {n} on the boss card" if into else f"took {n} from the boss card",
                "bank": f"paid {n} to the bank" if into else f"got {n} from the bank"}[name]

    def boss(v: dict) -> str:
        b = d.bosses.get(v["boss"])
        return b.name if b else "the boss"

    def turn_roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
        t = a["turn"]
        face = f" and {FACES.get(t['face'], t['face'])}" if t["face"] else ""
        return [f"{names.plain(t['player'])} rolled {t['die']}{face}"] if t["die"] else []

    def jail_roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
        who = names.plain(a["turn"]["player"])
        out = any(fb["jailed"] and not fa["jailed"] for fb, fa in zip(b["figures"], a["figures"]))
        return [f"{who} rolled a 6 in jail and is out" if out
                else f"{who} rolled in jail: no 6, the turn ends in jail"]

    def boss_roll(b: dict, a: dict, frame: list, names: SeatNames) -> list[str]:
        out = []
        for seat, (pb, pa) in enumerate(zip(b["players"], a["players"])):
            for n in pa["bosses"][len(pb["bosses"]):]:
                won = d.bosses[n]
                out.append(f"{names.plain(seat)} beat {won.name} ({won.points} points)")
        fighter = frame[1] if len(frame) > 1 and isinstance(frame[1], int) else None
        if not out:
            out.append(f"{names.plain(fighter) if fighter is not None else 'The fighter'} "
                       f"lost the fight against {boss(b)}")
        return out

    def rolled(what: str):
        return lambda b, a, frame, names: [f"{names.plain(a['turn']['player'])} rolled {what}"]

    def extras(b: dict, a: dict, names: SeatNames) -> list[str]:
        out = []
        on_board = {(fa["seat"], fa["char"]) for fb, fa in zip(b["figures"], a["figures"])
                    if fa["char"] and fa["char"] != fb["char"]}
        for seat, (pb, pa) in enumerate(zip(b["players"], a["players"])):
            if pa["skip_powerup"] and not pb["skip_powerup"]:
                out.append(f"{names.plain(seat)} skips their next power-up roll")
            for c in pa["team"][len(pb["team"]):]:   # the party variant's picks
                name = d.characters[c].name
                said = f"{names.plain(seat)} picked {name} for the party"
                if (seat, c) in on_board:
                    on_board.discard((seat, c))
                    said += f": {name} is their figure on the board"
                if len(pa["team"]) > 1:
                    said += f" (now {party(pa['team'])})"
                out.append(said)
        if a["boss"] and a["boss"] != b["boss"]:
            out.append(f"Boss fight: {boss(a)} (roll {d.bosses[a['boss']].need} or more)")
        for fb, fa in zip(b["figures"], a["figures"]):
            if (fa["seat"], fa["char"]) in on_board:
                out.append(f"{names.plain(fa['seat'])} plays {d.characters[fa['char']].name}")
        return out

    def party(team: list) -> str:
        return told.listed([d.characters[c].name for c in team])

    def figure_name(b: dict, f: int) -> str:
        figs = b["figures"]
        char = figs[f]["char"] if 0 <= f < len(figs) else ""
        return d.characters[char].name if char in d.characters else "a figure"

    def choose_figure(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        return [f"{names.plain(seat)} moves {figure_name(b, move[1])} this turn"]

    def roll_jail(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        which = f" for {figure_name(b, move[1])}" if len(move) > 1 else ""
        return [f"{names.plain(seat)} rolls{which} in jail (a 6 gets out)"]

    def party_done(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        if told.top(b)[0] != "party_pick":
            return []
        team = b["players"][seat]["team"]
        return [f"{names.plain(seat)} picked no third character: the party is {party(team)}"]

    def power(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        frame = told.top(b)
        face = frame[2] if frame[0] == "iggy" and len(frame) > 2 else b["turn"]["face"]
        aim = f" on {names.plain(b['figures'][move[1]]['seat'])}" \
            if face in ("red_shell", "green_shell") and len(move) > 1 else \
            f" on {names.plain(move[1])}" if face == "blooper" and len(move) > 1 else ""
        return [f"{names.plain(seat)} used the {FACES.get(face, 'power-up')}{aim}"]

    def fight(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        return [f"{names.plain(seat)} fights {boss(b)}"]

    def star(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        task = told.top(b)[0]
        char = task.removeprefix("star_")
        hero = d.characters[char].name if char in d.characters else "a character"
        return [f"{names.plain(seat)} used {hero}'s Super Star"]

    def pay_jail(b: dict, seat: int, move: list, names: SeatNames) -> list[str]:
        return [f"{names.plain(seat)} paid {amount(d.jail_fee, 'coins')} to leave jail"]

    return told.Spec(
        money="coins", currency="coins", space=space, figures=figures, pools=pools,
        pool_at=lambda pos: f"board:{pos}",
        pool_words=pool_words, extras=extras,
        first_does=lambda v: "chooses a character first, then takes the first turn",
        chance={"turn_roll": turn_roll, "jail_roll": jail_roll, "boss_roll": boss_roll,
                "coin_roll": rolled("for the coin space"), "mario_roll": rolled("for Mario's Super Star"),
                "iggy_roll": rolled("Iggy's bonus power-up"), "extra_roll": rolled("again and moves on")},
        moves={"power": power, "fight": fight, "copy": star, "take": star, "step": star,
               "pay_jail": pay_jail, "figure": choose_figure, "roll_jail": roll_jail,
               "done": party_done})


narrate, narrate_move = told.game_words(lambda g, kind, players: _spec(g))
