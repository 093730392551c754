"""Writes tests/protocol/vectors/protocol4-proofs.json: protocol 4's shuffle proof and batched
shares for fixed inputs, as this build computes them (a regression vector for other
implementations; unlike toy-hidden.json it was not computed apart from the package).

    .venv/bin/python -m tests.protocol.make_p4_vectors
"""
import json
from pathlib import Path

from protocol.hidden import group as g
from protocol.hidden import shuffle as w
from protocol.hidden.keys import player_secret
from protocol.hidden.shares import share_batch
from protocol.hidden.transcript import Slot, public_scalar

OUT = Path(__file__).resolve().parent / "vectors" / "protocol4-proofs.json"
MATCH = bytes(range(32))
NONCE = b"p4-vector-nonce"
SEEDS = [bytes([0x11 * (i + 1)]) * 32 for i in range(3)]


def compute() -> dict:
    secrets = [player_secret(s, NONCE) for s in SEEDS]
    keys = [g.base_mul(s.scalar) for s in secrets]
    joint = keys[0]
    for k in keys[1:]:
        joint = g.add(joint, k)
    deck = []
    for j in range(4):
        r = public_scalar("p4-vector-initial", j)
        deck.append(g.base_mul(r) + g.add(g.hash_to_point(b"p4-vector-card-%d" % j),
                                          g.mul(r, joint)))
    slot = Slot(MATCH, 2, "loot")
    out, proof = w.make_shuffle(secrets[0], joint, slot, 0, deck)
    items = [("loot", j, out[j]) for j in (1, 3)]
    shares, bproof = share_batch(secrets[1], MATCH, 7, 1, items)
    hs, h = w.generators(2)
    hexl = lambda xs: [x.hex() for x in xs]  # noqa: E731
    return {
        "match": MATCH.hex(), "nonce": NONCE.hex(), "identity_seeds": hexl(SEEDS),
        "keys": hexl(keys), "joint": joint.hex(),
        "generators": {"perm_0": hs[0].hex(), "perm_1": hs[1].hex(), "chain": h.hex()},
        "shuffle": {"slot": {"seq": 2, "deck": "loot", "position": 0}, "seat": 0,
                    "input": hexl(deck), "output": hexl(out), "proof": hexl(proof)},
        "batch": {"seq": 7, "seat": 1, "items": [[d, p, ct.hex()] for d, p, ct in items],
                  "shares": hexl(shares), "proof": bproof.hex()},
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps(compute(), indent=1) + "\n")
