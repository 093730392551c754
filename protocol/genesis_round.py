"""The genesis round: every seat's signature on the genesis body, gathered before the log opens.

Invariants:
- A signature counts only when it is for this body and verifies for its seat; a second,
  different signature of one seat is its equivocation (it would give peers two match ids).
- Every signature taken from another seat is relayed to the seats that may lack it, so a seat
  sending different signatures to different peers is caught by someone.
- Frames that arrive before every signature is in (peers that completed the round first may
  already play) are held, at most EARLY_LIMIT of them, and handed back once it is complete.
"""
from __future__ import annotations

from engine.core import player_name

from .codec import encode
from .events import Send
from .faults import Fault
from .frames import GenesisSig
from .genesis import assemble, body_hash, check_signature, sign_body

__all__ = ["GenesisRound", "EARLY_LIMIT"]

EARLY_LIMIT = 256   # frames kept before the genesis is complete


class GenesisRound:
    def __init__(self, body: dict, seat: int | None, n: int) -> None:
        self.body, self.seat, self.n = body, seat, n
        self.hash = body_hash(body)
        self.sigs: dict[int, bytes] = {}
        self.started = False
        self._early: list[tuple[bytes, int]] = []

    def frame(self, seat: int, sig: bytes) -> bytes:
        return encode({"t": "gsig", "genesis": self.hash, "seat": seat, "sig": sig})

    def sign(self, sign) -> bytes | None:
        """Our own signature's frame, the first time only."""
        if self.started:
            return None
        self.started = True
        if self.seat is None:
            return None
        sig = sign_body(self.body, sign)
        self.sigs[self.seat] = sig
        return self.frame(self.seat, sig)

    def take(self, msg: GenesisSig, raw: bytes, sender: int, peers: tuple[int, ...]) -> list[Send]:
        """Take a seat's signature from `sender`; the relays it calls for. Raises the Fault."""
        seat = msg.seat
        if msg.genesis != self.hash or seat >= self.n:
            raise Fault("genesis", (sender,), "signature for a different genesis")
        if not check_signature(self.body, seat, msg.sig):
            raise Fault("bad-signature", (sender,), f"genesis signature of {player_name(seat)} "
                        "does not verify")
        old = self.sigs.get(seat)
        if old is not None and old != msg.sig:
            raise Fault("equivocation", (seat,), "two different genesis signatures",
                        0, (old, msg.sig))
        self.sigs[seat] = msg.sig
        if seat == self.seat:
            return []
        rest = tuple(s for s in peers if s not in (seat, sender))
        return [Send(rest, raw, relay=True)] if rest else []

    def signed(self) -> dict | None:
        """The signed genesis once every seat's signature is in."""
        if len(self.sigs) < self.n:
            return None
        return assemble(self.body, [self.sigs[s] for s in range(self.n)])

    def missing(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s not in self.sigs)

    def hold(self, data: bytes, sender: int) -> None:
        if len(self._early) >= EARLY_LIMIT:
            raise Fault("wrong-sequence", (sender,), "too many messages before the genesis is "
                        "complete")
        self._early.append((data, sender))

    def release(self) -> list[tuple[bytes, int]]:
        early, self._early = self._early, []
        return early
