"""The tactical bot: one-ply scoring of every option with knowledge of line of sight, height,
overwatch and the payload. No search; ties go to the first option in order, so the bot is a
function of the state (the rng is only used where options are equal by design: terrain).

Scores are integers (damage points): an attack is worth its damage (more for a defeat), a hex
of movement is worth what it changes in the hero's position value (closeness to the payload,
height, a shot it opens, enemy overwatch it walks into). A step is taken only when it strictly
improves that value, so a hero never paces back and forth.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Decision, Move
from . import hexgrid as hx
from .rules import HITS
from .state import ATTACK, DEFENCE

if TYPE_CHECKING:
    from .rules import OverwatchTactics
    from .state import Hero, State

KILL = 400          # a defeat is worth this on top of the damage
PAYLOAD = (60, 60)  # per hex of distance from being next to the payload, by side
HEIGHT = 15         # per level
CONTEST = 200       # hitting a hero next to the payload (it pushes or contests)


def sheet_value(g: "OverwatchTactics", hid: str) -> int:
    sh = g.data.heroes[hid]
    return (sh.hp + 2 * max(w.most for w in sh.weapons) + sum(sum(w.grid) for w in sh.weapons)
            + sum(a.damage + a.heal + a.amount for a in sh.abilities) + 50 * sh.speed)


def greedy_move(g: "OverwatchTactics", s: "State", d: Decision, rng: Any) -> Move:
    """The tactical policy (the greedy bot kind, and the takeover policy); never uses rng."""
    opts = d.options
    kind = d.prompt
    if kind == "terrain":
        return _terrain(g, s, opts)
    if kind == "draft":
        return max(opts, key=lambda o: sheet_value(g, o[1]))
    if kind == "spawn":
        cp = g.data.route[g.data.checkpoints[0]]
        return min(opts, key=lambda o: min(hx.distance(h, cp) for h in g.data.defender_spawns[o[1]]))
    if kind in ("place", "respawn"):
        goal = g.data.route[s.payload]
        return min(opts, key=lambda o: hx.distance((o[2], o[3]), goal))
    return _act(g, s, d)


def _terrain(g: "OverwatchTactics", s: "State", opts: tuple[Move, ...]) -> Move:
    """Tall cover beside the route's middle third, where the fight is."""
    route = g.data.route
    mid = route[len(route) // 3: 2 * len(route) // 3]
    best, score = opts[0], None
    near: dict[hx.Hex, int] = {}     # many options name the same hex (kinds and rotations)
    for o in opts:
        t = g.data.terrain[o[1]]
        at = (o[2], o[3])
        d = near.get(at)
        if d is None:
            d = near[at] = min(hx.distance(at, h) for h in mid)
        sc = 3 * t.height + len(t.shape) - 2 * abs(d - 2)
        if score is None or sc > score:
            best, score = o, sc
    return best


def _contest(g: "OverwatchTactics", s: "State", t: "Hero") -> int:
    """Bonus for hitting a hero next to the payload or standing on the route ahead of it
    (where it stops the payload)."""
    route = g.data.route
    near = hx.distance(t.at, route[s.payload]) == 1 or t.at in route[s.payload + 1: s.payload + 5]
    return CONTEST if near else 0


FAR = 30            # hexes, for a hex from which no free path reaches the payload


def path_field(g: "OverwatchTactics", s: "State", side: int) -> dict[hx.Hex, int]:
    """Hexes of movement from each free hex to a free hex next to the payload (for attackers,
    not on the route ahead), by breadth-first search backwards from those hexes: detours
    round allies, walls and climbs count, which the hex distance does not see."""
    standing = frozenset([(h.q, h.r) for h in s.heroes if h.placed]
                         + [(b[0], b[1]) for b in s.barriers])
    key = (side, s.payload, s.spawn, standing, tuple(s.height))
    got = _FIELDS.get(key)
    if got is not None:
        return got
    if len(_FIELDS) >= 20_000:
        _FIELDS.clear()
    route = g.data.route
    pay = route[s.payload]
    ahead = route[s.payload + 1: s.payload + 5] if side == ATTACK else ()
    # g.occupied and the enemy's spawn point as one set of hexes: the same test, found once
    blocked = set(g.spawn_zone(s, 1 - side))
    blocked.add(pay)
    blocked.update(standing)
    frontier = [n for n in hx.neighbours(pay) if n not in ahead and n in g.index
                and n not in blocked]
    dist = {n: 0 for n in frontier}
    before = _steps_onto(g, key[4])
    while frontier:
        nxt = []
        for cur in frontier:
            d = dist[cur] + 1
            for m in before[cur]:
                if m not in dist and m not in blocked:
                    dist[m] = d
                    nxt.append(m)
        frontier = nxt
    _FIELDS[key] = dist
    return dist


def _steps_onto(g: "OverwatchTactics", height: tuple[int, ...]) -> dict[hx.Hex, tuple[hx.Hex, ...]]:
    """For each map hex, the map hexes one step onto it may come from (the climb rule: at most
    one level up), in hexgrid's neighbour order; fixed once the terrain is placed."""
    got = _ONTO.get(height)
    if got is None:
        if len(_ONTO) >= 64:
            _ONTO.clear()
        index, levels = g.index, g.data.levels
        level = {h: levels[h] + height[i] for h, i in index.items()}
        got = _ONTO[height] = {cur: tuple(m for m in hx.neighbours(cur)
                                          if m in index and level[m] >= level[cur] - 1)
                               for cur in index}
    return got


_ONTO: dict[tuple[int, ...], dict[hx.Hex, tuple[hx.Hex, ...]]] = {}
# path_field's answers by what they depend on (the side, the payload, the spawn point chosen,
# the hexes heroes and barriers stand on, the terrain): the same field is asked at every option
# of a decision and again in the search bot's rollouts. Callers only read a field.
_FIELDS: dict[tuple, dict[hx.Hex, int]] = {}


def _payload_gap(g: "OverwatchTactics", s: "State", h: "Hero", at: hx.Hex,
                 field: dict[hx.Hex, int]) -> int:
    if at in field:
        return field[at]
    route = g.data.route
    if hx.distance(at, route[s.payload]) == 1 and (
            h.side == DEFENCE or at not in route[s.payload + 1: s.payload + 5]):
        return 0
    up = g.elevation(s, at) + 1
    return min([field[n] + 1 for n in hx.neighbours(at) if n in field and g.elevation(s, n) <= up],
               default=FAR)


def position_value(g: "OverwatchTactics", s: "State", h: "Hero", at: hx.Hex,
                   field: dict[hx.Hex, int] | None = None) -> int:
    """How good hex `at` is for hero h now."""
    if field is None:
        field = path_field(g, s, h.side)
    v = -PAYLOAD[h.side] * _payload_gap(g, s, h, at, field) + HEIGHT * g.elevation(s, at)
    if h.side == ATTACK and at in g.data.route[s.payload + 1: s.payload + 5]:
        v -= 2 * PAYLOAD[ATTACK]     # a hero on the route ahead stops the payload it pushes
    saved = h.q, h.r
    h.q, h.r = at            # evaluated in place, restored below: no copy of the state
    try:
        sheet = g.sheet(h)
        best = 0
        for t in s.heroes:
            if t.side == h.side or not t.placed:
                continue
            dist = hx.distance(at, t.at)
            if not h.attacked:
                for w in sheet.weapons:
                    if dist <= w.range and g.sight(s, h, t.at) != hx.NONE:
                        best = max(best, g.attack_damage(s, h, w, t) // 2)
            if t.overwatch and h.id not in t.shot:
                wmax = max(w.range for w in g.sheet(t).weapons)
                if dist <= wmax and g.sight(s, t, at) != hx.NONE:
                    v -= min(w.least for w in g.sheet(t).weapons) + t.boost
        return v + best
    finally:
        h.q, h.r = saved


def _act(g: "OverwatchTactics", s: "State", d: Decision) -> Move:
    best: Move = ("end",)
    best_score = 0
    here: dict[str, int] = {}
    field = path_field(g, s, d.player)
    # An area ability aimed where no hero stands within its radius does nothing and scores
    # below zero: such options (most of them) are passed over without scoring them.
    reached: dict[int, set[hx.Hex]] = {}
    areas: dict[tuple[str, str], int] = {}     # (hero, ability) -> radius, for area abilities
    for o in d.options:
        k = o[0]
        if k == "end" or k == "overwatch":
            continue
        if k == "ability":
            radius = areas.get((o[1], o[2]))
            if radius is None:
                ab = g.sheet(s.hero(o[1])).ability(o[2])
                radius = areas[(o[1], o[2])] = ab.radius if ab.effect == "area" else -1
            if radius >= 0:
                spots = reached.get(radius)
                if spots is None:
                    spots = reached[radius] = {c for t in s.heroes if t.placed
                                               for c in hx.within(t.at, radius)}
                if (o[3], o[4]) not in spots:
                    continue
        h = s.hero(o[1])
        if k == "attack":
            t = s.hero(o[3])
            dmg = g.attack_damage(s, h, g.sheet(h).weapons[o[2]], t)
            score = min(dmg, t.hp) + (KILL if dmg >= t.hp else 0) + 100 + _contest(g, s, t)
        elif k == "step":
            if h.id not in here:
                here[h.id] = position_value(g, s, h, h.at, field)
            score = position_value(g, s, h, (o[2], o[3]), field) - here[h.id]
        else:
            score = _ability_score(g, s, h, o, field, here)
        if score > best_score:
            best, best_score = o, score
    if best[0] != "end":
        return best
    # Nothing improves: heroes that have not shot watch the approaches; then end.
    for o in d.options:
        if o[0] == "overwatch":
            return o
    return ("end",)


def _ability_score(g: "OverwatchTactics", s: "State", h: "Hero", o: Move,
                   field: dict[hx.Hex, int], here: dict[str, int] | None = None) -> int:
    """The tactical score of an ability option; `here`: position values of heroes where they
    stand, by hero id, kept by the caller for the decision (filled in as found)."""
    ab = g.sheet(h).ability(o[2])
    target = (o[3], o[4])
    e = ab.effect
    if e == "area":
        score = 0
        for t, what in g.area_effects(s, h, ab, target):
            if what == HITS:
                score += (min(ab.damage, t.hp) + (KILL if ab.damage >= t.hp else 0)
                          + _contest(g, s, t))
            else:
                score += min(ab.heal, g.sheet(t).hp - t.hp)
        return score - (150 if ab.ultimate else 60)
    if e == "strike":
        t = next(x for x in s.heroes if x.placed and x.at == target)
        return min(ab.damage, t.hp) + (KILL if ab.damage >= t.hp else 0) - 40
    if e == "heal":
        t = next(x for x in s.heroes if x.placed and x.at == target)
        return min(ab.amount, g.sheet(t).hp - t.hp) - 60
    if e == "boost":
        t = next(x for x in s.heroes if x.placed and x.at == target)
        if t.attacked or t.boost:
            return 0
        return ab.amount // 2 + min(ab.heal, g.sheet(t).hp - t.hp) - (60 if ab.ultimate else 10)
    if e == "resurrect":
        return 500
    if e == "barrier":
        # cover on the side facing the nearest enemy
        enemies = [t for t in s.heroes if t.side != h.side and t.placed]
        if not enemies:
            return 0
        near = min(enemies, key=lambda t: hx.distance(t.at, h.at))
        return 40 if hx.distance(near.at, target) < hx.distance(near.at, h.at) else 0
    if e == "move":
        if here is None:
            here = {}
        if h.id not in here:
            here[h.id] = position_value(g, s, h, h.at, field)
        return position_value(g, s, h, target, field) - here[h.id] - 80
    return 0


__all__ = ["greedy_move", "position_value", "path_field"]
