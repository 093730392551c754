"""The match file: a CBOR sequence (RFC 8742) of the signed genesis and then every entry.

Any CBOR tool reads it (e.g. `python -m cbor2.tool --sequence`). Items are written one after
another with nothing between them, so a node appends an entry with one write (node.store).
Every file written here (a match, a node's note and kept frames, a torn tail's bytes) is
readable by its owner alone (PRIVATE, 0600), like the key.

A torn tail (see FORMAT.md, "Torn tail"): a crash or a full disk can leave the last entry
half written. `recover_torn_tail` cuts a file back to its last complete item when, and only
when, everything after that item is one incomplete item running to the end of the file; the
torn bytes are kept beside it first. Damage anywhere else is still a CodecError: a file is
never cut back past an item that could have been read.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from .codec import MAX_FRAME, Truncated, iter_sequence
from .private_files import PRIVATE, open_private

__all__ = ["write_bytes", "write_file", "read_items", "MAX_FILE", "PRIVATE", "TornTail",
           "complete_length", "recover_torn_tail"]

# A long Monopoly game is well under 1 MiB; the cap keeps `verify` from reading a disk image.
MAX_FILE = 256 * 1024 * 1024


def write_bytes(items: Iterable[bytes]) -> bytes:
    return b"".join(items)


def write_file(path: str | os.PathLike, items: Iterable[bytes]) -> None:
    """Replace `path` with `items`, durably: after a power cut the file holds either all of
    them or what it held before, never a mix, and the new version is there once this returns
    (a node's own signed frames are kept this way before they leave: a restart must send the
    same ones again, not sign different ones)."""
    tmp = Path(f"{path}.tmp")
    try:
        # the user's alone, like the key: a match holds who played whom, and a node's own
        # frames; a stale temporary file would keep its mode through O_TRUNC, hence fchmod
        with open(open_private(tmp), "wb") as f:
            f.write(write_bytes(items))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)   # a full disk: leave the old version, not a stray copy
        raise
    _sync_directory(Path(path).parent)


def _sync_directory(directory: Path) -> None:
    # A rename lives in the directory: until the directory is synced a power cut may undo it.
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return   # a platform that cannot open directories (Windows) has no such step
    try:
        os.fsync(fd)
    except OSError:
        pass     # some file systems refuse to sync a directory; the rename is all they offer
    finally:
        os.close(fd)


def read_items(data: bytes) -> Iterator[tuple[int, bytes, object]]:
    """(offset, bytes, value) of each item; a CodecError where the file stops making sense."""
    return iter_sequence(data, MAX_FRAME)


@dataclass(frozen=True)
class TornTail:
    """What `recover_torn_tail` cut: the file now ends at `offset`, after its last complete
    item; the `size` torn bytes that followed are kept in `kept`."""
    offset: int
    size: int
    kept: Path


def complete_length(data: bytes) -> int:
    """How many bytes of `data` its complete items fill, when all that follows them is one
    incomplete item (a torn tail) or nothing; a CodecError for any other damage."""
    end = 0
    try:
        for offset, raw, _ in read_items(data):
            end = offset + len(raw)
    except Truncated:
        pass   # raised only for an item that runs past the end of the data: the last one
    return end


def recover_torn_tail(path: str | os.PathLike) -> TornTail | None:
    """Cut a match file whose last item is incomplete back to its last complete one, keeping
    the torn bytes beside it (`<name>.torn-at-<offset>`, `.2`, `.3`... after it when an earlier
    tear of the same entry is kept there) durably before the cut; None when the
    file ends with a complete item. A file without one complete item (no genesis) is not cut:
    the Truncated error says so. Other damage raises its CodecError and changes nothing."""
    path = Path(path)
    data = path.read_bytes()
    end = complete_length(data)
    if end == len(data):
        return None
    if end == 0:
        raise Truncated(f"{path.name} holds no complete item (its first is cut at byte "
                        f"{len(data)})")
    kept = path.with_name(f"{path.name}.torn-at-{end}")
    n = 1
    while kept.exists():   # an earlier crash tore this same entry: its bytes are kept too
        n += 1
        kept = path.with_name(f"{path.name}.torn-at-{end}.{n}")
    write_file(kept, [data[end:]])
    with open(path, "r+b") as f:
        f.truncate(end)
        f.flush()
        os.fsync(f.fileno())
    return TornTail(end, len(data) - end, kept)
