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

__all__ = ["share", "check_share", "unmask", "open_card"]


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
