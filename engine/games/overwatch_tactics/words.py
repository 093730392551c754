"""Words for people about an Overwatch: The Board Game state: each option labelled, the state in
a few lines, a decision's title. Never part of a state hash (not in the rules digest); the rules
call these only from the methods that write words (game_package.PackagedGame)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move

if TYPE_CHECKING:
    from .rules import OverwatchTactics
    from .state import State

SIDE_NAMES = ("attack", "defence")
TITLES = {
    "terrain": "Place a piece of terrain", "draft": "Draft a hero (sealed pick)",
    "spawn": "Choose the defenders' spawn point", "place": "Place a hero in your spawn point",
    "act": "Activate your heroes", "respawn": "Respawn a defeated hero",
}


def _name(g: "OverwatchTactics", hid: str) -> str:
    return g.data.heroes[hid].name


def describe_move(g: "OverwatchTactics", s: "State", move: Move, names: Any = None) -> str:
    k = move[0]
    if k == "terrain":
        t = g.data.terrain[move[1]]
        return f"Place a {t.name} (height {t.height}) at {move[2]},{move[3]} turned {move[4] * 60}°"
    if k == "pick":
        return f"Draft {_name(g, move[1])}"
    if k == "spawn":
        return f"Defend from spawn point {move[1] + 1}"
    if k in ("place", "respawn"):
        verb = "Place" if k == "place" else "Respawn"
        return f"{verb} {_name(g, move[1])} at {move[2]},{move[3]}"
    if k == "step":
        level = g.elevation(s, (move[2], move[3]))
        return f"{_name(g, move[1])}: move one hex to {move[2]},{move[3]} (level {level})"
    if k == "attack":
        h, t = s.hero(move[1]), s.hero(move[3])
        w = g.sheet(h).weapons[move[2]]
        dmg = g.attack_damage(s, h, w, t)
        return (f"{_name(g, h.id)}: shoot {_name(g, t.id)} with {w.name} for {dmg} "
                f"({g.sight(s, h, t.at)} sight; it has {t.hp} HP)")
    if k == "ability":
        ab = g.sheet(s.hero(move[1])).ability(move[2])
        extra = f", bringing back {_name(g, move[5])}" if len(move) > 5 else ""
        return f"{_name(g, move[1])}: {ab.name} at {move[3]},{move[4]}{extra}"
    if k == "overwatch":
        return f"{_name(g, move[1])}: set to overwatch (no more actions this turn)"
    if k == "end":
        return "End this turn's activations"
    return " ".join(str(part) for part in move)


def describe_state(g: "OverwatchTactics", s: "State", seat: int | None) -> list[str]:
    lines = [f"Round {s.round} of {g.data.rounds}; payload at {s.payload + 1} of "
             f"{len(g.data.route)}; {SIDE_NAMES[s.active]} to act ({s.phase})"]
    for h in s.heroes:
        where = f"at {h.q},{h.r} level {g.elevation(s, h.at)}" if h.placed else "off the board"
        tags = (" overwatch" if h.overwatch else "") + (f" +{h.boost}" if h.boost else "")
        lines.append(f"  {SIDE_NAMES[h.side]} {_name(g, h.id)}: {h.hp} HP {where}{tags}")
    return lines


def decision_context(g: "OverwatchTactics", s: "State", decision: Decision, names: Any) -> dict:
    return {"title": TITLES.get(decision.prompt, decision.prompt)}
