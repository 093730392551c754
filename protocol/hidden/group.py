"""The prime-order group of Ed25519, from libsodium through PyNaCl: no curve code of our own.

Invariants:
- Every point that `point()` accepts is the canonical 32-byte encoding of a point of the
  prime-order subgroup other than the identity (libsodium's `is_valid_point` refuses
  non-canonical encodings, points of small order, the identity and points outside the main
  subgroup). Received points go through `point()` (or `mul_received`, whose multiplication
  makes the same checks) before any other arithmetic touches them.
- Every scalar that `scalar()` accepts is canonical (below the group order L, so it has one
  byte form) and non-zero. A non-zero scalar times an accepted point is never the identity,
  which is the one result libsodium's `*_noclamp` refuse for checked inputs: so checked inputs
  never make a multiplication fail.
- Scalars derived from hashes are `reduce(64 bytes)` (bias below 2^-250), with zero rejected
  by drawing again, so the secret and public derivations never produce a scalar `scalar()` refuses.
- Sums and differences may be the identity (an adversary can pick them); they are only ever
  hashed or compared, never multiplied.
- Validity is a function of the 32 bytes alone, so the points found valid (by
  `is_valid_point`, a full scalar multiplication: the subgroup check) are remembered for the
  points seen last: a key or a deck's ciphertext checked once is not multiplied out again at
  every share of it.
- libsodium's `scalarmult_ed25519_noclamp` checks its point as `is_valid_point` does
  (canonical, not of small order, on the curve, in the main subgroup; confirmed at import for
  each kind of bad point), so a received point whose first use is `mul_received` is checked by
  that multiplication, not once more before it (a decryption share, new at every draw: 33 us
  of the ~290 us of its check), and is remembered as valid from then on.
- The libsodium in use refuses a point of the prime-order subgroup plus the point of order 2,
  checked at import: libsodium builds before 2025-12-30 (PyNaCl < 1.6.2) accept it
  (CVE-2025-69277), which would let a peer slip a torsion component past `point()`.
"""
from __future__ import annotations

import nacl.bindings as _s
import nacl.exceptions

from ..proven import Passed
from .errors import BadEncoding, BadPoint, BadScalar

__all__ = [
    "POINT_BYTES", "SCALAR_BYTES", "point", "scalar", "is_scalar", "base_mul", "mul",
    "mul_received", "add",
    "sub", "reduce", "scalar_add", "scalar_sub", "scalar_mul", "from_uniform",
]

POINT_BYTES = _s.crypto_core_ed25519_BYTES
SCALAR_BYTES = _s.crypto_core_ed25519_SCALARBYTES
_WIDE = _s.crypto_core_ed25519_NONREDUCEDSCALARBYTES
_ZERO = bytes(SCALAR_BYTES)
_PAD = bytes(_WIDE - SCALAR_BYTES)


def _refuses_torsion() -> bool:
    g = _s.crypto_scalarmult_ed25519_base_noclamp((1).to_bytes(SCALAR_BYTES, "little"))
    order_2 = ((1 << 255) - 20).to_bytes(POINT_BYTES, "little")  # (0, -1): y = p - 1
    return not _s.crypto_core_ed25519_is_valid_point(_s.crypto_core_ed25519_add(g, order_2))


if not _refuses_torsion():
    raise ImportError("this libsodium accepts Ed25519 points outside the prime-order subgroup "
                      "(CVE-2025-69277): protocol.hidden needs PyNaCl 1.6.2 or later")


def _mul_refuses_what_point_refuses() -> bool:
    """Each kind of point `is_valid_point` refuses is refused by the multiplication too."""
    one = (1).to_bytes(SCALAR_BYTES, "little")
    g = _s.crypto_scalarmult_ed25519_base_noclamp(one)
    order_2 = ((1 << 255) - 20).to_bytes(POINT_BYTES, "little")
    identity = (1).to_bytes(POINT_BYTES, "little")
    bad = [identity, order_2, _s.crypto_core_ed25519_add(g, order_2),
           ((1 << 255) - 18).to_bytes(POINT_BYTES, "little"),   # y = p + 1: non-canonical
           bytes(POINT_BYTES),                                   # y = 0: order 4
           (2).to_bytes(POINT_BYTES, "little")]                  # y = 2: not on the curve
    for p in bad:
        if _s.crypto_core_ed25519_is_valid_point(p):
            return False   # the list no longer shows what it is meant to
        try:
            _s.crypto_scalarmult_ed25519_noclamp(one, p)
            return False
        except nacl.exceptions.CryptoError:
            pass
    return True


