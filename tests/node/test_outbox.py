"""node.outbox, persist before send: a frame of ours reaches a peer's queue only once what it
may build on is synced, and never ahead of a frame handed over before it."""
import trio

from node import outbox
from node.outbox import Outbox


class Disk:
    """A match file's sync state, as MatchStore keeps it; `log` says what happened in order."""

    def __init__(self, log, slowest_sync):
        self.log, self.slowest_sync = log, slowest_sync
        self.count = self.synced = 1

    def append(self):
        self.count += 1

    def sync_to(self, n):
        self.log.append(("synced", n))
        self.synced = max(self.synced, n)

    def save_unlogged(self, frames):
        self.log.append(("kept", tuple(frames)))


def _outbox(log, slowest_sync):
    box = Outbox(lambda seat, frame: log.append(("sent", seat, frame)))
    box.store = Disk(log, slowest_sync)
    return box


def test_on_a_fast_disk_the_sync_is_done_at_once_and_then_the_frame_leaves():
    log = []
    box = _outbox(log, slowest_sync=0.0)
    box.store.append()
    box.send_later([(b"mine", (1, 2))], unlogged=[b"my move"])
    assert log == [("kept", (b"my move",)), ("synced", 2), ("sent", 1, b"mine"),
                   ("sent", 2, b"mine")]


async def test_on_a_slow_disk_frames_wait_for_their_sync_and_keep_their_order():
    log = []
    box = _outbox(log, slowest_sync=outbox.INLINE_SYNC_MAX * 10)
    box.store.append()
    box.send_later([(b"first", (1,))])     # builds on entry 2, unsynced: waits in the outbox
    box.store.synced = box.store.count = 3  # entries synced meanwhile (the worker's sync)
    box.send_later([(b"second", (1,))])    # nothing left to sync, yet it must not overtake
    box.hold_relay(b"relay", (1,))                 # no holding task: a relay leaves at once
    assert log == [("sent", 1, b"relay")] and box.pending == 2
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.persist_then_send)
        while box.pending:
            await trio.sleep(0.001)
        nursery.cancel_scope.cancel()
    assert log[1:] == [("sent", 1, b"first"), ("sent", 1, b"second")]


async def test_own_frames_kept_on_a_slow_disk_are_on_disk_before_the_frame_leaves():
    log = []
    box = _outbox(log, slowest_sync=outbox.INLINE_SYNC_MAX * 10)
    box.store.append()
    box.send_later([(b"claim", (2,))], unlogged=[b"timeout claim"])
    assert log == []
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.persist_then_send)
        while box.pending:
            await trio.sleep(0.001)
        nursery.cancel_scope.cancel()
    assert log == [("kept", (b"timeout claim",)), ("synced", 2), ("sent", 2, b"claim")]
