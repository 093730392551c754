"""A node's listener survives hostile peers: each bad connection is closed with a logged reason
while an honest peer, connected at the same time, completes its exchange."""
import logging

import pytest
import trio

from node.framing import ConnectionClosed, FramedStream
from node.transport import HandshakeFailed, connect, handshake, serve
from protocol import codec
from protocol.identity import Identity

SERVER = Identity.from_seed(b"s" * 32)
HONEST = Identity.from_seed(b"h" * 32)
CTX = b"lobby-adversarial"


async def echo(conn: FramedStream) -> None:
    """Decode every frame as a protocol value (so undecodable frames are rejected) and echo it."""
    while True:
        value = codec.decode(await conn.receive())
        await conn.send(codec.encode({"echo": value}))


@pytest.fixture
async def server(nursery):
    listeners = await nursery.start(lambda task_status: serve(
        echo, SERVER, CTX, host="127.0.0.1", port=0, handshake_timeout=1.0, frame_timeout=0.5,
        max_frame=4096, task_status=task_status))
    return listeners[0].socket.getsockname()[1]


async def raw(port: int) -> trio.SocketStream:
    return await trio.open_tcp_stream("127.0.0.1", port)


async def closed_by_server(stream: trio.SocketStream, within: float = 3.0) -> bool:
    """True when the server closes the connection (EOF or reset) within `within` seconds."""
    with trio.move_on_after(within):
        try:
            while await stream.receive_some(65536):
                pass
        except trio.BrokenResourceError:
            pass
        return True
    return False


async def honest_handshake_raw(stream: trio.SocketStream) -> FramedStream:
    conn = FramedStream(stream)
    await handshake(conn, HONEST, CTX, initiator=True)
    return conn


async def test_listener_drops_each_hostile_peer_and_keeps_serving_an_honest_one(server, caplog):
    caplog.set_level(logging.INFO, logger="lanboard.node.transport")
    port = server

    # Hostile peers, all connected at once.
    garbage = await raw(port)
    await garbage.send_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")        # header reads as ~1.2 GB
    small_garbage = await raw(port)
    await small_garbage.send_all((16).to_bytes(4, "big") + b"\xde\xad\xbe\xef" * 4)  # not a hello
    silent = await raw(port)                                            # never speaks
    half = await raw(port)
    await half.send_all((100).to_bytes(4, "big") + b"\x00" * 10)        # 10 of 100 bytes, stalls
    oversize = await honest_handshake_raw(await raw(port))               # proper peer, then...
    await oversize.stream.send_all((1 << 20).to_bytes(4, "big"))        # ...a 1 MiB frame
    undecodable = await honest_handshake_raw(await raw(port))
    await undecodable.send(b"\xff\xff\xff")                             # not CBOR
    stall_after_handshake = await honest_handshake_raw(await raw(port))
    await stall_after_handshake.stream.send_all(b"\x00\x00")

    # The honest peer completes a full exchange while all of the above hold their connections
    # (the bound is for a hung server, not a speed test: a loaded machine may take seconds).
    with trio.fail_after(10):
        conn = await connect("127.0.0.1", port, HONEST, CTX, expected_peer=SERVER.public)
        for i in range(20):
            await conn.send(codec.encode({"n": i}))
            assert codec.decode(await conn.receive()) == {"echo": {"n": i}}

    # Each hostile connection is closed by the server, with a reason in the log.
    for s in (garbage, small_garbage, silent, half, oversize.stream, undecodable.stream,
              stall_after_handshake.stream):
        assert await closed_by_server(s), s
    reasons = "\n".join(r.getMessage() for r in caplog.records)
    assert "announced a 1195725856-byte frame" in reasons          # b"GET " as a length
    assert "sent no lanboard hello (16 bytes starting deadbeef" in reasons
    assert "did not complete the handshake within 1 s" in reasons
    assert "sent only 14 bytes of it in 0.5 s" in reasons
    assert "announced a 1048576-byte frame; the limit is 4096" in reasons
    assert "malformed CBOR" in reasons
    assert "sent only 2 bytes of it in 0.5 s" in reasons

    # ...and the honest peer is still served afterwards.
    await conn.send(codec.encode("still there?"))
    assert codec.decode(await conn.receive()) == {"echo": "still there?"}
    await conn.aclose()


async def test_a_peer_with_the_wrong_key_is_refused_and_told_nothing(server):
    with pytest.raises(HandshakeFailed, match="expected"):
        await connect("127.0.0.1", server, HONEST, CTX, expected_peer=HONEST.public)
    # ...and a dialer in another lobby fails on the signature, in both directions.
    with pytest.raises((HandshakeFailed, ConnectionClosed)):
        await connect("127.0.0.1", server, HONEST, b"another-lobby")


async def test_connecting_to_a_closed_port_is_a_connection_error_not_a_crash():
    with trio.socket.socket() as s:
        await s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ConnectionClosed, match=f"cannot connect to 127.0.0.1:{port}"):
        await connect("127.0.0.1", port, HONEST, CTX)


async def test_a_non_lanboard_server_fails_the_handshake_quickly(nursery):
    async def http_like(stream):
        await stream.send_all(b"HTTP/1.1 400 Bad Request\r\n\r\n")
        await stream.aclose()
    listeners = await nursery.start(trio.serve_tcp, http_like, 0)
    port = listeners[0].socket.getsockname()[1]
    with pytest.raises(HandshakeFailed, match="frame"), trio.fail_after(2):
        await connect("127.0.0.1", port, HONEST, CTX)
