"""Where a proof belongs, and every value derived from a hash: bindings, challenges, secrets.

Invariants:
- Every hash input is the canonical CBOR of a list that starts with DOMAIN and a label naming
  its use, so no two uses can collide and no field can slide into its neighbour.
- A proof's binding is the hash of (kind, match, seq, deck, position, seat): the prover's seat
  and the slot of the log it was made for. Every challenge hashes the binding, so a proof moved
  to another match, slot or seat no longer holds, and the binding it carries says so first.
- Secrets are HMACs keyed by the player's identity seed (as `randomness.chain_secret` derives
  the dice chain), then keyed by the per-match PRF key: a restarted node derives the same key,
  the same shuffle for a slot, and the same proof nonces. A nonce also hashes the whole statement
  it proves, so two different statements never share one.
- `expand` is public: from a 32-byte seed, anyone derives the same permutation (the engine's
  Fisher–Yates, `engine.chance.draw`) and the same non-zero scalars.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from engine.chance import Chance, draw

from ..codec import encode
from . import group
from .errors import BadEncoding

__all__ = ["DOMAIN", "Slot", "binding", "public_scalar", "key_material",
           "secret_scalar", "secret_seed", "expand", "digest"]

DOMAIN = "lanboard/hidden/1"
_MAX_TEXT = 64


@dataclass(frozen=True, slots=True)
class Slot:
    """Where in a match a proof belongs.

    match: the match id (for a key proof made before the id exists: the genesis nonce);
    seq: the log sequence number the proof is made for; deck and position: which deck and which
    card of it ("" and 0 where they do not apply).
    """

    match: bytes
    seq: int = 0
    deck: str = ""
    position: int = 0

    def __post_init__(self) -> None:
        if type(self.match) is not bytes or not 1 <= len(self.match) <= 64:
            raise BadEncoding("a slot's match must be 1..64 bytes")
        for name in ("seq", "position"):
            v = getattr(self, name)
            if type(v) is not int or not 0 <= v < 1 << 63:
                raise BadEncoding(f"a slot's {name} must be a non-negative integer")
        if type(self.deck) is not str or len(self.deck) > _MAX_TEXT:
            raise BadEncoding(f"a slot's deck must be text of at most {_MAX_TEXT} characters")


def _check_seat(seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < 256:
        raise BadEncoding("a seat must be an integer in [0, 255]")
    return seat


def binding(kind: str, slot: Slot, seat: int) -> bytes:
    """32 bytes naming the statement's kind, slot and prover."""
    _check_seat(seat)
    return hashlib.sha256(encode(
        [DOMAIN, kind, slot.match, slot.seq, slot.deck, slot.position, seat])).digest()


def digest(label: str, *parts: Any) -> bytes:
    return hashlib.sha256(encode([DOMAIN, label, *parts])).digest()


def _nonzero(wide_of) -> bytes:
    # a zero scalar comes with probability 2^-252; draw again rather than emit one
    counter = 0
    while True:
        s = group.reduce(wide_of(counter))
        if group.is_scalar(s):
            return s
        counter += 1


def public_scalar(label: str, *parts: Any) -> bytes:
    """A non-zero scalar anyone can compute: Fiat–Shamir challenges, the public masking."""
    return _nonzero(lambda i: hashlib.sha512(encode([DOMAIN, label, i, *parts])).digest())


def key_material(identity_seed: bytes, nonce: bytes) -> tuple[bytes, bytes]:
    """(ElGamal secret scalar, PRF key) for one match from the identity seed and genesis nonce."""
    if type(identity_seed) is not bytes or len(identity_seed) != 32:
        raise BadEncoding("an identity seed must be 32 bytes")
    if type(nonce) is not bytes or not 1 <= len(nonce) <= 64:
        raise BadEncoding("a match nonce must be 1..64 bytes")
    x = _nonzero(lambda i: hmac.new(identity_seed, encode([DOMAIN, "key", i, nonce]),
                                    hashlib.sha512).digest())
    prf = hmac.new(identity_seed, encode([DOMAIN, "prf", nonce]), hashlib.sha256).digest()
    return x, prf


def secret_scalar(prf: bytes, label: str, *parts: Any) -> bytes:
    return _nonzero(lambda i: hmac.new(prf, encode([DOMAIN, label, i, *parts]),
                                       hashlib.sha512).digest())


def secret_seed(prf: bytes, label: str, *parts: Any) -> bytes:
    return hmac.new(prf, encode([DOMAIN, label, *parts]), hashlib.sha256).digest()


def expand(seed: bytes, m: int) -> tuple[tuple[int, ...], list[bytes]]:
    """The permutation of range(m) and the m non-zero scalars a 32-byte seed stands for."""
    perm = draw(Chance("perm", (m,)), digest("perm", seed))
    stream = hashlib.shake_256(encode([DOMAIN, "scalars", seed]))
    need = 64 * m
    scalars: list[bytes] = []
    while len(scalars) < m:
        data = stream.digest(need)
        scalars = []
        for i in range(0, need, 64):
            s = group.reduce(data[i:i + 64])
            if group.is_scalar(s):
                scalars.append(s)
                if len(scalars) == m:
                    break
        need += 64
    return perm, scalars
