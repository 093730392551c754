"""Canonical CBOR (RFC 8949 §4.2.1 core deterministic encoding) of engine data, and the state hash.

The engine may use only the standard library, so it carries this small encoder. It accepts the
plain data a state is made of: None, bool, int, str, bytes, list/tuple, dict with str or int keys,
and dataclass instances (encoded as a map of their field names). A named tuple (an agenda frame
with named fields) is the array of its values, the same bytes as the plain tuple: its names are
for the code that reads it and never reach a state hash. Floats are refused: they are not
deterministic across platforms and have no place in game state.

The encoding is a function of the value alone: what the encoders remember between calls (each
string's bytes, each dataclass's generated code, each list field's last items and their bytes)
is keyed by exact type and, for the list fields, by the identity of immutable items the memo
itself keeps alive, so a remembered answer is only ever the one encoding anew would give.
"""
from __future__ import annotations

import dataclasses
import hashlib
import operator
from typing import Any

__all__ = ["encode", "to_data", "state_hash", "CanonicalError"]


class CanonicalError(TypeError):
    """A value that has no canonical encoding (a float, a set, an unknown object)."""


def _head(major: int, n: int, out: bytearray) -> None:
    m = major << 5
    if n < 24:
        out.append(m | n)
    elif n < 0x100:
        out.append(m | 24)
        out.append(n)
    elif n < 0x10000:
        out.append(m | 25)
        out += n.to_bytes(2, "big")
    elif n < 0x100000000:
        out.append(m | 26)
        out += n.to_bytes(4, "big")
    elif n < 0x10000000000000000:
        out.append(m | 27)
        out += n.to_bytes(8, "big")
    else:
        raise CanonicalError(f"integer {n} is out of the 64-bit range")


_field_cache: dict[type, tuple[tuple[bytes, str], ...]] = {}
_SMALL = {**{i: i for i in range(24)}, **{-1 - i: 0x20 | i for i in range(24)}}
_ONLY_INT = frozenset({int})
_ONLY_STR = frozenset({str})


_key_cache: dict[Any, bytes] = {}
# Strings repeat endlessly in states (names of characters, tasks, the game): each encoded once,
# with its head. Bounded, so that no stream of new strings grows it without end.
_str_cache: dict[str, bytes] = {}


def _encoded_str(s: str) -> bytes:
    b = s.encode("utf-8")
    n = len(b)
    if n < 24:
        out = bytearray((0x60 | n,))
    else:
        out = bytearray()
        _head(3, n, out)
    out += b
    if len(_str_cache) < 4096:
        _str_cache[s] = bytes(out)
    return bytes(out)


def _encoded_key(key: Any) -> bytes:
    # Map keys repeat endlessly (field names, seat numbers): encode each once. The cache is
    # keyed by (type, value) so 1 and True never share an entry, and bounded.
    ck = (type(key), key)
    kb = _key_cache.get(ck)
    if kb is None:
        buf = bytearray()
        _enc(key, buf)
        kb = bytes(buf)
        if len(_key_cache) < 4096:
            _key_cache[ck] = kb
    return kb


def _dataclass_keys(cls: type) -> tuple[tuple[bytes, str], ...]:
    keys = _field_cache.get(cls)
    if keys is None:
        keys = tuple(sorted((_encoded_key(f.name), f.name) for f in dataclasses.fields(cls)))
        _field_cache[cls] = keys
    return keys


