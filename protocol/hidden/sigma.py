"""Proofs of knowledge of one discrete log across bases, made non-interactive by Fiat–Shamir.

Schnorr (knows x with h = x·G) and Chaum–Pedersen (knows x with h = x·G and S = x·A, the DLEQ of
a decryption share) are the one- and two-base cases of one protocol:

    k = nonce (secret, from the PRF key, the binding and the whole statement)
    R_i = k·B_i;  c = H(label, binding, bases, publics, R's);  s = k + c·x
    proof = binding ‖ c ‖ s                                   (96 bytes)
    check: R_i' = s·B_i − c·P_i, and c == H(label, binding, bases, publics, R_i')

Invariants: c and s are canonical non-zero scalars (checked before use); the caller has
checked every base with `group.point`; every public point is checked by the multiplication c·P
(`group.mul_received`) before any other arithmetic or hash touches it, and refused by name;
then the binding is compared, so a proof made for another match, slot or seat fails as a replay
(a point that is no point fails first, whatever the proof is made for), and one whose binding
was rewritten fails the equation since c hashes it.
"""
from __future__ import annotations

from typing import Callable

from . import group
from .errors import BadEncoding, ProofFailed, ReplayedProof
from .transcript import public_scalar, secret_scalar

__all__ = ["PROOF_BYTES", "G", "prove", "check"]

PROOF_BYTES = 96
G = group.G


def _times(s: bytes, base: bytes) -> bytes:
    return group.mul(s, base)   # by G: the fixed-base multiplication (group.mul)


def prove(label: str, binding: bytes, x: bytes, prf: bytes, bases: tuple[bytes, ...],
          publics: tuple[bytes, ...]) -> bytes:
    k = secret_scalar(prf, label + "/nonce", binding, bases, publics)
    commits = tuple(_times(k, b) for b in bases)
    c = public_scalar(label, binding, bases, publics, commits)
    s = group.scalar_add(k, group.scalar_mul(c, x))
    return binding + c + s


def check(label: str, binding: bytes, bases: tuple[bytes, ...], publics: tuple[object, ...],
          proof: object, what: str, failed: Callable[[str], ProofFailed],
          names: tuple[str, ...] | None = None) -> None:
    """Raises unless `proof` holds; `names` name the public points in errors."""
    if type(proof) is not bytes or len(proof) != PROOF_BYTES:
        raise BadEncoding(f"a {what} must be {PROOF_BYTES} bytes")
    c = group.scalar(proof[32:64], f"the {what}'s challenge")
    s = group.scalar(proof[64:], f"the {what}'s response")
    names = names or tuple(f"public point {i} of the {what}" for i in range(len(publics)))
    checked, commits = [], []
    # strict: a public point left out would be neither checked nor hashed
    for b, p, name in zip(bases, publics, names, strict=True):
        # c·P first: it checks P (see group.mul_received) before the sum or the hash use it
        p, cp = group.mul_received(c, p, name)
        checked.append(p)
        commits.append(group.sub(_times(s, b), cp))
    # after the points, as when callers checked them before this call: a share that is no
    # point is `bad-share` whatever its proof claims to be made for (FORMAT.md's order)
    if proof[:32] != binding:
        raise ReplayedProof(what)
    publics, commits = tuple(checked), tuple(commits)
    if public_scalar(label, binding, bases, publics, commits) != c:
        raise failed(f"the {what} does not hold for this statement")
