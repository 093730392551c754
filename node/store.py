"""Where a node keeps a match: the match file (genesis, then entries, each synced on append)
and a small JSON note of how to reach the other players again after a restart."""
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
        self.meta_path = self.dir / f"{match_id.hex()[:16]}.json"
        self.count = 0

    def start(self, genesis: bytes, meta: dict) -> None:
        matchfile.write_file(self.path, [genesis])
        self.count = 1
        tmp = self.meta_path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(meta, indent=1, sort_keys=True))
        os.replace(tmp, self.meta_path)

    def append(self, entry: bytes) -> None:
        # Synced before the node sends anything that builds on it (see node.runtime).
        matchfile.append_entry(self.path, entry)
        self.count += 1
