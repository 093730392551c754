"""The plain data a game's own screens draw with (board spaces, characters), as the node's
control API sends it ({"cmd": "glossary"}); a replay gets the same from the cli command.

Reading it never fails on a missing entry: a screen shows the id it was given instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Glossary:
    spaces: list[dict] = field(default_factory=list)
    characters: dict[str, dict] = field(default_factory=dict)
    scoring: str = ""    # how the final score is made, in the game's words
    tables: dict = field(default_factory=dict)   # a game's other named data (bosses, decks)

    @classmethod
    def of(cls, data: dict | None) -> "Glossary":
        data = data or {}
        return cls(list(data.get("spaces") or []), dict(data.get("characters") or {}),
                   str(data.get("scoring") or ""),
                   {k: v for k, v in data.items() if k not in ("spaces", "characters", "scoring")})

    def table(self, name: str) -> dict:
        """One of the game's other tables by name ({} when the node sent none)."""
        found = self.tables.get(name)
        return found if isinstance(found, dict) else {}

    def word(self, name: str, default: str = "") -> str:
        """A single word the game names a thing by (its currency: "coins", "webs")."""
        found = self.tables.get(name)
        return found if isinstance(found, str) else default

    def space(self, i: int) -> dict:
        return self.spaces[i] if 0 <= i < len(self.spaces) else \
            {"name": f"space {i}", "kind": "", "price": 0, "rent": 0, "points": 0}

    def space_name(self, i: int) -> str:
        return self.space(i)["name"]

    def char(self, cid: str) -> str:
        return self.characters.get(cid, {}).get("name", cid)

    def role(self, cid: str) -> str:
        return self.characters.get(cid, {}).get("role", "?")

    def help(self, cid: str) -> list[str]:
        return self.characters.get(cid, {}).get("help") or \
            [f"(no character guide entry for {cid})"]
