"""ristretto255 (RFC 9496) from libsodium through `rbcl`: the group protocol 4 is to use.

The same interface as `protocol.hidden.group` (point, scalar, base_mul, mul, add, sub, the
scalar arithmetic), so the shuffle proof and shares can move to it; protocol 3 still uses
`group` (Ed25519) until protocol 4 is wired in.

Invariants:
- Every point that `point()` accepts is the canonical 32-byte ristretto255 encoding of a group
  element other than the identity. Ristretto decoding is the whole check: the group has prime
  order, so there is no subgroup or torsion to test (libsodium's `is_valid_point` is the
  decoding); the identity (32 zero bytes) decodes and is refused here by name.
- Every scalar that `scalar()` accepts is canonical (below the group order L) and non-zero, so
  a checked scalar times a checked point is never the identity, the one result libsodium's
  `crypto_scalarmult_ristretto255` refuses.
- `rbcl`'s scalar multiplication does not clamp a scalar below L (checked at import: 1·P = P,
  2·P = P + P), whatever its docstring says.
- Sums and differences may be the identity; they are only hashed or compared, or multiplied by
  `mul_any`, which reports the identity as a failed check rather than an exception.
"""
from __future__ import annotations

import hashlib

import rbcl as _r

from .errors import BadEncoding, BadPoint, BadScalar

__all__ = ["POINT_BYTES", "SCALAR_BYTES", "IDENTITY", "G", "point", "scalar", "is_scalar",
           "base_mul", "mul", "add", "sub", "neg", "reduce", "scalar_add", "scalar_sub",
           "scalar_mul", "scalar_neg", "from_hash", "hash_to_point"]

POINT_BYTES = _r.crypto_core_ristretto255_BYTES
SCALAR_BYTES = _r.crypto_core_ristretto255_SCALARBYTES
IDENTITY = bytes(POINT_BYTES)
_ZERO = bytes(SCALAR_BYTES)
_PAD = bytes(_r.crypto_core_ristretto255_NONREDUCEDSCALARBYTES - SCALAR_BYTES)
_ONE = (1).to_bytes(SCALAR_BYTES, "little")
G = _r.crypto_scalarmult_ristretto255_base(_ONE)


def _no_clamping() -> bool:
    p = _r.crypto_core_ristretto255_from_hash(hashlib.sha512(b"lanboard/r255/self-test").digest())
    two = (2).to_bytes(SCALAR_BYTES, "little")
    return (_r.crypto_scalarmult_ristretto255(_ONE, p) == p
            and _r.crypto_scalarmult_ristretto255(two, p) == _r.crypto_core_ristretto255_add(p, p))


if not _no_clamping():
    raise ImportError("this rbcl clamps ristretto255 scalars: protocol.hidden.r255 needs "
                      "multiplication by the scalar as given")


def _bytes(value: object, n: int, what: str) -> bytes:
    if type(value) is not bytes:
        raise BadEncoding(f"{what} must be {n} bytes, got {type(value).__name__}")
    if len(value) != n:
        raise BadEncoding(f"{what} must be {n} bytes, got {len(value)}")
    return value


def point(value: object, what: str = "point") -> bytes:
    """`value` if it is a canonical ristretto255 encoding of a non-identity element."""
    p = _bytes(value, POINT_BYTES, what)
    if p == IDENTITY or not _r.crypto_core_ristretto255_is_valid_point(p):
        raise BadPoint(f"{what} is not a ristretto255 element (not a canonical encoding, or "
                       "the identity)")
    return p


def is_scalar(value: bytes) -> bool:
    return value != _ZERO and _r.crypto_core_ristretto255_scalar_reduce(value + _PAD) == value


def scalar(value: object, what: str = "scalar") -> bytes:
    v = _bytes(value, SCALAR_BYTES, what)
    if not is_scalar(v):
        raise BadScalar(f"{what} is zero or not below the group order (not canonical)")
    return v


def reduce(wide: bytes) -> bytes:
    """64 bytes to a scalar mod L."""
    return _r.crypto_core_ristretto255_scalar_reduce(wide)


def base_mul(s: bytes) -> bytes:
    try:
        return _r.crypto_scalarmult_ristretto255_base(s)
    except RuntimeError:
        raise BadScalar("scalar times the base point is the identity (a zero scalar)") from None


def mul(s: bytes, p: bytes) -> bytes:
    """s·p; BadPoint if p is no encoding or the product is the identity (p the identity or s
    zero: neither happens for checked inputs)."""
    try:
        return _r.crypto_scalarmult_ristretto255(s, p)
    except RuntimeError:
        raise BadPoint("scalar times point is the identity or the point is no "
                       "ristretto255 encoding") from None


def add(p: bytes, q: bytes) -> bytes:
    return _r.crypto_core_ristretto255_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    return _r.crypto_core_ristretto255_sub(p, q)


def neg(p: bytes) -> bytes:
    return _r.crypto_core_ristretto255_sub(IDENTITY, p)


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


def hash_to_point(domain: bytes) -> bytes:
    """from_hash(SHA-512(domain)), refused if it is the identity (never seen: 2^-252)."""
    return point(from_hash(hashlib.sha512(domain).digest()), "a hashed generator")
