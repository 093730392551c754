"""The node judges its disk by the slowest of its recent syncs (node.outbox.INLINE_SYNC_MAX):
a fast one is synced in the node's thread, a slow one in a worker. Keeping our own signed frames
(MatchStore.save_unlogged) syncs too, and counts."""
import time

from node import outbox
from node.store import MatchStore
from protocol import matchfile


def test_keeping_own_frames_on_a_slow_disk_makes_the_node_judge_it_slow(tmp_path, monkeypatch):
    store = MatchStore(tmp_path, b"\x01" * 32)
    store.start(b"\xa0", {"seat": 0})
    assert store.slowest_sync < outbox.INLINE_SYNC_MAX   # nothing slow seen yet
    real_fsync = matchfile.os.fsync

    def slow_fsync(fd):
        time.sleep(outbox.INLINE_SYNC_MAX)
        real_fsync(fd)

    monkeypatch.setattr(matchfile.os, "fsync", slow_fsync)
    store.save_unlogged([b"\x01"])
    assert store.slowest_sync >= outbox.INLINE_SYNC_MAX
    assert store.load_unlogged() == [b"\x01"]
