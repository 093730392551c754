"""The state hash is SHA-256 of RFC 8949 deterministic CBOR: checked against the RFC's examples
and against cbor2's canonical encoder, and refusing anything without a canonical form."""
from dataclasses import dataclass

import cbor2
import pytest
from hypothesis import example, given, strategies as st

from engine.canonical import CanonicalError, encode, state_hash, to_data


@pytest.mark.parametrize("value,hexed", [
    (0, "00"), (23, "17"), (24, "1818"), (100, "1864"), (1000, "1903e8"),
    (1000000, "1a000f4240"), (1000000000000, "1b000000e8d4a51000"),
    (-1, "20"), (-1000, "3903e7"), ("", "60"), ("IETF", "6449455446"),
    ("\u00fc", "62c3bc"), (b"\x01\x02\x03\x04", "4401020304"), ([], "80"),
    ([1, [2, 3], [4, 5]], "8301820203820405"), ({}, "a0"),
    ({1: 2, 3: 4}, "a201020304"), ({"a": 1, "b": [2, 3]}, "a26161016162820203"),
    (False, "f4"), (True, "f5"), (None, "f6"),
])
def test_encoding_matches_rfc_8949_appendix_a(value, hexed):
    assert encode(value).hex() == hexed


def test_map_keys_are_sorted_by_their_encoded_bytes_whatever_the_insertion_order():
    a = encode({"bb": 1, "a": 2, 10: 3, -1: 4})
    b = encode({-1: 4, 10: 3, "a": 2, "bb": 1})
    assert a == b
    # 10 (0x0a) < -1 (0x20) < "a" (0x61 0x61) < "bb" (0x62 ...): shortest, then bytewise
    assert list(cbor2.loads(a)) == [10, -1, "a", "bb"]


@dataclass
class Point:
    y: int
    x: int


def test_dataclasses_encode_as_maps_of_their_fields():
    assert cbor2.loads(encode(Point(2, 1))) == {"x": 1, "y": 2}
    assert to_data(Point(2, 1)) == {"y": 2, "x": 1}


@pytest.mark.parametrize("bad", [1.5, {1, 2}, object(), 2 ** 64, -(2 ** 64) - 1])
def test_values_without_a_canonical_form_are_refused(bad):
    with pytest.raises(CanonicalError):
        encode([bad])


def test_map_order_is_rfc_8949_bytewise_not_rfc_7049_length_first():
    # 24 encodes as 18 18, "" as 60: bytewise 24 comes first although its encoding is longer.
    assert encode({"": 0, 24: 0}).hex() == "a21818006000"


# Keys of one kind and under 24 bytes: there RFC 7049's length-first order (cbor2's
# canonical=True) and RFC 8949's bytewise order agree, as they do for all our field names.
plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 64 - 1) | st.text() | st.binary(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=30)


@given(plain)
def test_encoding_agrees_with_cbor2_canonical_where_both_orders_agree(value):
    assert encode(value) == cbor2.dumps(value, canonical=True)
    assert cbor2.loads(encode(value)) == value


def test_state_hash_is_sha256_of_the_encoding():
    import hashlib
    assert state_hash({"a": [1, 2]}) == hashlib.sha256(encode({"a": [1, 2]})).digest()


@dataclass
class Annotated:
    """Fields whose annotations the encoder writes inline code for, holding any value: the
    bytes must be those of the value, whatever the annotation guessed."""
    count: int
    name: str
    flag: bool
    items: list[int]


@given(*[st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 64 - 1) | st.text()
         | st.lists(st.integers(-30, 30) | st.booleans() | st.text(max_size=2), max_size=30)
         ] * 4)
def test_a_dataclass_encodes_as_the_map_of_its_fields_whatever_they_hold(a, b, c, d):
    expected = encode({"count": a, "name": b, "flag": c, "items": d})
    assert encode(Annotated(a, b, c, d)) == expected
    assert encode([Annotated(a, b, c, d)]) == encode([{"count": a, "name": b, "flag": c,
                                                       "items": d}])
    assert cbor2.loads(expected) == {"count": a, "name": b, "flag": c, "items": d}


@pytest.mark.parametrize("game,players", [("overwatch-monopoly", 4), ("mario-monopoly", 4),
                                          ("spiderman-monopoly", 4), ("overwatch-tactics", 2)])
def test_a_state_encodes_as_cbor2s_canonical_encoding_of_its_plain_data(game, players):
    from engine.simulate import play
    states = []
    play(game, players, 3, "random", on_step=lambda s: states.append(s) if s.steps % 7 == 0
         else None)
    assert len(states) > 10
    for s in states:
        assert encode(s) == cbor2.dumps(to_data(s), canonical=True)


@dataclass
class Holder:
    """A field annotated as a list of dataclasses, holding whatever it holds."""
    points: "list[Point]"   # a string, as under postponed annotations (the state modules)


@given(st.lists(st.builds(Point, st.integers(-30, 30), st.integers(0, 2 ** 40))
                | st.integers(-5, 5) | st.text(max_size=3) | st.none(), max_size=30)
       | st.integers(-2 ** 63, 2 ** 63) | st.none() | st.tuples(st.integers(0, 99)))
@example([Point(1, 2)] * 23)
@example([Point(1, 2)] * 24)
def test_a_list_of_dataclasses_encodes_as_the_list_of_their_maps(points):
    plain = [{"x": p.x, "y": p.y} if isinstance(p, Point) else p for p in points] \
        if isinstance(points, list) else points
    assert encode(Holder(points)) == encode({"points": plain})


@dataclass
class Lists:
    """Fields annotated as lists of ints and of strings, holding whatever they hold."""
    numbers: "list[int]"
    words: "list[str]"


@example([-1, 0, 23, 24, -24, -25, True, None, "a"], ["a", "b" * 30, "", 1, False])
@example([0] * 24, ["a"] * 24)
@given(*[st.lists(st.integers(-30, 300) | st.booleans() | st.text(max_size=30) | st.none(),
                  max_size=30) | st.integers(0, 5) | st.none()] * 2)
def test_lists_of_ints_and_strings_encode_as_their_items_whatever_they_hold(numbers, words):
    assert encode(Lists(numbers, words)) == encode({"numbers": numbers, "words": words})


class Text(str):
    """A str that is not exactly a str: no canonical form, however equal its value."""


def test_a_list_changed_in_place_encodes_as_it_now_is_whatever_was_remembered():
    """A list field remembers its last items' bytes (canonical._ATOM_LIST): items equal to
    them but not the very same objects (True for 1, a str subclass) are encoded anew."""
    lists = Lists([1] * 8 + [-1] * 20, ["a", "b"] * 5)
    assert encode(lists) == cbor2.dumps(to_data(lists), canonical=True)
    lists.numbers[3] = True
    assert cbor2.loads(encode(lists))["numbers"][3] is True
    lists.numbers[3] = 1
    lists.words[4] = "c"
    assert encode(lists) == encode({"numbers": lists.numbers, "words": lists.words})
    lists.words[4] = "a"
    encode(lists)
    lists.words[4] = Text("a")
    with pytest.raises(CanonicalError):
        encode(lists)
    again = Lists(list(lists.numbers), ["a", "b"] * 5)   # another list, the same items
    assert encode(again) == cbor2.dumps(to_data(again), canonical=True)
