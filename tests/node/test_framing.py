"""Frames keep message boundaries over any chunking, and the limits hold before memory is spent."""
import pytest
import trio
import trio.testing

from node.framing import (ConnectionClosed, FramedStream, FrameTimeout, FrameTooLarge,
                          MAX_FRAME)


def pair(**kw):
    a, b = trio.testing.memory_stream_pair()
    return FramedStream(a, peer="a", **kw), FramedStream(b, peer="b", **kw)


async def test_frames_round_trip_in_order_including_empty_and_maximal():
    a, b = pair()
    payloads = [b"", b"x", bytes(range(256)) * 10, b"\x00" * MAX_FRAME]
    async with trio.open_nursery() as n:
        async def sender():
            for p in payloads:
                await a.send(p)
        n.start_soon(sender)
        for p in payloads:
            assert await b.receive() == p


async def test_frames_survive_one_byte_chunks_and_coalesced_writes():
    raw_a, raw_b = trio.testing.memory_stream_pair()
    b = FramedStream(raw_b)
    wire = b"".join(len(p).to_bytes(4, "big") + p for p in (b"hello", b"", b"world!"))
    async with trio.open_nursery() as n:
        async def dribble():
            for i in range(len(wire)):
                await raw_a.send_all(wire[i:i + 1])
        n.start_soon(dribble)
        assert [await b.receive() for _ in range(3)] == [b"hello", b"", b"world!"]
    # ...and several frames in one write
    await raw_a.send_all(wire)
    assert [await b.receive() for _ in range(3)] == [b"hello", b"", b"world!"]


async def test_sender_refuses_a_frame_over_the_limit():
    a, _ = pair(max_frame=100)
    with pytest.raises(FrameTooLarge, match="101-byte frame.*limit is 100"):
        await a.send(b"x" * 101)


async def test_receiver_rejects_an_oversize_length_before_reading_the_payload():
    raw_a, raw_b = trio.testing.memory_stream_pair()
    b = FramedStream(raw_b, max_frame=100)
    await raw_a.send_all((101).to_bytes(4, "big"))  # header only: no payload needed to refuse
    with pytest.raises(FrameTooLarge, match="announced a 101-byte frame"):
        await b.receive()


async def test_close_between_frames_is_a_clean_connection_closed():
    raw_a, raw_b = trio.testing.memory_stream_pair()
    b = FramedStream(raw_b, peer="p")
    await raw_a.aclose()
    with pytest.raises(ConnectionClosed, match="^p closed the connection$"):
        await b.receive()


async def test_close_inside_a_frame_says_how_far_it_got():
    raw_a, raw_b = trio.testing.memory_stream_pair()
    b = FramedStream(raw_b, peer="p")
    await raw_a.send_all((10).to_bytes(4, "big") + b"abc")
    await raw_a.aclose()
    with pytest.raises(ConnectionClosed, match="in a 10-byte frame after 7 bytes"):
        await b.receive()


async def test_half_a_frame_then_silence_times_out(autojump_clock):
    raw_a, raw_b = trio.testing.memory_stream_pair()
    b = FramedStream(raw_b, peer="p", frame_timeout=5)
    await raw_a.send_all(b"\x00\x00")
    with pytest.raises(FrameTimeout, match="only 2 bytes of it in 5 s"):
        await b.receive()


async def test_idle_time_between_frames_is_not_a_timeout(autojump_clock):
    a, b = pair(frame_timeout=5)
    async with trio.open_nursery() as n:
        async def late_sender():
            await trio.sleep(3600)  # a player thinking for an hour
            await a.send(b"move")
        n.start_soon(late_sender)
        assert await b.receive() == b"move"


async def test_concurrent_senders_never_interleave_frames():
    a, b = pair()
    big = [bytes([i]) * 200_000 for i in range(5)]
    async with trio.open_nursery() as n:
        for p in big:
            n.start_soon(a.send, p)
        got = [await b.receive() for _ in big]
    assert sorted(got) == sorted(big)