# Each dataclass's encoder, written once (see _make_encoder).
_encoders: dict[type, Any] = {}
# Inline code per field annotation: a guess from the annotation that the code checks against
# the value's exact type, falling back to `_enc` for anything else, so the bytes never depend
# on the annotation being right.
_FIELD_CODE = {
    "int": ("    v = obj.{name}\n"
            "    if type(v) is int and 0 <= v < 24:\n"
            "        out.append(v)\n"
            "    elif type(v) is int and 24 <= v < 256:\n"   # one byte after the head 0x18
            "        out += _U8[v]\n"
            "    elif type(v) is int and -24 <= v < 0:\n"
            "        out.append(0x1F - v)\n"   # major type 1 with -1 - v under 24
            "    else:\n"
            "        _enc(v, out)\n"),
    "str": ("    v = obj.{name}\n"
            "    b = _str_cache.get(v) if type(v) is str else None\n"
            "    if b is None:\n"
            "        _enc(v, out)\n"
            "    else:\n"
            "        out += b\n"),
    "bool": ("    v = obj.{name}\n"
             "    if v is True:\n"
             "        out.append(0xF5)\n"
             "    elif v is False:\n"
             "        out.append(0xF4)\n"
             "    else:\n"
             "        _enc(v, out)\n"),
}
# A dataclass field holding another dataclass (a turn): its encoder called directly.
_STATE_FIELD = ("    v = obj.{name}\n"
                "    e = _encoders.get(type(v))\n"
                "    if e is None:\n"
                "        _enc(v, out)\n"
                "    else:\n"
                "        e(v, out)\n")
# Bytes 24..255 as CBOR writes them (the head 0x18, then the byte): HP, turn and step counts.
_U8 = [bytes((0x18, n)) for n in range(256)]


# A list of dataclasses (players, heroes): its items' encoders called from the loop itself.
_LIST_OF_STATES = ("    v = obj.{name}\n"
                   "    if type(v) is list and len(v) < 24:\n"
                   "        out.append(0x80 | len(v))\n"
                   "        for x in v:\n"
                   "            e = _encoders.get(type(x))\n"
                   "            if e is None:\n"
                   "                _enc(x, out)\n"
                   "            else:\n"
                   "                e(x, out)\n"
                   "    else:\n"
                   "        _enc(v, out)\n")


# Short lists of ints or strings (a player's cards, leaders, flags): item by item inline.
_SHORT_LIST = ("    v = obj.{name}\n"
               "    if type(v) is list and len(v) < 24:\n"
               "        out.append(0x80 | len(v))\n"
               "        for x in v:\n"
               "{item}"
               "    else:\n"
               "        _enc(v, out)\n")
_ITEM_CODE = {
    "int": ("            if type(x) is int and 0 <= x < 24:\n"
            "                out.append(x)\n"
            "            elif type(x) is int and -24 <= x < 0:\n"
            "                out.append(0x1F - x)\n"
            "            else:\n"
            "                _enc(x, out)\n"),
    "str": ("            b = _str_cache.get(x) if type(x) is str else None\n"
            "            if b is None:\n"
            "                _enc(x, out)\n"
            "            else:\n"
            "                out += b\n"),
}
# Lists of ints or strings of any length (a board's owners per space, the undrafted
# characters). The items of such a list change seldom between two hashes, so each field
# remembers its last list's items (the item objects themselves) and their bytes: a list whose
# items are those very objects, compared by identity (`is`, never ==, under which True would
# pass for 1), has those bytes. Only lists of exact ints or exact strs are remembered (no item
# can change in place, and the snapshot keeps its objects alive, so no other can take their
# identity). Otherwise a long list of small ints is one bytes() of the table of their
# one-byte encodings after the same exact-type check, and any other list goes item by item.
_ATOM_LIST = ("    v = obj.{name}\n"
              "    if type(v) is list:\n"
              "        n = len(v)\n"
              "        if n < 24:\n"
              "            out.append(0x80 | n)\n"
              "        else:\n"
              "            _head(4, n, out)\n"
              "        last = {memo}[0]\n"
              "        if n < 6:\n"
              "            for x in v:\n"
              "{item}"
              "        elif len(last[0]) == n and all(map(_is, v, last[0])):\n"
              "            out += last[1]\n"
              "        else:\n"
              "            kinds = set(map(type, v))\n"
              "            start = len(out)\n"
              "{fill}"
              "            if kinds == {only}:\n"
              "                {memo}[0] = (tuple(v), bytes(out[start:]))\n"
              "    else:\n"
              "        _enc(v, out)\n")
