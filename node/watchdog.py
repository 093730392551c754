"""The watchdog: a timeout claim against a seat the slot in progress has waited on too long.

Invariants kept here:
- The deadline is the slot's: its limit (the genesis's "decision" timeout for moves and
  choices, people's decisions; "round" for reveals and attestations) from when the log last
  grew, or never while the slot waits for nobody but us. Every entry, appended or caught up,
  moves it (`moved_on`), so the watchdog sleeps until a deadline, not to every entry.
- A deadline that fired while an entry came in before the watchdog woke is a new slot's: no
  claim. When our claim was the last one the timeout entry needed, the watchdog goes on to the
  next slot at once (a choice nobody makes must still time out).
- Otherwise, after its claim, it waits one more limit for progress; with several players gone
  at once it says the game is stalled ("stalled" event) and waits for any entry.
- Nothing is claimed once the game is over.
- Our own player is warned ("hurry" event) once per slot that waits for their decision (a move,
  a sealed commitment, a choice about a gone seat), `warning_left` seconds before the others'
  deadline for it (their limit from when their log grew, as ours did): a person still at
  the screen sees the timeout coming before their seat may be handed to a bot.
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Callable

import trio

if TYPE_CHECKING:
    from protocol.events import Output

    from .table import Table


WARNING_MAX_S = 30   # the warning comes at most this long before the deadline


def warning_left(limit: float) -> int:
    """How many seconds before a decision's deadline its player is warned: half the limit,
    at most WARNING_MAX_S (a 20 s timeout warns with 10 s left, 300 s with 30 s left)."""
    return int(min(limit // 2, WARNING_MAX_S))


class Watchdog:
    def __init__(self, table: "Table", own: Callable[["Output"], None]) -> None:
        self.table = table
        self.own = own   # our claim's output, kept before it is sent (Play.own)
        self._progress: trio.Event | None = None   # set at the next entry, for who waits
        self._watch: trio.CancelScope | None = None   # the sleep until a deadline
        self._warn: trio.CancelScope | None = None    # the sleep until our player's warning

    async def run(self) -> None:
        """Claims a timeout against a seat the current slot has waited on for too long. Every
        entry moves its deadline to the new slot's (see moved_on), so it wakes when a deadline
        passes, not at every entry."""
        table = self.table
        async for _ in self._falls_due("_watch", self._slot_deadline):
            seq = table.entry_count()
            self.own(table.session.claim_timeout(int(time.time())))
            if table.entry_count() != seq:
                continue   # our claim was the last one the timeout entry needed
            if not await self._progress_within(self.slot_limit()):
                self._say_if_stalled(seq)
                await self._progress_within(math.inf)

    async def warn(self) -> None:
        """Tells our own player ("hurry") when a slot that waits for their decision nears the
        others' deadline for it; once per slot, and only if it still waits for them then."""
        table = self.table
        async for _ in self._falls_due("_warn", self._warning_deadline):
            if self._waits_for_our_decision():
                table.events.emit("hurry", {"seq": table.session.seq, "seat": table.my_seat,
                                            "seconds": warning_left(self.slot_limit())})
            await self._progress_within(math.inf)

    async def _falls_due(self, scope: str, deadline: Callable[[], float]):
        """Yields each time `deadline()` falls due, until the game ends. The sleep is kept as
        attribute `scope`, whose deadline moved_on moves at every entry: a deadline that fell
        due while an entry came, before we woke, is a new slot's and is not yielded."""
        while not self.table.finished.is_set():
            due = await self._until(scope, deadline())
            if due and not self.table.finished.is_set():
                yield

    async def _until(self, scope: str, deadline: float) -> bool:
        """Sleeps until `deadline`, which moved_on moves at every entry (the sleep is kept as
        attribute `scope` meanwhile); whether it fell due, rather than moved past now."""
        with trio.CancelScope(deadline=deadline) as sleep:
            setattr(self, scope, sleep)
            await trio.sleep_forever()
        setattr(self, scope, None)
        return sleep.deadline <= trio.current_time()

    def moved_on(self) -> None:
        """The log grew (an entry appended, or caught up): the watchdog's deadline becomes the
        new slot's, and whoever waits for progress is told."""
        if self._watch is not None:
            self._watch.deadline = self._slot_deadline()
        if self._warn is not None:
            self._warn.deadline = self._warning_deadline()
        if self._progress is not None:
            self._progress.set()
            self._progress = None

    def slot_limit(self) -> float:
        """The others' patience with the slot in progress: the genesis's "decision" timeout
        for a person's decision (Session.waits_for_a_decision), else its "round" timeout."""
        session = self.table.session
        return session.body["timeouts"]["decision" if session.waits_for_a_decision() else "round"]

    def _waits_for_our_decision(self) -> bool:
        session = self.table.session
        return session.waits_for_a_decision() and self.table.my_seat in session.awaiting()

    def _warning_deadline(self) -> float:
        """When to warn our player about the slot in progress: `warning_left` before the
        others' deadline, or never while it waits for no decision of theirs."""
        left = warning_left(self.slot_limit())
        if not left or not self._waits_for_our_decision():
            return math.inf
        return trio.current_time() + self.slot_limit() - left

    def _slot_deadline(self) -> float:
        """When the slot in progress times out: its limit from now, or never while it waits
        for nobody but us."""
        table = self.table
        if not any(a != table.my_seat for a in table.session.awaiting()):
            return math.inf
        return trio.current_time() + self.slot_limit()

    async def progress_within(self, seconds: float) -> bool:
        """Whether an entry is appended within `seconds`."""
        return await self._progress_within(seconds)

    async def _progress_within(self, seconds: float) -> bool:
        """Whether an entry is appended within `seconds`."""
        if self._progress is None:
            self._progress = trio.Event()
        progress = self._progress
        with trio.move_on_after(seconds):
            await progress.wait()
            return True
        return False

    def _say_if_stalled(self, seq: int) -> None:
        """A timeout entry needs the claims of every player but the one it names. With two
        players gone at once, each is needed for the other's entry, so the game cannot go on:
        from here alone a departure looks exactly like a network split, where going on
        without them would fork the match. Say so, rather than wait in silence."""
        table = self.table
        missing = table.session.unclaimed()
        gone = sorted({*(a for a in table.session.awaiting() if a != table.my_seat), *missing})
        if missing and len(gone) >= 2 and table.entry_count() == seq:
            table.events.emit("stalled", {"seats": gone, "reason": (
                "several players are gone at once; the game can only go on when all but one "
                "of them are back (or it is resumed with them)")})
