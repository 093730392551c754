"""Loads data.toml into read-only tables; every value keeps its verified/house mark in the file."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import gamedata
from ..gamedata import PrintedSpace as Space

DATA_FILE = Path(__file__).with_name("data.toml")
FACES = ("coins", "green_shell", "red_shell", "pow", "blooper")


@dataclass(frozen=True, slots=True)
class Boss:
    number: int
    name: str
    cost: int
    cost_to: str      # "bank" or "card"
    need: int         # the number die must show at least this
    points: int
    bonus: str


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    boost: str        # the power-up die face this character boosts
    box: str          # "base" or "pack"


@dataclass(frozen=True, slots=True)
class Data:
    raw: bytes
    meta: dict
    numbers: dict
    spaces: tuple[Space, ...]
    bosses: dict[int, Boss]
    characters: dict[str, Character]

    def __getattr__(self, name: str):
        # meta values read as attributes: data.go_coins, data.jail_fee, ...
        try:
            return self.meta[name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def digest(self) -> bytes:
        return gamedata.digest(self.raw)

    def n(self, key: str) -> int:
        return self.numbers[key]

    def boss_deck(self, players: int) -> list[int]:
        return list(self.meta[f"boss_deck_{players}"])

    def set_spaces(self, set_no: int) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == "property" and s.set == set_no)

    def kind_spaces(self, kind: str) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == kind)

    def character_ids(self) -> tuple[str, ...]:
        return tuple(self.characters)


def load(path: Path = DATA_FILE) -> Data:
    raw, doc = gamedata.read(path)
    v = gamedata.value
    meta = {k: (tuple(x) if isinstance(x, list) else x)
            for k, x in gamedata.values(doc["meta"]).items()}
    bosses = {e["number"]: Boss(e["number"], v(e, "name"), v(e, "cost"), v(e, "cost_to"),
                                v(e, "need"), v(e, "points"), v(e, "bonus")) for e in doc["bosses"]}
    chars = {c["id"]: Character(c["id"], v(c, "name"), v(c, "boost"), v(c, "box"))
             for c in doc["characters"]}
    return Data(raw=raw, meta=meta, numbers=gamedata.values(doc["numbers"]),
                spaces=gamedata.printed_spaces(doc, "property"), bosses=bosses,
                characters=chars)
