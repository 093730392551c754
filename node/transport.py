"""TCP between nodes: framed streams (node.framing) and a mutual proof-of-key handshake.

Handshake (both sides run the same steps; the dialer is the "client", the listener the "server"):

    1. each sends HELLO = MAGIC | version | its Ed25519 public key (32) | a fresh nonce (32)
    2. each computes T = SHA-256(domain | context | client HELLO | server HELLO)
    3. each sends AUTH = MAGIC | Sign(own key, role | T), role = "client" or "server"
    4. each verifies the peer's AUTH against the key the peer claimed in its HELLO

T contains both fresh nonces, so a signature recorded from an earlier handshake never verifies
again; it contains the context (lobby or match id), so a signature made for one game is useless
in another; the role label stops an attacker reflecting our own AUTH back at us. Nothing is
encrypted: entries are signed by their authors anyway, the handshake only ties a connection to a key.

Every failure is a `TransportError` whose message names the peer and what was wrong; `serve`
turns it (and undecodable frames, `protocol.codec.CodecError`) into a logged close of that one
connection, never into a crash of the node.
"""
from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Awaitable, Callable

import trio

from protocol.codec import CodecError
from protocol.identity import Identity, check_code, verify_signature

from .admission import Admission, Ticket, serve_admitted
from .framing import (FRAME_TIMEOUT, MAX_FRAME, ConnectionClosed, FramedStream, FrameTimeout,
                      FrameTooLarge, TransportError)

__all__ = [
    "HANDSHAKE_TIMEOUT", "MAX_FRAME", "FramedStream", "TransportError", "ConnectionClosed",
    "FrameTooLarge", "FrameTimeout", "HandshakeFailed", "HandshakeTimeout", "WrongKey",
    "require_code",
    "handshake", "connect", "dialed", "serve", "accepted", "TcpTransport",
]

log = logging.getLogger("lanboard.node.transport")

HANDSHAKE_TIMEOUT = 10.0
MAGIC = b"LNBD"
VERSION = 1
_DOMAIN = b"lanboard/handshake/1"
_HELLO_LEN = len(MAGIC) + 1 + 32 + 32
_AUTH_LEN = len(MAGIC) + 64
_HANDSHAKE_MAX_FRAME = 256


class HandshakeFailed(TransportError):
    pass


class HandshakeTimeout(HandshakeFailed):
    pass


class WrongKey(HandshakeFailed):
    """The peer proved a key, but not the one whose check code we were asked to reach."""


def require_code(conn: FramedStream, code: str) -> None:
    """WrongKey unless the key `conn`'s handshake proved has check code `code`. A code is only
    announced (mDNS) or typed: anyone can announce anybody's, so only the handshake says whose
    node this is."""
    proven = check_code(conn.peer_key)
    if proven != code:
        raise WrongKey(f"{conn.peer} proves key {proven}, not {code}: not the lobby asked "
                       "for (an impostor announcing its code, or another node at that address)")


def _context_bytes(context: bytes | str) -> bytes:
    return context.encode("utf-8") if isinstance(context, str) else bytes(context)


def transcript(context: bytes | str, client_hello: bytes, server_hello: bytes) -> bytes:
    ctx = _context_bytes(context)
    # Length prefix on the one variable-length field keeps the concatenation unambiguous.
    return hashlib.sha256(_DOMAIN + len(ctx).to_bytes(4, "big") + ctx
                          + client_hello + server_hello).digest()


def _signed_message(role: bytes, t: bytes) -> bytes:
    return _DOMAIN + b"/" + role + b"/" + t


async def handshake(conn: FramedStream, identity: Identity, context: bytes | str, *,
                    initiator: bool, expected_peer: bytes | None = None,
                    timeout: float = HANDSHAKE_TIMEOUT) -> bytes:
    """Prove our key, check the peer's; returns the peer's public key (also set on conn.peer_key).

    `expected_peer`, when given, is the only key accepted (e.g. a seated player's key)."""
    # Until the peer has proven a key it is a stranger: its frames may be no bigger than a
    # handshake message, so a garbage-spewing port scanner cannot make us buffer a megabyte.
    max_frame, conn.max_frame = conn.max_frame, min(conn.max_frame, _HANDSHAKE_MAX_FRAME)
    try:
        with trio.fail_after(timeout):
            return await _handshake(conn, identity, context, initiator, expected_peer)
    except trio.TooSlowError:
        raise HandshakeTimeout(f"{conn.peer} did not complete the handshake within {timeout:g} s"
                               ) from None
    except FrameTooLarge as e:
        raise HandshakeFailed(f"handshake with {conn.peer}: {e}") from None
    finally:
        conn.max_frame = max_frame


