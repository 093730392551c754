"""ristretto255 (RFC 9496), from libsodium as `rbcl` bundles it: no curve code of our own.

The group of protocol 4's hidden cards: keys, card points, masking, shuffles and shares.

Invariants:
- Every point that `point()` accepts is the canonical 32-byte ristretto255 encoding of a group
  element other than the identity. Decoding is the whole check: the group has prime order L,
  so there is no subgroup or torsion to test (libsodium's `is_valid_point` is the decoding);
  two things it lets through are refused here by name: the identity (32 zero bytes), and an
  encoding with its top bit set, which RFC 9496 refuses (the value is then at least p) but
  libsodium decodes as the element of the other 255 bits: a second encoding of one element,
  which would let two different byte strings stand for one ciphertext or share. Received
  points go through `point()` (or `mul_received`, whose multiplication decodes them the same
  way, after the same top-bit test) before any other arithmetic touches them.
- Every scalar that `scalar()` accepts is canonical (below L, so it has one byte form) and
  non-zero. A checked scalar times a checked point is never the identity, the one result
  libsodium's `crypto_scalarmult_ristretto255` refuses besides an undecodable point: so checked
  inputs never make a multiplication fail, and a failure of `mul_received` is its point's.
- libsodium's multiplication does not clamp a scalar below L (checked at import: 1·P = P and
  2·P = P + P), whatever rbcl's docstring says; it clears only bit 255, zero below L.
- Scalars derived from hashes are `reduce(64 bytes)` (bias below 2^-250), zero refused by
  drawing again (protocol.hidden.transcript), so derivations never give a scalar `scalar()`
  refuses.
- Sums and differences may be the identity (an adversary can pick them); they are only hashed,
  compared, or added to (`msum` skips an identity term, which adds nothing).
- Hashing to the group is `from_hash(SHA-512(x))` (libsodium's crypto_core_ristretto255_from_
  hash: RFC 9496's one-way map, two Elligator maps added), never `from_uniform`.
- Validity is a function of the 32 bytes alone, so the points found valid are remembered (the
  points seen last, bounded): a key or a deck's ciphertext decoded once is not decoded again at
  every share or shuffle that uses it. Decoding costs an inverse square root, about a tenth of
  a multiplication.

Costs (rbcl 1.1.2, this kind of machine, unloaded): a multiplication ~60 us, by the base point
~18 us, an addition ~15 us (two decodings and an encoding: ristretto255 elements travel between
calls as bytes). libsodium has no multi-scalar multiplication, so a sum of products costs one
multiplication and one addition a term whatever order it is taken in.
"""
from __future__ import annotations

import hashlib
import os
import sys

import rbcl as _r

from ..proven import Passed
from .errors import BadEncoding, BadPoint, BadScalar


def _remove_rbcl_copy() -> None:
    """rbcl writes its bundled libsodium to a new temporary file at every import and never
    removes it (2.8 MB a process, hundreds a test run). Once loaded the file is not needed (a
    loaded library stays mapped after its name is removed, on every system lanboard runs on
    but Windows, where removing it fails and it is left as rbcl leaves it)."""
    path = getattr(sys.modules.get("rbcl._sodium"), "lib_path", None)
    if isinstance(path, str) and os.path.basename(path).startswith("tmp"):
        try:
            os.unlink(path)
        except OSError:
            pass


_remove_rbcl_copy()

__all__ = [
    "POINT_BYTES", "SCALAR_BYTES", "IDENTITY", "G", "point", "scalar", "is_scalar", "base_mul",
    "mul", "mul_received", "add", "sub", "msum", "reduce", "scalar_add", "scalar_sub",
    "scalar_mul", "scalar_neg", "from_hash", "hash_to_point",
]

POINT_BYTES = _r.crypto_core_ristretto255_BYTES
SCALAR_BYTES = _r.crypto_core_ristretto255_SCALARBYTES
IDENTITY = bytes(POINT_BYTES)
_ZERO = bytes(SCALAR_BYTES)
_PAD = bytes(_r.crypto_core_ristretto255_NONREDUCEDSCALARBYTES - SCALAR_BYTES)
_ONE = (1).to_bytes(SCALAR_BYTES, "little")
G = _r.crypto_scalarmult_ristretto255_base(_ONE)


def _no_clamping() -> bool:
    p = _r.crypto_core_ristretto255_from_hash(hashlib.sha512(b"lanboard/group/self-test").digest())
    two = (2).to_bytes(SCALAR_BYTES, "little")
    return (_r.crypto_scalarmult_ristretto255(_ONE, p) == p
            and _r.crypto_scalarmult_ristretto255(two, p) == _r.crypto_core_ristretto255_add(p, p))


if not _no_clamping():
    raise ImportError("this rbcl clamps ristretto255 scalars: protocol.hidden.group needs "
                      "multiplication by the scalar as given")


