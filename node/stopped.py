"""Matches that must not go on: one stopped by a proven cheat, or one whose own log breaks a rule.

Invariants kept here:
- A match file ending with the proof of a cheat (protocol.cheat_record) is over for good: it is
  never resumed, whoever's file it is (an honest player's, or the cheater's own), so no entry
  ever follows the proof and the cheat stays on the record. The proof is judged again on the
  file's log, never taken from the note beside it.
- A match file whose entries do not verify (a cheater's node that logged its own cheat) or do
  not read as entries is not resumed either, nor one whose genesis this build does not play (an
  older lanboard's protocol, other rules): the person reads why, in one line (MatchStopped),
  never a traceback.
- The note's `stopped` (written by node.play with the proof) only lets a command say so early,
  before it starts a node; the node's own check is the file's.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import player_name
from protocol.cheat_record import read
from protocol.codec import CodecError
from protocol.faults import Fault
from protocol.genesis import GenesisError
from protocol.identity import Identity
from protocol.messages import parse_proof
from protocol.randomness import HashChain
from protocol.events import Output
from protocol.session import Session

__all__ = ["MatchStopped", "resume_session", "stopped_in_note"]


class MatchStopped(Exception):
    """This match does not go on; the message says why and what to do, in one line."""


def resume_session(path: Path, items: list[bytes], identity: Identity, chain: HashChain,
                   unlogged: list[bytes], seat: int) -> tuple[Session, Output]:
    """Session.resume on a match file's items, or MatchStopped when the match must not go on."""
    entries, proof = read(items)
    try:
        session, out = Session.resume(entries, identity, chain, unlogged)
    except Fault as f:
        at = f"its entry {f.seq}" if f.seq else "it"
        raise MatchStopped(
            f"{path.name} cannot be resumed: {at} breaks a rule ({f.kind} by "
            f"{_who(f.seats, seat)}: {f.reason}), and a match does not go on past that (a node "
            f"that logged its own cheat; the others stopped there). `lanboard verify {path}` "
            "shows it") from None
    except CodecError as e:
        raise MatchStopped(f"{path.name} cannot be resumed: an item of it does not read as an "
                           f"entry ({e}). `lanboard verify {path}` shows where") from None
    except GenesisError as e:   # an older lanboard's protocol, other rules: nobody's fault
        raise MatchStopped(f"{path.name} cannot be resumed: {e}") from None
    if proof is None:
        return session, out
    try:
        fault = session.proven_cheat(parse_proof(proof)["evidence"])
    except CodecError:
        fault = None
    if fault is None:
        raise MatchStopped(f"{path.name} ends with a proof of a cheat that proves none (was the "
                           f"file changed?): it is not resumed. `lanboard verify {path}` says more")
    raise MatchStopped(_over_for_good(path, fault.seq, fault.kind, fault.seats, fault.reason, seat))


def stopped_in_note(path: Path, note: dict) -> str | None:
    """What to tell a person who asks to resume a match its note says a proven cheat ended."""
    s = note.get("stopped")
    if not isinstance(s, dict):
        return None
    return _over_for_good(path, s.get("seq"), s.get("kind"), s.get("seats") or [],
                          s.get("reason", ""), note.get("seat"))


def _over_for_good(path: Path, seq: Any, kind: Any, seats: Any, reason: Any, seat: Any) -> str:
    return (f"match {path.stem} was stopped at entry {seq} for a proven cheat ({kind} by "
            f"{_who(seats, seat)}: {reason}). The signed proof is kept at the end of its match "
            f"file, so the match is over for good and is not resumed; `lanboard verify {path}` "
            "checks the proof")


def _who(seats: Any, seat: Any) -> str:
    return ", ".join(player_name(s) + (" (you)" if s == seat else "") for s in seats) or "nobody"
