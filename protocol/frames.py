"""What a session takes in, typed: each frame decoded once, at the edge, into a frozen record.

    read_frame(bytes) -> Share | GenesisSig | Halt | Sections    (CodecError if it is none)
    shares_of(entry)  -> [Share, ...]                             (an entry's parts, as shares)

Invariants:
- A record is made only from a map protocol.messages has parsed exactly (every field present,
  of its type, nothing else), so nothing past this module looks at a field's type again.
- `Share.raw` is the frame's own bytes: the bytes its signature travelled in, which a node
  relays, keeps and hands on as evidence unchanged. For a share cut out of an entry it is the
  share map encoded (what FORMAT.md calls a share frame), made when first asked for.
- Records are never changed once made; two shares are the same share when their bytes are.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .codec import encode
from .identity import verify_signature
from .kinds import pool_of
from .messages import parse_wire, share_statement

__all__ = ["Share", "GenesisSig", "Halt", "Sections", "read_frame", "shares_of", "as_share"]


@dataclass(frozen=True, eq=False)
class Share:
    """One author's signed part of one entry of one match."""
    match: bytes
    seq: int
    prev: bytes
    kind: str
    author: int
    part: Any
    sig: bytes
    given: bytes | None = field(default=None, repr=False)   # the frame it came in, if any

    @cached_property
    def raw(self) -> bytes:
        return self.given if self.given is not None else encode(self.as_map())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Share) and self.raw == other.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    @property
    def pool(self) -> str:
        """SHARE, or CLAIM for a timeout claim (kinds.pool_of)."""
        return pool_of(self.kind)

    @property
    def place(self) -> tuple[int, int, str]:
        """(entry, author, pool): where this share goes; a second share there is equivocation."""
        return self.seq, self.author, self.pool

    def statement(self) -> bytes:
        return share_statement(self.match, self.seq, self.prev, self.kind, self.author,
                               self.part, decoded=self.given is not None)

    def signed_by(self, key: bytes) -> bool:
        return verify_signature(key, self.sig, self.statement())

    def as_map(self) -> dict:
        return {"t": "share", "match": self.match, "seq": self.seq, "prev": self.prev,
                "kind": self.kind, "author": self.author, "part": self.part, "sig": self.sig}


@dataclass(frozen=True)
class GenesisSig:
    genesis: bytes      # the hash of the genesis body signed
    seat: int
    sig: bytes


@dataclass(frozen=True)
class Halt:
    """A peer stopped the match: why, and the frames that made it stop (its evidence)."""
    seq: int
    kind: str
    seats: tuple[int, ...]
    reason: str
    evidence: tuple[bytes, ...]


@dataclass(frozen=True)
class Sections:
    """After a state mismatch: a peer's hashes of the parts of its state (diagnostic only)."""
    seq: int
    names: tuple[str, ...]
    hashes: tuple[bytes, ...]


def as_share(v: dict, raw: bytes | None = None) -> Share:
    """A parsed share map (or a share map this node made) as a record."""
    return Share(v["match"], v["seq"], v["prev"], v["kind"], v["author"], v["part"], v["sig"],
                 raw)


def read_frame(data: bytes) -> Share | GenesisSig | Halt | Sections:
    v = parse_wire(data)
    t = v["t"]
    if t == "share":
        return as_share(v, data)
    if t == "gsig":
        return GenesisSig(v["genesis"], v["seat"], v["sig"])
    if t == "halt":
        return Halt(v["seq"], v["kind"], tuple(v["seats"]), v["reason"], tuple(v["evidence"]))
    return Sections(v["seq"], tuple(v["names"]), tuple(v["hashes"]))


def shares_of(entry: dict) -> list[Share]:
    """The shares an entry was made of, in its author order."""
    return [Share(entry["match"], entry["seq"], entry["prev"], entry["kind"], a, p, s)
            for a, p, s in zip(entry["authors"], entry["parts"], entry["sigs"])]
