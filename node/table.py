"""The table: what every part of a node reads (who we are, the seats, the session, how it ends).

The parts (lobby, links, catchup, ping, watchdog, linger, alone, play) hold the table and the few
other parts they call, each given by name when it is made, never the whole node: what a part
can touch is what its constructor takes.

Invariants kept here:
- One table per node, made with it and kept for its life; the parts that hold it see every
  change at once (they never copy what it holds).
- `seats` and `my_seat` are set once, when a game is hosted (the host's lobby then appends a
  seat per joiner seated), joined or resumed, before the session is made.
- `session` is made once the genesis is known, and `session_ready` set then (never cleared);
  it is replaced only by a session rebuilt from our log and a peer's entries (node.catchup).
- `finished` is set once, at the game's end or a fault, with `outcome` filled in; `closed`
  once the finished node has lingered (node.linger): re-dialing stops then.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import trio

from protocol.identity import Identity
from protocol.session import Session

from .events import Events
from .told import Told

__all__ = ["Seat", "Outcome", "Table", "OnTable"]


@dataclass
class Seat:
    """A player's seat as this node knows it: who (name, key, hash-chain commitment), where its
    node listens, and the link to it (node.links)."""
    name: str
    key: bytes
    commit: bytes = b""
    addr: str = ""
    port: int = 0
    conn: Any = None
    scope: Any = None     # cancels the current link's reader and writer
    inflight: list = field(default_factory=list)   # the batch being written to it
    # what its node said it plays as in the lobby (engine.bots.bot_info), None for a person:
    # its own word, shown beside its name, never checked (a bot's moves are checked as anyone's)
    bot: dict | None = None


@dataclass
class Outcome:
    """How a node's game ended, for the command line and tests."""
    match_id: bytes | None = None
    match_file: Path | None = None
    result: Any = None
    fault: Any = None
    state_hash: bytes | None = None
    seat: int | None = None
    players: list[str] = field(default_factory=list)


class Table:
    def __init__(self, identity: Identity, name: str,
                 on_event: Callable[[str, dict], None] | None = None) -> None:
        self.identity = identity
        self.name = name
        self.bot: dict | None = None   # what we play as, if a bot (engine.bots.bot_info)
        self.seats: list[Seat] = []
        self.my_seat: int | None = None
        self.session: Session | None = None
        self.session_ready = trio.Event()
        self.finished = trio.Event()
        self.closed = trio.Event()   # the game is over and every peer has the log
        self.outcome = Outcome()
        self.events = Events(on_event)
        self.told = Told()           # what each entry did, for screens (node.told)
        # woken after every session output handled (node.play): watchers serve the log's news
        self.grown = trio.lowlevel.ParkingLot()

    def entry_count(self) -> int:
        return len(self.session.entries) if self.session else 0


class OnTable:
    """An attribute of the node that lives on its table (`node.seats` is `node.table.seats`),
    so the node's public names stay what the command line and tests use."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, node: Any, owner: type | None = None) -> Any:
        return self if node is None else getattr(node.table, self.name)

    def __set__(self, node: Any, value: Any) -> None:
        setattr(node.table, self.name, value)
