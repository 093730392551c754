"""The schema: which maps the protocol exchanges and stores, field by field.

Three things travel or are stored:

* the signed genesis  {"body": {...}, "sigs": [sig per seat]}   (first item of a match file)
* a share             one author's signed contribution to one log slot (what nodes send)
* an entry            the shares of one slot put together (what the log and match file hold)

    share = {"t": "share", "match", "seq", "prev", "kind", "author", "part", "sig"}
    entry = {"match", "seq", "prev", "kind", "authors": [...], "parts": [...], "sigs": [...]}

Every author signs the same statement whether it travels as a share or sits in an entry:
encode(["lanboard/share/1", match, seq, prev, kind, author, part]), so an entry is checked by
re-deriving each author's statement, and a share can be cut out of an entry and relayed (as a
halt notice's evidence, when the share breaks a rule). A halt notice made here fits one frame.

Parsing is exact: missing fields, unknown fields and wrong types are `SchemaError`s.
"""
from __future__ import annotations

from typing import Any, Callable

from .codec import MAX_FRAME, CodecError, decode, encode, encode_decoded
from .hidden.sizes import MAX_CARDS, MAX_DECK
from .kinds import (ATTEST, CHOICE, COMMIT, DISCLOSE, DRAW, KEY, KINDS, MOVE, OPEN, RECLAIM,
                    REVEAL, SHUFFLE, TIMEOUT)

__all__ = [
    "PROTOCOL_VERSION", "HIDDEN_PROTOCOL", "RETIRED_PROTOCOLS", "CHOICES", "SchemaError", "share_statement",
    "genesis_statement", "entry_statements",
    "parse_genesis_body", "parse_signed_genesis", "parse_share", "parse_entry", "parse_wire",
    "make_share", "make_entry", "make_halt", "make_proof", "parse_proof", "is_proof",
    "entry_hash", "check_part",
]

PROTOCOL_VERSION = 2   # 2: attestations per turn, halt notices
HIDDEN_PROTOCOL = 4    # 4: protocol 2 and hidden decks (key, shuffle, draw, disclose entries)
                       # over ristretto255, Terelius–Wikström shuffle proofs, batched shares
RETIRED_PROTOCOLS = {  # numbers earlier builds wrote, which this one refuses by name
    3: "protocol 3 (hidden cards over Ed25519, with 80-round cut-and-choose shuffle proofs)",
}
CHOICES = ("wait", "bot", "end")   # what the remaining players may choose after a timeout
MAX_PLAYERS = 8
MAX_CHAIN = 1 << 20
_SHARE_DOMAIN = "lanboard/share/1"
_GENESIS_DOMAIN = "lanboard/genesis/1"


class SchemaError(CodecError):
    """Well-formed CBOR that is not the message the protocol expects here."""


def _int(lo: int, hi: int) -> Callable[[Any, str], None]:
    def check(v: Any, where: str) -> None:
        if type(v) is not int or not lo <= v <= hi:
            raise SchemaError(f"{where} must be an integer in [{lo}, {hi}], got {v!r:.60}")
    return check


def _bytes(n: int) -> Callable[[Any, str], None]:
    def check(v: Any, where: str) -> None:
        if type(v) is not bytes or len(v) != n:
            raise SchemaError(f"{where} must be {n} bytes, got {_describe(v)}")
    return check


def _text(max_len: int) -> Callable[[Any, str], None]:
    def check(v: Any, where: str) -> None:
        if type(v) is not str or len(v) > max_len:
            raise SchemaError(f"{where} must be text of at most {max_len} characters")
    return check


def _list(item: Callable[[Any, str], None], lo: int, hi: int) -> Callable[[Any, str], None]:
    def check(v: Any, where: str) -> None:
        if type(v) is not list or not lo <= len(v) <= hi:
            raise SchemaError(f"{where} must be a list of {lo}..{hi} items, got {_describe(v)}")
        try:
            for x in v:
                item(x, where)
        except SchemaError:   # said again with the failing item's place (see _map)
            for i, x in enumerate(v):
                item(x, f"{where}[{i}]")
            raise
    return check


def _one_of(*values: str) -> Callable[[Any, str], None]:
    def check(v: Any, where: str) -> None:
        if v not in values or type(v) is not str:
            raise SchemaError(f"{where} must be one of {', '.join(values)}; got {v!r:.40}")
    return check


