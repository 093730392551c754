"""The slot rules: which entry the log takes next, who writes it, and what may answer it.

    slot = next_slot(ledger)      # Slot(seq, kind, authors, pending), None once the game is over

The rules, in order of precedence (the first that applies names the slot):

    | the log stands at                     | entry kind | written by                          |
    |---------------------------------------|------------|-------------------------------------|
    | a timed-out seat not yet decided on   | choice     | every active seat                   |
    | a step just taken (a turn ended)      | attest     | every active seat                   |
    | hidden decks not ready (protocol 4)   | key        | every active seat                   |
    |                                       | shuffle    | the next seat to shuffle that deck  |
    | engine.Decision                       | move       | its player                          |
    | engine.Sealed, no commit entry yet    | commit     | its choosers still active           |
    | engine.Sealed, committed              | open       | the committed seats still active    |
    | engine.Chance                         | reveal     | every active seat                   |
    | engine.PrivateDraw                    | draw       | every key holder but the drawer     |
    | engine.Disclose                       | disclose   | every holder of a card it can open  |
    | engine.Over                           | (none)     |                                     |

At any slot the other active seats may jointly write a "timeout" entry instead, against a seat
the slot waits for (a claim is a signature of its own pool, see kinds.pool_of); at a move slot a
seat the bot plays and the deciding player may write a "reclaim" entry instead (the move slot
then comes back). protocol.log checks each part; this module holds the order.

Invariant: a function of the ledger's state alone (no clock, no input), so every node and
`verify` name the same slot at the same point of the same log.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import engine

from .kinds import ATTEST, CHOICE, COMMIT, DISCLOSE, DRAW, MOVE, OPEN, REVEAL

__all__ = ["Slot", "next_slot", "LogPosition"]


class LogPosition(Protocol):
    """What the slot rules read of a log (protocol.log.Ledger is one)."""
    seq: int                    # the number of the next entry
    undecided: list[int]        # timed-out seats the others have not chosen about yet
    phase: str                  # ATTEST when a step was just taken
    hidden: Any                 # protocol.hiddenlog.HiddenDecks, or None
    bots: list[int]             # seats the derived bot plays
    absent: list[int]           # seats that do not write (timed out, or bots)
    state: Any                  # the engine state
    sealed: tuple[int, dict[int, bytes]] | None   # the commit entry being opened

    def active(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Slot:
    seq: int
    kind: str                       # one of kinds.KINDS but timeout and reclaim
    authors: tuple[int, ...]        # who must each contribute one share, in seat order
    pending: Any = None             # the engine's Decision, Chance, Sealed, PrivateDraw or
                                    # Disclose for a step; for a choice, the timed-out seat it
                                    # is about; for a shuffle, the deck's name


def next_slot(ledger: LogPosition) -> Slot | None:
    seq, active = ledger.seq, ledger.active()
    if ledger.undecided:
        return Slot(seq, CHOICE, active, ledger.undecided[0])
    if ledger.phase == ATTEST:
        return Slot(seq, ATTEST, active)
    if ledger.hidden is not None:
        setup = ledger.hidden.setup_slot(ledger.bots)
        if setup is not None:
            kind, authors, deck = setup
            return Slot(seq, kind, authors or active, deck)
    p = engine.pending(ledger.state)
    if isinstance(p, engine.Decision):
        return Slot(seq, MOVE, (p.player,), p)
    if isinstance(p, engine.Sealed):
        if ledger.sealed is None:
            choosers = (d.player for d in p.decisions)
            return Slot(seq, COMMIT, tuple(a for a in choosers if a not in ledger.absent), p)
        return Slot(seq, OPEN, tuple(a for a in sorted(ledger.sealed[1])
                                     if a not in ledger.absent), p)
    if isinstance(p, engine.Chance):
        return Slot(seq, REVEAL, active, p)
    if isinstance(p, engine.PrivateDraw):
        return Slot(seq, DRAW, ledger.hidden.draw_authors(p, ledger.bots), p)
    if isinstance(p, engine.Disclose):
        return Slot(seq, DISCLOSE, ledger.hidden.disclose_authors(p, ledger.bots), p)
    return None
