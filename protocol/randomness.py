"""Commit-reveal dice over a hash chain.

Each player picks a secret s and publishes c = H^N(s) in the genesis. At the k-th chance node
every player reveals H^(N-k)(s); anyone checks it with one hash against that player's previous
reveal (the commitment for k = 1). All values are fixed before the first roll, so nobody can
choose a value after seeing others'; withholding a reveal can only stall the game.

A sealed move is committed as H(domain ‖ match id ‖ commit entry number ‖ seat ‖ move ‖ salt)
and opened with the move and the salt. The salt is derived from the identity key and the slot,
like the chain secret: a restarted node computes the same commitment again (so it never signs
two for one slot) and finds its own move again by trying its options against it.

The seed of a chance node is H(domain ‖ match id ‖ sequence ‖ reveals in seat order), and the
engine's `resolve` turns it into faces by unbiased rejection sampling.
"""
from __future__ import annotations

import hashlib
import hmac

from .codec import encode

__all__ = ["H", "HashChain", "chain_secret", "reveal_matches", "chance_seed", "sealed_salt",
           "sealed_commitment"]


def H(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def chain_secret(identity_seed: bytes, nonce: bytes) -> bytes:
    """A per-match secret derived from the identity key and the genesis nonce.

    A restarted node needs nothing beyond its key file and the match file's genesis to rebuild
    its chain, and the secret is as private as the key.
    """
    return hmac.new(identity_seed, b"lanboard/chain/1" + nonce, hashlib.sha256).digest()


class HashChain:
    """h_0 = secret, h_(i+1) = H(h_i); commitment h_N, k-th reveal h_(N-k)."""

    def __init__(self, secret: bytes, length: int) -> None:
        if length < 1:
            raise ValueError("chain length must be at least 1")
        self.length = length
        values = [secret]
        for _ in range(length):
            values.append(H(values[-1]))
        self._values = values

    @property
    def commitment(self) -> bytes:
        return self._values[self.length]

    def reveal(self, k: int) -> bytes:
        """The value revealed at the k-th chance node (1-based)."""
        if not 1 <= k <= self.length:
            raise IndexError(f"the chain has {self.length} reveals; there is no reveal {k}")
        return self._values[self.length - k]


def reveal_matches(reveal: bytes, previous: bytes) -> bool:
    return H(reveal) == previous


def chance_seed(match_id: bytes, seq: int, reveals: list[bytes]) -> bytes:
    return H(b"lanboard/seed/1" + match_id + seq.to_bytes(8, "big") + b"".join(reveals))


def sealed_salt(identity_seed: bytes, match_id: bytes, seq: int) -> bytes:
    """The salt of this player's sealed move committed in entry `seq`: secret (keyed by the
    identity seed, so the few options cannot be tried against the commitment by others) and
    a function of the slot alone."""
    return hmac.new(identity_seed, b"lanboard/salt/1" + match_id + seq.to_bytes(8, "big"),
                    hashlib.sha256).digest()


def sealed_commitment(match_id: bytes, seq: int, seat: int, move: list, salt: bytes) -> bytes:
    """What a sealed chooser signs in commit entry `seq`; bound to the match, the slot and the
    seat, so it cannot be replayed into another one."""
    return H(b"lanboard/sealed/1" + match_id + seq.to_bytes(8, "big") + seat.to_bytes(1, "big")
             + encode(list(move)) + salt)
