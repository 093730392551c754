"""Hostile bytes: the decoder and the verifier answer with typed errors, never anything else."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from protocol.codec import CodecError, encode
from protocol.messages import parse_wire
from protocol.verify import verify_bytes

from .helpers import join, toy_match

_run, _ = toy_match(players=2, seed=3)
LOG = _run.sessions[0].log
FRAMES = [f for f in LOG[1:12]] + [encode({"t": "gsig", "genesis": b"g" * 32, "seat": 1,
                                           "sig": b"s" * 64})]


def _parse(data: bytes) -> None:
    try:
        parse_wire(data)
    except CodecError:
        pass


@settings(max_examples=1500, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_give_only_typed_errors(data):
    _parse(data)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FRAMES), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)),
                                          min_size=1, max_size=4),
       st.integers(0, 3))
def test_mutated_frames_give_only_typed_errors(frame, edits, cut):
    buf = bytearray(frame)
    for pos, val in edits:
        buf[pos % len(buf)] = val
    _parse(bytes(buf[:len(buf) - cut]))


def _share_frames():
    # Entries re-cut as share frames, so mutations hit the share schema, not just "no 't'".
    from protocol.messages import entry_shares
    from protocol.codec import decode
    out = []
    for raw in LOG[1:8]:
        out += [encode(s) for s in entry_shares(decode(raw))]
    return out


SHARES = _share_frames()


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(SHARES), st.integers(0, 10_000), st.integers(0, 7))
def test_single_bit_flips_in_shares_give_only_typed_errors(frame, pos, bit):
    buf = bytearray(frame)
    buf[pos % len(buf)] ^= 1 << bit
    _parse(bytes(buf))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 6))
def test_verifier_answers_every_mutated_file_without_raising(seed, n_edits):
    rng = random.Random(seed)
    data = bytearray(join(LOG[:16]))
    for _ in range(n_edits):
        op = rng.randrange(3)
        pos = rng.randrange(len(data))
        if op == 0:
            data[pos] = rng.randrange(256)
        elif op == 1:
            del data[pos:pos + rng.randrange(1, 40)]
        else:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
    r = verify_bytes(bytes(data))
    assert r.status in (1, 2) and r.reason
    assert "internal error" not in r.reason


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_verifier_answers_random_bytes_with_unreadable_or_failed(data):
    r = verify_bytes(data)
    assert r.status in (1, 2) and "internal error" not in r.reason
