"""Each player's ElGamal key for a match, its Schnorr proof, and the joint key.

Invariants:
- A player's secret scalar and PRF key are functions of the identity seed and the genesis nonce
  alone (`transcript.key_material`): a restarted node rebuilds them from its key file and match
  file, and nothing secret is ever stored or sent.
- A key is accepted only with a Schnorr proof of knowledge of its scalar bound to the nonce and
  the seat: a rogue key h' = x'·G − Σ others (chosen to cancel the honest keys, so its owner
  alone could decrypt) cannot come with one, since its owner does not know its discrete log; a
  proof copied from another seat or match fails as a replay.
- The joint key is the sum of keys that were each checked; it is a valid non-identity point or
  the call fails ("joint key"): two seats giving one key, or keys summing to the identity
  (their scalars sum to zero, which needs every key holder to know the others' scalars: an
  honest seat's scalar is a secret only it knows, so the sum is the identity only when all
  of them acted together, or with probability 1/L).
"""
from __future__ import annotations

from collections.abc import Sequence

from . import group, sigma
from .errors import BadEncoding, KeyProofFailed, ProofFailed
from .transcript import Slot, binding, key_material

__all__ = ["PlayerSecret", "player_secret", "prove_key", "check_key", "joint_key"]


class PlayerSecret:
    """One player's secrets for one match. `public` is the ElGamal key h = x·G."""

    __slots__ = ("scalar", "prf", "public")

    def __init__(self, scalar: bytes, prf: bytes) -> None:
        self.scalar = group.scalar(scalar, "a secret key")
        self.prf = prf
        self.public = group.base_mul(self.scalar)

    def __repr__(self) -> str:  # never the secret
        return f"PlayerSecret(public={self.public.hex()[:16]}…)"


def player_secret(identity_seed: bytes, nonce: bytes) -> PlayerSecret:
    """The player's secrets for the match whose genesis carries `nonce`."""
    return PlayerSecret(*key_material(identity_seed, nonce))


def _key_slot(nonce: bytes) -> Slot:
    return Slot(match=nonce)


def prove_key(secret: PlayerSecret, nonce: bytes, seat: int) -> bytes:
    """Schnorr proof (96 bytes) that the holder of seat `seat` knows the key's scalar."""
    b = binding("key", _key_slot(nonce), seat)
    return sigma.prove("schnorr", b, secret.scalar, secret.prf, (sigma.G,), (secret.public,))


def check_key(public: object, nonce: bytes, seat: int, proof: object) -> bytes:
    """The key if `proof` shows seat `seat` knows its scalar in this match, else HiddenError."""
    h = group.point(public, f"seat {seat}'s ElGamal key")
    b = binding("key", _key_slot(nonce), seat)
    sigma.check("schnorr", b, (sigma.G,), (h,), proof, "key proof", KeyProofFailed)
    return h


def joint_key(keys: Sequence[bytes]) -> bytes:
    """Σ h_i over the (already checked) keys of every seat, in seat order."""
    if not keys:
        raise BadEncoding("the joint key needs at least one key")
    checked = [group.point(k, f"seat {i}'s ElGamal key") for i, k in enumerate(keys)]
    if len(set(checked)) != len(checked):
        raise ProofFailed("joint key", "two seats give the same ElGamal key")
    total = checked[0]
    for k in checked[1:]:
        total = group.add(total, k)
    if total == group.IDENTITY:
        raise ProofFailed("joint key", "the keys sum to the identity: their scalars sum to "
                          "zero, so each key holder knows the others' (they act together)")
    return total
