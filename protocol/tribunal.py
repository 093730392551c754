"""The tribunal: stopping a match, and judging the halt notices and disputes of others.

A node that stops a match sends every peer a halt notice with the frames that made it stop.
Some cheats only one node can see (a share signed for it alone, garbage on one link), so each
peer judges those frames itself: the notice's word alone convicts nobody; the fault a node
adopts is what its own checks find in the evidence (two signed shares for one slot, or a
signed share that breaks the rules on the history this node holds too). When they find nothing
(unsigned evidence, evidence that holds, a lying reporter) the node cannot tell who cheated
and stops with a dispute naming both, which later frames may settle.

A notice can overtake the shares its proof builds on: a reporter relays every share it takes
live before it stops, but not those of entries it caught up. So a notice whose proof (a share
an accused seat signed) is for an entry ahead of this node's log is held, the first of each
reporter only (memory stays bounded whatever a peer sends), and judged when the log gets there:
checking that slot's shares convicts the cheater as they would had it come on its own, and a
proof that breaks no rule there is a dispute. If this node's deadline passes first, a share
before the proof was withheld or lost and nothing here can judge it: a dispute naming both
then, never a conviction. Held notices are moot at game over.

Invariants:
- A stop is final for the session: after it only a dispute's settling frames and a state
  mismatch's sections are read.
- A stop whose evidence proves a cheat (protocol.cheat_record) leaves `record`, the proof item
  the node appends after its last entry; every other stop leaves none.
- A reporter is credited in the fault's reason only when its notice carried the proof.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from engine.canonical import encode as canonical
from engine.core import player_name

from . import cheat_record
from .codec import CodecError, encode
from .events import Divergence, FaultDetected, Output, Send
from .faults import Fault
from .frames import Halt, Sections, Share, read_frame
from .log import Ledger
from .messages import make_halt
from .randomness import H
from .share_pool import SharePool

__all__ = ["Tribunal", "state_sections", "first_difference"]


class Tribunal:
    def __init__(self, peers: tuple[int, ...]) -> None:
        self.peers = peers
        self.fault: Fault | None = None
        self.record: bytes | None = None   # the proof item of a cheat that stopped us
        self._accused: tuple[int, ...] = ()   # of the dispute we stopped at
        # reporter -> (notice frame, notice, entry its proof is for): halt notices whose proof
        # is ahead of the log, the first of each reporter only
        self._held: dict[int, tuple[bytes, Halt, int]] = {}

    # ---- stopping --------------------------------------------------------------------------
    def halt(self, fault: Fault, ledger: Ledger | None, out: Output) -> None:
        """Stop the match at `fault`: tell the node, and every peer with the evidence."""
        fault = self._credited_held(fault)
        self.fault = fault
        self.record = cheat_record.record(ledger, fault)
        out.events.append(FaultDetected(fault, self.record))
        seq = ledger.seq if ledger is not None else 0
        out.sends.append(Send(self.peers, encode(make_halt(
            seq, fault.kind, fault.seats, fault.reason, fault.evidence))))
        if fault.kind == "state-mismatch" and ledger is not None:
            sections = state_sections(ledger.state)
            out.sends.append(Send(self.peers, encode({
                "t": "sections", "seq": ledger.seq, "names": [n for n, _ in sections],
                "hashes": [h for _, h in sections]})))

    def _credited_held(self, fault: Fault) -> Fault:
        for reporter, (_, notice, _) in sorted(self._held.items()):
            if set(fault.evidence) & set(notice.evidence):
                return credited(fault, reporter, notice.evidence)
        return fault

    # ---- a peer's halt notice --------------------------------------------------------------
    def on_halt(self, msg: Halt, raw: bytes, reporter: int, ledger: Ledger | None,
                pool: SharePool, take: Callable[[bytes, int], None]) -> None:
        """A peer stopped the match. Its evidence frames that are shares of this match their
        authors signed are taken (`take`) as frames relayed by the reporter, so this node's own
        checks judge them (anything else proves nothing: anybody could have made it); returns
        when the notice is held (its proof is for an entry ahead of the log) or names nobody
        else; raises the fault those checks prove, else a dispute naming both sides."""
        accused = msg.seats
        if not accused or accused == (reporter,) or \
                (ledger is not None and reporter in ledger.absent):
            # A node stopped by a bug, or told that the others recorded it as gone, accuses
            # nobody else: its seat is the timeout machinery's business, not a reason to stop.
            return
        if ledger is not None:
            ahead = 0
            for frame in msg.evidence:
                share = _signed_share(frame, ledger, pool)
                if share is None:
                    continue
                try:
                    take(frame, reporter)
                except Fault as f:
                    raise credited(f, reporter, msg.evidence) from None
                if share.author in accused and share.seq > ledger.seq:
                    ahead = max(ahead, share.seq)
            if ahead and not ledger.over:
                # one per reporter (an honest one stops once): a flood holds no more
                self._held.setdefault(reporter, (raw, msg, ahead))
                return
        raise self.dispute(msg, reporter, "this node has no proof of it")

    def judge_held(self, ledger: Ledger) -> None:
        """Held notices whose proof the log has reached: had it proven anything, checking the
        shares of that slot would have stopped the match already, so each is a dispute. Once
        the game is over they are moot (this node's log is whole)."""
        if ledger.over:
            self._held.clear()
        for reporter in sorted(self._held):
            _, msg, seq = self._held[reporter]
            if seq <= ledger.seq:
                del self._held[reporter]
                raise self.dispute(msg, reporter, f"its proof, a share for entry {seq}, breaks "
                                   "no rule on this node's log")

    def expire_held(self) -> Fault | None:
        """At this node's deadline: the log did not reach a held notice's proof in time, so a
        share before it was withheld or lost, and nothing here can judge it: the dispute."""
        if not self._held:
            return None
        reporter = min(self._held)
        _, msg, seq = self._held.pop(reporter)
        return self.dispute(msg, reporter, f"its proof is a share for entry {seq}, which this "
                            "node's log did not reach before its deadline")

    def held_halts(self) -> list[tuple[int, bytes]]:
        """(reporter, notice frame) of the notices held, in seat order (catch-up hands them
        to the session that replaces this one)."""
        return [(r, self._held[r][0]) for r in sorted(self._held)]

    def dispute(self, msg: Halt, reporter: int, why: str) -> Fault:
        accused = msg.seats
        named = " and ".join(map(player_name, accused))
        self._accused = accused
        return Fault("dispute", tuple(sorted({*accused, reporter})),
                     f"{player_name(reporter)} stopped the match accusing {named} of "
                     f"{msg.kind}: {msg.reason}; {why}, so either of them may be the "
                     "cheater", msg.seq)

    # ---- after the stop --------------------------------------------------------------------
    def after_stop(self, data: bytes, sender: int, ledger: Ledger | None, pool: SharePool,
                   out: Output) -> None:
        """A frame after this node stopped: only a dispute's settling frames and a state
        mismatch's sections are read."""
        if self.fault.kind == "state-mismatch":
            self._on_sections(data, sender, ledger, out)
        elif self.fault.kind == "dispute":
            self._settle(data, sender, ledger, pool, out)

    def _settle(self, data: bytes, sender: int, ledger: Ledger | None, pool: SharePool,
                out: Output) -> None:
        """While in a dispute, a frame that proves a fault settles it: two signed shares for one
        slot (sent as such or as a halt notice's evidence), or a bad frame that the accused
        sends this node directly."""
        found = None
        try:
            msg = read_frame(data)
        except CodecError as e:
            if sender in self._accused:
                found = Fault("malformed", (sender,), str(e))
        else:
            frames = msg.evidence if isinstance(msg, Halt) else \
                (data,) if isinstance(msg, Share) else ()
            for frame in frames:
                found = found or _equivocation(frame, ledger, pool)
            if found is None and isinstance(msg, Share) and sender in self._accused \
                    and ledger is not None:
                found = pool.unauthentic(msg, sender, ledger.match_id)
                if found is None and msg.author == sender and msg.seq == ledger.seq \
                        and not ledger.over:
                    # the accused's own share for the slot this node stopped at
                    try:
                        ledger.check_share(msg)
                    except Fault as f:
                        if f.seats == (sender,):
                            found = Fault(f.kind, f.seats, f.reason, f.seq, (data,))
        if found is not None:
            self.halt(found, ledger, out)

    def _on_sections(self, data: bytes, sender: int, ledger: Ledger, out: Output) -> None:
        try:
            msg = read_frame(data)
        except CodecError:
            return
        if not isinstance(msg, Sections) or msg.seq != ledger.seq:
            return
        section = first_difference(state_sections(ledger.state),
                                   list(zip(msg.names, msg.hashes)))
        if section is not None:
            out.events.append(Divergence(msg.seq, sender, section))


def _signed_share(frame: bytes, ledger: Ledger, pool: SharePool) -> Share | None:
    """`frame` read, when it is a share of this match its author signed."""
    try:
        share = read_frame(frame)
    except CodecError:
        return None
    if not isinstance(share, Share) or pool.unauthentic(share, None, ledger.match_id):
        return None
    return share


def _equivocation(frame: bytes, ledger: Ledger | None, pool: SharePool) -> Fault | None:
    if ledger is None:
        return None
    try:
        share = read_frame(frame)
    except CodecError:
        return None
    return pool.equivocation_with(share, ledger) if isinstance(share, Share) else None


def credited(fault: Fault, reporter: int, evidence: tuple[bytes, ...]) -> Fault:
    """`fault`, saying that `reporter`'s halt notice carried its proof when it did."""
    if not set(fault.evidence) & set(evidence):
        return fault
    return Fault(fault.kind, fault.seats, f"{fault.reason} ({player_name(reporter)} stopped the "
                 "match for it and sent the proof)", fault.seq, fault.evidence)


def state_sections(state: Any) -> list[tuple[str, bytes]]:
    """Hashes of the parts of a state, in field order, to name where two nodes' states differ.

    Top-level fields of a dataclass state, and each element of a list of records (e.g.
    "players[2]") separately, since that is usually where a divergence is looked for."""
    if not dataclasses.is_dataclass(state):
        return [("state", H(canonical(state)))]
    out = []
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, (list, tuple)) and value and all(
                dataclasses.is_dataclass(v) for v in value):
            out += [(f"{f.name}[{i}]", H(canonical(v))) for i, v in enumerate(value)]
        else:
            out.append((f.name, H(canonical(value))))
    return out


def first_difference(mine: list[tuple[str, bytes]], theirs: list[tuple[str, bytes]]) -> str | None:
    other = dict(theirs)
    for name, h in mine:
        if other.get(name) != h:
            return name
    extra = [n for n, _ in theirs if n not in dict(mine)]
    return extra[0] if extra else None