def _describe(v: Any) -> str:
    if type(v) in (bytes, list, str, dict):
        return f"{type(v).__name__} of length {len(v)}"
    return f"{type(v).__name__} {v!r:.40}"


def _map(spec: dict[str, Callable[[Any, str], None]], v: Any, where: str) -> dict:
    if type(v) is not dict:
        raise SchemaError(f"{where} must be a map, got {_describe(v)}")
    for key in v:
        if key not in spec:
            raise SchemaError(f"unknown field {key!r:.40} in {where}")
    try:
        for key, check in spec.items():
            check(v[key], where)
    except KeyError:
        missing = next((key for key in spec if key not in v), None)
        if missing is None:
            raise
        raise SchemaError(f"missing field {missing!r} in {where}") from None
    except SchemaError:
        # A check is a pure function of its value: the failing one is run again with its
        # field's place in the message, a string made only when something is wrong.
        for key, check in spec.items():
            check(v[key], f"{where}.{key}")
        raise
    return v


U64 = (1 << 64) - 1
_seq = _int(1, U64)
_seat = _int(0, MAX_PLAYERS - 1)
_hash = _bytes(32)
_sig = _bytes(64)


def _move_item(v: Any, where: str) -> None:
    if type(v) is int:
        if not -(1 << 63) <= v < (1 << 63):
            raise SchemaError(f"{where} is out of range")
    elif type(v) is str:
        if len(v) > 256:
            raise SchemaError(f"{where} is longer than 256 characters")
    else:
        raise SchemaError(f"{where} must be text or an integer, got {_describe(v)}")


_move = _list(_move_item, 1, 32)
_timeout_spec = {"seat": _seat, "time": _int(0, U64)}
_choice_spec = {"seat": _seat, "choice": _one_of(*CHOICES)}
_open_spec = {"move": _move, "salt": _hash}
_reclaim_spec = {"seat": _seat}
# Hidden cards (protocol 4). Points are 32 bytes, ciphertexts 64, Schnorr/DLEQ proofs 96; what
# the bytes mean (a valid point, a proof that holds, a proof's lengths for its deck) is
# protocol.hidden's check, made by the ledger so that a failure is the author's fault by name.
# A draw part and each disclosed card name their card (deck, position), so that whoever reads
# an entry knows what each share is of without replaying the rules; a node checks them against
# the engine's PrivateDraw / Disclose. A disclosure's shares share one batched proof.
_key_spec = {"key": _bytes(32), "proof": _bytes(96)}
_deck_name, _position = _text(64), _int(0, MAX_DECK - 1)
_draw_spec = {"deck": _deck_name, "position": _position, "share": _bytes(32), "proof": _bytes(96)}
_disclosed_spec = {"deck": _deck_name, "position": _position, "card": _int(0, MAX_DECK - 1),
                   "share": _bytes(32)}


def _shuffle_proof(v: Any, where: str) -> None:
    # [binding, permutation commitment, commitment chain, challenge, responses, chain responses,
    # permutation responses]: seven byte strings, whose lengths (32·N for N cards) are
    # protocol.hidden's check, the author's `bad-shuffle`
    if type(v) is not list or len(v) != 7 or any(type(x) is not bytes for x in v):
        raise SchemaError(f"{where} must be a list of 7 byte strings [binding, commitment, "
                          "chain, challenge, responses, chain responses, permutation responses]")


_shuffle_spec = {"deck": _list(_bytes(64), 1, MAX_DECK), "proof": _shuffle_proof}


def _spec(spec: dict) -> Callable[[Any, str], None]:
    return lambda v, where: _map(spec, v, where)


_disclose_spec = {"cards": _list(_spec(_disclosed_spec), 1, MAX_CARDS), "proof": _bytes(96)}


_PARTS: dict[str, Callable[[Any, str], None]] = {
    MOVE: _move, REVEAL: _hash, ATTEST: _hash, COMMIT: _hash,
    TIMEOUT: _spec(_timeout_spec), CHOICE: _spec(_choice_spec), OPEN: _spec(_open_spec),
    KEY: _spec(_key_spec), SHUFFLE: _spec(_shuffle_spec), DRAW: _spec(_draw_spec),
    DISCLOSE: _spec(_disclose_spec), RECLAIM: _spec(_reclaim_spec),
}


def check_part(kind: str, part: Any, where: str = "part") -> None:
    """The shape of one author's part for `kind` (meaning is the ledger's business)."""
    check = _PARTS.get(kind)
    if check is None:
        raise SchemaError(f"unknown kind {kind!r:.40}")
    check(part, where)


