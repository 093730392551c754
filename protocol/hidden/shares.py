"""Decryption shares with their Chaum–Pedersen proofs, and opening a card from them.

Seat i's share of a ciphertext (A, B) is S_i = x_i·A, posted with a DLEQ proof that
log_G(h_i) = log_A(S_i): a share that is not what seat i's key gives is caught on arrival, and
blamed on seat i. With every seat's share, B − Σ S_i = M is the card; with one share missing the
result is M + x_j·A, a point that is no card (nobody without x_j can remove it), which is what
keeps a private card private: its holder withholds its own share until the card is opened.

Several shares of one seat posted together (a disclosure) carry one batched proof
(`share_batch` / `check_batch`, RFC 9497's composite DLEQ): one bad share anywhere fails it.

Invariants:
- `check_share` returns a share only after the share, the key and both halves of the
  ciphertext are valid points and the proof holds for exactly this slot and seat;
  `check_batch` returns the shares only after every one of them, the key and every
  ciphertext are valid points and the one proof holds for exactly this entry, seat, and list
  of (deck, position, ciphertext, share).
- `open_card` names a card only when the opened point is one of the deck's card points; any
  other point (a share missing or wrong) is `NotACard`, never a guess.
- Nothing here takes a seat's secret except `share`, and it returns only S_i and the proof.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..codec import encode
from . import group, sigma
from .cards import card_index, ciphertext
from .errors import BadEncoding, ReplayedProof, ShareProofFailed
from .keys import PlayerSecret
from .transcript import DOMAIN, Slot, binding, public_scalar, secret_scalar

__all__ = ["share", "check_share", "unmask", "open_card", "open_own", "share_batch",
           "check_batch"]


def share(secret: PlayerSecret, slot: Slot, seat: int, ct: bytes) -> tuple[bytes, bytes]:
    """(S = x·A, DLEQ proof) for the card at `slot`, made by `seat`."""
    a, _ = ciphertext(ct)
    s = group.mul(secret.scalar, a)
    proof = sigma.prove("dleq", binding("share", slot, seat), secret.scalar, secret.prf,
                        (sigma.G, a), (secret.public, s))
    return s, proof


def check_share(public: object, slot: Slot, seat: int, ct: object, share_: object,
                proof: object) -> bytes:
    """The share if its proof holds for this key, ciphertext, slot and seat, else HiddenError."""
    h = group.point(public, f"seat {seat}'s ElGamal key")
    a, _ = ciphertext(ct)
    # the share is checked as a point by the proof's multiplication c·S (group.mul_received),
    # not by `point` before it too: a share is new at every draw, so no memo saves that check
    # (31 us, a tenth of this function), and the multiplication makes it anyway
    what = f"seat {seat}'s decryption share"
    sigma.check("dleq", binding("share", slot, seat), (sigma.G, a), (h, share_), proof,
                "decryption share proof", ShareProofFailed, (f"seat {seat}'s ElGamal key", what))
    return group.point(share_, what)   # found valid by the check: remembered


def unmask(ct: object, shares: Sequence[bytes]) -> bytes:
    """B − Σ shares: the card's point when every seat's share is in `shares`."""
    _, b = ciphertext(ct)
    if not shares:
        raise BadEncoding("opening a card needs at least one share")
    for i, s in enumerate(shares):
        b = group.sub(b, group.point(s, f"share {i}"))
    return b


def open_card(deck: str, size: int, ct: object, shares: Sequence[bytes]) -> int:
    """The index of the card `ct` holds, from every seat's (checked) share, or NotACard."""
    return card_index(deck, size, unmask(ct, shares))


def open_own(secret: PlayerSecret, deck: str, size: int, ct: object,
             others: Sequence[bytes]) -> int:
    """The card its holder reads: the other seats' (checked) shares and its own, made here and
    never posted (no proof needed: it convinces nobody but the holder)."""
    a, _ = ciphertext(ct)
    return open_card(deck, size, ct, [*others, group.mul(secret.scalar, a)])


