import cbor2
import pytest
from hypothesis import given, settings, strategies as st

from engine.canonical import encode as engine_encode
from protocol import codec
from protocol.codec import (FrameTooLarge, ForbiddenType, Malformed, NotCanonical, TooDeep,
                            Truncated, decode, encode, iter_sequence)
from protocol.messages import SchemaError, parse_wire

# Message-shaped data: maps with short text keys, lists, bytes of hash/signature sizes, 64-bit
# integers, text, booleans and null -- what shares, entries and the genesis are made of.
scalars = (st.integers(min_value=-(1 << 64), max_value=(1 << 64) - 1) | st.text(max_size=40)
           | st.binary(max_size=80) | st.booleans() | st.none())
keys = st.text(min_size=1, max_size=30)
message_like = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=8),
    max_leaves=40)


def _keys_reversed(value):
    if type(value) is dict:
        return {k: _keys_reversed(value[k]) for k in reversed(list(value))}
    if type(value) is list:
        return [_keys_reversed(v) for v in value]
    return value


def cbor2_canonical_and_engine_encoder_agree_byte_for_byte(value):
    assert cbor2.dumps(value, canonical=True) == engine_encode(value)


def decode_returns_exactly_the_value_encoded(value):
    assert decode(encode(value)) == value


def a_map_whose_keys_are_not_in_canonical_order_is_refused_at_any_depth(value):
    # decode re-encodes with the keys in the order read (see protocol.codec), so the order
    # check is all that stands between a reordered map and a second byte form of one value
    reordered = cbor2.dumps(_keys_reversed(value))
    if reordered == encode(value):
        assert decode(reordered) == value
    else:
        with pytest.raises(NotCanonical):
            decode(reordered)
        with pytest.raises(NotCanonical):
            list(iter_sequence(encode(1) + reordered))


# The three guarantees above share one run of 400 values: making a recursive value is most of
# the cost (1.3 s for 400), and each guarantee had its own 300-400 before. A failure names the
# guarantee by its function in the traceback.
@settings(max_examples=400, deadline=None)
@given(message_like)
def test_a_message_shaped_value_encodes_canonically_decodes_to_itself_and_only_in_key_order(
        value):
    cbor2_canonical_and_engine_encoder_agree_byte_for_byte(value)
    decode_returns_exactly_the_value_encoded(value)
    a_map_whose_keys_are_not_in_canonical_order_is_refused_at_any_depth(value)


@pytest.mark.parametrize("data, error", [
    (bytes.fromhex("1801"), NotCanonical),            # 1 with a one-byte argument
    (bytes.fromhex("190017"), NotCanonical),          # 23 in two bytes
    (bytes.fromhex("a2616201616101"), NotCanonical),  # {"b":1,"a":1}: keys unsorted
    (bytes.fromhex("a2616101616102"), Malformed),     # duplicate key "a"
    (bytes.fromhex("9f01ff"), Malformed),             # indefinite-length array
    (bytes.fromhex("f93c00"), ForbiddenType),         # half float 1.0
    (bytes.fromhex("fb3ff0000000000000"), ForbiddenType),
    (bytes.fromhex("c11a00000001"), ForbiddenType),   # tag 1 (epoch date)
    (bytes.fromhex("d82063616263"), ForbiddenType),   # tag 32 (URI)
    (bytes.fromhex("f7"), ForbiddenType),             # undefined
    (bytes.fromhex("f0"), ForbiddenType),             # simple value 16
    (bytes.fromhex("a10101"), ForbiddenType),         # integer map key
    (bytes.fromhex("0102"), Malformed),               # trailing byte
    (bytes.fromhex("83 01 02".replace(" ", "")), Truncated),
    (b"", Truncated),
    (bytes.fromhex("62ff61"), Malformed),             # invalid UTF-8
    (bytes.fromhex("c249010000000000000000"), ForbiddenType),  # bignum 2^64
    (bytes.fromhex("c349010000000000000000"), ForbiddenType),  # bignum -2^64 - 1
])
def test_non_canonical_or_foreign_cbor_is_a_typed_error(data, error):
    with pytest.raises(error):
        decode(data)


def test_integers_at_both_ends_of_the_64_bit_range_decode():
    assert decode(bytes.fromhex("1bffffffffffffffff")) == (1 << 64) - 1
    assert decode(bytes.fromhex("3bffffffffffffffff")) == -(1 << 64)


def test_every_codec_error_is_a_codec_error_and_a_value_error():
    for cls in (FrameTooLarge, ForbiddenType, Malformed, NotCanonical, TooDeep, Truncated,
                SchemaError):
        assert issubclass(cls, codec.CodecError) and issubclass(cls, ValueError)


def test_nesting_deeper_than_the_bound_is_rejected():
    ok = [0]
    for _ in range(codec.MAX_DEPTH - 1):
        ok = [ok]
    decode(encode(ok))
    deep = b"\x81" * 5000 + b"\x00"
    with pytest.raises(TooDeep):
        decode(deep)


def test_frames_over_the_size_bound_are_rejected_before_decoding():
    big = encode(b"x" * codec.MAX_FRAME)
    with pytest.raises(FrameTooLarge):
        decode(big)


def test_a_sequence_splits_into_its_items_and_names_where_it_breaks():
    a, b = encode({"a": 1}), encode([1, 2, b"xy"])
    assert [raw for _, raw, _ in iter_sequence(a + b)] == [a, b]
    got = []
    with pytest.raises(Truncated) as e:
        for off, raw, _ in iter_sequence(a + b[:-1]):
            got.append(raw)
    assert got == [a] and f"byte {len(a)}" in str(e.value)
    with pytest.raises(NotCanonical):
        list(iter_sequence(a + bytes.fromhex("1801")))


@pytest.mark.parametrize("msg, words", [
    ({"t": "share"}, "missing field"),
    ({"t": "gsig", "genesis": b"x" * 32, "seat": 0, "sig": b"s" * 64, "extra": 1}, "unknown field"),
    ({"t": "gsig", "genesis": b"x" * 31, "seat": 0, "sig": b"s" * 64}, "must be 32 bytes"),
    ({"t": "gsig", "genesis": b"x" * 32, "seat": True, "sig": b"s" * 64}, "integer"),
    ({"t": "hello"}, "unknown message type"),
    ([1, 2], "must be a map"),
    ({"t": "share", "match": b"m" * 32, "seq": 1, "prev": b"p" * 32, "kind": "move",
      "author": 0, "part": [1.5], "sig": b"s" * 64}, None),
])
def test_schema_rejects_missing_unknown_and_mistyped_fields_with_a_reason(msg, words):
    try:
        data = encode(msg)
    except Exception:
        data = cbor2.dumps(msg, canonical=True)
    with pytest.raises(codec.CodecError) as e:
        parse_wire(data)
    if words:
        assert words in str(e.value)


def test_an_entrys_statements_are_its_shares_statements():
    # check_entry builds them with one encoded head; the bytes must be what each author signed
    from protocol.messages import entry_shares, entry_statements, share_statement
    from tests.protocol.helpers import toy_match
    run, _ = toy_match(players=3, seed=2)
    from protocol.codec import decode
    kinds = set()
    for raw in run.sessions[0].log[1:]:
        entry = decode(raw)
        kinds.add(entry["kind"])
        assert entry_statements(entry) == [
            share_statement(s["match"], s["seq"], s["prev"], s["kind"], s["author"], s["part"])
            for s in entry_shares(entry)]
    assert {"move", "reveal", "attest"} <= kinds
