"""Faults: what rule a frame or an entry broke, and whom it is proven against.

Invariants: a fault names a seat only where a signature or the transport shows that seat did
it; `evidence` holds frames a node that never saw them can check itself; a frame is never
attached as evidence against a seat other than its signer (`Fault.proven_by`). The kinds are
listed here once (FAULT_KINDS), with what each means.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core import player_name

from .codec import CodecError
from .frames import Share, read_frame

__all__ = ["Fault", "FAULT_KINDS", "AUTHORED_FAULTS", "authored", "signed_proof",
           "check_equivocation"]

# Faults found in a part whose signature verified: its author said it, for this match and
# slot, whoever passed the entry on (check_entry checks signatures before content). Each is
# proven by the signed part alone on the history before it, except bad-key of a joint key
# (two key holders giving one key), proven by both their parts, each one's proof showing its
# signer knows the key's scalar. A rule about how several seats' parts were put together
# (timeout claims naming different seats) is none of these: it names no seat (see `authored`).
AUTHORED_FAULTS = frozenset({"wrong-kind", "bad-reveal", "illegal-move", "bad-opening", "bad-key",
                             "bad-shuffle", "bad-share", "replayed-proof", "bad-claim",
                             "bad-choice", "bad-reclaim"})

FAULT_KINDS = (
    "malformed",        # bytes that do not decode to a valid message
    "bad-signature",    # a signature that does not verify
    "wrong-match",      # a message of another match
    "wrong-sequence",   # a sequence number that is not the next one (or too far ahead)
    "wrong-prev",       # a previous-entry hash that is not the last entry's
    "wrong-author",     # a share from a player the slot does not admit
    "wrong-kind",       # a share of a kind the slot does not admit
    "bad-reveal",       # a reveal that does not hash to that player's previous reveal
    "illegal-move",     # a move the engine rejects
    "bad-opening",      # a sealed move opened to other bytes than its author committed to, or
                        # a hidden card disclosed as another card than its shares open
    "bad-key",          # an ElGamal key without a valid proof of its scalar (a rogue key), or
                        # a joint key that is no key (one key twice, keys summing to zero)
    "bad-shuffle",      # a shuffle that is not a re-masked permutation of its input deck
    "bad-share",        # a decryption share (or a batch) its author's key does not give, or
                        # a share of another card than the slot's
    "replayed-proof",   # a hidden-card proof made for another match, slot or seat
    "state-mismatch",   # an attested state hash that differs from the one computed here
    "bad-claim",        # a timeout claim against a player the slot is not waiting for
    "bad-choice",       # a choice about a seat that is not the timed-out one being decided
    "bad-reclaim",      # a reclaim for a seat the bot does not play, or by another seat, or
                        # where the log waits for no move
    "equivocation",     # two different messages signed by one key for one slot
    "dispute",          # (session only) a halt notice whose evidence proves nothing here: its
                        # sender and the seats it accuses are named, none proven
    "genesis",          # a genesis that is not valid or not signed by every player
    "after-end",        # an entry after the game ended
    "exhausted",        # the randomness chains are used up (nobody's fault)
    "timed-out",        # (session only) the others recorded this node as timed out
    "internal",         # (session only) an unexpected error: a bug, nobody's fault
    "incomplete",       # (verify only) every entry holds but the log ends before the game does
    "bad-proof",        # (verify only) a file's proof of a cheat that proves none
)


@dataclass
class Fault(Exception):
    """A rule broken, and by whom. `seats` are the players it is attributed to (may be empty)."""

    kind: str
    seats: tuple[int, ...]
    reason: str
    seq: int | None = None
    evidence: tuple[bytes, ...] = field(default=())

    def proven_by(self, frame: bytes, signer: int) -> "Fault":
        """This fault carrying `frame`, the share `signer` signed, as the proof a node that
        never saw it checks for itself (Session._on_halt): only when the fault names `signer`
        alone and carries no proof already (a joint key's two parts, an equivocation's two
        shares), so no frame is ever evidence against another seat."""
        if self.evidence or self.seats != (signer,):
            return self
        return replace(self, evidence=(frame,))

    @classmethod
    def internal(cls, e: Exception) -> "Fault":
        """An unexpected error inside lanboard: it stops the match, blaming nobody."""
        return cls("internal", (), f"{type(e).__name__}: {e} (a bug in lanboard, not a "
                   "player's fault; please report it with the match file)")

    def __str__(self) -> str:
        who = ", ".join(map(player_name, self.seats)) or "nobody"
        at = f" at entry {self.seq}" if self.seq is not None else ""
        return f"{self.kind}{at} by {who}: {self.reason}"


def signed_proof(fault: Fault) -> bool:
    """Whether `fault` carries the signed parts of the seats it names as its evidence (see
    Fault.proven_by): what `verify` calls proven."""
    return bool(fault.seats) and bool(fault.evidence)


def authored(fault: Fault) -> bool:
    """Whether `fault` is proven against its seats by the signed parts it carries as evidence
    (share frames): a node that never saw those parts, on the same history, finds the same
    fault in them (Session._on_halt), so stopping the match for it names nobody else."""
    return fault.kind in AUTHORED_FAULTS and signed_proof(fault)


def check_equivocation(keys: list[bytes], match: bytes, frame_a: bytes, frame_b: bytes) -> int | None:
    """The seat two share frames prove guilty of signing two messages for one slot, else None.

    Stands on its own (only the players' keys and the match id are needed), so a node can hand
    the proof to anyone."""
    try:
        a, b = read_frame(frame_a), read_frame(frame_b)
    except CodecError:
        return None
    if not (isinstance(a, Share) and isinstance(b, Share)) or frame_a == frame_b:
        return None
    if a.author != b.author or a.seq != b.seq or a.author >= len(keys):
        return None
    if a.match != match or b.match != match:
        return None
    if a.pool != b.pool:
        return None   # a claim and a share for one slot are both allowed
    if not (a.signed_by(keys[a.author]) and b.signed_by(keys[b.author])):
        return None
    return a.author
