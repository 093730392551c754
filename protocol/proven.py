"""Checks found to pass, remembered so that the same check is not made twice (bounded).

A signature or a proof is checked when its share arrives, again when a restart or a catch-up
replays the log, and once more by `verify`; nodes sharing a process (a host's bots, the
in-memory matches) each check the same ones. The checks are pure functions of their inputs, so
a key naming all of those inputs that passed once passes again.

Invariants:
- only passes are remembered: a failing input is always checked in full;
- a key names every input its check reads, unambiguously (a tuple of byte strings, or a digest
  of a canonical encoding), so a remembered key vouches for those exact inputs only;
- at most `limit` keys are held; a full memo is emptied (cheap, and never wrong).
"""
from __future__ import annotations

from typing import Hashable


_memos: list["Passed"] = []   # every memo made (module globals, a few): forget_all empties them


def forget_all() -> None:
    """Empty every memo of passed checks: benches time the real checks, and a test of a memo
    starts from nothing."""
    for memo in _memos:
        memo.clear()


class Passed:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._keys: set[Hashable] = set()
        _memos.append(self)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._keys

    def add(self, key: Hashable) -> None:
        # a key held already is not added again: at the limit that would empty the memo
        if key not in self._keys and len(self._keys) >= self.limit:
            self._keys.clear()
        self._keys.add(key)

    def clear(self) -> None:
        """Forget every pass (benches time the real checks)."""
        self._keys.clear()
