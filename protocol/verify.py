"""Offline verification of a match file: every signature, the chain, each author's right to its
slot, every reveal, and a full engine replay against every attested state hash (including the
moves of seats handed over to the bot after a timeout, which every replay derives alike).

`verify_bytes` never raises on any input: the outcome is a `Report` with `status` 0 (all holds),
1 (a check failed: the first bad entry, its kind and author, and why) or 2 (not a match file).

A failure names the seat its fault points at (`author`); `proven` says whether a part that seat
signed shows it broke the rule (an illegal move, a bad share, a wrong opening, a state hash the
replay does not reach...: its valid signature on the bad content, which nobody else can make;
check_entry hands such a fault over with that part as its evidence). Anything else (a signature that
fails, an entry out of place, a seat writing where it may not without a checked signature, a
malformed entry) could have been written by whoever made the file: it names a seat, proves
nothing against it.

A file may end with a proof item after its entries (protocol.cheat_record: a node stopped the
match for a cheat there). Its signed shares are judged on the log the entries make: a cheat
they prove is the report's failure, proven, at the entry the cheat was signed for (`proof` is
the item's index); a proof item that proves nothing (not signed by the seat it would accuse,
breaking no rule, of another history) convicts nobody: `bad-proof`, named on no seat.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from engine.canonical import to_data
from engine.core import player_name

from .cheat_record import judge
from .codec import CodecError
from .faults import Fault, signed_proof
from .frames import read_frame
from .log import Ledger
from .matchfile import MAX_FILE, read_items
from .messages import SchemaError, is_proof, parse_entry, parse_proof, parse_signed_genesis

__all__ = ["Report", "Checker", "verify_bytes", "verify_file", "read_file", "replay"]


@dataclass
class Report:
    status: int                       # 0 ok, 1 a check failed, 2 unreadable
    reason: str = ""
    index: int | None = None          # item index in the file (0 = genesis)
    kind: str | None = None           # entry kind of the bad item ("genesis" for item 0)
    author: int | None = None         # seat the failure is attributed to
    proven: bool = False              # a part `author` signed shows the fault (see above)
    fault: str | None = None          # fault kind (see protocol.faults.FAULT_KINDS)
    match_id: str | None = None
    game: str | None = None
    players: list[dict] = field(default_factory=list)
    entries: int = 0                  # entries verified (after the genesis)
    counts: dict[str, int] = field(default_factory=dict)
    signatures: int = 0               # signatures checked and valid
    complete: bool = False
    bots: list[int] = field(default_factory=list)      # seats played by the bot after a timeout
    bot_moves: int = 0                # moves the bot made for them (derived, not entries)
    choices: list[dict] = field(default_factory=list)  # {"seq", "seat", "outcome"} per choice
    reclaims: list[dict] = field(default_factory=list)  # {"seq", "seat"}: seats taken back
    scores: list[int] | None = None
    winners: list[int] | None = None
    details: Any = None
    proof: int | None = None          # index of the proof item that convicted (see above)

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items()}


def _entry_kind(value: Any) -> str | None:
    k = value.get("kind") if type(value) is dict else None
    return k if type(k) is str else None


def _entry_author(value: Any) -> int | None:
    a = value.get("authors") if type(value) is dict else None
    return a[0] if type(a) is list and a and type(a[0]) is int else None


def replay(data: bytes, on_entry: Any = None) -> tuple[Report, Ledger | None]:
    report, ledger = _replay(data, on_entry)
    if ledger is not None:
        report.entries = len(ledger.entries)
        report.counts = dict(ledger.counts)
        report.bots = list(ledger.bots)
        report.bot_moves = ledger.bot_moves
        report.choices = [{"seq": q, "seat": s, "outcome": o} for q, s, o in ledger.choices]
        report.reclaims = [{"seq": q, "seat": s} for q, s in ledger.reclaims]
    return report, ledger


class Checker:
    """`verify`'s checks, one item at a time: what `replay` runs on a file, and what a watcher
    (node.watcher) runs on each entry as it arrives, so both word a failure alike. `report`
    says the first failure (status 2 for a genesis that is none, 1 for a bad entry); once an
    item failed, the checker takes no more."""

    def __init__(self, on_entry: Any = None) -> None:
        self.report = Report(status=1)
        self.ledger: Ledger | None = None
        self.on_entry = on_entry
        self.failed = False

    def genesis(self, value: Any) -> bool:
        """The first item, decoded; False (and `report` says why) when it is no signed genesis."""
        report = self.report
        try:
            signed = parse_signed_genesis(value)
        except SchemaError as e:
            self.report, self.failed = Report(2, "not a match file: the first item is not a "
                                              f"signed genesis ({e})"), True
            return False
        body = signed["body"]
        report.game = body["game"]
        report.players = [{"seat": i, "name": p["name"], "key": p["key"].hex()}
                          for i, p in enumerate(body["players"])]
        try:
            # with no one reading its states (a file's check), each entry changes it in place
            self.ledger = Ledger(signed, keeps_no_states=self.on_entry is None)
        except Fault as f:
            report.reason, report.index, report.kind = f.reason, 0, "genesis"
            report.author = f.seats[0] if f.seats else None
            report.fault = f.kind
            self.failed = True
            return False
        report.match_id = self.ledger.match_id.hex()
        report.signatures = self.ledger.n
        if self.on_entry:
            self.on_entry(0, None, self.ledger)
        return True

    def entry(self, index: int, raw: bytes, value: Any) -> bool:
        """Item `index` (an entry: a proof item is the caller's), its bytes and decoded value;
        False (and `report` names the entry, its author and the fault) when it breaks a rule."""
        report, ledger = self.report, self.ledger
        report.index, report.kind, report.author = index, _entry_kind(value), _entry_author(value)
        try:
            entry = parse_entry(value)
        except SchemaError as e:
            report.fault, report.reason = "malformed", str(e)
            self.failed = True
            return False
        try:
            ledger.take(entry, raw)
        except Fault as f:
            report.fault, report.reason = f.kind, f.reason
            report.author = f.seats[0] if f.seats else None
            report.proven = signed_proof(f)
            self.failed = True
            return False
        report.signatures += len(entry["sigs"])
        report.index = report.kind = report.author = None
        if self.on_entry:
            self.on_entry(index, entry, ledger)
        return True


def _replay(data: bytes, on_entry: Any = None) -> tuple[Report, Ledger | None]:
    checker = Checker(on_entry)
    items = read_items(data)
    try:
        _, _, value = next(items)
    except StopIteration:
        return Report(2, "empty file: no genesis"), None
    except CodecError as e:
        return Report(2, f"not a match file: the first item is not canonical CBOR ({e})"), None
    if not checker.genesis(value):
        return checker.report, None
    report, ledger = checker.report, checker.ledger
    index = 0
    try:
        for index, (offset, raw, value) in enumerate(items, start=1):
            if is_proof(value):
                report.index, report.kind = index, _entry_kind(value)
                report.author = _entry_author(value)
                _judge_proof(report, ledger, value, index, items)
                return report, ledger
            if not checker.entry(index, raw, value):
                return report, ledger
    except CodecError as e:
        report.index = index + 1
        report.kind = report.author = None
        report.fault, report.reason = "malformed", f"entry {index + 1}: {e}"
        return report, ledger
    report.index = report.kind = report.author = None
    result = ledger.result()
    if result is not None:
        report.scores, report.winners = list(result.scores), list(result.winners)
        report.details = to_data(dict(result.details))
    if not ledger.over:
        report.index = len(ledger.entries) + 1
        report.fault = "incomplete"
        report.reason = (f"all {len(ledger.entries)} entries hold, but the log ends before the "
                         f"game is over (entry {ledger.seq} is missing: {_a(ledger.slot.kind)} "
                         f"by {', '.join(map(player_name, ledger.slot.authors))})")
        return report, ledger
    report.complete = True
    report.status = 0
    return report, ledger


def _judge_proof(report: Report, ledger: Ledger, value: Any, index: int, items: Any) -> None:
    """The proof item at `index` (after every entry of `ledger`): what it proves, on that log."""
    if next(items, None) is not None:
        report.fault, report.reason = "malformed", "an item follows the proof of a cheat"
        return
    try:
        evidence = parse_proof(value)["evidence"]
    except SchemaError as e:
        report.fault, report.reason = "malformed", str(e)
        return
    fault = judge(ledger, evidence)
    if fault is None:
        report.fault = "bad-proof"
        report.reason = ("the file ends with the proof of a cheat that proves none: no share in "
                         "it breaks a rule on this log with its author's signature")
        return
    report.index, report.kind = fault.seq, read_frame(fault.evidence[-1]).kind
    report.author, report.proven, report.proof = fault.seats[0], True, index
    report.fault = fault.kind
    report.reason = (f"{fault.reason} (the match was stopped there: the signed proof is item "
                     f"{index}, after entry {len(ledger.entries)})")


def verify_bytes(data: bytes) -> Report:
    try:
        return replay(data)[0]
    except RecursionError:
        return Report(1, "input nested too deeply")
    except Exception as e:  # noqa: BLE001 - the verifier must answer, not crash, on any input
        return Report(1, f"internal error while verifying: {type(e).__name__}: {e}")


def read_file(path: str) -> bytes | Report:
    """The bytes of the match file at `path`, or the status-2 Report saying why it cannot be
    one. A regular file larger than MAX_FILE is refused by its size, before any of it is read
    (a pipe has no size: at most MAX_FILE + 1 bytes of it are read)."""
    too_big = Report(2, f"{path} is larger than {MAX_FILE} bytes: not a match file")
    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_FILE:
                return too_big
            data = f.read(MAX_FILE + 1)
    except OSError as e:
        return Report(2, f"cannot read {path}: {e.strerror or e}")
    return too_big if len(data) > MAX_FILE else data


def verify_file(path: str) -> Report:
    data = read_file(path)
    return data if isinstance(data, Report) else verify_bytes(data)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
