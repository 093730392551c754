"""Deterministic CBOR in, deterministic CBOR out, and nothing else gets through.

Encoding uses the engine's encoder (RFC 8949 §4.2.1 core deterministic encoding), so the state
hash and every protocol message come from one encoder. Decoding uses cbor2 with its strict
switches, then checks cbor2 does not make: the value contains only plain data (no floats, tags,
simple values or undefined, integers within 64 bits), every map's keys come in canonical order,
and re-encoding it gives back exactly the bytes received. That is what makes the encoding
*canonical*: a peer cannot send the same message in two byte forms (non-shortest heads, unsorted
keys), so the hash of a message is a function of its value.

The re-encoding is cbor2's own (C) encoder, which writes the shortest heads and keeps each map's
keys in the order read: with the order checked, its bytes are the canonical ones (tested against
the engine's encoder), at a fraction of the cost of sorting again in Python.

Every failure is a `CodecError` subclass whose message says what was wrong; nothing else escapes.
"""
from __future__ import annotations

import io
from typing import Any, Iterator

import cbor2

from engine.canonical import encode as _encode

__all__ = [
    "encode", "encode_decoded", "decode", "iter_sequence", "MAX_FRAME", "MAX_DEPTH",
    "CodecError", "FrameTooLarge", "Malformed", "Truncated", "ForbiddenType", "TooDeep",
    "NotCanonical",
]

# A protocol message is a few hundred bytes; a genesis for four players under 2 KiB. 64 KiB
# leaves room for growth while bounding what a hostile peer can make a node allocate.
MAX_FRAME = 64 * 1024
# Deepest legitimate nesting is entry -> parts -> move -> item (4); the slack is for growth.
MAX_DEPTH = 12


class CodecError(ValueError):
    """Bytes that are not a canonical protocol value."""


class FrameTooLarge(CodecError):
    pass


class Malformed(CodecError):
    """Not well-formed CBOR (or trailing bytes, bad UTF-8, duplicate keys, indefinite lengths)."""


class Truncated(Malformed):
    """The bytes end inside a CBOR item."""


class ForbiddenType(CodecError):
    pass


class TooDeep(CodecError):
    pass


class NotCanonical(CodecError):
    pass


def encode(value: Any) -> bytes:
    """Canonical CBOR of plain data (the one encoder protocol uses)."""
    return _encode(value)


def encode_decoded(value: Any) -> bytes:
    """`encode` of a value this module decoded (or a part of one): plain data, so cbor2's C
    encoder gives the same bytes (the property test in tests/protocol/test_codec.py), at a
    fraction of the cost: what a verifier re-encodes for each signature it checks."""
    return cbor2.dumps(value, canonical=True)


def _check_plain(value: Any, depth: int) -> None:
    # Exact type checks: bool is a subclass of int and cbor2 may hand back subclasses or
    # semantic objects (datetime, Fraction, CBORTag, ...) for tagged input. The order of map
    # keys is not checked here: the value is encoded again canonically and compared with the
    # bytes received (decode, iter_sequence), which a map out of key order fails.
    t = type(value)
    if t is int:
        if not -_INT_RANGE <= value < _INT_RANGE:
            raise ForbiddenType(f"integer {value} is outside the 64-bit range")
        return
    if t in _LEAVES:
        return
    if depth >= MAX_DEPTH:
        raise TooDeep(f"nesting deeper than {MAX_DEPTH}")
    if t is list:
        items = value
    elif t is dict:
        for k in value:
            if type(k) is not str:
                raise ForbiddenType(f"map key of type {type(k).__name__}; only text keys are "
                                    "allowed")
        items = value.values()
    elif t is float:
        raise ForbiddenType("floating-point numbers are not allowed")
    elif isinstance(value, cbor2.CBORTag):
        raise ForbiddenType(f"CBOR tag {value.tag} is not allowed")
    else:
        raise ForbiddenType(f"{t.__name__} (from a CBOR tag or simple value) is not allowed")
    for item in items:
        # most items are leaves: judged here rather than by a call each
        ti = type(item)
        if ti in _LEAVES or (ti is int and -_INT_RANGE <= item < _INT_RANGE):
            continue
        _check_plain(item, depth + 1)


