"""The limits protocol/FORMAT.md states are the ones the decoder enforces: for each, a value at
the limit is accepted and the first value past it is refused (a second implementation that
follows the table accepts and refuses exactly what lanboard does)."""
import cbor2
import pytest

from protocol.codec import CodecError, decode
from protocol.inmemory import make_players
from protocol.messages import parse_genesis_body, parse_share

from .helpers import TOY

BODY, _ = make_players(TOY, 2, 1, chain=16)
PLAYER = BODY["players"][0]


def _body(**changes):
    return dict(BODY, **changes)


def _share(kind="move", part=("roll", 1), **changes):
    part = part if isinstance(part, dict) else list(part)
    return dict({"t": "share", "match": bytes(32), "seq": 1, "prev": bytes(32), "kind": kind,
                 "author": 0, "part": part, "sig": bytes(64)}, **changes)


def _nested(levels):
    value = 0
    for _ in range(levels):
        value = [value]
    return value


def _item_of_size(n):
    # a byte string whose whole CBOR item is n bytes long (a 3-byte head below 65536 bytes)
    item = cbor2.dumps(b"\0" * (n - 3))
    assert len(item) == n
    return item


_PROOF7 = [bytes(32)] * 7


def _draw(**changes):
    return dict({"deck": "loot", "position": 0, "share": bytes(32), "proof": bytes(96)}, **changes)


def _disclose(n, card=0):
    return {"cards": [{"deck": "loot", "position": 0, "card": card, "share": bytes(32)}] * n,
            "proof": bytes(96)}


