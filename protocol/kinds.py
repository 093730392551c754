"""The kinds of log entries, named once: the protocol compares kinds against these names, and
the groups below say which kinds share a rule.

Invariant: each string is the one on the wire and in match files (FORMAT.md); changing one is a
protocol change, not a rename.
"""
from __future__ import annotations

__all__ = [
    "MOVE", "REVEAL", "ATTEST", "TIMEOUT", "CHOICE", "COMMIT", "OPEN", "RECLAIM", "KEY",
    "SHUFFLE", "DRAW", "DISCLOSE", "HIDDEN_KINDS", "KINDS", "DECIDED", "UNDERIVABLE",
    "SELF_PROVEN", "SHARE", "CLAIM", "pool_of",
]

MOVE, REVEAL, ATTEST, TIMEOUT, CHOICE = "move", "reveal", "attest", "timeout", "choice"
COMMIT, OPEN, RECLAIM = "commit", "open", "reclaim"
KEY, SHUFFLE, DRAW, DISCLOSE = "key", "shuffle", "draw", "disclose"

HIDDEN_KINDS = (KEY, SHUFFLE, DRAW, DISCLOSE)   # the entry kinds protocol 4 adds
KINDS = (MOVE, REVEAL, ATTEST, TIMEOUT, CHOICE, COMMIT, OPEN, *HIDDEN_KINDS, RECLAIM)

# Slots a person answers (a move, a sealed commitment, a choice about a gone seat): the others
# wait for them up to the genesis's "decision" timeout; every other slot is a node's automatic
# part, awaited up to its "round" timeout.
DECIDED = (MOVE, COMMIT, CHOICE)
# Parts a restarted node cannot derive again from its log (a person or a clock decided them),
# so it keeps them before they leave (Session.own_unlogged).
UNDERIVABLE = (MOVE, TIMEOUT, CHOICE, COMMIT)
# Parts made by protocol.hidden from the node's own key, whose proofs every peer checks on
# arrival: their maker need not check them again.
SELF_PROVEN = (SHUFFLE, DRAW, DISCLOSE)

# A seat may sign two things for one entry: its share of the slot, and a timeout claim against
# another seat (which competes with the awaited share). They are kept apart, each its own pool.
SHARE, CLAIM = "share", "claim"


def pool_of(kind: str) -> str:
    """Which of a seat's two signatures for one entry a part of `kind` is."""
    return CLAIM if kind == TIMEOUT else SHARE
