"""Shared helpers for protocol tests: toy matches, entry surgery, re-signing."""
from __future__ import annotations

import pytest

from protocol.codec import decode, encode
from protocol.inmemory import make_players, play_match
from protocol.faults import Fault, authored
from protocol.matchfile import read_items
from protocol.messages import make_share, parse_wire, share_statement
from protocol.session import Session

import tests.protocol.toygame  # noqa: F401  (registers "toy-race")

TOY = "toy-race"


def toy_match(players: int = 3, seed: int = 7, order_seed: int = 1, **kw):
    prepared = make_players(TOY, players, seed, chain=64)
    run = play_match(TOY, players, seed=seed, order_seed=order_seed, prepared=prepared, **kw)
    return run, prepared[1]


def items(data: bytes) -> list[bytes]:
    return [raw for _, raw, _ in read_items(data)]


def join(raws: list[bytes]) -> bytes:
    return b"".join(raws)


def resign(entry: dict, i: int, identity) -> dict:
    """Entry with the i-th author's signature recomputed by `identity` over the entry as it is."""
    e = dict(entry, sigs=list(entry["sigs"]))
    e["sigs"][i] = identity.sign(share_statement(
        e["match"], e["seq"], e["prev"], e["kind"], e["authors"][i], e["parts"][i]))
    return e


def first_index(raws: list[bytes], kind: str, start: int = 1) -> int:
    for i in range(start, len(raws)):
        if decode(raws[i])["kind"] == kind:
            return i
    raise LookupError(kind)


def reshare(msg: dict, identity, **changes) -> bytes:
    """A share frame like `msg` with `changes`, signed by `identity` (a cheater's own key)."""
    m = dict(msg, **changes)
    return encode(make_share(identity.sign, m["match"], m["seq"], m["prev"], m["kind"],
                             m["author"], m["part"]))


def halt_notice_in(out) -> bytes:
    """The halt notice among a session output's sends."""
    return next(x.data for x in out.sends if parse_wire(x.data)["t"] == "halt")


def caught_up(log, entries, forged, people, seat):
    """`seat` catching up `log[1:entries]` then `forged`: the fault it finds, and the halt notice
    its session, stopped just before `forged`, sends its peers (as node.catchup does)."""
    with pytest.raises(Fault) as caught:
        Session.resume(log[:entries] + [forged], people[seat].identity, people[seat].chain)
    fault = caught.value
    assert authored(fault), fault   # what lets node.catchup stop the match at it
    reporter, _ = Session.resume(log[:entries], people[seat].identity, people[seat].chain)
    return fault, halt_notice_in(reporter.halt(fault))


def worst_shuffle_share(m: int) -> dict:
    """The largest share frame a shuffle of m cards can make (its proof has one size for m
    cards), with the largest seq and the largest author."""
    proof = [bytes(32), bytes(32 * m), bytes(32 * m), bytes(32), bytes(128), bytes(32 * m),
             bytes(32 * m)]
    return make_share(lambda statement: bytes(64), bytes(32), (1 << 64) - 1, bytes(32),
                      "shuffle", 7, {"deck": [bytes(64)] * m, "proof": proof})
