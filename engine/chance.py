"""Turning shared seed bytes into dice faces and shuffles, identically on every node.

Outcomes come from SHAKE-256 of the seed, read as a stream of 64-bit words; each integer in
[0, n) is drawn by rejection sampling (a word at or above the largest multiple of n is thrown
away), so every face is exactly equally likely whatever the seed bytes are.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

__all__ = ["Chance", "ByteStream", "draw", "check_outcome"]


@dataclass(frozen=True, slots=True)
class Chance:
    """The engine needs randomness.

    kind "dice": one face per entry of `sizes`, each 1..size.
    kind "perm": a permutation of range(sizes[0]) (a shuffle).
    `label` says what the roll is for, for people reading the log.
    """

    kind: str
    sizes: tuple[int, ...]
    label: str = ""


class ByteStream:
    _BLOCK = 256

    def __init__(self, seed: bytes) -> None:
        self._seed = bytes(seed)
        self._buf = b""
        self._pos = 0
        self._blocks = 0

    def _word(self) -> int:
        if self._pos + 8 > len(self._buf):
            self._blocks += 1
            self._buf = hashlib.shake_256(self._seed).digest(self._BLOCK * self._blocks)
        w = int.from_bytes(self._buf[self._pos : self._pos + 8], "big")
        self._pos += 8
        return w

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def randrange(self, n: int) -> int:
        """`below(n)` under the name a game's policy calls (Game.takeover_move)."""
        return self.below(n)


_WORD_LIMIT = 1 << 64


def _dice(sizes: tuple[int, ...], seed: bytes) -> tuple[int, ...] | None:
    """The dice `ByteStream(seed)` rolls, read straight from its first block (the stream's
    first bytes: what `below` would read, word by word, with the same rejections); None when
    they need more than that block (the stream then reads on) or a size is not positive."""
    buf = hashlib.shake_256(bytes(seed)).digest(ByteStream._BLOCK)
    faces = []
    pos = 0
    for size in sizes:
        if size <= 0:
            return None
        limit = _WORD_LIMIT - (_WORD_LIMIT % size)
        while True:
            if pos + 8 > len(buf):
                return None
            w = int.from_bytes(buf[pos:pos + 8], "big")
            pos += 8
            if w < limit:
                faces.append(1 + w % size)
                break
    return tuple(faces)


def draw(request: Chance, seed: bytes) -> tuple[int, ...]:
    if request.kind == "dice":
        # Every roll of every game comes here: the stream's first block read in place.
        faces = _dice(request.sizes, seed)
        if faces is not None:
            return faces
    stream = ByteStream(seed)
    if request.kind == "dice":
        return tuple(1 + stream.below(s) for s in request.sizes)
    if request.kind == "perm":
        items = list(range(request.sizes[0]))
        for i in range(len(items) - 1, 0, -1):  # Fisher–Yates
            j = stream.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return tuple(items)
    raise ValueError(f"unknown chance kind {request.kind!r}")


def check_outcome(request: Chance, outcome: tuple[int, ...]) -> str | None:
    """None when `outcome` is one the request can produce, else why not."""
    if request.kind == "dice":
        if len(outcome) != len(request.sizes):
            return f"expected {len(request.sizes)} dice, got {len(outcome)}"
        for face, size in zip(outcome, request.sizes):
            if type(face) is not int or not 1 <= face <= size:
                return f"face {face!r} is not on a {size}-sided die"
        return None
    if request.kind == "perm":
        if sorted(outcome) != list(range(request.sizes[0])):
            return f"not a permutation of {request.sizes[0]} items"
        return None
    return f"unknown chance kind {request.kind!r}"
