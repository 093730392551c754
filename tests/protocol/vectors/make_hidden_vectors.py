"""Writes the protocol-4 test vectors beside this file: a small real match file with hidden cards
(toy-hidden.cbor) and the values a second implementation must recompute from it
(toy-hidden.json). Run from the repository root:

    .venv/bin/python -m tests.protocol.vectors.make_hidden_vectors

The match is played by protocol.inmemory (three toy-hidden players: a key entry, three
shuffles, six private draws and a disclosure). The expected values are computed here without
the protocol package, from HIDDEN.md's formulas as hidden_spec.py writes them (hashlib, hmac,
cbor2 and libsodium's ristretto255 functions through rbcl), and every proof of the file is
checked by hidden_spec's checks, so test_hidden_vectors.py checks the protocol code against the
spec. Regenerate only when the format itself changes.
"""
from __future__ import annotations

import json
from pathlib import Path

from tests.protocol.vectors import hidden_spec as spec
from tests.protocol.vectors.make_vectors import sha256, split_items

HERE = Path(__file__).resolve().parent
MATCH = HERE / "toy-hidden.cbor"
EXPECTED = HERE / "toy-hidden.json"
SEED, PLAYERS, CHAIN = 2, 3, 64


def expected_values(data: bytes, identity_seeds: list[bytes]) -> dict:
    items = split_items(data)
    signed = items[0][2]
    body = signed["body"]
    match_id = sha256(items[0][1])
    entries = [e for _, _, e in items[1:]]
    key_entry = next(e for e in entries if e["kind"] == "key")
    secrets = [spec.elgamal_secret(seed, body["nonce"]) for seed in identity_seeds]
    players = []
    for seat, x in enumerate(secrets):
        h = spec.mul(x, spec.G)
        part = key_entry["parts"][key_entry["authors"].index(seat)]
        assert part["key"] == h
        spec.check_key(h, body["nonce"], seat, part["proof"])
        players.append({"identity_seed": identity_seeds[seat].hex(),
                        "elgamal_secret": spec.le(x).hex(), "elgamal_key": h.hex()})
    keys = [bytes.fromhex(p["elgamal_key"]) for p in players]
    joint = spec.joint_key(keys)
    name, size = "cards", 9
    initial = spec.initial_deck(match_id, name, size, joint)
    points = {spec.card_point(name, j): j for j in range(size)}
    deck = list(initial)
    draws, position = [], 0
    shares_of = {}
    for e in entries:
        if e["kind"] == "shuffle":
            part = e["parts"][0]
            spec.check_shuffle(joint, match_id, e["seq"], name, e["authors"][0], deck,
                               part["deck"], part["proof"])
            deck = part["deck"]
        elif e["kind"] == "draw":
            holder = next(s for s in range(PLAYERS) if s not in e["authors"])
            ct = deck[position]
            for a, p in zip(e["authors"], e["parts"]):
                assert (p["deck"], p["position"]) == (name, position)
                spec.check_share(keys[a], match_id, e["seq"], name, position, a, ct, p["share"],
                                 p["proof"])
            others = [p["share"] for p in e["parts"]]
            without_holder = spec.unmask(ct, others)
            assert without_holder not in points   # the others' shares alone open no card
            m = spec.unmask(ct, [*others, spec.mul(secrets[holder], ct[:32])])
            draws.append({"seq": e["seq"], "position": position, "holder": holder,
                          "card": points[m]})
            shares_of[position] = others
            position += 1
        elif e["kind"] == "disclose":
            disclosed = []
            for a, part in zip(e["authors"], e["parts"]):
                items = [(c["deck"], c["position"], deck[c["position"]], c["share"])
                         for c in part["cards"]]
                spec.check_batch(keys[a], match_id, e["seq"], a, items, part["proof"])
                for c in part["cards"]:
                    m = spec.unmask(deck[c["position"]], [*shares_of[c["position"]], c["share"]])
                    assert points[m] == c["card"]
                    disclosed.append({"seq": e["seq"], "holder": a, "deck": c["deck"],
                                      "position": c["position"], "card": c["card"]})
    assert sorted((d["position"], d["holder"], d["card"]) for d in draws) == \
        sorted((d["position"], d["holder"], d["card"]) for d in disclosed)
    return {
        "about": "FORMAT.md protocol-4 test vector (HIDDEN.md): recompute every value below "
                 "from the match file and the identity seeds",
        "file": MATCH.name, "protocol": body["protocol"], "game": body["game"],
        "deck": {"name": name, "size": size}, "match_id": match_id.hex(),
        "players": players, "joint_key": joint.hex(),
        "initial_deck": [ct.hex() for ct in initial],
        "card_points": [spec.card_point(name, j).hex() for j in range(size)],
        "draws": draws,
        "disclosed": disclosed,
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