def _bytes(value: object, n: int, what: str) -> bytes:
    if type(value) is not bytes:
        raise BadEncoding(f"{what} must be {n} bytes, got {type(value).__name__}")
    if len(value) != n:
        raise BadEncoding(f"{what} must be {n} bytes, got {len(value)}")
    return value


# the points found valid (keys, the decks' ciphertexts, card points, commitments: a few
# thousand a match), bounded
_valid = Passed(1 << 13)


def _not_a_point(what: str) -> BadPoint:
    return BadPoint(f"{what} is not a ristretto255 element (not a canonical encoding, or the "
                    "identity)")


def point(value: object, what: str = "point") -> bytes:
    """`value` if it is a canonical ristretto255 encoding of a non-identity element, else
    BadEncoding / BadPoint."""
    p = _bytes(value, POINT_BYTES, what)
    if p in _valid:
        return p
    if p == IDENTITY or p[31] & 0x80 or not _r.crypto_core_ristretto255_is_valid_point(p):
        raise _not_a_point(what)
    _valid.add(p)
    return p


def is_scalar(value: bytes) -> bool:
    # canonical means reducing it changes nothing: L is never written down here
    return value != _ZERO and _r.crypto_core_ristretto255_scalar_reduce(value + _PAD) == value


def scalar(value: object, what: str = "scalar") -> bytes:
    """`value` if it is a canonical non-zero scalar, else BadEncoding / BadScalar."""
    v = _bytes(value, SCALAR_BYTES, what)
    if not is_scalar(v):
        raise BadScalar(f"{what} is zero or not below the group order (not canonical)")
    return v


def reduce(wide: bytes) -> bytes:
    """64 bytes to a scalar mod L (zero only with probability 2^-252; callers reject it)."""
    return _r.crypto_core_ristretto255_scalar_reduce(wide)


def base_mul(s: bytes) -> bytes:
    try:
        return _r.crypto_scalarmult_ristretto255_base(s)
    except RuntimeError:
        raise BadScalar("scalar times the base point is the identity (a zero scalar)") from None


def mul(s: bytes, p: bytes) -> bytes:
    """s·p; BadPoint if p is no encoding or the product is the identity (p the identity or s
    zero: neither happens for checked inputs)."""
    if p == G:
        return base_mul(s)   # the same product, three times faster (a fixed-base table)
    try:
        return _r.crypto_scalarmult_ristretto255(s, p)
    except RuntimeError:
        raise BadPoint("scalar times point is the identity or the point is no "
                       "ristretto255 encoding") from None


def mul_received(s: bytes, value: object, what: str = "point") -> tuple[bytes, bytes]:
    """(p, s·p) for a received point p not checked yet and a checked scalar s; BadEncoding /
    BadPoint as `point` gives. The multiplication decodes p as `point` does (and refuses the
    identity, whose product is the identity), so p is checked by the product the caller needs
    anyway, not decoded once more before it; after it, `point(p)` is a memo hit."""
    p = _bytes(value, POINT_BYTES, what)
    if p[31] & 0x80:   # libsodium would decode it (see the invariants)
        raise _not_a_point(what)
    try:
        product = _r.crypto_scalarmult_ristretto255(s, p)
    except RuntimeError:
        # s is a checked non-zero scalar, so only p can be at fault
        raise _not_a_point(what) from None
    _valid.add(p)
    return p, product


def add(p: bytes, q: bytes) -> bytes:
    return _r.crypto_core_ristretto255_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    return _r.crypto_core_ristretto255_sub(p, q)


def msum(pairs) -> bytes:
    """Σ s·P over (scalar, point) pairs, in order; a term whose point is the identity adds
    nothing (an identity may come from a sum an adversary chose, and libsodium refuses to
    multiply it)."""
    total = IDENTITY
    for s, p in pairs:
        if p != IDENTITY:
            total = mul(s, p) if total == IDENTITY else add(total, mul(s, p))
    return total


def scalar_add(a: bytes, b: bytes) -> bytes:
    return _r.crypto_core_ristretto255_scalar_add(a, b)


def scalar_sub(a: bytes, b: bytes) -> bytes:
    return _r.crypto_core_ristretto255_scalar_sub(a, b)


def scalar_mul(a: bytes, b: bytes) -> bytes:
    return _r.crypto_core_ristretto255_scalar_mul(a, b)


def scalar_neg(a: bytes) -> bytes:
    return _r.crypto_core_ristretto255_scalar_negate(a)


def from_hash(h: bytes) -> bytes:
    """libsodium's crypto_core_ristretto255_from_hash: 64 bytes to an element (RFC 9496's
    one-way map, two Elligator maps added)."""
    return _r.crypto_core_ristretto255_from_hash(_bytes(h, 64, "a hash to map"))


def hash_to_point(data: bytes) -> bytes:
    """from_hash(SHA-512(data)), refused if it is the identity (never seen: about 2^-252)."""
    return point(from_hash(hashlib.sha512(data).digest()), "a point hashed to the group")
