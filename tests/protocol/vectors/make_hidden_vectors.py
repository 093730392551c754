"""Writes the protocol-3 test vectors beside this file: a small real match file with hidden cards
(toy-hidden.cbor) and the values a second implementation must recompute from it
(toy-hidden.json). Run from the repository root:

    .venv/bin/python -m tests.protocol.vectors.make_hidden_vectors

The match is played by protocol.inmemory (three toy-hidden players: a key entry, three
shuffles, six private draws and a disclosure). The expected values are computed here without
the protocol package, from HIDDEN.md's formulas (§2 derivations, §5 cards and the initial
masking, §5 opening) with hashlib, hmac, cbor2 and libsodium's group operations through
nacl.bindings alone, so test_hidden_vectors.py checks the protocol code against the spec. The
shuffle proofs are not recomputed here (checking one needs the whole of HIDDEN.md §6): the test
checks them with protocol.hidden. Regenerate only when the format itself changes.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

import cbor2
from nacl import bindings as sodium

from tests.protocol.vectors.make_vectors import sha256, split_items

HERE = Path(__file__).resolve().parent
MATCH = HERE / "toy-hidden.cbor"
EXPECTED = HERE / "toy-hidden.json"
SEED, PLAYERS, CHAIN = 2, 3, 64
D = "lanboard/hidden/1"


def enc(value) -> bytes:
    return cbor2.dumps(value, canonical=True)


def nonzero(wide_of) -> bytes:
    i = 0
    while True:
        s = sodium.crypto_core_ed25519_scalar_reduce(wide_of(i))
        if s != bytes(32):
            return s
        i += 1


def elgamal_secret(identity_seed: bytes, nonce: bytes) -> bytes:
    return nonzero(lambda i: hmac.new(identity_seed, enc([D, "key", i, nonce]),
                                      hashlib.sha512).digest())


def public_scalar(label: str, *parts) -> bytes:
    return nonzero(lambda i: hashlib.sha512(enc([D, label, i, *parts])).digest())


def card_point(deck: str, j: int) -> bytes:
    return sodium.crypto_core_ed25519_from_uniform(sha256(enc([D, "card", deck, j])))


def expected_values(data: bytes, identity_seeds: list[bytes]) -> dict:
    items = split_items(data)
    signed = items[0][2]
    body = signed["body"]
    match_id = sha256(items[0][1])
    entries = [e for _, _, e in items[1:]]
    key_entry = next(e for e in entries if e["kind"] == "key")
    secrets = [elgamal_secret(seed, body["nonce"]) for seed in identity_seeds]
    players = []
    for seat, x in enumerate(secrets):
        h = sodium.crypto_scalarmult_ed25519_base_noclamp(x)
        assert key_entry["parts"][key_entry["authors"].index(seat)]["key"] == h
        players.append({"identity_seed": identity_seeds[seat].hex(), "elgamal_secret": x.hex(),
                        "elgamal_key": h.hex()})
    joint = bytes.fromhex(players[0]["elgamal_key"])
    for p in players[1:]:
        joint = sodium.crypto_core_ed25519_add(joint, bytes.fromhex(p["elgamal_key"]))
    size = 9
    initial = []
    for j in range(size):
        r = public_scalar("initial", match_id, "cards", j)
        initial.append(sodium.crypto_scalarmult_ed25519_base_noclamp(r) + sodium.crypto_core_ed25519_add(
            card_point("cards", j), sodium.crypto_scalarmult_ed25519_noclamp(r, joint)))
    points = {card_point("cards", j): j for j in range(size)}
    deck = list(initial)
    draws, position = [], 0
    holder_of = {}
    for e in entries:
        if e["kind"] == "shuffle":
            deck = e["parts"][0]["deck"]
        elif e["kind"] == "draw":
            holder = next(s for s in range(PLAYERS) if s not in e["authors"])
            ct = deck[position]
            m = ct[32:]
            for share in (p["share"] for p in e["parts"]):
                m = sodium.crypto_core_ed25519_sub(m, share)
            without_holder = m
            m = sodium.crypto_core_ed25519_sub(m, sodium.crypto_scalarmult_ed25519_noclamp(
                secrets[holder], ct[:32]))
            assert without_holder not in points   # the others' shares alone open no card
            draws.append({"seq": e["seq"], "position": position, "holder": holder,
                          "card": points[m]})
            holder_of[position] = holder
            position += 1
        elif e["kind"] == "disclose":
            disclosed = {}
            for a, part in zip(e["authors"], e["parts"]):
                for item in part:
                    disclosed.setdefault(a, []).append(item["card"])
    for d in draws:
        assert d["card"] in disclosed[d["holder"]]
    return {
        "about": "FORMAT.md protocol-3 test vector (HIDDEN.md): recompute every value below "
                 "from the match file and the identity seeds",
        "file": MATCH.name, "protocol": body["protocol"], "game": body["game"],
        "deck": {"name": "cards", "size": size}, "match_id": match_id.hex(),
        "players": players, "joint_key": joint.hex(),
        "initial_deck": [ct.hex() for ct in initial],
        "card_points": [card_point("cards", j).hex() for j in range(size)],
        "draws": draws,
    }


def main() -> None:
    import tests.protocol.hiddentoy  # noqa: F401  (registers "toy-hidden")
    from protocol.inmemory import make_players, play_match
    prepared = make_players("toy-hidden", PLAYERS, SEED, chain=CHAIN)
    run = play_match("toy-hidden", PLAYERS, seed=SEED, order_seed=0, prepared=prepared)
    assert run.sessions[0].over and not run.faults()
    data = b"".join(run.sessions[0].log)
    MATCH.write_bytes(data)
    expected = expected_values(data, [p.identity.seed() for p in prepared[1]])
    EXPECTED.write_text(json.dumps(expected, indent=1) + "\n")
    print(f"{MATCH.name}: {len(data)} bytes, {len(expected['draws'])} private draws")


if __name__ == "__main__":
    main()
