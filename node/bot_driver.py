"""The bot driver: a bot node's own decisions, made by its bot as they come.

Invariants kept here:
- One decision at a time, in the order the session asked them, each after a yield (so the
  frames that completed the slot are handled first).
- Seeded by the slot (the player's check code and the slot's seq): after a restart the bot makes
  the very same choice again, so it never signs two different moves for one slot. (A strong bot
  thinks by time in live play, so its choice may differ after a restart; the session refuses a
  second move for a slot, so it still signs one move only.)
- A bot that thinks (the strong bot) is one object for the whole run of the driver, so it
  remembers its own turn between decisions (re-seeded by each slot as a new one would be;
  after a restart it starts afresh), and it thinks in a worker thread from its seat's observation
  (the state, a value nothing mutates, and its own hidden cards): the node answers pings and
  relays frames meanwhile. Cancelled (the node stops), the thread is abandoned: it touches only
  its own copies and ends by its deadline. While the driver runs, the interpreter hands the GIL
  to a waiting thread (the loop, while the bot's thread thinks) every THINKING_SWITCH_S
  (0.5 ms) rather than every 5 ms: a ping or a
  frame waited 5.2 ms (median) for a thinking bot's thread to let go, 0.7 ms so
  (bench/bench_search.py's node-loop line); restored when the driver ends.
- A decision whose slot is no longer the one in progress (the session was rebuilt, the slot
  has passed, also while the bot thought) is skipped; a move the session refuses was ours
  already (sent before a restart).
- A seat the others timed out is handed to a bot at once ("bot"), if still asked.
- While a seat the bot plays is asking for its seat back (Session.reclaim_expected), a move is
  made only after a quarter of the decision timeout without an entry: its request for this
  slot is on its way, and the node consents to it by itself if it comes first (a bot that
  always moved at once would never let a player back); well before the others' deadline.
- Nothing is done once the game is over.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import trio

from engine.bots import live_spec, make_bot
from engine.core import IllegalMove
from engine.observe import observe
from protocol.kinds import MOVE
from protocol.events import Output, SeatTimedOut

from .watchdog import Watchdog

__all__ = ["BotSeat", "drive_bot"]


@dataclass
class BotSeat:
    """What a bot node's driver is given, and nothing else of the node."""
    kind: str                            # the bot (an engine.bots spec)
    seed: str                            # its player's check code: with a slot, its bot's seed
    session: Callable[[], Any]           # the session in play (catch-up may replace it)
    own: Callable[[Output], None]        # an output of ours, kept before it is sent
    finished: trio.Event                 # set at the game's end
    watchdog: Watchdog                   # how long the others wait, and news of entries


def _slot_is(session: Any, seq: int) -> bool:
    return session.slot_kind() is not None and session.seq == seq


THINKING_SWITCH_S = 0.0005   # sys.setswitchinterval while a bot thinks (see the invariants)


@contextmanager
def quick_switches() -> Iterator[None]:
    """The GIL handed to a waiting thread (the node's loop) every THINKING_SWITCH_S."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, THINKING_SWITCH_S))
    try:
        yield
    finally:
        sys.setswitchinterval(before)


async def drive_bot(seat: BotSeat, todo: trio.MemoryReceiveChannel) -> None:
    with quick_switches():
        await _drive(seat, todo)


async def _drive(seat: BotSeat, todo: trio.MemoryReceiveChannel) -> None:
    # A bot that thinks is kept from one decision to the next: it remembers its own turn (the
    # hex game's activation under way, the trade offers it sent), which its seat's observation
    # does not hold. Its rng is seeded by each slot all the same.
    thinker = None
    async for ev in todo:
        await trio.sleep(0)
        session = seat.session()
        if seat.finished.is_set():
            return
        if isinstance(ev, SeatTimedOut):
            # A bot goes on with a bot in the gone player's seat rather than wait.
            asked = session.pending_choice()
            if asked is not None and asked.seq == ev.seq:
                seat.own(session.choose_after_timeout("bot"))
            continue
        if not _slot_is(session, ev.seq):
            continue  # stale: the session was rebuilt or the slot has passed
        if session.slot_kind() == MOVE and session.reclaim_expected():
            if await seat.watchdog.progress_within(seat.watchdog.slot_limit() / 4):
                continue  # an entry came (the seat taken back, our consent in it): stale
            if seat.finished.is_set():
                return
        # Seeded by the slot: after a restart the bot makes the very same choice again,
        # so it never signs two different moves for one slot.
        if thinker is not None:
            bot = thinker
            bot.rng.seed(f"{seat.seed}/{ev.seq}")    # as a new bot of this slot would be
        else:
            bot = make_bot(live_spec(seat.kind), f"{seat.seed}/{ev.seq}")
            if getattr(bot, "thinks", False):
                thinker = bot
        if getattr(bot, "thinks", False):
            seen = observe(session.state, ev.decision.player, session.private_cards())
            move = await trio.to_thread.run_sync(bot.choose_seen, seen, ev.decision,
                                                 abandon_on_cancel=True)
            session = seat.session()
            if seat.finished.is_set() or not _slot_is(session, ev.seq):
                continue  # the game moved on while the bot thought
        else:
            move = bot.choose(session.state, ev.decision)
        try:
            seat.own(session.move(move))
        except IllegalMove:
            continue  # our move for this slot was already sent (e.g. before a restart)