# ---- genesis ---------------------------------------------------------------------------------

_player_spec = {"key": _bytes(32), "name": _text(64), "commit": _hash}
_genesis_spec = {
    # any number parses: one this build does not play is refused by the genesis check, saying
    # which (an older lanboard's, a newer one's), not as "not a match file"
    "protocol": _int(0, U64),
    "game": _text(64),
    "variants": _list(_text(64), 0, 32),
    "digest": _hash,
    "players": _list(lambda v, w: _map(_player_spec, v, w), 2, MAX_PLAYERS),
    "chain": _int(1, MAX_CHAIN),
    "timeouts": lambda v, w: _map({"decision": _int(1, 1 << 32), "round": _int(1, 1 << 32)}, v, w),
    "nonce": _bytes(16),
}


def parse_genesis_body(v: Any, where: str = "genesis") -> dict:
    return _map(_genesis_spec, v, where)


def parse_signed_genesis(v: Any) -> dict:
    _map({"body": parse_genesis_body, "sigs": _list(_sig, 2, MAX_PLAYERS)}, v, "signed genesis")
    if len(v["sigs"]) != len(v["body"]["players"]):
        raise SchemaError(f"signed genesis has {len(v['sigs'])} signatures for "
                          f"{len(v['body']['players'])} players")
    return v


def genesis_statement(body: dict) -> bytes:
    return encode([_GENESIS_DOMAIN, body])


# ---- shares and entries ------------------------------------------------------------------------

def share_statement(match: bytes, seq: int, prev: bytes, kind: str, author: int, part: Any,
                    decoded: bool = False) -> bytes:
    """What an author signs for its share. `decoded`: the values came from protocol.codec's
    decode (plain data), so cbor2's C encoder gives the same bytes faster."""
    items = [_SHARE_DOMAIN, match, seq, prev, kind, author, part]
    return encode_decoded(items) if decoded else encode(items)


def entry_statements(entry: dict) -> list[bytes]:
    """`share_statement` of each author of a decoded entry (protocol.codec.decode's), in
    order; the common head is encoded once (an array's items are encoded one after another,
    so the bytes are the same)."""
    head = encode_decoded([_SHARE_DOMAIN, entry["match"], entry["seq"], entry["prev"],
                           entry["kind"]])
    head = b"\x87" + head[1:]   # a 7-item array instead of the 5 items encoded here
    return [head + encode_decoded(a) + encode_decoded(p)
            for a, p in zip(entry["authors"], entry["parts"])]


_share_spec = {
    "t": _one_of("share"), "match": _hash, "seq": _seq, "prev": _hash, "kind": _one_of(*KINDS),
    "author": _seat, "part": lambda v, w: None, "sig": _sig,
}


def parse_share(v: Any) -> dict:
    _map(_share_spec, v, "share")
    check_part(v["kind"], v["part"], "share.part")
    return v


_entry_spec = {
    "match": _hash, "seq": _seq, "prev": _hash, "kind": _one_of(*KINDS),
    "authors": _list(_seat, 1, MAX_PLAYERS), "parts": _list(lambda v, w: None, 1, MAX_PLAYERS),
    "sigs": _list(_sig, 1, MAX_PLAYERS),
}


def parse_entry(v: Any) -> dict:
    _map(_entry_spec, v, "entry")
    n = len(v["authors"])
    if len(v["parts"]) != n or len(v["sigs"]) != n:
        raise SchemaError("entry.authors, entry.parts and entry.sigs differ in length")
    for i, part in enumerate(v["parts"]):
        check_part(v["kind"], part, f"entry.parts[{i}]")
    return v


_gsig_spec = {"t": _one_of("gsig"), "genesis": _hash, "seat": _seat, "sig": _sig}
# After a state mismatch, nodes send each other hashes of the parts of their state, so each can
# say which part differs. Diagnostic only: never logged, and trusted as far as the transport
# vouches for its sender.
_sections_spec = {"t": _one_of("sections"), "seq": _seq, "names": _list(_text(64), 1, 512),
                  "hashes": _list(_hash, 1, 512)}


