"""Loads and validates data.toml: the map, terrain pieces and the nine hero sheets.

Every value in the file carries its source mark (verified / house); `load` refuses a file that
breaks a rule the game needs (a value without a mark, a route that is not a path of adjacent
hexes of 15-25, a spawn on the route, a level outside 0-2, a weapon grid not as long as its
range...), with the reason in words. Hexes are axial (q, r) from here on.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import gamedata
from .hexgrid import Hex, distance, rotate

DATA_FILE = Path(__file__).with_name("data.toml")
SOURCES = ("verified", "house")
EFFECTS = ("move", "heal", "area", "strike", "barrier", "boost", "resurrect")


class DataError(ValueError):
    """data.toml breaks a rule the game relies on; str(e) says which."""


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    range: int
    grid: tuple[int, ...]   # damage at distance 1..range

    @property
    def most(self) -> int:
        return max(self.grid)

    @property
    def least(self) -> int:
        return min(self.grid)


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    name: str
    cooldown: int
    ultimate: bool
    effect: str
    range: int = 0
    radius: int = 0
    damage: int = 0
    heal: int = 0
    reach: int = 0
    amount: int = 0

    @property
    def offensive(self) -> bool:
        """Capable of dealing damage to another hero (the rulebook's offensive abilities)."""
        return self.damage > 0


@dataclass(frozen=True, slots=True)
class HeroSheet:
    id: str
    name: str
    speed: int
    hp: int
    lifesteal: int
    regeneration: int
    weapons: tuple[Weapon, ...]
    abilities: tuple[Ability, ...]

    def ability(self, aid: str) -> Ability:
        for a in self.abilities:
            if a.id == aid:
                return a
        raise KeyError(aid)


@dataclass(frozen=True, slots=True)
class TerrainKind:
    id: str
    name: str
    shape: tuple[Hex, ...]
    height: int

    def placements(self) -> tuple[tuple[int, tuple[Hex, ...]], ...]:
        """(rotation, offsets) for each rotation giving a differently shaped set of hexes; the
        offsets are moved so that the smallest is (0, 0), the hex a placement names."""
        seen: list[tuple[Hex, ...]] = []
        out = []
        for rot in range(6):
            turned = sorted(rotate(h, rot) for h in self.shape)
            q0, r0 = turned[0]
            offs = tuple((q - q0, r - r0) for q, r in turned)
            if offs not in seen:
                seen.append(offs)
                out.append((rot, offs))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Data:
    raw: bytes
    rounds: int
    terrain_each: int
    heroes_each: int
    deal_defender: int
    deal_attacker: int
    levels: dict[Hex, int]          # every hex of the map and its level
    hexes: tuple[Hex, ...]          # the map's hexes in (q, r) order
    route: tuple[Hex, ...]
    checkpoints: tuple[int, ...]
    attacker_spawn: tuple[Hex, ...]
    defender_spawns: tuple[tuple[Hex, ...], ...]
    terrain: dict[str, TerrainKind]
    heroes: dict[str, HeroSheet]    # in file order

    @property
    def digest(self) -> bytes:
        return gamedata.digest(self.raw)


def axial(col: int, row: int) -> Hex:
    """Odd-r offset [column, row] to axial (q, r)."""
    return col - (row - (row & 1)) // 2, row


def _marked(table: dict, where: str) -> dict:
    out = {}
    for k, v in table.items():
        if k == "id" or (isinstance(v, list) and v and isinstance(v[0], dict)):
            out[k] = v
            continue
        if not (isinstance(v, dict) and set(v) == {"value", "source"}):
            raise DataError(f"{where}.{k} must be {{ value = ..., source = ... }}")
        if v["source"] not in SOURCES:
            raise DataError(f"{where}.{k} has source {v['source']!r}, not one of {SOURCES}")
        out[k] = v["value"]
    return out


def load(path: Path = DATA_FILE) -> Data:
    raw, doc = gamedata.read(path)
    meta = _marked(doc["meta"], "meta")
    m = _marked(doc["map"], "map")
    levels: dict[Hex, int] = {}
    for row, line in enumerate(m["levels"]):
        for col, ch in enumerate(line):
            if ch not in "012":
                raise DataError(f"map level {ch!r} at [{col}, {row}] is not 0, 1 or 2")
            levels[axial(col, row)] = int(ch)
    terrain = {}
    for t in doc["terrain"]:
        v = _marked(t, f"terrain {t.get('id')}")
        terrain[t["id"]] = TerrainKind(t["id"], v["name"], tuple(tuple(h) for h in v["shape"]),
                                       v["height"])
    heroes = {}
    for h in doc["heroes"]:
        where = f"hero {h.get('id')}"
        v = _marked(h, where)
        weapons = tuple(Weapon(w["name"], w["range"], tuple(w["grid"]))
                        for w in (_marked(x, where + " weapon") for x in h["weapons"]))
        abilities = tuple(Ability(id=a["id"], **{k: x for k, x in _marked(a, where + " ability").items() if k != "id"})
                          for a in h.get("abilities", []))
        heroes[h["id"]] = HeroSheet(h["id"], v["name"], v["speed"], v["hp"], v["lifesteal"],
                                    v["regeneration"], weapons, abilities)
    d = Data(
        raw=raw, rounds=meta["rounds"], terrain_each=meta["terrain_each"],
        heroes_each=meta["heroes_each"], deal_defender=meta["deal_defender"],
        deal_attacker=meta["deal_attacker"], levels=levels, hexes=tuple(sorted(levels)),
        route=tuple(axial(*x) for x in m["route"]), checkpoints=tuple(m["checkpoints"]),
        attacker_spawn=tuple(axial(*x) for x in m["attacker_spawn"]),
        defender_spawns=tuple(tuple(axial(*x) for x in z) for z in m["defender_spawns"]),
        terrain=terrain, heroes=heroes,
    )
    validate(d)
    return d


def validate(d: Data) -> None:
    """Raise DataError naming the first rule the data breaks."""
    route = d.route
    if not 15 <= len(route) <= 25:
        raise DataError(f"the payload route has {len(route)} hexes, not 15-25")
    if len(set(route)) != len(route):
        raise DataError("the payload route visits a hex twice")
    for a, b in zip(route, route[1:]):
        if distance(a, b) != 1:
            raise DataError(f"route hexes {a} and {b} are not adjacent")
    for h in route:
        if h not in d.levels:
            raise DataError(f"route hex {h} is off the map")
    cps = d.checkpoints
    if len(cps) != 2 or not 0 < cps[0] < cps[1] < len(route) - 1:
        raise DataError("two checkpoints are needed, strictly between the start and the end")
    if len(d.defender_spawns) != 2:
        raise DataError("the defender needs two spawn points to choose from")
    zones = [d.attacker_spawn, *d.defender_spawns]
    seen: set[Hex] = set()
    for zone in zones:
        if len(zone) <= d.heroes_each:   # its heroes and one barrier of their own
            raise DataError(f"a spawn point of {len(zone)} hexes cannot hold {d.heroes_each} "
                            f"heroes and a barrier")
        for h in zone:
            if h not in d.levels:
                raise DataError(f"spawn hex {h} is off the map")
            if h in route:
                raise DataError(f"spawn hex {h} is on the payload route")
            if h in seen:
                raise DataError(f"spawn hex {h} is in two spawn points")
            seen.add(h)
    if len(d.heroes) != d.deal_defender + d.deal_attacker:
        raise DataError(f"{len(d.heroes)} hero sheets; the draft deals "
                        f"{d.deal_defender} + {d.deal_attacker}")
    for sheet in d.heroes.values():
        if sheet.speed < 1 or sheet.hp < 1 or not sheet.weapons:
            raise DataError(f"{sheet.id} needs speed, HP and a main weapon")
        for w in sheet.weapons:
            if len(w.grid) != w.range or min(w.grid) < 1:
                raise DataError(f"{sheet.id} {w.name}: the grid needs one positive damage per "
                                f"distance 1..{w.range}")
        for a in sheet.abilities:
            if a.effect not in EFFECTS:
                raise DataError(f"{sheet.id} {a.id}: unknown effect {a.effect!r}")
            if a.cooldown < 1:
                raise DataError(f"{sheet.id} {a.id}: an activated ability needs a cooldown")
    for t in d.terrain.values():
        if t.height not in (1, 2) or (0, 0) not in t.shape:
            raise DataError(f"terrain {t.id}: height 1 or 2, shape containing [0, 0]")
