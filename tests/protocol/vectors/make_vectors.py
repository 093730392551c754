"""Writes the test vectors beside this file: a small real match file and the values a second
implementation must recompute from it (toy-race-takeover.json). Run from the repository root:

    .venv/bin/python -m tests.protocol.vectors.make_vectors

The match is played by protocol.inmemory (three toy-race players, seat 2 goes silent and is
handed to the takeover bot, so the file holds every entry kind). The expected values are
computed here without the protocol package, from FORMAT.md's formulas with hashlib, hmac, cbor2
and cryptography alone, so test_vectors.py checks the protocol code against the spec.
Regenerate only when the format itself changes (FORMAT.md's protocol version); a change to the
toy's rules or the engine core changes the file too, but the old file stays a valid vector.
"""
from __future__ import annotations

import hashlib
import hmac
import io
import json
from pathlib import Path

import cbor2
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

HERE = Path(__file__).resolve().parent
MATCH = HERE / "toy-race-takeover.cbor"
EXPECTED = HERE / "toy-race-takeover.json"
SEED, PLAYERS, CHAIN = 1, 3, 64


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def split_items(data: bytes) -> list[tuple[int, bytes, object]]:
    stream, items = io.BytesIO(data), []
    while stream.tell() < len(data):
        start = stream.tell()
        value = cbor2.CBORDecoder(stream).decode()
        items.append((start, data[start:stream.tell()], value))
    return items


def expected_values(data: bytes, identity_seeds: list[bytes]) -> dict:
    items = split_items(data)
    genesis_raw, signed = items[0][1], items[0][2]
    body = signed["body"]
    match_id = sha256(genesis_raw)
    statement = cbor2.dumps(["lanboard/genesis/1", body], canonical=True)
    players = []
    for seed, p in zip(identity_seeds, body["players"]):
        key = Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        assert key == p["key"]
        secret = hmac.new(seed, b"lanboard/chain/1" + body["nonce"], hashlib.sha256).digest()
        chain = [secret]
        for _ in range(body["chain"]):
            chain.append(sha256(chain[-1]))
        assert chain[-1] == p["commit"]
        players.append({"identity_seed": seed.hex(), "key": key.hex(),
                        "chain_secret": secret.hex(), "commit": p["commit"].hex(),
                        "chain": chain})
    entries, prev, k = [], match_id, 0
    for offset, raw, e in items[1:]:
        row = {"seq": e["seq"], "kind": e["kind"], "authors": e["authors"], "offset": offset,
               "length": len(raw), "prev": prev.hex(), "hash": sha256(raw).hex()}
        if e["kind"] == "reveal":
            k += 1
            row["k"] = k
            row["seed"] = sha256(b"lanboard/seed/1" + match_id + e["seq"].to_bytes(8, "big")
                                 + b"".join(e["parts"])).hex()
            for a, part in zip(e["authors"], e["parts"]):
                assert part == players[a]["chain"][body["chain"] - k]
        entries.append(row)
        prev = sha256(raw)
    for p in players:
        del p["chain"]
    return {
        "about": "FORMAT.md test vector: recompute every value below from the match file",
        "file": MATCH.name, "protocol": body["protocol"], "game": body["game"],
        "chain": body["chain"], "players": players,
        "genesis_statement_sha256": sha256(statement).hex(),
        "match_id": match_id.hex(), "entries": entries,
        "bot_seed_example": {"seq": 7, "k": 1, "seed": sha256(
            b"lanboard/bot/1" + match_id + (7).to_bytes(8, "big") + (1).to_bytes(4, "big")).hex()},
    }


def main() -> None:
    from tests.protocol.helpers import toy_match
    run, people = toy_match(players=PLAYERS, seed=SEED, order_seed=0, silent=[2])
    assert run.sessions[0].over and run.sessions[0].ledger.bot_moves > 0
    data = b"".join(run.sessions[0].log)
    MATCH.write_bytes(data)
    expected = expected_values(data, [p.identity.seed() for p in people])
    entries = expected.pop("entries")
    head = json.dumps(expected, indent=1)
    EXPECTED.write_text(head[:-2] + ',\n "entries": [\n' + ",\n".join(
        "  " + json.dumps(e) for e in entries) + "\n ]\n}\n")
    print(f"{MATCH.name}: {len(data)} bytes, {len(entries)} entries")


if __name__ == "__main__":
    main()
