"""Loads data.toml into read-only tables; every value keeps its verified/house mark."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import gamedata
from ..gamedata import PrintedSpace as Space
from ..gamedata import value as _value

DATA_FILE = Path(__file__).with_name("data.toml")
ROLES = ("damage", "tank", "support")


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    role: str
    leader: bool


@dataclass(frozen=True, slots=True)
class Data:
    raw: bytes
    board_size: int
    start_hp: int
    hp_cap: int
    go_hp: int
    jail_fee: int
    jail_space: int
    elimination_hp: int
    play_of_the_game: int
    loot_boxes_by_players: tuple[int, ...]
    loot_box_points: tuple[int, ...]
    unopened_loot_box_points: int
    ability_die: tuple[str, ...]
    spaces: tuple[Space, ...]
    characters: dict[str, Character]

    @property
    def digest(self) -> bytes:
        return gamedata.digest(self.raw)

    def leaders(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters.values() if c.leader)

    def heroes(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters.values() if not c.leader)

    def role(self, cid: str) -> str:
        return self.characters[cid].role

    def set_spaces(self, set_no: int) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == "objective" and s.set == set_no)


def load(path: Path = DATA_FILE) -> Data:
    raw, doc = gamedata.read(path)
    meta = gamedata.values(doc["meta"])
    chars = {c["id"]: Character(c["id"], _value(c, "name"), _value(c, "role"), _value(c, "leader"))
             for c in doc["characters"]}
    return Data(
        raw=raw,
        board_size=meta["board_size"], start_hp=meta["start_hp"], hp_cap=meta["hp_cap"],
        go_hp=meta["go_hp"], jail_fee=meta["jail_fee"], jail_space=meta["jail_space"],
        elimination_hp=meta["elimination_hp"], play_of_the_game=meta["play_of_the_game"],
        loot_boxes_by_players=tuple(meta["loot_boxes_by_players"]),
        loot_box_points=tuple(meta["loot_box_points"]),
        unopened_loot_box_points=meta["unopened_loot_box_points"],
        ability_die=tuple(meta["ability_die"]),
        spaces=gamedata.printed_spaces(doc, "objective"),
        characters=chars,
    )
