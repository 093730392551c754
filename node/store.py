"""Where a node keeps a match: the match file (genesis, then entries; written as they come and
synced before the node sends anything built on them) and a small JSON note beside it: our seat, how to reach the other players again after a
restart, and whether the game has ended.

A write that runs out of descriptors is tried once more with the one the process keeps in
reserve (node.fd_reserve). A write that fails (a full disk, an I/O error) raises
StoreWriteError, one line saying what failed and how to go on: the node stops, and the file
stays resumable. An entry cut short by it (or by a crash) is the file's torn tail, which
`open` cuts back and reports (`torn`); the node then catches up the cut entries from its peers.

Everything written here is its user's alone, like the key: the files 0600 (protocol.private_files),
the matches directory, when made here, 0700."""
from __future__ import annotations

import json
import os
import time
from collections import deque
from pathlib import Path

from protocol import matchfile
from protocol.private_files import private_dir

from . import fd_reserve


SYNC_SAMPLES = 8   # recent syncs the node judges the disk by


# An append needs its data and the new file size on disk, which fdatasync covers, without
# the modification time that fsync also writes (one journal write fewer per entry).
_datasync = getattr(os, "fdatasync", os.fsync)


class StoreWriteError(OSError):
    """Writing the match (or its note) failed: says which file, why, and how to go on."""

    def __init__(self, path: Path, error: OSError) -> None:
        why = error.strerror or str(error)
        super().__init__(error.errno, f"cannot write {path}: {why}. The match so far is kept: "
                         f"once that is fixed, `lanboard resume {Path(path).stem}` goes on")

    def __str__(self) -> str:
        return self.strerror   # one line for the person, without OSError's "[Errno n]"


def _writing(path: Path, write, *args):
    try:
        # with the descriptor kept in reserve should the process have none left (issue 24.6)
        return fd_reserve.writing(write, *args)
    except StoreWriteError:
        raise
    except OSError as e:
        raise StoreWriteError(path, e) from None


class MatchStore:
    def __init__(self, home: Path, match_id: bytes) -> None:
        directory = Path(home) / "matches"
        private_dir(directory)   # the user's alone, as the files in it
        self._attach(directory / f"{match_id.hex()[:16]}.match", match_id)

    @classmethod
    def open(cls, home: Path, path: Path) -> "MatchStore":
        """An existing match, to resume it."""
        self = cls.__new__(cls)
        self._attach(path, b"")
        self.meta = json.loads(self.meta_path.read_text())
        self.torn = matchfile.recover_torn_tail(path)
        self.count = self.synced = sum(1 for _ in matchfile.read_items(path.read_bytes()))
        return self

    def _attach(self, path: Path, match_id: bytes) -> None:
        fd_reserve.keep()   # before descriptors can run short: its writes may need it
        self.dir, self.path, self.match_id = path.parent, path, match_id
        self.meta_path = path.with_suffix(".json")
        self.count = 0
        self.meta: dict = {}
        self.torn: matchfile.TornTail | None = None   # what open cut off the end
        self._file = None
        self.synced = 0     # items known to be on disk (`count` are written)
        self._sync_times: deque[float] = deque(maxlen=SYNC_SAMPLES)
        self._epoch = 0     # bumped by truncate: a sync begun before it proves nothing after

    def start(self, genesis: bytes, meta: dict) -> None:
        _writing(self.path, matchfile.write_file, self.path, [genesis])
        self.count = self.synced = 1
        self._write_meta(meta)

    def append(self, entry: bytes) -> None:
        """Written at once (a crashed process loses nothing the kernel has); `sync` makes it
        durable, which the node does before it sends anything built on it: one sync for all
        the entries one input completed, and none for entries that lead to no send of ours."""
        _writing(self.path, self._write, entry)
        self.count += 1

    def _write(self, entry: bytes) -> None:
        if self._file is None:
            self._file = open(self.path, "ab", buffering=0)
        # an unbuffered write may write part of it (a disk filling up): the rest, or the error
        view = memoryview(entry)
        while view:
            view = view[self._file.write(view):]

    def sync_to(self, written: int) -> None:
        """Make the first `written` items durable. Thread-safe against `append` in the
        node's thread: fsync covers every write that returned before it began."""
        if self.synced >= written:
            return
        epoch, target = self._epoch, self.count
        _writing(self.path, self._timed, _datasync, self._file.fileno())
        if epoch == self._epoch:
            self.synced = max(self.synced, target)

    def _timed(self, sync, *args) -> None:
        t = time.perf_counter()
        sync(*args)
        self._sync_times.append(time.perf_counter() - t)

    @property
    def slowest_sync(self) -> float:
        """The slowest of the recent syncs, in seconds (0 before the first): how the node
        judges this disk."""
        return max(self._sync_times, default=0.0)

    def sync(self) -> None:
        if self._file is not None:
            self.sync_to(self.count)

    def truncate(self, items: int) -> None:
        """Keep only the first `items` items (the genesis counts): entries of ours that the
        match's log replaced (see Session.unshared_at_end). Durable before it returns, so
        the entries appended next never follow the dropped ones on disk. The append handle
        stays open: a sync running in the node's worker thread may be using it."""
        data = self.path.read_bytes()
        cut = next((offset for k, (offset, _, _) in enumerate(matchfile.read_items(data))
                    if k == items), len(data))
        if self._file is None:
            self._file = open(self.path, "ab", buffering=0)
        self._file.truncate(cut)
        _datasync(self._file.fileno())
        self._epoch += 1
        self.count = self.synced = min(self.count, items)

    def close(self) -> None:
        if self._file is not None:
            self.sync()
            self._file.close()
            self._file = None

    def save_unlogged(self, frames: list[bytes]) -> None:
        """Our signed frames not yet in the log (a move, a timeout claim, a choice): kept before
        they are sent, so a restart sends the same ones again instead of signing different
        ones. Timed with the syncs (it holds two: the file's and the rename's): the node judges
        its disk by both."""
        path = self.path.with_suffix(".unlogged")
        _writing(path, self._timed, matchfile.write_file, path, frames)

    def load_unlogged(self) -> list[bytes]:
        path = self.path.with_suffix(".unlogged")
        if not path.exists():
            return []
        return [raw for _, raw, _ in matchfile.read_items(path.read_bytes())]

    def finish(self, meta: dict) -> None:
        self.sync()
        self._write_meta(meta)

    def _write_meta(self, meta: dict) -> None:
        # replaced as durably as the match file's start: a restart needs it to find the peers
        self.meta = meta
        _writing(self.meta_path, matchfile.write_file, self.meta_path,
                 [json.dumps(meta, indent=1, sort_keys=True).encode()])
