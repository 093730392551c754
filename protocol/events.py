"""What a session gives back after each input: frames to send and events, in order.

Invariants: the node handles `events` first (each `Appended` entry is written and synced
before anything built on it leaves), then transmits `sends` in order; only a relay (another
author's frame) may leave before that sync. Events are records, never changed once made; a
state they carry is never changed either, so holding one is safe.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .faults import Fault
from .kinds import ATTEST, CHOICE, MOVE, RECLAIM

__all__ = [
    "Send", "Output", "MatchStarted", "YourDecision", "StateChanged", "TurnAttested",
    "Appended", "GameOver", "FaultDetected", "Divergence", "SeatTimedOut", "SeatChosen",
    "SeatReclaimed", "entry_events",
]


@dataclass(frozen=True)
class Send:
    """`relay`: another author's frame forwarded (see "Why shares are echoed"). It builds on
    nothing this node logged, so it need not wait for the sync that this node's own frames
    wait for, and may overtake them."""
    to: tuple[int, ...]
    data: bytes
    relay: bool = False


@dataclass(frozen=True)
class MatchStarted:
    match_id: bytes
    genesis: bytes          # the signed genesis, the first item of the match file


@dataclass(frozen=True)
class YourDecision:
    seq: int
    decision: Any


@dataclass(frozen=True)
class StateChanged:
    """A move, reveal or choice entry changed the state (its hash is compared at the next
    attestation, not computed for every entry: `TurnAttested` carries it). `before` and
    `after` are the game states around this one entry (states are never changed once made, so
    holding them is safe) and `move` the move of a "move" entry: an observer tells what each
    entry did, even when several were appended in one output."""
    seq: int
    kind: str
    before: Any = field(default=None, compare=False, repr=False)
    after: Any = field(default=None, compare=False, repr=False)
    move: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class TurnAttested:
    seq: int
    state_hash: bytes


@dataclass(frozen=True)
class Appended:
    seq: int
    entry: bytes            # append to the match file (and sync) before sending anything else


@dataclass(frozen=True)
class SeatTimedOut:
    """The log records `seat` as timed out (every other player claimed it missed a slot);
    entry `seq` is the remaining players' choice about it. `ask`: this node's player is one of
    them and has not chosen yet."""
    seq: int
    seat: int
    options: tuple[str, ...]
    ask: bool


@dataclass(frozen=True)
class SeatChosen:
    """The choice entry `seq` about `seat` is in the log: `outcome` is "wait" (the seat is
    awaited again), "bot" (a bot plays it from now on) or "end" (the game ends, it forfeits);
    `choices` is what each remaining seat signed."""
    seq: int
    seat: int
    outcome: str
    choices: dict


@dataclass(frozen=True)
class SeatReclaimed:
    """The reclaim entry `seq` is in the log: `seat` plays again (the bot no longer does)."""
    seq: int
    seat: int


@dataclass(frozen=True)
class GameOver:
    result: Any


@dataclass(frozen=True)
class FaultDetected:
    """The match stopped at `fault`. `record`: the proof item to append to the match file when
    the fault's evidence proves a cheat (protocol.cheat_record), after which the match is over
    for good; None when it proves none."""
    fault: Fault
    record: bytes | None = None


@dataclass(frozen=True)
class Divergence:
    """After a state mismatch: the first part of the state where `seat`'s state differs."""
    seq: int
    seat: int
    section: str


@dataclass
class Output:
    """What to do after an input: handle `events` first (persist each `Appended` entry and
    sync), then transmit `sends` in order, each frame to every seat in its `to`. Only relays
    may leave before that sync (see `Send`)."""

    sends: list[Send] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)

    def add(self, other: "Output") -> "Output":
        """`other`'s sends and events after ours (an input made of several)."""
        self.sends += other.sends
        self.events += other.events
        return self


def entry_events(entry: dict, raw: bytes, before: Any, ledger: Any) -> list:
    """What the node is told of an entry just appended to `ledger` (`before`: the state before
    it): the entry to write, then what it did."""
    seq, kind = entry["seq"], entry["kind"]
    events: list[Any] = [Appended(seq, raw)]
    if kind == ATTEST:
        events.append(TurnAttested(seq, entry["parts"][0]))
        if ledger.over:
            events.append(GameOver(ledger.result()))
        return events
    if kind == RECLAIM:
        events.append(SeatReclaimed(seq, ledger.reclaims[-1][1]))
    if kind == CHOICE:
        _, seat, outcome = ledger.choices[-1]
        events.append(SeatChosen(seq, seat, outcome, {
            a: p["choice"] for a, p in zip(entry["authors"], entry["parts"])}))
    events.append(StateChanged(seq, kind, before, ledger.state,
                               entry["parts"][0] if kind == MOVE else None))
    return events
