"""Protocol 4's shuffle proof (protocol.hidden.wikstrom, Terelius–Wikström over ristretto255):
an honest shuffle passes, and every lie about the decks, the key, the slot or the permutation is
refused by the check that names it."""
import pytest

from protocol.codec import encode
from protocol.hidden import r255 as g
from protocol.hidden import wikstrom as w
from protocol.hidden.errors import BadEncoding, BadPoint, ReplayedProof, ShuffleFailed
from protocol.hidden.keys import player_secret
from protocol.hidden.transcript import Slot, binding, expand, public_scalar, secret_seed

MATCH = bytes(range(32))
SLOT = Slot(MATCH, 3, "loot")


def _setup(n=12, players=3):
    secrets = [player_secret(bytes([i + 1]) * 32, b"nonce-p4") for i in range(players)]
    joint = g.base_mul(secrets[0].scalar)
    for s in secrets[1:]:
        joint = g.add(joint, g.base_mul(s.scalar))
    deck = []
    for j in range(n):
        r = public_scalar("test-initial", j)
        m = g.hash_to_point(b"test-card-%d" % j)
        deck.append(g.base_mul(r) + g.add(m, g.mul(r, joint)))
    return secrets, joint, tuple(deck)


def test_an_honest_shuffle_passes_and_is_a_permutation_of_the_input_remasked():
    secrets, joint, deck = _setup()
    out, proof = w.make_shuffle(secrets[0], joint, SLOT, 0, deck)
    w.check_shuffle(joint, SLOT, 0, deck, out, proof)
    assert sorted(out) != sorted(deck) and len(set(out)) == len(deck)
    # chained: the next seat shuffles the output, and its proof holds too
    slot2 = Slot(MATCH, 4, "loot")
    out2, proof2 = w.make_shuffle(secrets[1], joint, slot2, 1, out)
    w.check_shuffle(joint, slot2, 1, out, out2, proof2)


def test_the_proof_is_linear_in_the_deck_128_bytes_a_card():
    for n in (1, 9, 32, 52, 64):
        # 4 values of 32 bytes a card; the CBOR heads of the four per-card strings grow by at
        # most 2 bytes each as the lengths pass 23 and 255
        assert 0 <= w.proof_size(n) - w.proof_size(1) - 128 * (n - 1) <= 8
    secrets, joint, deck = _setup(n=32)
    _, proof = w.make_shuffle(secrets[0], joint, SLOT, 0, deck)
    assert len(encode(proof)) == w.proof_size(32) <= 8 * 1024


def test_shuffle_is_deterministic_per_slot():
    secrets, joint, deck = _setup()
    assert w.make_shuffle(secrets[0], joint, SLOT, 0, deck) == \
        w.make_shuffle(secrets[0], joint, SLOT, 0, deck)


def test_a_proof_for_another_deck_is_refused():
    secrets, joint, deck = _setup()
    _, other = _setup(n=12, players=3)[1:]
    out, proof = w.make_shuffle(secrets[0], joint, SLOT, 0, deck)
    other_in = deck[1:] + deck[:1]       # the same cards, another input deck
    with pytest.raises(ShuffleFailed) as e:
        w.check_shuffle(joint, SLOT, 0, other_in, out, proof)
    assert e.value.check == "equation"


def test_a_transcript_of_another_slot_is_refused_as_a_replay_or_by_the_equation():
    secrets, joint, deck = _setup()
    out, proof = w.make_shuffle(secrets[0], joint, SLOT, 0, deck)
    for slot, seat in ((Slot(MATCH, 4, "loot"), 0), (Slot(MATCH, 3, "other"), 0),
                       (Slot(bytes(32), 3, "loot"), 0), (SLOT, 1)):
        with pytest.raises(ReplayedProof):
            w.check_shuffle(joint, slot, seat, deck, out, proof)
        # the binding rewritten to the expected one: the challenge hashed the old one
        forged = [binding("shuffle", slot, seat), *proof[1:]]
        with pytest.raises(ShuffleFailed) as e:
            w.check_shuffle(joint, slot, seat, deck, out, forged)
        assert e.value.check == "equation"


def test_a_proof_under_another_joint_key_is_refused():
    secrets, joint, deck = _setup()
    out, proof = w.make_shuffle(secrets[0], joint, SLOT, 0, deck)
    with pytest.raises(ShuffleFailed):
        w.check_shuffle(g.base_mul(secrets[1].scalar), SLOT, 0, deck, out, proof)


def _lying_proof(secrets, joint, deck, change):
    """A proof made honestly for an output deck `change` tampered with: the prover's lie."""
    b = binding("shuffle", SLOT, 0)
    inp = w.parse_deck(deck)
    pi, rho = expand(secret_seed(secrets[0].prf, "shuffle4", b), len(inp))
    out = [(g.add(inp[pi[i]][0], g.base_mul(rho[i])), g.add(inp[pi[i]][1], g.mul(rho[i], joint)))
           for i in range(len(inp))]
    out = change(out)
    proof = w._prove(secrets[0].prf, joint, b, inp, out, pi, rho)
    return tuple(a + c for a, c in out), proof


def test_a_replaced_card_is_caught_even_with_the_prover_s_own_proof():
    secrets, joint, deck = _setup()
    card = g.hash_to_point(b"a card of another deck")

    def replace(out):
        a, b = out[5]
        out[5] = (a, g.add(b, card))
        return out
    out, proof = _lying_proof(secrets, joint, deck, replace)
    with pytest.raises(ShuffleFailed) as e:
        w.check_shuffle(joint, SLOT, 0, deck, out, proof)
    assert e.value.check == "equation"


def test_a_duplicated_card_is_caught():
    secrets, joint, deck = _setup()

    def duplicate(out):   # card 2 twice (re-masked apart), card 3 gone
        out[3] = (g.add(out[2][0], g.base_mul(public_scalar("x", 1))),
                  g.add(out[2][1], g.mul(public_scalar("x", 1), joint)))
        return out
    out, proof = _lying_proof(secrets, joint, deck, duplicate)
    with pytest.raises(ShuffleFailed):
        w.check_shuffle(joint, SLOT, 0, deck, out, proof)


def test_size_duplicate_points_and_shape_are_named():
    secrets, joint, deck = _setup()
    out, proof = w.make_shuffle(secrets[0], joint, SLOT, 0, deck)
    with pytest.raises(ShuffleFailed) as e:
        w.check_shuffle(joint, SLOT, 0, deck, out[:-1], proof)
    assert e.value.check == "size"
    with pytest.raises(ShuffleFailed) as e:
        w.check_shuffle(joint, SLOT, 0, deck, (out[0],) + out[:-1], proof)
    assert e.value.check == "duplicate"
    with pytest.raises(BadPoint):
        w.check_shuffle(joint, SLOT, 0, deck, (bytes(64),) + out[1:], proof)
    with pytest.raises(BadEncoding):
        w.check_shuffle(joint, SLOT, 0, deck, out, proof[:-1])
    bad = list(proof)
    bad[1] = bytes(32) + bad[1][32:]    # the identity as a commitment
    with pytest.raises(BadPoint):
        w.check_shuffle(joint, SLOT, 0, deck, out, bad)


def test_generators_are_distinct_and_none_is_the_base_point():
    hs, h = w.generators(255)
    assert len({*hs, h, g.G}) == 257
