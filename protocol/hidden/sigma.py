"""Proofs of knowledge of one discrete log across bases, made non-interactive by Fiat–Shamir.

Schnorr (knows x with h = x·G) and Chaum–Pedersen (knows x with h = x·G and S = x·A, the DLEQ of
a decryption share) are the one- and two-base cases of one protocol:

    k = nonce (secret, from the PRF key, the binding and the whole statement)
    R_i = k·B_i;  c = H(label, binding, bases, publics, R's);  s = k + c·x
    proof = binding ‖ c ‖ s                                   (96 bytes)
    check: R_i' = s·B_i − c·P_i, and c == H(label, binding, bases, publics, R_i')

Invariants: c and s are canonical non-zero scalars (checked before use); the binding is
compared first, so a proof made for another match, slot or seat fails as a replay, and one whose
binding was rewritten fails the equation since c hashes it; the caller has checked every base
and public point with `group.point`.
"""
from __future__ import annotations

from typing import Callable

from . import group
from .errors import BadEncoding, ProofFailed, ReplayedProof
from .transcript import public_scalar, secret_scalar

__all__ = ["PROOF_BYTES", "G", "prove", "check"]

PROOF_BYTES = 96
G = group.base_mul((1).to_bytes(group.SCALAR_BYTES, "little"))


def _times(s: bytes, base: bytes) -> bytes:
    return group.base_mul(s) if base == G else group.mul(s, base)


def prove(label: str, binding: bytes, x: bytes, prf: bytes, bases: tuple[bytes, ...],
          publics: tuple[bytes, ...]) -> bytes:
    k = secret_scalar(prf, label + "/nonce", binding, bases, publics)
    commits = tuple(_times(k, b) for b in bases)
    c = public_scalar(label, binding, bases, publics, commits)
    s = group.scalar_add(k, group.scalar_mul(c, x))
    return binding + c + s


def check(label: str, binding: bytes, bases: tuple[bytes, ...], publics: tuple[bytes, ...],
          proof: object, what: str, failed: Callable[[str], ProofFailed]) -> None:
    if type(proof) is not bytes or len(proof) != PROOF_BYTES:
        raise BadEncoding(f"a {what} must be {PROOF_BYTES} bytes")
    c = group.scalar(proof[32:64], f"the {what}'s challenge")
    s = group.scalar(proof[64:], f"the {what}'s response")
    if proof[:32] != binding:
        raise ReplayedProof(what)
    commits = tuple(group.sub(_times(s, b), group.mul(c, p)) for b, p in zip(bases, publics))
    if public_scalar(label, binding, bases, publics, commits) != c:
        raise failed(f"the {what} does not hold for this statement")