async def _handshake(conn: FramedStream, identity: Identity, context: bytes | str,
                     initiator: bool, expected_peer: bytes | None) -> bytes:
    mine = MAGIC + bytes([VERSION]) + identity.public + secrets.token_bytes(32)
    await conn.send(mine)
    theirs = await conn.receive()
    if len(theirs) != _HELLO_LEN or not theirs.startswith(MAGIC):
        raise HandshakeFailed(f"{conn.peer} sent no lanboard hello "
                              f"({len(theirs)} bytes starting {theirs[:8].hex() or 'empty'})")
    if theirs[4] != VERSION:
        raise HandshakeFailed(f"{conn.peer} speaks handshake version {theirs[4]}, we speak {VERSION}")
    peer_key = theirs[5:37]
    if expected_peer is not None and peer_key != expected_peer:
        raise HandshakeFailed(f"{conn.peer} presents key {check_code(peer_key)}, "
                              f"expected {check_code(expected_peer)}")
    client, server = (mine, theirs) if initiator else (theirs, mine)
    t = transcript(context, client, server)
    my_role, their_role = (b"client", b"server") if initiator else (b"server", b"client")
    await conn.send(MAGIC + identity.sign(_signed_message(my_role, t)))
    auth = await conn.receive()
    if len(auth) != _AUTH_LEN or not auth.startswith(MAGIC):
        raise HandshakeFailed(f"{conn.peer} sent a malformed handshake signature ({len(auth)} bytes)")
    if not verify_signature(peer_key, auth[4:], _signed_message(their_role, t)):
        raise HandshakeFailed(f"{conn.peer} claims key {check_code(peer_key)} but its signature "
                              "does not verify (wrong key, other context, or a replayed signature)")
    conn.peer_key = peer_key
    conn.transcript = t   # what a private table's code proof binds to (node.private_table)
    return peer_key


async def connect(host: str, port: int, identity: Identity, context: bytes | str, *,
                  expected_peer: bytes | None = None, timeout: float = HANDSHAKE_TIMEOUT,
                  max_frame: int = MAX_FRAME, frame_timeout: float = FRAME_TIMEOUT) -> FramedStream:
    """Dial, handshake as client; returns a FramedStream with `peer_key` set.

    The deadline covers the TCP connect too, so an unreachable address fails in `timeout`."""
    try:
        with trio.fail_after(timeout):
            stream = await trio.open_tcp_stream(host, port)
    except trio.TooSlowError:
        raise HandshakeTimeout(f"connecting to {host}:{port} took longer than {timeout:g} s") from None
    except OSError as e:
        raise ConnectionClosed(f"cannot connect to {host}:{port}: {e.strerror or e}") from None
    return await dialed(stream, identity, context, peer=f"{host}:{port}",
                        expected_peer=expected_peer, timeout=timeout, max_frame=max_frame,
                        frame_timeout=frame_timeout)


async def dialed(stream: trio.abc.Stream, identity: Identity, context: bytes | str, *, peer: str,
                 expected_peer: bytes | None = None, timeout: float = HANDSHAKE_TIMEOUT,
                 max_frame: int = MAX_FRAME, frame_timeout: float = FRAME_TIMEOUT
                 ) -> FramedStream:
    """A stream we opened to `peer`, handshaken as client (closed if that fails)."""
    conn = FramedStream(stream, max_frame=max_frame, frame_timeout=frame_timeout, peer=peer)
    try:
        await handshake(conn, identity, context, initiator=True, expected_peer=expected_peer,
                        timeout=timeout)
    except BaseException:
        await trio.aclose_forcefully(stream)
        raise
    return conn


Handler = Callable[[FramedStream], Awaitable[None]]


