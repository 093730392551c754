"""Catching up on a new link: who holds more entries sends the missing ones, checked by replay.

Invariants kept here:
- Entries we send go through the outbox like our own frames: entries appended but not yet
  synced may hold our own move or claim, which must be on disk before any peer sees it. A peer
  that does not read what it is sent (links.ANSWER_BACKLOG) gets none; it asks again.
- Entries we send are batched by bytes, whatever they hold (`entry_frames`): a message of
  several entries stays within codec.MAX_FRAME, the limit every release decodes a node message
  under; an entry too large to share one goes alone, in a message of at most
  wire.MAX_NODE_MESSAGE (codec.MAX_FRAME and one entry's envelope: the format's largest entry,
  codec.MAX_FRAME bytes, still reaches a peer). Wire compatibility: no new
  message, no new field; an older receiver decodes every message of several entries, and refuses
  only a lone entry within a few dozen bytes of codec.MAX_FRAME, as it refused every message
  over that limit before (an older sender's batches of 200 entries, 100 KB and more once a
  hidden deck is shuffled, stay refused here too: the fix is the sender's).
- A peer's count of its entries ("sync") is 0 to MAX_ENTRIES, what a match file can hold, or
  that peer is at fault (wire.BadMessage closes its link).
- While we are behind (`behind` is a seat), session frames are held, in arrival order, and
  handled only once the missing entries are in; we ask every peer, so any peer ahead can answer
  if the first one's link drops. A batch we already hold is ignored; the new tail of a batch
  that overlaps what we hold is kept (nobody would send it again); a batch leaving a gap is
  dropped.
- Entries from a peer are trusted only if our session, rebuilt from our match file plus them,
  verifies; otherwise that peer is at fault (wire.BadMessage closes its link), except when our
  log ends with entries holding shares of ours that never reached anyone: then we ask for the
  entries from before those (`asked_from`), and theirs replace ours on disk and in the session;
  and except when an entry holds a signed part that breaks a rule by itself (`faults.authored`: a
  bad shuffle, share, move... carrying that part as evidence): its author said it, so the
  entries before it are kept and the match stops there, blamed on that author, as if the part
  had come on its own (a cheater's own node logs its cheat and may pass it on as catch-up
  before the part itself reaches us). The halt notice carries the part, so a peer that never
  saw it convicts the same author rather than dispute with us. A rule broken by how an entry's
  parts were put together (claims naming different seats) proves no signer guilty: the
  sender's fault, like any entry that does not verify.
- After a sync we are not behind on, and after catching up, every share of the slot in progress
  is sent again (a session ignores what it has seen).
- Halt notices the replaced session held until its log reached their proof
  (Session.held_halts) are given to the new one: the entries caught up may be those it waited
  for, and the reporter, stopped, never sends its notice again. A cheat found in the entries
  caught up stops the match before any of them is judged: a held notice (a cheater's lie about
  an honest seat) must not turn our proof into a dispute.
- A match stopped by a proven cheat takes no entries: its file ends with the proof (node.play),
  and a rebuilt session would drop the stop and play on past the cheat.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from engine.core import player_name
from protocol.codec import MAX_FRAME, encode
from protocol.faults import Fault, authored
from protocol.matchfile import MAX_FILE
from protocol.events import GameOver, Output
from protocol.session import Session

from . import wire

if TYPE_CHECKING:
    from .links import Links
    from .outbox import Outbox
    from .table import Table
    from .watchdog import Watchdog

log = logging.getLogger("lanboard.node")

# Bytes an "entries" message adds to its items, at most: the map with the largest "first" and
# an empty list, plus the 8 bytes its list head may grow by; and each item's own head (CBOR's
# longest). Counted high, so a batch sized with them never passes codec.MAX_FRAME.
ENVELOPE = len(encode({"t": "entries", "first": (1 << 64) - 1, "items": []})) + 8
ITEM_HEAD = 9
# Entries a match file can hold at most: each holds a 64-byte signature at least. A peer saying
# it holds more lies, and believed it would have us hold every session frame until entries that
# cannot exist arrive.
MAX_ENTRIES = MAX_FILE // 64


def entry_frames(entries: list[bytes], first: int, t: str = "entries") -> list[bytes]:
    """"entries" frames holding entries[first:] in order, each as full as codec.MAX_FRAME
    allows; an entry that cannot share a frame within it has one to itself. (`t` "items": the
    same for a watcher, node.watchers; a shorter name, so ENVELOPE bounds it too.)"""
    frames: list[bytes] = []
    start, size = first, ENVELOPE
    for i in range(first, len(entries)):
        cost = ITEM_HEAD + len(entries[i])
        if i > start and size + cost > MAX_FRAME:
            frames.append(wire.pack(t, first=start, items=entries[start:i]))
            start, size = i, ENVELOPE
        size += cost
    if start < len(entries):
        frames.append(wire.pack(t, first=start, items=entries[start:]))
    return frames


class CatchUp:
    def __init__(self, table: "Table", links: "Links", outbox: "Outbox", watchdog: "Watchdog",
                 handle: Callable[[Output], None], react: Callable[[Any], None]) -> None:
        self.table = table
        self.links = links
        self.outbox = outbox       # our frames and the entries we send leave through it
        self.watchdog = watchdog   # told when the log grew by what we caught up
        self.handle = handle       # what the rebuilt session says (node.play)
        self.react = react         # an event as if the session said it (the end, caught up)
        self.peer_have: dict[int, int] = {}     # entries each peer last said it holds
        self.behind: int | None = None          # seat we are catching up from
        self.asked_from: int | None = None      # entries asked for from before our unshared
        self.held: list[tuple[int, bytes]] = []  # session frames held while catching up

    def on_sync(self, seat: int, have: int) -> None:
        table, links = self.table, self.links
        if not 0 <= have <= MAX_ENTRIES:   # checked at the edge, as every count a peer sends
            raise wire.BadMessage(f"{player_name(seat)} says it holds {have} entries: a match "
                                  f"file holds 0 to {MAX_ENTRIES}")
        self.peer_have[seat] = have
        mine = table.entry_count()
        if have < mine and links.answer_allowed(seat):
            # Through the outbox: entries appended but not yet synced may hold our own move
            # or claim, which must be on disk before any peer sees it (see Outbox.send_later).
            self.outbox.send_later([
                (frame, (seat,)) for frame in entry_frames(table.session.entries,
                                                           max(have, 0))])
        elif have > mine and self.behind is None:
            self.behind = seat  # hold session traffic until the missing entries are in
            # Ask everyone, this peer too (a peer that announced its count unasked, as at the
            # end of a game, only sends entries once told ours); if its link drops before the
            # entries arrive, any other peer that is ahead sends them (a batch we already
            # have is ignored).
            ask = wire.pack("sync", have=mine)
            for other in links.queues:
                links.send(other, ask)
        if self.behind is None:
            self.resend_open_slot((seat,))

    def on_entries(self, seat: int, first: int, items: list) -> None:
        table = self.table
        if table.session.record is not None:
            return
        mine = table.entry_count()
        if first < mine and first != self.asked_from:
            # Overlaps what we hold (peers answered with different counts, another was
            # faster): its tail may still be new to us, and nobody would send it again.
            items, first = items[mine - first:], mine
        if first not in (mine, self.asked_from) or not items:
            return  # a batch we already have, or one that leaves a gap
        if not all(type(x) is bytes for x in items):
            raise wire.BadMessage("entries must be byte strings")
        log_items = table.session.log[:1 + first] + items
        try:
            session, out = Session.resume(log_items, table.identity, table.session.chain,
                                          self.outbox.unlogged)
        except Exception as e:  # any failure to verify is that peer's fault, not a crash
            if first == mine and self._ask_from_before_unshared(seat):
                return
            if (isinstance(e, Fault) and authored(e) and e.seq is not None
                    and first < e.seq <= first + len(items)):
                self._stop_at(seat, e, log_items[:e.seq], first)
                return
            raise wire.BadMessage(f"{player_name(seat)} sent entries that do not verify: "
                                  f"{e}") from None
        self._adopt(seat, session, out, items, first, mine)

    def _stop_at(self, seat: int, fault: Fault, log_items: list[bytes], first: int) -> None:
        """Keep the verified entries before the one at fault, then stop the match there (what
        was held while we were behind is moot: the match ends)."""
        table = self.table
        session, out = Session.resume(log_items, table.identity, table.session.chain,
                                      self.outbox.unlogged)
        self.behind, self.held = None, []
        self._adopt(seat, session, out, log_items[1 + first:], first, table.entry_count(),
                    stop=fault)

    def _adopt(self, seat: int, session: Session, out, items: list[bytes], first: int,
               mine: int, stop: Fault | None = None) -> None:
        """Take `session`, rebuilt on `items`, as ours; with `stop`, the cheat found just after
        them stops the match before anything else is judged: a halt notice held until now (a
        cheater's lie about an honest seat, say) would otherwise be judged first, on entries
        that make it a dispute, and our proven fault would never be sent."""
        table = self.table
        if first < mine:
            log.warning("entries %d to %d, with shares of ours that never reached the others, "
                        "who went on without them: their log replaces them", first + 1, mine)
            self.outbox.store.truncate(1 + first)
        self.asked_from = None
        for raw in items:
            self.outbox.store.append(raw)
        notices = table.session.held_halts()
        table.session = session
        table.told.start(session.seq)   # the entries caught up came unseen
        self.watchdog.moved_on()
        table.events.emit("caught_up", {"from": seat, "entries": len(items)})
        self.handle(out)
        if stop is not None:
            if table.session.fault is None:
                self.handle(table.session.halt(stop))
        elif table.session.over:
            self.react(GameOver(table.session.result()))
        else:
            for reporter, notice in notices:   # judged on the entries just caught up
                if table.session.fault is None:
                    self.handle(table.session.receive(notice, reporter))
        if self.behind is not None:
            self.behind = None
            held, self.held = self.held, []
            for s, payload in held:
                self.handle(table.session.receive(payload, s))
            self.resend_open_slot(tuple(self.links.queues))

    def resend_open_slot(self, to: tuple[int, ...]) -> None:
        """Every share held for the slot in progress, to `to`: what a peer whose link dropped
        (or that was catching up) may have missed; a session ignores what it has seen."""
        self.outbox.send_later([(wire.pack_session(raw), to)
                                     for raw in self.table.session.current_shares()])

    def _ask_from_before_unshared(self, seat: int) -> bool:
        """Entries that do not follow ours may still be the match's log: ours may end with
        entries holding shares of ours that never reached anyone (we stopped before sending
        them), and the others timed our seat out there. Ask `seat` for its entries from before
        those (Session.unshared_at_end); False when ours does not end so: the peer is at
        fault."""
        own = self.table.session.unshared_at_end()
        if not own:
            return False
        self.asked_from = self.table.entry_count() - own
        self.links.send(seat, wire.pack("sync", have=self.asked_from))
        return True

    def unconfirmed(self, final: int) -> list[int]:
        """Peers that have not said they hold all `final` entries."""
        return [s for s in self.links.queues if self.peer_have.get(s, -1) < final]
