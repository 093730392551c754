"""A descriptor held in reserve for the node's own files (issue 24.6: idle control connections
once took every descriptor, and the node died writing its note at the game's end).

The caps (node.control's client cap, node.admission's strangers) keep most descriptors for the
node, but something else in the process may still take them all. This is the last line, the
way libuv and nginx keep a spare descriptor for accept.

Invariants kept here:
- A process holding a match store holds one spare descriptor (on os.devnull), taken when the
  store is made (`keep`), so it is there before descriptors run short.
- A write of the node's own files that fails for want of descriptors (EMFILE, ENFILE) is tried
  once more with the spare closed (`writing`): one descriptor is then free for it, and every
  store write opens at most one at a time (a temporary file, closed before its directory is
  opened). Any other failure, or a second one, is the caller's to report.
- The spare is taken again after that write, or after the next write that succeeds; until it
  is, a write that runs short fails as it would have without a reserve (nothing waits).
- One spare per process, shared by every node in it; lending it is serialised by a lock, since
  a store write may run in a worker thread (node.outbox).
"""
from __future__ import annotations

import errno
import os
import threading
from typing import Callable, TypeVar

T = TypeVar("T")

SHORT = {errno.EMFILE, errno.ENFILE}   # no descriptor for this process, or for the system

_lock = threading.Lock()
_spare: int | None = None


def keep() -> bool:
    """Hold the spare descriptor if it is not held; whether it is held now."""
    global _spare
    with _lock:
        if _spare is None:
            try:
                _spare = os.open(os.devnull, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                return False   # short already: taken at the next chance (after a write)
        return True


def writing(write: Callable[..., T], *args) -> T:
    """`write(*args)`; once more with the spare descriptor lent to it if it ran out of them."""
    try:
        result = write(*args)
    except OSError as e:
        if e.errno not in SHORT:
            raise
        return _lent(write, args, e)
    if _spare is None:   # lent earlier while short: taken again now that a write found one
        keep()
    return result


def _lent(write: Callable[..., T], args, short: OSError) -> T:
    global _spare
    with _lock:
        if _spare is None:   # lent already (another thread's write, or never taken)
            raise short
        os.close(_spare)
        _spare = None
        try:
            return write(*args)
        finally:
            try:
                _spare = os.open(os.devnull, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                pass   # still short: taken again after a later write that finds one