if not _mul_refuses_what_point_refuses():
    raise ImportError("this libsodium's Ed25519 multiplication accepts a point its "
                      "is_valid_point refuses: protocol.hidden.group.mul_received needs both alike")


def _bytes(value: object, n: int, what: str) -> bytes:
    if type(value) is not bytes:
        raise BadEncoding(f"{what} must be {n} bytes, got {type(value).__name__}")
    if len(value) != n:
        raise BadEncoding(f"{what} must be {n} bytes, got {len(value)}")
    return value


# the points found valid (keys, the decks' ciphertexts, card points, shares: a few thousand a
# match), bounded
_valid = Passed(1 << 13)


def _is_valid_point(p: bytes) -> bool:
    if p in _valid:
        return True
    if not _s.crypto_core_ed25519_is_valid_point(p):
        return False
    _valid.add(p)
    return True


def _not_a_point(what: str) -> BadPoint:
    return BadPoint(f"{what} is not a point of the prime-order group (non-canonical, small "
                    "order, the identity, or outside the main subgroup)")


def point(value: object, what: str = "point") -> bytes:
    """`value` if it is a valid group element, else BadEncoding / BadPoint."""
    p = _bytes(value, POINT_BYTES, what)
    if not _is_valid_point(p):
        raise _not_a_point(what)
    return p


def is_scalar(value: bytes) -> bool:
    # canonical means reducing it changes nothing: L is never written down here
    return value != _ZERO and _s.crypto_core_ed25519_scalar_reduce(value + _PAD) == value


def scalar(value: object, what: str = "scalar") -> bytes:
    """`value` if it is a canonical non-zero scalar, else BadEncoding / BadScalar."""
    v = _bytes(value, SCALAR_BYTES, what)
    if not is_scalar(v):
        raise BadScalar(f"{what} is zero or not below the group order (not canonical)")
    return v


def reduce(wide: bytes) -> bytes:
    """64 bytes to a scalar mod L (zero only with probability 2^-252; callers reject it)."""
    return _s.crypto_core_ed25519_scalar_reduce(wide)


def base_mul(s: bytes) -> bytes:
    try:
        return _s.crypto_scalarmult_ed25519_base_noclamp(s)
    except nacl.exceptions.CryptoError:
        raise BadScalar("scalar times the base point is the identity (a zero scalar)") from None


def mul(s: bytes, p: bytes) -> bytes:
    try:
        return _s.crypto_scalarmult_ed25519_noclamp(s, p)
    except nacl.exceptions.CryptoError:
        raise BadPoint("scalar times point is the identity (zero scalar or invalid point)") from None


def mul_received(s: bytes, value: object, what: str = "point") -> tuple[bytes, bytes]:
    """(p, s·p) for a received point p not checked yet and a checked scalar s; BadEncoding /
    BadPoint as `point` gives. The multiplication checks p (see the invariants), so p is
    checked by the product the caller needs anyway; after it, `point(p)` is a memo hit."""
    p = _bytes(value, POINT_BYTES, what)
    try:
        product = _s.crypto_scalarmult_ed25519_noclamp(s, p)
    except nacl.exceptions.CryptoError:
        # s is a checked non-zero scalar, so only p can be at fault
        raise _not_a_point(what) from None
    _valid.add(p)
    return p, product


def add(p: bytes, q: bytes) -> bytes:
    return _s.crypto_core_ed25519_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    return _s.crypto_core_ed25519_sub(p, q)


def scalar_add(a: bytes, b: bytes) -> bytes:
    return _s.crypto_core_ed25519_scalar_add(a, b)


def scalar_sub(a: bytes, b: bytes) -> bytes:
    return _s.crypto_core_ed25519_scalar_sub(a, b)


def scalar_mul(a: bytes, b: bytes) -> bytes:
    return _s.crypto_core_ed25519_scalar_mul(a, b)


def from_uniform(r: bytes) -> bytes:
    """A point of the main subgroup from 32 uniform bytes (Elligator 2, cofactor cleared)."""
    return _s.crypto_core_ed25519_from_uniform(r)
