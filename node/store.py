"""Where a node keeps a match: the match file (genesis, then entries, each synced on append)
and a small JSON note beside it: our seat, how to reach the other players again after a
restart, and whether the game has ended."""
from __future__ import annotations

import json
import os
from pathlib import Path

from protocol import matchfile


class MatchStore:
    def __init__(self, home: Path, match_id: bytes) -> None:
        self.dir = Path(home) / "matches"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.match_id = match_id
        self.path = self.dir / f"{match_id.hex()[:16]}.match"
        self.meta_path = self.path.with_suffix(".json")
        self.count = 0
        self.meta: dict = {}

    @classmethod
    def open(cls, home: Path, path: Path) -> "MatchStore":
        """An existing match, to resume it."""
        self = cls.__new__(cls)
        self.dir, self.path = path.parent, path
        self.meta_path = path.with_suffix(".json")
        self.meta = json.loads(self.meta_path.read_text())
        self.count = sum(1 for _ in matchfile.read_items(path.read_bytes()))
        self.match_id = b""
        return self

    def start(self, genesis: bytes, meta: dict) -> None:
        matchfile.write_file(self.path, [genesis])
        self.count = 1
        self._write_meta(meta)

    def append(self, entry: bytes) -> None:
        # Synced before the node sends anything that builds on it (see node.runtime).
        matchfile.append_entry(self.path, entry)
        self.count += 1

    def save_unlogged(self, frames: list[bytes]) -> None:
        """Our signed frames not yet in the log (a move, a timeout claim): kept before they are
        sent, so a restart sends the same ones again instead of signing different ones."""
        matchfile.write_file(self.path.with_suffix(".unlogged"), frames)

    def load_unlogged(self) -> list[bytes]:
        path = self.path.with_suffix(".unlogged")
        if not path.exists():
            return []
        return [raw for _, raw, _ in matchfile.read_items(path.read_bytes())]

    def finish(self, meta: dict) -> None:
        self._write_meta(meta)

    def _write_meta(self, meta: dict) -> None:
        self.meta = meta
        tmp = self.meta_path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(meta, indent=1, sort_keys=True))
        os.replace(tmp, self.meta_path)
