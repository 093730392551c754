"""Loads data.toml into read-only tables; every value keeps its verified/house mark in the file."""
from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

DATA_FILE = Path(__file__).with_name("data.toml")
FACES = ("coins", "green_shell", "red_shell", "pow", "blooper")


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    kind: str
    name: str
    set: int = 0
    price: int = 0
    rent: int = 0
    points: int = 0


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
        return hashlib.sha256(self.raw).digest()

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
    raw = path.read_bytes()
    doc = tomllib.loads(raw.decode("utf-8"))
    v = lambda e, k: e[k]["value"]  # noqa: E731
    meta = {k: (tuple(x["value"]) if isinstance(x["value"], list) else x["value"])
            for k, x in doc["meta"].items()}
    spaces = []
    for e in doc["spaces"]:
        kind = v(e, "kind")
        extra = {k: v(e, k) for k in ("set", "price", "rent", "points")} if kind == "property" else {}
        spaces.append(Space(index=e["index"], kind=kind, name=v(e, "name"), **extra))
    bosses = {e["number"]: Boss(e["number"], v(e, "name"), v(e, "cost"), v(e, "cost_to"),
                                v(e, "need"), v(e, "points"), v(e, "bonus")) for e in doc["bosses"]}
    chars = {c["id"]: Character(c["id"], v(c, "name"), v(c, "boost"), v(c, "box"))
             for c in doc["characters"]}
    return Data(raw=raw, meta=meta, numbers={k: x["value"] for k, x in doc["numbers"].items()},
                spaces=tuple(sorted(spaces, key=lambda s: s.index)), bosses=bosses,
                characters=chars)
