"""The protocol-4 test vector (tests/protocol/vectors/toy-hidden.*) recomputed through the
protocol's own functions: each seat's ElGamal secret and key from its identity seed and the
nonce, the joint key, the card points and the public initial deck, every shuffle's proof,
every decryption share's proof, and the card each holder reads. The JSON was computed from
HIDDEN.md's formulas without the protocol package (make_hidden_vectors.py). As for the
protocol-2 vector, the genesis digest is never compared with this build's."""
import json
from pathlib import Path

import engine
from protocol import hidden as hc
from protocol.log import Ledger
from protocol.matchfile import read_items
from protocol.messages import parse_entry, parse_signed_genesis

import tests.protocol.hiddentoy  # noqa: F401  (registers "toy-hidden")

VECTORS = Path(__file__).resolve().parent / "vectors"
EXPECTED = json.loads((VECTORS / "toy-hidden.json").read_text())
ITEMS = list(read_items((VECTORS / EXPECTED["file"]).read_bytes()))
SIGNED = parse_signed_genesis(ITEMS[0][2])
BODY = SIGNED["body"]
ENTRIES = [parse_entry(value) for _, _, value in ITEMS[1:]]
MATCH = bytes.fromhex(EXPECTED["match_id"])
DECK, SIZE = EXPECTED["deck"]["name"], EXPECTED["deck"]["size"]


def _secrets():
    return [hc.player_secret(bytes.fromhex(p["identity_seed"]), BODY["nonce"])
            for p in EXPECTED["players"]]


def test_the_vector_is_protocol_4_with_every_hidden_entry_kind():
    assert BODY["protocol"] == EXPECTED["protocol"] == 4
    kinds = [e["kind"] for e in ENTRIES]
    assert kinds.count("key") == 1 and kinds.count("shuffle") == 3
    assert kinds.count("draw") == len(EXPECTED["draws"]) and kinds.count("disclose") == 1


def test_keys_joint_key_cards_and_initial_deck_recompute():
    secrets = _secrets()
    for x, want in zip(secrets, EXPECTED["players"]):
        assert x.scalar.hex() == want["elgamal_secret"] and x.public.hex() == want["elgamal_key"]
    key_entry = ENTRIES[0]
    for seat, part in zip(key_entry["authors"], key_entry["parts"]):
        assert hc.check_key(part["key"], BODY["nonce"], seat, part["proof"]) == secrets[seat].public
    joint = hc.joint_key([x.public for x in secrets])
    assert joint.hex() == EXPECTED["joint_key"]
    assert [p.hex() for p in hc.card_points(DECK, SIZE)] == EXPECTED["card_points"]
    assert [ct.hex() for ct in hc.initial_deck(MATCH, DECK, SIZE, joint)] == EXPECTED["initial_deck"]


def test_every_shuffle_and_share_proof_holds_and_each_holder_reads_its_card():
    secrets = _secrets()
    joint = hc.joint_key([x.public for x in secrets])
    deck = hc.initial_deck(MATCH, DECK, SIZE, joint)
    draws = iter(EXPECTED["draws"])
    for e in ENTRIES:
        if e["kind"] == "shuffle":
            part = e["parts"][0]
            hc.check_shuffle(joint, hc.Slot(MATCH, e["seq"], DECK), e["authors"][0], deck,
                             part["deck"], part["proof"])
            deck = part["deck"]
        elif e["kind"] == "draw":
            want = next(draws)
            ct = deck[want["position"]]
            shares = [hc.check_share(secrets[a].public, hc.Slot(MATCH, e["seq"], DECK,
                                     want["position"]), a, ct, p["share"], p["proof"])
                      for a, p in zip(e["authors"], e["parts"])]
            own = hc.group.mul(secrets[want["holder"]].scalar, ct[:32])
            assert hc.open_card(DECK, SIZE, ct, [*shares, own]) == want["card"]


def test_the_vector_replays_under_the_toy_rules_and_discloses_the_cards_drawn():
    game = engine.get_game("toy-hidden")
    ledger = Ledger(SIGNED, initial_state=game.new(len(BODY["players"]), tuple(BODY["variants"])))
    for (_, raw, _), entry in zip(ITEMS[1:], ENTRIES):
        ledger.take(entry, raw)
    assert ledger.over
    assert [ledger.state.opened[d["position"]] for d in EXPECTED["draws"]] == \
        [d["card"] for d in EXPECTED["draws"]]