_LEAVES = frozenset({str, bytes, bool, type(None)})
_INT_RANGE = 1 << 64


def _loads(data: bytes) -> Any:
    try:
        return cbor2.loads(
            data, allow_indefinite=False, allow_duplicate_keys=False, max_depth=MAX_DEPTH + 1)
    except cbor2.CBORDecodeEOF as e:
        raise Truncated(f"truncated CBOR: {e}") from None
    except RecursionError:
        raise TooDeep(f"nesting deeper than {MAX_DEPTH}") from None
    except (cbor2.CBORError, ValueError, TypeError, OverflowError, LookupError, MemoryError) as e:
        # cbor2 turns tagged input into Python objects (dates, decimals, regexps...) and the
        # constructors of those raise their own errors; all of them mean "not our data".
        text = str(e)
        if "depth" in text:
            raise TooDeep(f"nesting deeper than {MAX_DEPTH}") from None
        raise Malformed(f"malformed CBOR: {type(e).__name__}: {text}") from None


def decode(data: bytes, max_size: int = MAX_FRAME) -> Any:
    """The plain value of exactly one canonical CBOR item, or a `CodecError`."""
    if type(data) is not bytes:
        data = bytes(data)
    if len(data) > max_size:
        raise FrameTooLarge(f"frame of {len(data)} bytes exceeds the {max_size}-byte limit")
    if not data:
        raise Truncated("empty frame")
    value = _loads(data)
    _check_plain(value, 0)
    again = cbor2.dumps(value, canonical=True)
    if again != data:
        if len(again) < len(data) and data.startswith(again):
            raise Malformed(f"{len(data) - len(again)} trailing bytes after the item")
        raise NotCanonical("not in deterministic encoding (RFC 8949 §4.2.1): "
                           "non-shortest integer/length or unsorted map keys")
    return value


def _decode_first(data: bytes, pos: int, stop: int, max_item: int) -> Any:
    # Decode from a small window first (entries are well under 4 KiB) and widen it only up to
    # max_item, so a hostile header never makes cbor2 read or build more than a frame's worth.
    window = data[pos:stop]
    try:
        return cbor2.CBORDecoder(io.BytesIO(window), allow_indefinite=False,
                                 allow_duplicate_keys=False, max_depth=MAX_DEPTH + 1).decode()
    except cbor2.CBORDecodeEOF:
        if stop < len(data) and stop - pos <= max_item:
            return _decode_first(data, pos, min(len(data), pos + max_item + 1), max_item)
        if stop - pos > max_item:
            raise FrameTooLarge(f"item at byte {pos} exceeds {max_item} bytes") from None
        raise Truncated(f"item at byte {pos} is truncated") from None
    except RecursionError:
        raise TooDeep(f"item at byte {pos}: nesting deeper than {MAX_DEPTH}") from None
    except Exception as e:  # noqa: BLE001 - any decoder complaint means malformed input
        raise Malformed(f"malformed CBOR at byte {pos}: {type(e).__name__}: {e}") from None


def iter_sequence(data: bytes, max_item: int = MAX_FRAME) -> Iterator[tuple[int, bytes, Any]]:
    """Split a CBOR sequence (RFC 8742): yields (offset, item bytes, value) per item.

    Raises a `CodecError` at the first item that is not canonical plain data; items before it
    have been yielded, so a caller can say exactly where a file goes wrong.
    """
    data = bytes(data)
    pos = 0
    end = len(data)
    while pos < end:
        value = _decode_first(data, pos, min(end, pos + 4096), max_item)
        try:
            _check_plain(value, 0)
        except CodecError as e:
            raise type(e)(f"item at byte {pos}: {e}") from None
        item = cbor2.dumps(value, canonical=True)
        # The canonical bytes of the value must be exactly what the file holds at this point;
        # that both checks canonicity (map keys in order included) and tells where it ends.
        if not data.startswith(item, pos):
            raise NotCanonical(f"item at byte {pos} is not in deterministic encoding")
        if len(item) > max_item:
            raise FrameTooLarge(f"item at byte {pos} exceeds {max_item} bytes")
        yield pos, item, value
        pos += len(item)
