"""The verifiable shuffle (protocol.hidden.shuffle, Terelius–Wikström over ristretto255,
HIDDEN.md §6): an honest shuffle passes after a trip through the codec, is the same bytes
whenever it is made again, and every lie about the decks, the key, the slot or the
permutation is refused by the check that names it."""
from __future__ import annotations

import pytest

from protocol.codec import decode, encode
from protocol.hidden import (BadEncoding, BadPoint, BadScalar, ReplayedProof, ShuffleFailed, Slot,
                             card_point, check_shuffle, initial_deck, make_shuffle, player_secret)
from protocol.hidden import group as g
from protocol.hidden import shuffle as w
from protocol.hidden.cards import join, parse_deck, remask
from protocol.hidden.transcript import binding, expand, secret_seed
from tests.protocol.hidden_table import (BAD_ENCODINGS, MATCH, NONCE, OTHER_MATCH,
                                         non_canonical_scalar, seed, table, top_bit_set)

SIZE = 12  # cheats are caught whatever the size; small decks keep the tests quick
SLOT = Slot(MATCH, 3, "loot")
SEAT = 1


@pytest.fixture(scope="module")
def t():
    return table(3)


@pytest.fixture(scope="module")
def deck_in(t):
    return initial_deck(MATCH, "loot", SIZE, t.joint)


@pytest.fixture(scope="module")
def honest(t, deck_in):
    return make_shuffle(t.secrets[SEAT], t.joint, SLOT, SEAT, deck_in)


def check(t, deck_in, deck_out, proof, slot=SLOT, seat=SEAT):
    check_shuffle(t.joint, slot, seat, deck_in, deck_out, proof)


def lying(t, deck_in, change):
    """A cheating seat's shuffle: its honest output changed by change(pairs), proven with the
    honest prover's code as if it were honest."""
    b = binding("shuffle", SLOT, SEAT)
    inp = parse_deck(deck_in)
    pi, rho = expand(secret_seed(t.secrets[SEAT].prf, "shuffle4", b), len(inp))
    out = change([remask(*inp[pi[i]], rho[i], t.joint) for i in range(len(inp))])
    return join(out), w._prove(t.secrets[SEAT].prf, t.joint, b, inp, out, pi, rho)


def test_a_correct_shuffle_verifies_after_a_trip_through_the_codec(t, deck_in, honest):
    out, proof = honest
    assert len(out) == SIZE and set(out).isdisjoint(deck_in)
    again = decode(encode([list(out), proof]))
    check(t, deck_in, again[0], again[1])
    # chained: the next seat shuffles the output, and its proof holds too
    slot2 = Slot(MATCH, 4, "loot")
    out2, proof2 = make_shuffle(t.secrets[2], t.joint, slot2, 2, out)
    check(t, out, out2, proof2, slot=slot2, seat=2)


def test_every_card_is_still_there_re_masked_and_moved(t, deck_in, honest):
    # opened with every seat's key, the output holds the input's cards, in another order
    out, _ = honest

    def card_of(ct):
        a, b = ct[:32], ct[32:]
        for x in t.secrets:
            b = g.sub(b, g.mul(x.scalar, a))
        return b
    assert sorted(map(card_of, out)) == sorted(map(card_of, deck_in))
    assert list(map(card_of, out)) != list(map(card_of, deck_in))


def test_shuffle_and_proof_are_byte_identical_for_the_same_seed_and_match(t, deck_in, honest):
    restarted = player_secret(seed(f"p{SEAT}"), NONCE)
    again = make_shuffle(restarted, t.joint, SLOT, SEAT, deck_in)
    assert encode(list(again[0])) == encode(list(honest[0]))
    assert encode(again[1]) == encode(honest[1])
    # another slot is another shuffle
    other = make_shuffle(restarted, t.joint, Slot(MATCH, 4, "loot"), SEAT, deck_in)
    assert other[0] != honest[0] and other[1] != honest[1]


def test_the_proof_is_linear_in_the_deck_128_bytes_a_card():
    for n in (1, 9, 32, 52, 64, 255):
        # 4 values of 32 bytes a card; the CBOR heads of the four per-card strings grow by at
        # most 2 bytes each as the lengths pass 23 and 255
        assert 0 <= w.proof_size(n) - w.proof_size(1) - 128 * (n - 1) <= 8
    assert (w.proof_size(32), w.proof_size(52), w.proof_size(64)) == (4307, 6867, 8403)


def test_a_shuffle_that_drops_or_adds_a_card_fails_the_size_check(t, deck_in, honest):
    out, proof = honest
    with pytest.raises(ShuffleFailed) as e:
        check(t, deck_in, out[:-1], proof)
    assert e.value.check == "size" and "dropped" in str(e.value)
    with pytest.raises(ShuffleFailed) as e:
        check(t, deck_in, out + out[:1], proof)
    assert e.value.check == "size" and "added" in str(e.value)


def test_a_shuffle_that_copies_a_ciphertext_fails_the_duplicate_check(t, deck_in, honest):
    out, proof = honest
    with pytest.raises(ShuffleFailed) as e:
        check(t, deck_in, out[:-1] + out[:1], proof)
    assert e.value.check == "duplicate" and f"position {SIZE - 1}" in str(e.value)


