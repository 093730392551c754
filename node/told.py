"""What each state-changing entry did, kept so a screen can tell it entry by entry.

A screen fetches the state when it can, and several entries may have been appended since the
last fetch: a difference between the two states it saw merges their effects (a turn's header
written before the previous player's moves, a roll overwritten by the next one). The node keeps
the states around each entry instead, and a screen asks what happened since the entry count it
last saw ("since" of the control API's `state`).

Invariants kept here:
- One record per state-changing entry this node applied live (not those replayed on resume
  or caught up from a peer: recording starts again after them, `start`), in log order; the
  last KEEP are kept.
- A record holds the game states around its entry (states are never changed once made) and is
  worded only when asked (node.words.told): a bot node pays nothing for words nobody reads.
- `since(n)` answers only when it holds every record of an entry numbered n or later; else None
  (the screen then falls back on the difference of two states).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

KEEP = 256


@dataclass(frozen=True)
class Record:
    seq: int        # the entry's place in the log (the genesis is 0, the first entry 1)
    kind: str       # "move", "reveal", "open", "draw", ...
    before: Any     # the game state before the entry
    after: Any      # ... and after it
    move: Any       # the move of a "move" entry, else None


class Told:
    def __init__(self) -> None:
        self.records: deque[Record] = deque(maxlen=KEEP)
        self.known_from: int | None = None   # entries from this seq on are all recorded

    def start(self, seq: int) -> None:
        """Every entry from `seq` on will be recorded (a match starting: none was before)."""
        self.records.clear()
        self.known_from = seq

    def record(self, seq: int, kind: str, before: Any, after: Any, move: Any = None) -> None:
        if before is None or after is None:
            return
        if self.known_from is None or (self.records and before is not self.records[-1].after):
            # nothing said where recording began, or a state this node never recorded: the
            # entries before this one were applied unseen
            self.known_from = seq
        elif len(self.records) == KEEP:
            self.known_from = self.records[0].seq + 1
        self.records.append(Record(seq, kind, before, after, move))

    def next_seq(self, ledger_seq: int) -> int:
        """The `since` that asks for what comes after what is recorded now (`ledger_seq`: the
        log's entry count, for a node that has recorded nothing)."""
        if self.records:
            return self.records[-1].seq + 1
        return ledger_seq if self.known_from is None else self.known_from

    def since(self, n: int) -> list[Record] | None:
        """The records of the entries numbered `n` and later, oldest first; None when some of
        them are not held."""
        if self.known_from is None or n < self.known_from:
            return None
        return [r for r in self.records if r.seq >= n]

    def last(self, count: int) -> list[Record]:
        """The last `count` records, oldest first."""
        return list(self.records)[-count:] if count > 0 else []
