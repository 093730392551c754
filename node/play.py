"""Play: what the session says, done in the protocol's order, and what the node does about it.

Invariants kept here:
- Entries first: a session output's entries are appended to the match file (made at
  MatchStarted, with the note beside it that a restart reads) before any of its sends is queued.
- Then its sends: relays (another author's shares forwarded) are held by the outbox, our own
  frames go out only once what they build on is synced (node.outbox: persist before send).
- Then its events: said to the observers (events.describe), then reacted to; a decision of a
  bot node goes to its bot driver, in order; the game's end is handled once (`finished`).
- Our own move, timeout claim or choice (`own`) cannot be derived again after a restart (a person
  chose it; a clock dated it): it is kept on disk before it is sent, unless it is there already.
- At the game's end the match file's note says so, held relays leave, and every peer is told
  how much we hold (a peer that crashed near the end learns what it misses, and the others know
  when everybody has the whole log).
- A stop for a proven cheat (FaultDetected with a record) appends the signed proof after the
  last entry and marks the note finished, naming the cheat: the match is over for good (a
  resume refuses it, `lanboard games` offers it no more), and nothing is appended after it
  (node.catchup takes no entries once such a stop is recorded).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import trio

import engine
from protocol.events import (Appended, FaultDetected, GameOver, MatchStarted, Output, SeatTimedOut,
                             StateChanged, YourDecision)

from . import wire
from .catchup import CatchUp
from .events import describe
from .outbox import Outbox
from .store import MatchStore
from .watchdog import Watchdog
from .words import result_data, seat_names

if TYPE_CHECKING:
    from .links import Links
    from .table import Table


class Play:
    """The session's output handled (`handle`, `own`, `react`), and the parts it drives: the
    outbox our frames leave through, catch-up, the watchdog, and a bot node's driver queue."""

    def __init__(self, table: "Table", links: "Links", home: Path, note: dict) -> None:
        self.table = table
        self.links = links
        self.home = home   # where the match file is made
        self.note = note   # how this node runs, for the note beside the match file
        self.outbox = Outbox(links.send)
        self.watchdog = Watchdog(table, self.own)
        self.catchup = CatchUp(table, links, self.outbox, self.watchdog, self.handle, self.react)
        self.bot_todo: trio.MemorySendChannel | None = None   # a bot node's decisions

    @property
    def bot_kind(self) -> str | None:
        return self.note["bot"]

    def handle(self, out: Output, unlogged: list[bytes] | None = None) -> None:
        """Write the entries, queue the sends behind their sync, then react."""
        table, outbox = self.table, self.outbox
        for ev in out.events:
            if isinstance(ev, MatchStarted):
                table.outcome.match_id = ev.match_id
                outbox.store = MatchStore(self.home, ev.match_id)
                outbox.store.start(ev.genesis, self.meta())
                table.outcome.match_file = outbox.store.path
                table.told.start(0)
            elif isinstance(ev, Appended):
                outbox.store.append(ev.entry)
        own = []
        for send in out.sends:
            frame = wire.pack_session(send.data)
            if send.relay:
                outbox.hold_relay(frame, send.to)
            else:
                own.append((frame, send.to))
        outbox.send_later(own, unlogged)
        for ev in out.events:
            self.react(ev)
        table.grown.unpark_all()   # watchers (node.watchers) send what was appended

    def own(self, out: Output) -> None:
        """Output of our own move, timeout claim or choice: none can be derived again after a
        restart (a person chose it; a clock dated it), so it is kept before it is sent."""
        unlogged = self.table.session.own_unlogged()
        if unlogged == self.outbox.unlogged:
            self.handle(out)   # already on disk as they are (most often: none before, none now)
            return
        self.outbox.unlogged = unlogged
        self.handle(out, list(unlogged))

    def meta(self, finished: bool = False, stopped: dict | None = None) -> dict:
        """The note beside the match file: what a restart (`Node.resume`) starts from; with
        `stopped`, the proven cheat that ended it (said to the person; the file's proof item
        is what proves it)."""
        table = self.table
        return {"seat": table.my_seat, "game": table.session.body["game"], "finished": finished,
                **({"stopped": stopped} if stopped else {}), **self.note,
                "players": [{"name": s.name, "key": s.key.hex(), "addr": s.addr,
                             "port": s.port, **({"bot": s.bot} if s.bot else {})}
                            for s in table.seats]}

    def react(self, ev: Any) -> None:
        table = self.table
        if isinstance(ev, StateChanged):   # before the event: a screen it wakes may ask
            table.told.record(ev.seq, ev.kind, ev.before, ev.after, ev.move)
        said = describe(ev, table.session, table.my_seat, seat_names(table))
        if said is not None:
            table.events.emit(*said)
        if isinstance(ev, Appended):
            self.watchdog.moved_on()
        elif isinstance(ev, YourDecision) or isinstance(ev, SeatTimedOut) and ev.ask:
            if self.bot_kind is not None:
                self.bot_todo.send_nowait(ev)
        elif isinstance(ev, GameOver):
            if table.finished.is_set():
                return
            table.outcome.result = ev.result
            table.outcome.state_hash = engine.state_hash(table.session.state)
            self.outbox.store.finish(self.meta(finished=True))
            # Tell every peer how much we hold: a peer that crashed near the end learns what
            # it misses, and the others know when everybody has the whole log.
            self.outbox.release_all_relays()
            have = wire.pack("sync", have=table.entry_count())
            for seat in self.links.queues:
                self.links.send(seat, have)
            table.events.emit("over", {**result_data(table.session.body["game"], ev.result,
                                                     seat_names(table)),
                                       "hash": table.outcome.state_hash.hex()})
            table.finished.set()
        elif isinstance(ev, FaultDetected):
            f = ev.fault
            table.outcome.fault = f
            if ev.record is not None and self.outbox.store is not None:
                self.outbox.store.append(ev.record)
                self.outbox.store.finish(self.meta(finished=True, stopped={
                    "seq": f.seq, "kind": f.kind, "seats": list(f.seats), "reason": f.reason}))
            table.events.emit("fault", {"kind": f.kind, "seats": list(f.seats),
                                        "reason": f.reason,
                                        **({"proven": True} if ev.record is not None else {})})
            table.finished.set()