_ATOM_FILL = {
    "int": ("            try:\n"
            "                if kinds != _ONLY_INT:\n"
            "                    raise KeyError\n"
            "                out += bytes(map(_SMALL.__getitem__, v))\n"
            "            except KeyError:\n"
            "                for x in v:\n"
            "                    _enc(x, out)\n"),
    "str": ("            for x in v:\n"
            + _ITEM_CODE["str"].replace("            ", "                ")),
}
# Lists of plain tuples (the agenda's task frames): each tuple's items inline.
_TUPLE_LIST = ("    v = obj.{name}\n"
               "    if type(v) is list and len(v) < 24:\n"
               "        out.append(0x80 | len(v))\n"
               "        for x in v:\n"
               "            if type(x) is tuple and len(x) < 24:\n"
               "                out.append(0x80 | len(x))\n"
               "                _items(x, out)\n"
               "            else:\n"
               "                _enc(x, out)\n"
               "    else:\n"
               "        _enc(v, out)\n")
_NOT_STATES = ("int", "str", "bool", "bytes", "tuple", "list", "dict", "Any", "object", "None")


def _field_code(annotation: str) -> str:
    ann = annotation.replace(" ", "")
    if ann in _FIELD_CODE:
        return _FIELD_CODE[ann]
    if ann in ("list[int]", "list[str]"):
        atom = ann[5:-1]
        item = "".join("    " + line for line in _ITEM_CODE[atom].splitlines(True))
        return _ATOM_LIST.replace("{item}", item).replace("{fill}", _ATOM_FILL[atom]).replace(
            "{only}", f"_ONLY_{atom.upper()}")
    if ann == "list[tuple]":
        return _TUPLE_LIST
    if ann.startswith("list[") and ann[5:-1].isidentifier() and ann[5:-1] not in _NOT_STATES:
        return _LIST_OF_STATES
    if ann.isidentifier() and ann not in _NOT_STATES:
        return _STATE_FIELD
    return "    _enc(obj.{name}, out)\n"


def _make_encoder(cls: type) -> Any:
    """The encoder of dataclass `cls`: the map head and each key are constant bytes, the fields
    follow in the order of their encoded keys (RFC 8949 §4.2.1), each written inline where its
    annotation names a common kind. (The generic path looked up and encoded every field's
    name and type on every hash.)"""
    keys = _dataclass_keys(cls)
    types = {f.name: (f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""))
             for f in dataclasses.fields(cls)}
    head = bytearray()
    _head(5, len(keys), head)
    lines = ["def enc(obj, out):\n"]
    namespace = {"_enc": _enc, "_str_cache": _str_cache, "_encoders": _encoders, "_U8": _U8,
                 "_head": _head, "_ONLY_INT": _ONLY_INT, "_ONLY_STR": _ONLY_STR,
                 "_SMALL": _SMALL, "_items": _items, "_is": operator.is_}
    for i, (kb, name) in enumerate(keys):
        lines.append(f"    out += {bytes(head) + kb!r}\n")
        head = bytearray()
        # the field's memo (_ATOM_LIST): one (items, their bytes) entry, replaced whole
        namespace[f"M{i}"] = [((), b"")]
        lines.append(_field_code(types[name]).format(name=name, memo=f"M{i}"))
    if not keys:
        lines.append(f"    out += {bytes(head)!r}\n")
    exec(compile("".join(lines), f"<encoder of {cls.__qualname__}>", "exec"), namespace)
    _encoders[cls] = namespace["enc"]
    return namespace["enc"]


def _items(seq: Any, out: bytearray) -> None:
    """The items of a list or tuple, after its head: the common kinds inline."""
    for x in seq:
        t = type(x)
        if t is int and 0 <= x < 24:
            out.append(x)
        elif t is str:
            b = _str_cache.get(x)
            out += b if b is not None else _encoded_str(x)
        else:
            _enc(x, out)


