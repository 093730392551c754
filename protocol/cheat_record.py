"""The record of a proven cheat: the signed shares that stopped a match, kept as the last item
of its match file (FORMAT.md, "A match stopped by a proven cheat").

A node that stops a match for a cheat its checks prove (an illegal move, a bad reveal, two
shares for one slot...) appends the proof item {"t": "proof", "evidence": [share frames]} after
its last entry: the honest players keep the proof, `verify` names the cheater from it, and the
match is over for good (a resume refuses it: the log cannot go on past a cheat without erasing
it). The item holds nothing unsigned: who cheated, how and at which entry are judged again by
every reader (`judge`), on the log the file holds.

Invariants:
- only a share its author signed (for this match) can convict, and only that author: a share
  that fails its signature, names another match, or breaks no rule convicts nobody, whatever
  the item claims;
- a single share convicts only on the file's own history: a share for the next entry, built on
  the file's last entry (its `prev`), that breaks a rule there; or a share for a logged entry,
  on the same history, that is not that entry's own (a claim or choice out of place, or a second
  share of its author: equivocation). A share built on another history proves nothing (a fork,
  or a node that was behind);
- two different shares one key signed for one slot convict their signer anywhere;
- the faults that convict are CHEATS: those a signed part proves by itself. A state mismatch is
  not among them: two honest builds that diverge meet it, and nodes compare states rather than
  convict (protocol.log);
- `record` writes an item only when `judge` finds a cheat in the fault's evidence, so every
  item a node writes convicts when read back, and fits one item (codec.MAX_FRAME).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import player_name

from .codec import MAX_FRAME, CodecError, decode, encode
from .faults import AUTHORED_FAULTS, Fault, check_equivocation
from .frames import Share, read_frame, shares_of
from .kinds import KEY
from .log import Ledger
from .messages import is_proof, make_proof

__all__ = ["CHEATS", "judge", "record", "read"]

# Proven by signed parts alone, on the history before them (see the module docstring). A
# wrong-author judged here is a share whose signature verified, for the next entry on this
# history, by a seat the slot does not admit: its signer's own word, unlike an entry's author
# list (which is why AUTHORED_FAULTS leaves it out).
CHEATS = AUTHORED_FAULTS | {"equivocation", "wrong-author"}


def record(ledger: Ledger | None, fault: Fault) -> bytes | None:
    """The proof item to keep after the last entry of `ledger` for `fault` (a fault a session
    stopped at), or None when its evidence proves no cheat there (a dispute, a bad signature,
    a node timed out, a state mismatch...)."""
    if ledger is None or not fault.evidence:
        return None
    proven = judge(ledger, fault.evidence)
    if proven is None:
        return None
    item = encode(make_proof(proven.evidence))
    return item if len(item) <= MAX_FRAME else None


def judge(ledger: Ledger, evidence: list[bytes] | tuple[bytes, ...]) -> Fault | None:
    """The cheat the signed shares among `evidence` prove against their signer on `ledger`'s
    log (the fault, its seats, the entry, and the frames that prove it), or None."""
    shares = [m for raw in evidence if (m := _signed(ledger, raw)) is not None]
    for a, b in combinations(shares, 2):
        if check_equivocation(ledger.keys, ledger.match_id, a.raw, b.raw) is not None:
            return _two_shares(a, a.raw, b.raw)
    for m in shares:
        fault = _breaks(ledger, m)
        if fault is not None:
            return fault
    return _one_key_twice(ledger, shares)


def _signed(ledger: Ledger, raw: bytes) -> Share | None:
    """`raw` read, when it is a share of this match its author's key signed."""
    try:
        m = read_frame(raw)
    except CodecError:
        return None
    if not isinstance(m, Share) or m.author >= ledger.n or m.match != ledger.match_id:
        return None
    return m if m.signed_by(ledger.keys[m.author]) else None


def _two_shares(m: Share, a: bytes, b: bytes) -> Fault:
    return Fault("equivocation", (m.author,), f"two different shares signed for entry {m.seq}",
                 m.seq, (a, b))


def _breaks(ledger: Ledger, m: Share) -> Fault | None:
    """The rule `m` (signed by its author) breaks on the ledger's history, if it is a cheat."""
    if m.seq == ledger.seq and m.prev == ledger.head and not ledger.over:
        try:
            ledger.check_share(m)
        except Fault as f:
            return _convicting(f, m.raw, m.author)
        return None
    if not 1 <= m.seq < ledger.seq or not ledger.on_history(m):
        return None
    for own in shares_of(ledger.entry(m.seq)):
        if own.author == m.author and own.pool == m.pool:
            return None if own.raw == m.raw else _two_shares(m, own.raw, m.raw)
    try:
        ledger.check_late_share(m)
    except Fault as f:
        return _convicting(f, m.raw, m.author)
    return None


def _convicting(fault: Fault, raw: bytes, author: int) -> Fault | None:
    """`fault`, found in `raw`, with it as its proof when it is a cheat of `author` alone."""
    return fault.proven_by(raw, author) if fault.kind in CHEATS and fault.seats == (author,) \
        else None


def _one_key_twice(ledger: Ledger, shares: list[Share]) -> Fault | None:
    """Two key holders' key shares for the next entry giving one key (each part valid alone):
    both know its scalar, `bad-key` of both (as protocol.hiddenlog finds it in a whole entry)."""
    by_key: dict[bytes, list[Share]] = {}
    for m in shares:
        if m.kind == KEY and m.seq == ledger.seq and m.prev == ledger.head \
                and not ledger.over and _holds(ledger, m):
            by_key.setdefault(m.part["key"], []).append(m)
    for same in by_key.values():
        seats = sorted({m.author for m in same})
        if len(seats) > 1:
            who = " and ".join(map(player_name, seats))
            return Fault("bad-key", tuple(seats), f"{who} gave one key: each knows its scalar",
                         ledger.seq, tuple(m.raw for m in same))
    return None


def _holds(ledger: Ledger, m: Share) -> bool:
    try:
        ledger.check_share(m)
    except Fault:
        return False
    return True


def read(items: list[bytes]) -> tuple[list[bytes], Any]:
    """A match file's items split into (genesis and entries, its proof item decoded or None):
    a proof item is only ever the last."""
    if len(items) > 1 and is_proof(decode(items[-1])):
        return items[:-1], decode(items[-1])
    return items, None
