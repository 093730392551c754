"""The node's events, fanned out to its observers: the `on_event` callback and subscribers.

Invariants kept here:
- Every event reaches the callback first, then each subscriber, in the order emitted; an event
  is a kind and a JSON-able dict (subscribers get {"event": kind, **data}).
- What the session reports is said in the control API's words (`describe`), the same for
  every observer; the node's own reactions to those events are the node's.
- A subscriber never slows or stops the node: one whose buffer (1000 events) is full, or that
  has closed its end, is dropped at that event and gets no more.
"""
from __future__ import annotations

from typing import Any, Callable

import trio

from protocol.events import (Divergence, MatchStarted, SeatChosen, SeatReclaimed, SeatTimedOut,
                             StateChanged, TurnAttested, YourDecision)
from protocol.session import Session

from .words import SeatNames, decision_data

SUBSCRIBER_BUFFER = 1000


class Events:
    def __init__(self, on_event: Callable[[str, dict], None] | None = None) -> None:
        self.on_event = on_event or (lambda kind, data: None)
        self._subscribers: list[trio.MemorySendChannel] = []

    def emit(self, kind: str, data: dict) -> None:
        self.on_event(kind, data)
        for ch in list(self._subscribers):
            try:
                ch.send_nowait({"event": kind, **data})
            except (trio.WouldBlock, trio.BrokenResourceError, trio.ClosedResourceError):
                self._subscribers.remove(ch)

    def subscribe(self) -> trio.MemoryReceiveChannel:
        send, receive = trio.open_memory_channel(SUBSCRIBER_BUFFER)
        self._subscribers.append(send)
        return receive


def describe(ev: Any, session: Session | None, my_seat: int | None,
             names: SeatNames | None = None) -> tuple[str, dict] | None:
    """The event a session event is said as to observers (kind, data), or None for one the
    node does not report as it is (entries appended, the game's end and faults are said by
    the node once it has handled them)."""
    if isinstance(ev, MatchStarted):
        return "started", {"match": ev.match_id.hex(), "seat": my_seat}
    if isinstance(ev, YourDecision):
        return "decision", decision_data(ev.seq, session.state, ev.decision,
                                         names or SeatNames())
    if isinstance(ev, SeatTimedOut):
        return "timeout", {"seq": ev.seq, "seat": ev.seat, "options": list(ev.options),
                           "ask": ev.ask}
    if isinstance(ev, SeatChosen):
        return "choice", {"seq": ev.seq, "seat": ev.seat, "outcome": ev.outcome,
                          "choices": [[a, c] for a, c in sorted(ev.choices.items())]}
    if isinstance(ev, SeatReclaimed):
        return "reclaimed", {"seq": ev.seq, "seat": ev.seat}
    if isinstance(ev, StateChanged):
        return "state", {"seq": ev.seq, "kind": ev.kind}
    if isinstance(ev, TurnAttested):
        return "attested", {"seq": ev.seq, "hash": ev.state_hash.hex()}
    if isinstance(ev, Divergence):
        return "divergence", {"seq": ev.seq, "seat": ev.seat, "section": ev.section}
    return None