# Tuple subclasses (named tuples: agenda frames) met so far, encoded as their plain tuples.
_tuple_types: set[type] = set()


def _enc(obj: Any, out: bytearray) -> None:
    # The common cases first and heads under 24 written inline: this encoder runs for every
    # state hash and every signed statement, so its speed is the protocol's.
    t = type(obj)
    if t is int:
        if 0 <= obj < 24:
            out.append(obj)
        elif obj >= 0:
            _head(0, obj, out)
        else:
            _head(1, -1 - obj, out)
    elif t is str:
        b = _str_cache.get(obj)
        out += b if b is not None else _encoded_str(obj)
    elif t is list or t is tuple:
        n = len(obj)
        if n < 24:
            out.append(0x80 | n)
        else:
            _head(4, n, out)
        if n < 8:   # a short one (a task frame): sorting out its kinds costs more than this
            _items(obj, out)
            return
        kinds = set(map(type, obj))
        if kinds == _ONLY_INT:
            try:
                # Fast path for arrays of small ints (board tables): each is one byte in CBOR.
                # bool is excluded by the type check, as True would otherwise pass for 1.
                out += bytes(map(_SMALL.__getitem__, obj))
                return
            except KeyError:
                pass
        elif kinds == _ONLY_STR:
            for item in obj:
                b = _str_cache.get(item)
                out += b if b is not None else _encoded_str(item)
            return
        for item in obj:
            _enc(item, out)
    elif t in _encoders:   # a dataclass seen before (states are trees of them)
        _encoders[t](obj, out)
    elif t in _tuple_types:
        _enc(tuple(obj), out)
    elif t is bool:
        out.append(0xF5 if obj else 0xF4)
    elif obj is None:
        out.append(0xF6)
    elif t is bytes or t is bytearray:
        _head(2, len(obj), out)
        out += obj
    elif t is dict:
        items = sorted((_encoded_key(k), v) for k, v in obj.items())
        _head(5, len(items), out)
        for kb, v in items:
            out += kb
            _enc(v, out)
    elif dataclasses.is_dataclass(obj):
        _make_encoder(t)(obj, out)
    elif isinstance(obj, int) and not isinstance(obj, bool):  # IntEnum and friends
        _enc(int(obj), out)
    elif isinstance(obj, tuple):  # a named tuple: its values, as the plain tuple's
        _tuple_types.add(t)
        _enc(tuple(obj), out)
    else:
        raise CanonicalError(f"{t.__name__} has no canonical encoding in game state")


def encode(obj: Any) -> bytes:
    """Deterministic CBOR bytes of plain engine data."""
    out = bytearray()
    _enc(obj, out)
    return bytes(out)


_LEAVES = frozenset({int, str, bool, bytes, type(None)})
_to_data_fields: dict[type, tuple[str, ...] | None] = {}


def to_data(obj: Any) -> Any:
    """The plain-data tree (dicts, lists, ints, strs…) that `encode` would write, for JSON export."""
    # Exact types first, each class's field names looked up once: every view a node sends and
    # every option put in words goes through here, node by node of the state tree.
    t = type(obj)
    if t in _LEAVES:
        return obj
    if t is list or t is tuple:
        return [to_data(x) for x in obj]
    if t is dict:
        return {k: to_data(v) for k, v in obj.items()}
    if t in _to_data_fields:
        names = _to_data_fields[t]
    else:
        names = _to_data_fields[t] = (tuple(f.name for f in dataclasses.fields(t))
                                      if dataclasses.is_dataclass(t) else None)
    if names is not None:
        return {name: to_data(getattr(obj, name)) for name in names}
    if isinstance(obj, (list, tuple)):
        return [to_data(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    if isinstance(obj, float):
        raise CanonicalError("float has no canonical encoding in game state")
    return obj


def state_hash(state: Any) -> bytes:
    """SHA-256 of the canonical encoding: the value nodes compare after every turn."""
    out = bytearray()
    _enc(state, out)
    return hashlib.sha256(out).digest()
