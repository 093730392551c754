"""Reading a game's data.toml. Every value there carries its source, `{ value = ..., source =
"verified" | "house" }` (see each file's header), so a printed value can replace a house one in
the file alone; the rules read only the values. The raw bytes make the data's digest.
"""
from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def read(path: Path) -> tuple[bytes, dict]:
    """The file's bytes (for the digest) and its parsed document."""
    raw = path.read_bytes()
    return raw, tomllib.loads(raw.decode("utf-8"))


def value(entry: dict, key: str) -> Any:
    """The value of a field, without its source mark."""
    return entry[key]["value"]


def values(table: dict) -> dict:
    """Every value of a table such as [meta], without the source marks."""
    return {k: v["value"] for k, v in table.items()}


def digest(raw: bytes) -> bytes:
    return hashlib.sha256(raw).digest()


@dataclass(frozen=True, slots=True)
class PrintedSpace:
    """A board space of the games whose properties have one printed rent and a points value
    (Mario, Overwatch); set, price, rent and points are 0 on other spaces."""
    index: int
    kind: str
    name: str
    set: int = 0
    price: int = 0
    rent: int = 0
    points: int = 0


def printed_spaces(doc: dict, property_kind: str) -> tuple[PrintedSpace, ...]:
    """The [[spaces]] of `doc` in board order; those of `property_kind` with their numbers."""
    spaces = []
    for e in doc["spaces"]:
        kind = value(e, "kind")
        extra = ({k: value(e, k) for k in ("set", "price", "rent", "points")}
                 if kind == property_kind else {})
        spaces.append(PrintedSpace(index=e["index"], kind=kind, name=value(e, "name"), **extra))
    return tuple(sorted(spaces, key=lambda s: s.index))
