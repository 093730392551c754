"""A table of players for the hidden-information tests: keys, a joint key, decks, bad points."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from protocol.hidden import (Slot, check_key, check_shuffle, initial_deck, joint_key,
                             make_shuffle, player_secret, prove_key)

P = 2**255 - 19  # the field prime: to write encodings libsodium must refuse
L = 2**252 + 27742317777372353535851937790883648493  # the group order: non-canonical scalars


def le(n: int) -> bytes:
    return n.to_bytes(32, "little")


# ristretto255 encodings that are no element (RFC 9496 §4.3.1), and the identity, which is one
# but is refused as a key, a share or a ciphertext half
IDENTITY = bytes(32)
NEGATIVE = le(1)            # s odd ("negative"): refused
NOT_BELOW_P = le(P + 1)     # s >= p, even: refused
NO_SQUARE_ROOT = le(2)      # canonical s whose decoding finds no square root: refused
BAD_ENCODINGS = (IDENTITY, NEGATIVE, NOT_BELOW_P, NO_SQUARE_ROOT)


def top_bit_set(point: bytes) -> bytes:
    """The same element's other 255 bits with bit 255 set: not canonical (the value is p or
    more), refused by RFC 9496, decoded by libsodium as `point` (protocol.hidden.group refuses
    it by name)."""
    return point[:31] + bytes([point[31] | 0x80])


def non_canonical_scalar(s: bytes) -> bytes:
    return le(int.from_bytes(s, "little") + L)


def seed(name: str) -> bytes:
    return hashlib.sha256(b"test identity " + name.encode()).digest()


NONCE = b"nonce-of-match-A"
MATCH = hashlib.sha256(b"match A").digest()
OTHER_MATCH = hashlib.sha256(b"match B").digest()


@dataclass
class Table:
    secrets: list
    joint: bytes
    nonce: bytes
    match: bytes

    @property
    def keys(self) -> list[bytes]:
        return [s.public for s in self.secrets]


def table(players: int = 4, nonce: bytes = NONCE, match: bytes = MATCH) -> Table:
    secrets = [player_secret(seed(f"p{i}"), nonce) for i in range(players)]
    for i, s in enumerate(secrets):
        check_key(s.public, nonce, i, prove_key(s, nonce, i))
    return Table(secrets, joint_key([s.public for s in secrets]), nonce, match)


def shuffled_by_all(t: Table, deck: str, size: int, seq: int = 1) -> list[tuple[bytes, ...]]:
    """Every seat shuffles in turn, each shuffle checked; the decks from initial to final."""
    decks = [initial_deck(t.match, deck, size, t.joint)]
    for seat, s in enumerate(t.secrets):
        slot = Slot(t.match, seq + seat, deck)
        out, proof = make_shuffle(s, t.joint, slot, seat, decks[-1])
        check_shuffle(t.joint, slot, seat, decks[-1], out, proof)
        decks.append(out)
    return decks
