"""Cards as group points, ElGamal ciphertexts under the joint key, and decks of them.

A deck of m cards named `deck`: card j is M_j = from_hash(SHA-512(enc([D, "card", deck, j]))),
a point hashed to the group (protocol.hidden.group.hash_to_point), whose discrete log nobody
knows. A ciphertext of M under the joint key H is the 64 bytes A ‖ B with
A = r·G, B = M + r·H; re-masking adds s·G and s·H, which changes every byte but not the card.
Opening subtracts Σ x_i·A (one decryption share per seat) from B.

Invariants:
- Card points of one deck are distinct valid points (checked when the deck's table is built).
- `ciphertext()` accepts only 64 bytes whose halves are both valid points (`group.point`):
  nothing from a peer reaches the arithmetic unchecked.
- The initial masking of a deck is public and fixed by the match id (r_j = H("initial", match,
  deck, j)): every node builds the same deck, in card order, before the first shuffle.
- A deck has 1..MAX_DECK cards: the shuffle proof's commitment generators are h_0..h_254
  (protocol.hidden.shuffle), one per position.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

from . import group
from .errors import BadEncoding, NotACard
from .sizes import CIPHERTEXT_BYTES, MAX_DECK
from ..codec import encode
from .transcript import DOMAIN, public_scalar

__all__ = ["MAX_DECK", "CIPHERTEXT_BYTES", "card_point", "card_points", "card_index",
           "ciphertext", "parse_deck", "remask", "initial_deck", "join"]



def _check_size(size: object) -> int:
    if type(size) is not int or not 1 <= size <= MAX_DECK:
        raise BadEncoding(f"a deck has 1..{MAX_DECK} cards, not {size!r:.20}")
    return size


def card_point(deck: str, index: int) -> bytes:
    return group.hash_to_point(encode([DOMAIN, "card", deck, index]))


@functools.lru_cache(maxsize=64)
def card_points(deck: str, size: int) -> tuple[bytes, ...]:
    """The points of cards 0..size-1 of `deck`."""
    _check_size(size)
    points = tuple(group.point(card_point(deck, j), f"card {j} of {deck!r}")
                   for j in range(size))
    if len(set(points)) != size:  # a hash collision: never seen, but never silent
        raise BadEncoding(f"two cards of {deck!r} map to the same point")
    return points


@functools.lru_cache(maxsize=64)
def _table(deck: str, size: int) -> dict[bytes, int]:
    return {p: j for j, p in enumerate(card_points(deck, size))}


def card_index(deck: str, size: int, point: bytes) -> int:
    """Which card of the deck `point` is, or NotACard."""
    j = _table(deck, size).get(point)
    if j is None:
        raise NotACard(f"the opened point is no card of {deck!r} ({size} cards)")
    return j


def ciphertext(value: object, what: str = "ciphertext") -> tuple[bytes, bytes]:
    """(A, B) of a received ciphertext, both checked."""
    if type(value) is not bytes or len(value) != CIPHERTEXT_BYTES:
        raise BadEncoding(f"{what} must be {CIPHERTEXT_BYTES} bytes")
    return group.point(value[:32], f"{what} (first half)"), group.point(value[32:], f"{what} (second half)")


def parse_deck(value: object, what: str = "deck") -> list[tuple[bytes, bytes]]:
    """A received deck: a list (or tuple) of 1..MAX_DECK ciphertexts, each checked."""
    if type(value) not in (list, tuple):
        raise BadEncoding(f"{what} must be a list of ciphertexts")
    _check_size(len(value))
    return [ciphertext(ct, f"card {j} of {what}") for j, ct in enumerate(value)]


def remask(a: bytes, b: bytes, s: bytes, joint: bytes) -> tuple[bytes, bytes]:
    return group.add(a, group.base_mul(s)), group.add(b, group.mul(s, joint))


def initial_deck(match_id: bytes, deck: str, size: int, joint: bytes) -> tuple[bytes, ...]:
    """The public masking of cards 0..size-1 in order: every node computes the same bytes."""
    joint = group.point(joint, "the joint key")
    out = []
    for j, m in enumerate(card_points(deck, size)):
        r = public_scalar("initial", match_id, deck, j)
        out.append(group.base_mul(r) + group.add(m, group.mul(r, joint)))
    return tuple(out)


def join(pairs: Sequence[tuple[bytes, bytes]]) -> tuple[bytes, ...]:
    """Ciphertexts as (A, B) pairs back to their 64-byte form."""
    return tuple(a + b for a, b in pairs)