LIMITS = {
    # any unsigned number parses; one this build does not play is the genesis check's refusal
    # (status 1, saying which), not a schema error
    "protocol 0 … 2^64−1": (lambda: parse_genesis_body(_body(protocol=(1 << 64) - 1)),
                            lambda: parse_genesis_body(_body(protocol=-1))),
    "8 players at most": (lambda: parse_genesis_body(_body(players=[PLAYER] * 8)),
                          lambda: parse_genesis_body(_body(players=[PLAYER] * 9))),
    "2 players at least": (lambda: parse_genesis_body(_body(players=[PLAYER] * 2)),
                           lambda: parse_genesis_body(_body(players=[PLAYER]))),
    "name of 64 code points": (
        lambda: parse_genesis_body(_body(players=[dict(PLAYER, name="é" * 64), PLAYER])),
        lambda: parse_genesis_body(_body(players=[dict(PLAYER, name="é" * 65), PLAYER]))),
    "game of 64 code points": (lambda: parse_genesis_body(_body(game="g" * 64)),
                               lambda: parse_genesis_body(_body(game="g" * 65))),
    "32 variants of 64 code points": (
        lambda: parse_genesis_body(_body(variants=[f"{i:064}" for i in range(32)])),
        lambda: parse_genesis_body(_body(variants=[f"{i:064}" for i in range(33)]))),
    "variant of 65 code points": (lambda: parse_genesis_body(_body(variants=["v" * 64])),
                                  lambda: parse_genesis_body(_body(variants=["v" * 65]))),
    "chain up to 2^20": (lambda: parse_genesis_body(_body(chain=1 << 20)),
                         lambda: parse_genesis_body(_body(chain=(1 << 20) + 1))),
    "chain at least 1": (lambda: parse_genesis_body(_body(chain=1)),
                         lambda: parse_genesis_body(_body(chain=0))),
    "timeouts up to 2^32 s": (
        lambda: parse_genesis_body(_body(timeouts={"decision": 1 << 32, "round": 1})),
        lambda: parse_genesis_body(_body(timeouts={"decision": (1 << 32) + 1, "round": 1}))),
    "timeouts at least 1 s": (
        lambda: parse_genesis_body(_body(timeouts={"decision": 1, "round": 1})),
        lambda: parse_genesis_body(_body(timeouts={"decision": 1, "round": 0}))),
    "nonce of 16 bytes": (lambda: parse_genesis_body(_body(nonce=bytes(16))),
                          lambda: parse_genesis_body(_body(nonce=bytes(17)))),
    "seats up to 7": (lambda: parse_share(_share(author=7)),
                      lambda: parse_share(_share(author=8))),
    "seq from 1 to 2^64-1": (lambda: parse_share(_share(seq=(1 << 64) - 1)),
                             lambda: parse_share(_share(seq=0))),
    "move of 32 items": (lambda: parse_share(_share(part=[1] * 32)),
                         lambda: parse_share(_share(part=[1] * 33))),
    "move of 1 item at least": (lambda: parse_share(_share(part=["roll"])),
                                lambda: parse_share(_share(part=[]))),
    "move text of 256 code points": (lambda: parse_share(_share(part=["é" * 256])),
                                     lambda: parse_share(_share(part=["é" * 257]))),
    "move integer below 2^63": (lambda: parse_share(_share(part=[(1 << 63) - 1])),
                                lambda: parse_share(_share(part=[1 << 63]))),
    "move integer from -2^63": (lambda: parse_share(_share(part=[-(1 << 63)])),
                                lambda: parse_share(_share(part=[-(1 << 63) - 1]))),
    "timeout time up to 2^64-1": (
        lambda: parse_share(_share("timeout", {"seat": 1, "time": (1 << 64) - 1})),
        lambda: parse_share(_share("timeout", {"seat": 1, "time": -1}))),
    # protocol 4's hidden parts (FORMAT.md's table; their meaning is the ledger's check)
    "shuffle deck of 255 cards": (
        lambda: parse_share(_share("shuffle", {"deck": [bytes(64)] * 255, "proof": _PROOF7})),
        lambda: parse_share(_share("shuffle", {"deck": [bytes(64)] * 256, "proof": _PROOF7}))),
    "shuffle proof of 7 byte strings": (
        lambda: parse_share(_share("shuffle", {"deck": [bytes(64)], "proof": _PROOF7})),
        lambda: parse_share(_share("shuffle", {"deck": [bytes(64)], "proof": _PROOF7[:6]}))),
    "draw position up to 254": (lambda: parse_share(_share("draw", _draw(position=254))),
                                lambda: parse_share(_share("draw", _draw(position=255)))),
    "draw deck name of 64 code points": (
        lambda: parse_share(_share("draw", _draw(deck="é" * 64))),
        lambda: parse_share(_share("draw", _draw(deck="é" * 65)))),
    "disclose of 512 cards": (lambda: parse_share(_share("disclose", _disclose(512))),
                              lambda: parse_share(_share("disclose", _disclose(513)))),
    "disclose of 1 card at least": (lambda: parse_share(_share("disclose", _disclose(1))),
                                    lambda: parse_share(_share("disclose", _disclose(0)))),
    "disclosed card up to 254": (lambda: parse_share(_share("disclose", _disclose(1, card=254))),
                                 lambda: parse_share(_share("disclose", _disclose(1, card=255)))),
    "item of 65536 bytes": (lambda: decode(_item_of_size(65536)),
                            lambda: decode(_item_of_size(65537))),
    "12 levels of nesting": (lambda: decode(cbor2.dumps(_nested(12))),
                             lambda: decode(cbor2.dumps(_nested(13)))),
}


@pytest.mark.parametrize("limit", LIMITS)
def test_a_value_at_each_stated_limit_is_accepted_and_one_past_it_refused(limit):
    at, past = LIMITS[limit]
    at()
    with pytest.raises(CodecError):
        past()


def test_every_limit_tested_here_is_in_the_format_table():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "protocol" / "FORMAT.md").read_text()
    for needle in ("65536 bytes", "12 levels", "2 … 8", "1 … 8", "64 code points", "0 … 32",
                   "1 … 2^20", "1 … 2^32", "16 bytes", "0 … 7", "1 … 32", "256 code points",
                   "−2^63 … 2^63−1", "1 … 2^64−1", "0 … 2^64−1", '"protocol": 2',
                   "1 … 255 ciphertexts", "exactly 7 byte strings", "0 … 254", "1 … 512 items"):
        assert needle in text, needle


def test_every_fault_name_is_in_the_format_s_table_and_nothing_else_is():
    # FORMAT.md "Faults" lists every name a node or verify reports (protocol/faults.py)
    import re
    from pathlib import Path

    from protocol.faults import FAULT_KINDS
    text = (Path(__file__).resolve().parents[2] / "protocol" / "FORMAT.md").read_text()
    table = text[text.index("\n## Faults\n"):text.index("\n## Match file\n")]
    listed = re.findall(r"^\| `([a-z-]+)` \|", table, re.M)
    assert sorted(listed) == sorted(FAULT_KINDS) and len(set(listed)) == len(listed)
