"""Length-prefixed frames over a trio byte stream: a 4-byte big-endian length, then the payload.

TCP delivers bytes, not messages; the prefix restores message boundaries. The length is checked
before any payload is read, so a hostile peer can never make us buffer more than MAX_FRAME bytes,
and a frame that has started must finish within `frame_timeout`, so a peer that sends half a frame
and stalls loses its connection instead of holding it (and its buffer) forever.
"""
from __future__ import annotations

import struct
from collections.abc import Sequence

import trio

__all__ = [
    "MAX_FRAME", "FRAME_TIMEOUT", "FramedStream",
    "TransportError", "ConnectionClosed", "FrameTooLarge", "FrameTimeout",
]

# The protocol's CBOR messages are capped at 64 KiB (protocol.codec.MAX_FRAME); the transport
# allows more so a catch-up batch fits in one frame, but still bounds what a peer can make us hold.
MAX_FRAME = 1 << 20
# Generous for a LAN (a 1 MiB frame at 1 Mbit/s takes ~8 s) yet short enough to shed stallers.
FRAME_TIMEOUT = 30.0

_HEADER = struct.Struct(">I")
_CHUNK = 65536


class TransportError(Exception):
    """Something is wrong with one connection; the message says what. Close that connection."""


class ConnectionClosed(TransportError):
    """The peer closed (or reset) the connection, possibly in the middle of a frame."""


class FrameTooLarge(TransportError):
    pass


class FrameTimeout(TransportError):
    """A frame started but its remaining bytes did not arrive in time."""


class FramedStream:
    """Frames over a trio Stream. One sender at a time is enforced by a lock (several tasks may
    send, e.g. a relay and the session); receiving is for one task only."""

    def __init__(self, stream: trio.abc.Stream, *, max_frame: int = MAX_FRAME,
                 frame_timeout: float = FRAME_TIMEOUT, peer: str | None = None) -> None:
        self.stream = stream
        self.max_frame = max_frame
        self.frame_timeout = frame_timeout
        self.peer = peer or _describe_peer(stream)
        self.peer_key: bytes | None = None  # set by transport.handshake once proven
        self.transcript: bytes | None = None  # the handshake's transcript hash, likewise
        self._buf = bytearray()
        self._send_lock = trio.Lock()
        self._eof = False

    async def send(self, payload: bytes) -> None:
        await self.send_many((payload,))

    async def send_many(self, payloads: Sequence[bytes]) -> None:
        """Several frames in one write: one system call and one wake-up of the peer's reader
        instead of one per frame (a node's replies to one input go out together)."""
        for payload in payloads:
            if len(payload) > self.max_frame:
                raise FrameTooLarge(f"refusing to send a {len(payload)}-byte frame to "
                                    f"{self.peer}: the limit is {self.max_frame} bytes")
        data = b"".join(part for payload in payloads
                        for part in (_HEADER.pack(len(payload)), payload))
        try:
            # a free lock is taken without the scheduling round trip of `async with`: send_all
            # checkpoints anyway, and most writes find the lock free
            self._send_lock.acquire_nowait()
        except trio.WouldBlock:
            await self._send_lock.acquire()
        try:
            await self.stream.send_all(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
            raise ConnectionClosed(f"cannot send to {self.peer}: connection closed ({e})") from None
        finally:
            self._send_lock.release()

    async def receive(self) -> bytes:
        """The next frame's payload. Waits as long as needed for a frame to *start*."""
        frame = self._buffered()
        if frame is not None:
            # No checkpoint: the buffer holds at most one read's worth of frames, and the
            # next read is one, so a flooding peer cannot keep this task from yielding.
            return frame
        await self._fill(1, "")
        frame = self._buffered()
        if frame is not None:
            return frame   # the read that woke us held the whole frame: no deadline to keep
        # From the first byte on, the whole frame has one deadline.
        with trio.move_on_after(self.frame_timeout) as scope:
            await self._fill(_HEADER.size, "in a frame header")
            length = self._length()
            await self._fill(_HEADER.size + length, f"in a {length}-byte frame")
        if scope.cancelled_caught:
            raise FrameTimeout(f"{self.peer} started a frame but sent only {len(self._buf)} bytes "
                               f"of it in {self.frame_timeout:g} s")
        return self._buffered()

    def _length(self) -> int:
        """The announced length of the frame the buffer starts with (checked before any of
        its payload is read)."""
        (length,) = _HEADER.unpack_from(self._buf)
        if length > self.max_frame:
            raise FrameTooLarge(f"{self.peer} announced a {length}-byte frame; "
                                f"the limit is {self.max_frame} bytes")
        return length

    def _buffered(self) -> bytes | None:
        """A whole frame already read, taken from the buffer; None if there is none yet."""
        if len(self._buf) < _HEADER.size:
            return None
        end = _HEADER.size + self._length()
        if len(self._buf) < end:
            return None
        payload = bytes(self._buf[_HEADER.size:end])
        del self._buf[:end]
        return payload

    async def _fill(self, n: int, where: str) -> None:
        while len(self._buf) < n:
            if self._eof:
                raise ConnectionClosed(self._closed_message(where))
            try:
                chunk = await self.stream.receive_some(_CHUNK)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
                raise ConnectionClosed(f"{self.peer}: connection lost ({e or type(e).__name__})"
                                       ) from None
            if not chunk:
                self._eof = True
            else:
                self._buf += chunk

    def _closed_message(self, where: str) -> str:
        if not where:
            return f"{self.peer} closed the connection"
        return f"{self.peer} closed the connection {where} after {len(self._buf)} bytes"

    async def aclose(self) -> None:
        await self.stream.aclose()

    async def __aenter__(self) -> "FramedStream":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def _describe_peer(stream: trio.abc.Stream) -> str:
    sock = getattr(stream, "socket", None)
    try:
        host, port = sock.getpeername()[:2]  # type: ignore[union-attr]
        return f"{host}:{port}"
    except Exception:  # noqa: BLE001 - in-memory streams, closed sockets: any label will do
        return "peer"
