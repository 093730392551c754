"""The match file: a CBOR sequence (RFC 8742) of the signed genesis and then every entry.

Any CBOR tool reads it (e.g. `python -m cbor2.tool --sequence`). Items are written one after
another with nothing between them, so a node appends an entry with one write (node.store).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Iterator

from .codec import MAX_FRAME, iter_sequence

__all__ = ["write_bytes", "write_file", "read_items", "MAX_FILE"]

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
    with open(tmp, "wb") as f:
        f.write(write_bytes(items))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
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
