"""Signed round trips to the peers, over the game's own queues and links.

Invariants kept here:
- A ping goes through each peer's queue like the game's frames, so it measures what a frame of
  the game would wait; only peers with a link are pinged, and only once the game has started
  (the lobby's links are not yet the game's).
- Both ends check signatures: a ping's over PING | nonce by the seat's key, a pong's over
  PONG | nonce. A bad one is the sender's fault (wire.BadMessage closes that link).
- Answering costs a signature, so a replayed ping (the nonce the seat's last answered ping had)
  gets no answer, nor does a peer that does not read what it is sent (links.ANSWER_BACKLOG).
- A pong for no ping still waiting is dropped unread; a seat is timed by its first answer.
"""
from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING

import trio

from protocol.identity import verify_signature

from . import wire

if TYPE_CHECKING:
    from .links import Links
    from .table import Table

PING_NONCE = 16


class Pinger:
    def __init__(self, table: "Table", links: "Links") -> None:
        self.table = table
        self.links = links
        self.waiting: dict[bytes, tuple[dict[int, float], trio.Event, set[int]]] = {}
        self.last_answered: dict[int, bytes] = {}   # the last ping each seat had answered

    async def ping(self, timeout: float = 2.0) -> dict[int, float | None]:
        """Round trip to every other seat: a signed ping through the same queue and link as
        the game's frames, a signed pong back, both signatures checked. Seconds per seat; None
        for a seat with no link or no answer within `timeout`. Nothing before the game starts:
        the lobby's links are not yet the game's."""
        table, links = self.table, self.links
        if not table.session_ready.is_set():
            return {}
        nonce = secrets.token_bytes(PING_NONCE)
        frame = wire.pack("ping", nonce=nonce, sig=table.identity.sign(wire.PING + nonce))
        sent = time.perf_counter()
        answers: dict[int, float] = {}
        done = trio.Event()
        peers = links.connected()
        self.waiting[nonce] = (answers, done, set(peers))
        try:
            for seat in peers:
                links.send(seat, frame)
            if peers:
                with trio.move_on_after(timeout):
                    await done.wait()
        finally:
            del self.waiting[nonce]
        return {s: (answers[s] - sent if s in answers else None) for s in links.queues}

    def on_ping(self, seat: int, msg: dict) -> None:
        table, links = self.table, self.links
        nonce = msg["nonce"]
        if len(nonce) != PING_NONCE:
            raise wire.BadMessage(f"a ping's nonce has {PING_NONCE} bytes, not {len(nonce)}")
        # Answering costs a signature: a replayed ping, or one from a peer that does not
        # read its answers, gets none.
        if nonce == self.last_answered.get(seat) or not links.answer_allowed(seat):
            return
        if not verify_signature(table.seats[seat].key, msg["sig"], wire.PING + nonce):
            raise wire.BadMessage("a ping whose signature does not verify")
        self.last_answered[seat] = nonce
        links.send(seat, wire.pack(
            "pong", nonce=nonce, sig=table.identity.sign(wire.PONG + nonce)))

    def on_pong(self, seat: int, msg: dict) -> None:
        waiting = self.waiting.get(msg["nonce"])
        if waiting is None:
            return   # an answer that came after its ping gave up
        if not verify_signature(self.table.seats[seat].key, msg["sig"], wire.PONG + msg["nonce"]):
            raise wire.BadMessage("a pong whose signature does not verify")
        answers, done, pinged = waiting
        if seat in pinged:
            answers.setdefault(seat, time.perf_counter())
        if len(answers) >= len(pinged):
            done.set()
