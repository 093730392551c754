"""The handshake proves possession of the key the peer claims, bound to fresh nonces and a context."""
import pytest
import trio
import trio.testing

from node.framing import MAX_FRAME, FramedStream
from node.transport import (MAGIC, HandshakeFailed, HandshakeTimeout, handshake)
from protocol.identity import Identity

ALICE = Identity.from_seed(b"a" * 32)
BOB = Identity.from_seed(b"b" * 32)
MALLORY = Identity.from_seed(b"m" * 32)


def pair():
    a, b = trio.testing.memory_stream_pair()
    return FramedStream(a, peer="client"), FramedStream(b, peer="server")


async def run_both(first, second, wait_second: float = 0.2):
    """Run `first` and `second` concurrently; return both results, or raise `first`'s error.

    `second` (often the adversary) may fail or hang once `first` is done; it is then cancelled
    after `wait_second` (a caller that asserts on its result gives it long enough for a loaded
    machine)."""
    results = {}

    async def background():
        try:
            results["s"] = await second()
        except Exception as e:  # noqa: BLE001 - only the first side's outcome is asserted
            results["s"] = e

    async with trio.open_nursery() as n:
        n.start_soon(background)
        try:
            results["c"] = await first()
        except Exception as e:  # noqa: BLE001 - re-raised below, outside the nursery's group
            results["error"] = e
        with trio.move_on_after(wait_second):
            while "s" not in results:
                await trio.sleep(0.01)
        n.cancel_scope.cancel()
    if "error" in results:
        raise results["error"]
    return results["c"], results.get("s")


async def test_both_sides_learn_each_others_proven_key():
    c, s = pair()
    got_c, got_s = await run_both(
        lambda: handshake(c, ALICE, b"lobby-1", initiator=True),
        lambda: handshake(s, BOB, b"lobby-1", initiator=False), wait_second=10)
    assert got_c == BOB.public and got_s == ALICE.public
    assert c.peer_key == BOB.public and s.peer_key == ALICE.public


async def test_context_may_be_text_or_bytes_alike():
    c, s = pair()
    got_c, _ = await run_both(lambda: handshake(c, ALICE, "match-ab", initiator=True),
                              lambda: handshake(s, BOB, b"match-ab", initiator=False))
    assert got_c == BOB.public


async def test_a_peer_claiming_a_key_it_cannot_sign_for_is_rejected():
    c, s = pair()

    async def impostor():
        # Mallory claims Alice's public key but can only sign with her own.
        await c.send(MAGIC + b"\x01" + ALICE.public + b"\x00" * 32)
        await c.receive()
        await c.send(MAGIC + MALLORY.sign(b"anything"))

    with pytest.raises(HandshakeFailed, match="signature does not verify"):
        await run_both(lambda: handshake(s, BOB, b"ctx", initiator=False), impostor)


async def test_a_signature_recorded_from_an_earlier_handshake_cannot_be_replayed():
    # Record Alice's AUTH frame from an honest handshake with Bob.
    c, s = pair()
    recorded = []
    real_receive = s.receive

    async def recording_receive():
        frame = await real_receive()
        recorded.append(frame)
        return frame

    s.receive = recording_receive
    await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True),
                   lambda: handshake(s, BOB, b"ctx", initiator=False))
    alice_hello, alice_auth = recorded

    # Mallory replays Alice's hello and signature to Bob: Bob's nonce is new, so it fails.
    c2, s2 = pair()

    async def replayer():
        await c2.send(alice_hello)
        await c2.receive()
        await c2.send(alice_auth)

    with pytest.raises(HandshakeFailed, match="replayed"):
        await run_both(lambda: handshake(s2, BOB, b"ctx", initiator=False), replayer)


async def test_our_own_signature_reflected_back_is_rejected():
    c, s = pair()

    async def mirror():
        hello = await s.receive()
        await s.send(hello)          # Alice's own key and nonce, back at her
        auth = await s.receive()
        await s.send(auth)           # and her own signature: it was made for the other role

    with pytest.raises(HandshakeFailed, match="does not verify"):
        await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True), mirror)


async def test_signatures_do_not_carry_over_to_another_lobby_or_match():
    c, s = pair()
    with pytest.raises(HandshakeFailed, match="does not verify"):
        await run_both(lambda: handshake(c, ALICE, b"lobby-1", initiator=True),
                       lambda: handshake(s, BOB, b"lobby-2", initiator=False))


async def test_an_unexpected_key_is_rejected_even_with_a_valid_proof():
    c, s = pair()
    with pytest.raises(HandshakeFailed, match="expected"):
        await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True, expected_peer=BOB.public),
                       lambda: handshake(s, MALLORY, b"ctx", initiator=False))


async def test_a_peer_that_never_answers_times_out(autojump_clock):
    c, _silent = pair()
    with pytest.raises(HandshakeTimeout, match="within 10 s"):
        await handshake(c, ALICE, b"ctx", initiator=True, timeout=10)


async def test_a_peer_that_stops_after_its_hello_times_out(autojump_clock):
    c, s = pair()

    async def half_peer():
        await s.receive()
        await s.send(MAGIC + b"\x01" + BOB.public + b"\x00" * 32)
        await trio.sleep_forever()

    with pytest.raises(HandshakeTimeout):
        await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True, timeout=3), half_peer)


@pytest.mark.parametrize("hello", [b"", b"GET / HTTP/1.1", MAGIC + b"\x01" + b"short",
                                   MAGIC + b"\x07" + b"\x00" * 64])
async def test_a_hello_that_is_not_ours_is_rejected_with_what_it_was(hello):
    c, s = pair()

    async def stranger():
        await s.send(hello)
        await s.receive()

    with pytest.raises(HandshakeFailed, match="no lanboard hello|version 7"):
        await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True), stranger)


async def test_a_stranger_may_not_send_big_frames_before_proving_a_key():
    c, s = pair()

    async def stranger():
        await s.stream.send_all((1000).to_bytes(4, "big"))  # just the header: no payload needed

    with pytest.raises(HandshakeFailed, match="1000-byte frame; the limit is 256"):
        await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True), stranger)
    assert c.max_frame == MAX_FRAME  # the full limit is back for whoever reuses the stream


async def test_after_the_handshake_the_full_frame_limit_applies():
    c, s = pair()
    await run_both(lambda: handshake(c, ALICE, b"ctx", initiator=True),
                   lambda: handshake(s, BOB, b"ctx", initiator=False))
    big = b"x" * MAX_FRAME
    _, got = await run_both(lambda: c.send(big), s.receive, wait_second=10)
    assert got == big