# ---- one batched DLEQ proof for several shares of one seat ----------------------------------
# RFC 9497 section 2.2's composite proof: the shares S_j = x·A_j of one seat posted together
# (a disclosure) are folded with weights d_j hashed from the whole batch into M = Σ d_j·A_j and
# Z = Σ d_j·S_j, and one Chaum–Pedersen proof shows log_G(h) = log_M(Z). If any S_j ≠ x·A_j,
# then Z − x·M = Σ d_j·(S_j − x·A_j) is zero only with probability 1/L over the weights
# (random oracle), so one bad share fails the batch, and the batch is its one author's. Hash
# inputs, in order:
#   binding = binding("shares", Slot(match, seq), seat)          (deck "", position 0)
#   seed    = SHA-512(enc([D, "batch/seed", binding, h]))
#   d_j     = public_scalar("batch/weight", seed, j, deck_j, position_j, A_j, S_j)
#   k       = secret_scalar(prf, "batch/nonce", binding, h, M, Z)
#   c       = public_scalar("batch/dleq", binding, G, h, M, Z, k·G, k·M);  s = k + c·x
#   proof   = binding ‖ c ‖ s (96 bytes); check: c == public_scalar(..., s·G − c·h, s·M − c·Z)
# (RFC 9497's weights: each hashes its own item, so a share chosen after another's weight
# changes its own weight with it.)
# A single share (a draw) keeps its own DLEQ proof (`share`): it costs the same, and a batch of
# one would be another statement for the same slot.

def _fold(h: bytes, b: bytes, items: Sequence[tuple[str, int, bytes]],
          shares: Sequence[bytes]) -> tuple[bytes, bytes]:
    seed = hashlib.sha512(encode([DOMAIN, "batch/seed", b, h])).digest()
    weights = [public_scalar("batch/weight", seed, j, deck, pos, ct[:32], s)
               for j, ((deck, pos, ct), s) in enumerate(zip(items, shares, strict=True))]
    return (group.msum(zip(weights, (ct[:32] for _, _, ct in items))),
            group.msum(zip(weights, shares)))


def _batch_items(items: object) -> list[tuple[str, int, bytes]]:
    if type(items) not in (list, tuple) or not items:
        raise BadEncoding("a batch of shares needs at least one card")
    out = []
    for j, it in enumerate(items):
        if type(it) not in (list, tuple) or len(it) != 3:
            raise BadEncoding(f"item {j} of a batch must be (deck, position, ciphertext)")
        deck, pos, ct = it
        ciphertext(ct, f"the ciphertext of item {j}")
        Slot(b"\0", 0, deck, pos)   # deck and position shaped as a slot's
        out.append((deck, pos, ct))
    return out


def share_batch(secret: PlayerSecret, match: bytes, seq: int, seat: int,
                items: Sequence[tuple[str, int, bytes]]) -> tuple[list[bytes], bytes]:
    """(the shares x·A_j of every (deck, position, ciphertext) item, one batched proof)."""
    items = _batch_items(items)
    h = secret.public
    b = binding("shares", Slot(match, seq), seat)
    shares = [group.mul(secret.scalar, ct[:32]) for _, _, ct in items]
    m, z = _fold(h, b, items, shares)
    k = secret_scalar(secret.prf, "batch/nonce", b, h, m, z)
    c = public_scalar("batch/dleq", b, group.G, h, m, z, group.base_mul(k), group.mul(k, m))
    return shares, b + c + group.scalar_add(k, group.scalar_mul(c, secret.scalar))


def check_batch(public: object, match: bytes, seq: int, seat: int,
                items: Sequence[tuple[str, int, bytes]], shares: object,
                proof: object) -> list[bytes]:
    """The shares if the one proof shows each is seat `seat`'s key times its card's A, for
    this match and entry; else HiddenError (`ShareProofFailed` for a bad share anywhere in
    the batch: the batch is the seat's, so is the fault)."""
    items = _batch_items(items)
    h = group.point(public, f"seat {seat}'s ElGamal key")
    if type(shares) not in (list, tuple) or len(shares) != len(items):
        raise BadEncoding(f"a batch of {len(items)} cards needs {len(items)} shares")
    shares = [group.point(s, f"seat {seat}'s decryption share {j}") for j, s in enumerate(shares)]
    if type(proof) is not bytes or len(proof) != 96:
        raise BadEncoding("a batched share proof must be 96 bytes")
    b = binding("shares", Slot(match, seq), seat)
    c = group.scalar(proof[32:64], "the batched share proof's challenge")
    s = group.scalar(proof[64:], "the batched share proof's response")
    if proof[:32] != b:
        raise ReplayedProof("batched share proof")
    m, z = _fold(h, b, items, shares)
    if m == group.IDENTITY or z == group.IDENTITY:
        raise ShareProofFailed("the batch folds to the identity: the shares are not this key's")
    nc = group.scalar_neg(c)
    r1 = group.add(group.base_mul(s), group.mul(nc, h))
    r2 = group.add(group.mul(s, m), group.mul(nc, z))
    if public_scalar("batch/dleq", b, group.G, h, m, z, r1, r2) != c:
        raise ShareProofFailed("the batched share proof does not hold: a share in the batch "
                               "is not this seat's key times its card")
    return shares