async def serve(handler: Handler, identity: Identity, context: bytes | str, *,
                host: str | None = None, port: int = 0,
                handshake_timeout: float = HANDSHAKE_TIMEOUT, max_frame: int = MAX_FRAME,
                frame_timeout: float = FRAME_TIMEOUT, accept: Callable[[bytes], bool] | None = None,
                admission: Admission | None = None, known: Callable[[bytes], bool] | None = None,
                task_status: trio.TaskStatus[list[trio.SocketListener]] = trio.TASK_STATUS_IGNORED
                ) -> None:
    """Listen; each connection is handshaken (as server) and then given to `handler`.

    A connection's TransportError or CodecError (bad handshake, oversize, stalled or undecodable
    frame, peer gone) closes that connection with a logged reason; the listener and the other
    connections carry on. `accept(peer_key)` may refuse keys (e.g. not seated in this match).
    With `admission` (node.admission), each connection needs a place first, lives within its
    grace until the handler marks it seated (`node.admission.seated(conn)`), and one whose
    handshake proves a key `known(key)` is not evicted for a stranger. Running out of
    descriptors is said once per episode, never raised.
    task_status.started() receives the listeners (to learn the port when port=0)."""

    async def one_connection(stream: trio.SocketStream) -> None:
        ticket = admission.admit(_address(stream)) if admission is not None else None
        if admission is not None and ticket is None:
            log.info("refusing a connection from %s: too many unseated connections",
                     _address(stream))
            return
        await accepted(stream, handler, identity, context, handshake_timeout=handshake_timeout,
                       max_frame=max_frame, frame_timeout=frame_timeout, accept=accept,
                       ticket=ticket, known=known)

    listeners = await trio.open_tcp_listeners(port, host=host)
    shed = (lambda: admission.evict_some(8)) if admission is not None else (lambda: None)
    await serve_admitted(one_connection, listeners, "peer listener", shed,
                         task_status=task_status)


def _address(stream: trio.SocketStream) -> str:
    try:
        return stream.socket.getpeername()[0]
    except OSError:
        return "?"


async def accepted(stream: trio.abc.Stream, handler: Handler, identity: Identity,
                   context: bytes | str, *, handshake_timeout: float = HANDSHAKE_TIMEOUT,
                   max_frame: int = MAX_FRAME, frame_timeout: float = FRAME_TIMEOUT,
                   accept: Callable[[bytes], bool] | None = None, ticket: Ticket | None = None,
                   known: Callable[[bytes], bool] | None = None) -> None:
    """One connection a listener took: handshaken (as server), then given to `handler`; its
    TransportError or CodecError closes it with a logged reason, and it is closed at the end.
    With an admission `ticket` it lives within the ticket's grace until the node seats it
    (node/admission.py), and a proven key that `known` names is vouched for."""
    conn = FramedStream(stream, max_frame=max_frame, frame_timeout=frame_timeout)
    conn.ticket = ticket
    scope = ticket.scope if ticket is not None else trio.CancelScope()
    try:
        with scope:
            peer_key = await handshake(conn, identity, context, initiator=False,
                                       timeout=handshake_timeout)
            if accept is not None and not accept(peer_key):
                raise HandshakeFailed(f"{conn.peer} key {check_code(peer_key)} is not "
                                      "accepted here")
            if ticket is not None and known is not None and known(peer_key):
                ticket.vouch()
            await handler(conn)
        if scope.cancelled_caught:
            log.info("closing connection from %s: %s", conn.peer,
                     "evicted for a newer one" if ticket.evicted else
                     f"not a seated player within {ticket.admission.grace:g} s")
    except ConnectionClosed as e:
        log.info("connection from %s ended: %s", conn.peer, e)
    except (TransportError, CodecError) as e:
        who = f"{conn.peer} (key {check_code(conn.peer_key)})" if conn.peer_key else conn.peer
        log.warning("closing connection from %s: %s", who, e)
    finally:
        if ticket is not None:
            ticket.release()
        await trio.aclose_forcefully(stream)


class TcpTransport:
    """How a node reaches its peers: TCP (the default). A node takes any object with these
    three methods, so a test can run nodes over memory streams instead."""

    async def connect(self, host: str, port: int, identity: Identity, context: bytes | str, *,
                      expected_peer: bytes | None = None) -> FramedStream:
        return await connect(host, port, identity, context, expected_peer=expected_peer)

    async def serve(self, handler: Handler, identity: Identity, context: bytes | str, *,
                    host: str | None, port: int, admission: Admission | None = None,
                    known: Callable[[bytes], bool] | None = None,
                    task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED) -> None:
        """Listen as `serve` does; task_status.started() receives the port listened on."""
        await serve(handler, identity, context, host=host, port=port, admission=admission,
                    known=known, task_status=_PortOf(task_status))

    def peer_host(self, conn: FramedStream) -> str:
        """The address the peer of an accepted connection reached us from."""
        return conn.stream.socket.getpeername()[0]


class _PortOf:
    """Passes on the port of the listeners a serve started with, instead of the listeners."""

    def __init__(self, task_status: trio.TaskStatus[int]) -> None:
        self.task_status = task_status

    def started(self, listeners: list[trio.SocketListener]) -> None:
        self.task_status.started(listeners[0].socket.getsockname()[1])
