"""Decryption shares with their Chaum–Pedersen proofs, and opening a card from them.

Seat i's share of a ciphertext (A, B) is S_i = x_i·A, posted with a DLEQ proof that
log_G(h_i) = log_A(S_i): a share that is not what seat i's key gives is caught on arrival, and
blamed on seat i. With every seat's share, B − Σ S_i = M is the card; with one share missing the
result is M + x_j·A, a point that is no card (nobody without x_j can remove it), which is what
keeps a private card private: its holder withholds its own share until the card is opened.

Invariants:
- `check_share` returns a share only after the share, the key and both halves of the
  ciphertext are valid points and the proof holds for exactly this slot and seat.
- `open_card` names a card only when the opened point is one of the deck's card points; any
  other point (a share missing or wrong) is `NotACard`, never a guess.
- Nothing here takes a seat's secret except `share`, and it returns only S_i and the proof.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import group, sigma
from .cards import card_index, ciphertext
from .errors import BadEncoding, ShareProofFailed
from .keys import PlayerSecret
from .transcript import Slot, binding

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


# ---- protocol 4: one batched DLEQ proof for several shares of one seat (ristretto255) ------
# RFC 9497 section 2.2's composite proof: the shares S_j = x·A_j of one seat posted together
# (a disclosure, a deal of several cards) are folded with weights d_j hashed from the whole
# batch into M = Σ d_j·A_j and Z = Σ d_j·S_j, and one Chaum–Pedersen proof shows
# log_G(h) = log_M(Z). If any S_j ≠ x·A_j, then Z − x·M = Σ d_j·(S_j − x·A_j) is zero only
# with probability 1/L over the weights (random oracle), so one bad share fails the batch, and
# the batch is its one author's. Hash inputs, in order:
#   binding = binding("shares", Slot(match, seq), seat)
#   seed    = SHA-512(enc([D, "batch/seed", binding, h]))
#   d_j     = public_scalar("batch/weight", seed, j, deck_j, position_j, A_j, S_j)
#   k       = secret_scalar(prf, "batch/nonce", binding, h, M, Z)
#   c       = public_scalar("batch/dleq", binding, G, h, M, Z, k·G, k·M);  s = k + c·x
#   proof   = binding ‖ c ‖ s (96 bytes); check: c == public_scalar(..., s·G − c·h, s·M − c·Z)

def _fold(h: bytes, b: bytes, items: Sequence[tuple[str, int, bytes]],
          shares: Sequence[bytes]) -> tuple[bytes, bytes]:
    import hashlib

    from ..codec import encode
    from . import r255
    from .transcript import DOMAIN, public_scalar
    seed = hashlib.sha512(encode([DOMAIN, "batch/seed", b, h])).digest()
    m = z = r255.IDENTITY
    for j, ((deck, pos, ct), s) in enumerate(zip(items, shares, strict=True)):
        a = ct[:32]
        d = public_scalar("batch/weight", seed, j, deck, pos, a, s)
        m = r255.add(m, r255.mul(d, a))
        z = r255.add(z, r255.mul(d, s))
    return m, z


def _batch_items(items: object) -> list[tuple[str, int, bytes]]:
    from . import r255
    if type(items) not in (list, tuple) or not items:
        raise BadEncoding("a batch of shares needs at least one card")
    out = []
    for j, it in enumerate(items):
        if type(it) not in (list, tuple) or len(it) != 3:
            raise BadEncoding(f"item {j} of a batch must be (deck, position, ciphertext)")
        deck, pos, ct = it
        if type(ct) is not bytes or len(ct) != 64:
            raise BadEncoding(f"the ciphertext of item {j} must be 64 bytes")
        r255.point(ct[:32], f"the ciphertext of item {j} (first half)")
        r255.point(ct[32:], f"the ciphertext of item {j} (second half)")
        Slot(b"\0", 0, deck, pos)   # deck and position shaped as a slot's
        out.append((deck, pos, ct))
    return out


def share_batch(secret: PlayerSecret, match: bytes, seq: int, seat: int,
                items: Sequence[tuple[str, int, bytes]]) -> tuple[list[bytes], bytes]:
    """(the shares x·A_j of every (deck, position, ciphertext) item, one batched proof)."""
    from . import r255
    from .transcript import public_scalar, secret_scalar
    items = _batch_items(items)
    h = r255.base_mul(secret.scalar)
    b = binding("shares", Slot(match, seq), seat)
    shares = [r255.mul(secret.scalar, ct[:32]) for _, _, ct in items]
    m, z = _fold(h, b, items, shares)
    k = secret_scalar(secret.prf, "batch/nonce", b, h, m, z)
    c = public_scalar("batch/dleq", b, r255.G, h, m, z, r255.base_mul(k), r255.mul(k, m))
    return shares, b + c + r255.scalar_add(k, r255.scalar_mul(c, secret.scalar))


def check_batch(public: object, match: bytes, seq: int, seat: int,
                items: Sequence[tuple[str, int, bytes]], shares: object,
                proof: object) -> list[bytes]:
    """The shares if the one proof shows each is seat `seat`'s key times its card's A, for
    this match and entry; else HiddenError (`ShareProofFailed` for a bad share anywhere in
    the batch: the batch is the seat's, so is the fault)."""
    from . import r255
    from .errors import ReplayedProof
    from .transcript import public_scalar
    items = _batch_items(items)
    h = r255.point(public, f"seat {seat}'s ElGamal key")
    if type(shares) not in (list, tuple) or len(shares) != len(items):
        raise BadEncoding(f"a batch of {len(items)} cards needs {len(items)} shares")
    shares = [r255.point(s, f"seat {seat}'s decryption share {j}") for j, s in enumerate(shares)]
    if type(proof) is not bytes or len(proof) != 96:
        raise BadEncoding("a batched share proof must be 96 bytes")
    b = binding("shares", Slot(match, seq), seat)
    c = r255.scalar(proof[32:64], "the batched share proof's challenge")
    s = r255.scalar(proof[64:], "the batched share proof's response")
    if proof[:32] != b:
        raise ReplayedProof("batched share proof")
    m, z = _fold(h, b, items, shares)
    if m == r255.IDENTITY or z == r255.IDENTITY:
        raise ShareProofFailed("the batch folds to the identity: the shares are not this key's")
    nc = r255.scalar_neg(c)
    r1 = r255.add(r255.base_mul(s), r255.mul(nc, h))
    r2 = r255.add(r255.mul(s, m), r255.mul(nc, z))
    if public_scalar("batch/dleq", b, r255.G, h, m, z, r1, r2) != c:
        raise ShareProofFailed("the batched share proof does not hold: a share in the batch "
                               "is not this seat's key times its card")
    return shares