def test_a_card_duplicated_re_masked_fails_the_equation_even_with_the_provers_own_proof(
        t, deck_in):
    def duplicate(out):   # out[2]'s card twice (re-masked apart), out[3]'s card gone
        r = g.scalar((12345).to_bytes(32, "little"))
        out[3] = remask(*out[2], r, t.joint)
        return out
    out, proof = lying(t, deck_in, duplicate)
    with pytest.raises(ShuffleFailed) as e:
        check(t, deck_in, out, proof)
    assert e.value.check == "equation"


def test_a_card_replaced_fails_the_equation_even_with_the_provers_own_proof(t, deck_in):
    def replace(out):   # position 4 holds a card of no deck of this match, masked like the rest
        a, b = out[4]
        out[4] = (a, g.add(b, card_point("somebody else's", 0)))
        return out
    out, proof = lying(t, deck_in, replace)
    with pytest.raises(ShuffleFailed) as e:
        check(t, deck_in, out, proof)
    assert e.value.check == "equation"


def test_a_proof_for_another_deck_is_refused(t, deck_in, honest):
    out, proof = honest
    for other_in in (deck_in[1:] + deck_in[:1],                         # the same cards moved
                     initial_deck(OTHER_MATCH, "loot", SIZE, t.joint)):  # another match's deck
        with pytest.raises(ShuffleFailed) as e:
            check(t, other_in, out, proof)
        assert e.value.check == "equation"


@pytest.mark.parametrize("slot,seat", [
    (Slot(OTHER_MATCH, 3, "loot"), SEAT), (Slot(MATCH, 4, "loot"), SEAT),
    (Slot(MATCH, 3, "chance"), SEAT), (SLOT, 2)])
def test_a_transcript_of_another_match_slot_deck_or_seat_is_refused(t, deck_in, honest, slot,
                                                                    seat):
    out, proof = honest
    with pytest.raises(ReplayedProof) as e:
        check(t, deck_in, out, proof, slot=slot, seat=seat)
    assert e.value.check == "binding"
    # with the binding rewritten to the expected one, the challenge hashed the old one
    forged = [binding("shuffle", slot, seat), *proof[1:]]
    with pytest.raises(ShuffleFailed) as e:
        check(t, deck_in, out, forged, slot=slot, seat=seat)
    assert e.value.check == "equation"


def test_a_proof_under_another_joint_key_is_refused(t, deck_in, honest):
    out, proof = honest
    with pytest.raises(ShuffleFailed) as e:
        check_shuffle(t.keys[0], SLOT, SEAT, deck_in, out, proof)
    assert e.value.check == "equation"


@pytest.mark.parametrize("bad", [*BAD_ENCODINGS, "top bit"])
def test_a_deck_or_proof_point_that_is_no_element_is_refused(t, deck_in, honest, bad):
    out, proof = honest
    point = top_bit_set(out[0][:32]) if bad == "top bit" else bad
    with pytest.raises(BadPoint) as e:
        check(t, deck_in, (point + out[0][32:],) + out[1:], proof)
    assert "card 0 of the shuffled deck" in str(e.value)
    with pytest.raises(BadPoint):
        check(t, (point + deck_in[0][32:],) + deck_in[1:], out, proof)
    for k in (1, 2):   # a permutation commitment, a chain commitment
        mangled = list(proof)
        mangled[k] = (top_bit_set(proof[k][:32]) if bad == "top bit" else bad) + proof[k][32:]
        with pytest.raises(BadPoint):
            check(t, deck_in, out, mangled)


def test_a_zero_or_non_canonical_response_is_refused(t, deck_in, honest):
    out, proof = honest
    for k in (3, 4, 5, 6):   # the challenge, the responses, chain responses, permutation ones
        for bad in (non_canonical_scalar(proof[k][:32]), bytes(32)):
            mangled = list(proof)
            mangled[k] = bad + proof[k][32:]
            with pytest.raises(BadScalar):
                check(t, deck_in, out, mangled)


@pytest.mark.parametrize("mangle", [
    lambda p: p[:6],
    lambda p: [p[0][:31], *p[1:]],
    lambda p: [p[0], p[1][:-32], *p[2:]],
    lambda p: [*p[:2], p[2] + bytes(32), *p[3:]],
    lambda p: [*p[:4], p[4][:96], *p[5:]],
    lambda p: [*p[:6], p[6][:-1]],
    lambda p: [*p[:3], 7, *p[4:]],
    lambda p: "a proof",
], ids=["short", "binding", "commitment", "chain", "responses", "permutation-responses",
        "not-bytes", "not-a-list"])
def test_a_malformed_shuffle_proof_is_a_clear_encoding_error(t, deck_in, honest, mangle):
    out, proof = honest
    with pytest.raises(BadEncoding):
        check(t, deck_in, out, mangle(proof))


def test_decks_are_decoded_strictly(t, deck_in, honest):
    out, proof = honest
    with pytest.raises(BadEncoding):
        check(t, deck_in, "deck", proof)
    with pytest.raises(BadEncoding):
        check(t, deck_in, out[:-1] + (out[-1][:63],), proof)
    with pytest.raises(BadEncoding):
        make_shuffle(t.secrets[0], t.joint, SLOT, 0, [])


def test_generators_are_distinct_and_none_is_the_base_point():
    hs, h = w.generators(255)
    assert len({*hs, h, g.G}) == 257
