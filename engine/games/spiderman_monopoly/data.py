"""Loads data.toml into read-only tables; every value keeps its verified/house mark there."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import gamedata
from ..gamedata import value as _v

DATA_FILE = Path(__file__).with_name("data.toml")
PROPERTY_KINDS = ("villain", "alliance")


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    kind: str       # go, villain, alliance, spider_sense, daily_bugle, subway, jail,
    name: str       # free_parking, go_to_jail
    set: int = 0
    colour: str = ""
    price: int = 0
    rents: tuple[int, ...] = ()   # base, full set, 1..4 Tracers, Bot
    tracer_cost: int = 0
    bot_cost: int = 0

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str
    text: str
    effect: tuple


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Data:
    raw: bytes
    board_size: int
    start_webs: int
    go_webs: int
    jail_fee: int
    jail_space: int
    jail_turns: int
    tracers: int
    bots: int
    max_tracers: int
    bank_webs: int
    auction_start: int
    miles_webs: int
    small_power_webs: int
    alliance_multipliers: tuple[int, ...]
    turn_limit: int
    spaces: tuple[Space, ...]
    cards: dict[str, Card]
    heroes: tuple[Hero, ...]
    # set number -> its villains in board order; set_spaces is asked for on every option list
    # (tradeable, placements), so it is computed once here, not by scanning the board each time
    sets: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def digest(self) -> bytes:
        return gamedata.digest(self.raw)

    def set_spaces(self, set_no: int) -> tuple[int, ...]:
        return self.sets.get(set_no, ())

    def deck(self, name: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.deck == name)

    def hero(self, hid: str) -> Hero:
        return next(h for h in self.heroes if h.id == hid)

    @property
    def properties(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.is_property)

    @property
    def alliances(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == "alliance")

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == kind)


def load(path: Path = DATA_FILE) -> Data:
    raw, doc = gamedata.read(path)
    meta = gamedata.values(doc["meta"])
    spaces = []
    for e in doc["spaces"]:
        kind = _v(e, "kind")
        extra: dict = {}
        if kind == "villain":
            extra = {k: _v(e, k) for k in ("set", "colour", "price", "tracer_cost", "bot_cost")}
            extra["rents"] = tuple(_v(e, "rents"))
        elif kind == "alliance":
            extra = {"price": _v(e, "price")}
        spaces.append(Space(index=e["index"], kind=kind, name=_v(e, "name"), **extra))
    cards = {c["id"]: Card(c["id"], c["deck"], _v(c, "text"), tuple(_v(c, "effect")))
             for c in doc["cards"]}
    heroes = tuple(Hero(h["id"], _v(h, "name"), _v(h, "text")) for h in doc["heroes"])
    spaces.sort(key=lambda s: s.index)
    sets: dict[int, tuple[int, ...]] = {}
    for s in spaces:
        if s.kind == "villain":
            sets[s.set] = sets.get(s.set, ()) + (s.index,)
    return Data(
        raw=raw, board_size=meta["board_size"], start_webs=meta["start_webs"],
        go_webs=meta["go_webs"], jail_fee=meta["jail_fee"], jail_space=meta["jail_space"],
        jail_turns=meta["jail_turns"], tracers=meta["tracers"], bots=meta["bots"],
        max_tracers=meta["max_tracers"], bank_webs=meta["bank_webs"],
        auction_start=meta["auction_start"], miles_webs=meta["miles_webs"],
        small_power_webs=meta["small_power_webs"],
        alliance_multipliers=tuple(meta["alliance_multipliers"]), turn_limit=meta["turn_limit"],
        spaces=tuple(spaces), cards=cards, heroes=heroes, sets=sets,
    )