# A node that stops a match tells its peers why, with the frames that made it stop. The notice
# itself proves nothing (it is trusted as far as the transport vouches for its sender); the
# evidence does, when it carries the accused player's signature: see Session._on_halt.
MAX_EVIDENCE = 4
_halt_spec = {"t": _one_of("halt"), "seq": _int(0, U64), "kind": _text(32),
              "seats": _list(_seat, 0, MAX_PLAYERS), "reason": _text(1024),
              "evidence": _list(lambda v, w: _frame(v, w), 0, MAX_EVIDENCE)}


def _frame(v: Any, where: str) -> None:
    if type(v) is not bytes or len(v) > 1 << 16:
        raise SchemaError(f"{where} must be a frame of at most 65536 bytes, got {_describe(v)}")


def make_halt(seq: int, kind: str, seats: tuple[int, ...], reason: str,
              evidence: tuple[bytes, ...]) -> dict:
    """A halt notice that fits one frame (codec.MAX_FRAME): a notice a peer cannot decode
    would be blamed on its sender. The evidence is what convicts, so the reason gives way to
    it (a shuffle share of the largest deck leaves room for a few words); evidence frames that
    cannot fit together even without a reason are dropped from the last first, and only then is
    the reason cut to the room left (it never goes for a frame that is dropped anyway)."""
    msg = {"t": "halt", "seq": seq, "kind": kind[:32], "seats": list(seats), "reason": "",
           "evidence": [e for e in evidence if len(e) <= 1 << 16][:MAX_EVIDENCE]}
    while len(encode(msg)) > MAX_FRAME:
        msg["evidence"].pop()   # never empty here: a notice without evidence is small
    msg["reason"] = reason[:1024]
    while (over := len(encode(msg)) - MAX_FRAME) > 0:
        # a character is at least one byte: cutting `over` of them frees at least `over`
        msg["reason"] = msg["reason"][:max(0, len(msg["reason"]) - over)]
    return msg


# The proof of a cheat that stopped a match, kept as the last item of the match file
# (protocol.cheat_record): the signed shares only, since nothing unsigned can convict; what
# they prove (the fault, the seat, the entry) is judged by whoever reads them.
_proof_spec = {"t": _one_of("proof"), "evidence": _list(lambda v, w: _frame(v, w), 1, MAX_EVIDENCE)}


def make_proof(evidence: tuple[bytes, ...]) -> dict:
    return {"t": "proof", "evidence": list(evidence)}


def is_proof(value: Any) -> bool:
    """Whether a decoded item of a match file is meant as a proof item (entries have no 't')."""
    return type(value) is dict and value.get("t") == "proof"


def parse_proof(value: Any) -> dict:
    return _map(_proof_spec, value, "proof")


def parse_wire(data: bytes) -> dict:
    """A frame received from a peer: a share, a genesis signature, or a halt notice."""
    v = decode(data)
    if type(v) is not dict or "t" not in v:
        raise SchemaError("a message must be a map with a 't' field")
    if v["t"] == "share":
        return parse_share(v)
    if v["t"] == "gsig":
        return _map(_gsig_spec, v, "gsig")
    if v["t"] == "halt":
        return _map(_halt_spec, v, "halt")
    if v["t"] == "sections":
        _map(_sections_spec, v, "sections")
        if len(v["names"]) != len(v["hashes"]):
            raise SchemaError("sections.names and sections.hashes differ in length")
        return v
    raise SchemaError(f"unknown message type {v['t']!r:.40}")


def make_share(sign: Callable[[bytes], bytes], match: bytes, seq: int, prev: bytes, kind: str,
               author: int, part: Any) -> dict:
    sig = sign(share_statement(match, seq, prev, kind, author, part))
    return {"t": "share", "match": match, "seq": seq, "prev": prev, "kind": kind,
            "author": author, "part": part, "sig": sig}


def make_entry(shares: list[dict]) -> dict:
    """An entry from the shares of one slot, in the order given (the ledger sorts by seat)."""
    first = shares[0]
    return {"match": first["match"], "seq": first["seq"], "prev": first["prev"],
            "kind": first["kind"], "authors": [s["author"] for s in shares],
            "parts": [s["part"] for s in shares], "sigs": [s["sig"] for s in shares]}


def entry_shares(entry: dict) -> list[dict]:
    return [{"t": "share", "match": entry["match"], "seq": entry["seq"], "prev": entry["prev"],
             "kind": entry["kind"], "author": a, "part": p, "sig": s}
            for a, p, s in zip(entry["authors"], entry["parts"], entry["sigs"])]


def entry_hash(raw_entry: bytes) -> bytes:
    import hashlib
    return hashlib.sha256(raw_entry).digest()
