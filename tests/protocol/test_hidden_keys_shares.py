"""Hidden information (protocol 4, HIDDEN.md): keys, decryption shares, opening cards."""
from __future__ import annotations

import pytest

from protocol.codec import decode, encode
from protocol.hidden import (BadEncoding, BadPoint, BadScalar, KeyProofFailed, NotACard,
                             PlayerSecret, ProofFailed, ReplayedProof, ShareProofFailed, Slot,
                             card_points, check_key, check_share, initial_deck, joint_key,
                             open_card, player_secret, prove_key, share, unmask)
from protocol.hidden import group
from tests.protocol.hidden_table import (BAD_ENCODINGS, IDENTITY, MATCH, NEGATIVE, NONCE,
                                         NOT_BELOW_P, OTHER_MATCH, non_canonical_scalar, seed,
                                         shuffled_by_all, table, top_bit_set)


@pytest.fixture(scope="module")
def t():
    return table(4)


@pytest.fixture(scope="module")
def loot(t):
    """A 32-card deck shuffled by all four seats."""
    return shuffled_by_all(t, "loot", 32)[-1]


# keys ------------------------------------------------------------------------------------------

def test_key_derivation_is_a_function_of_identity_seed_and_match_nonce():
    a = player_secret(seed("p0"), NONCE)
    assert player_secret(seed("p0"), NONCE).public == a.public  # a restarted node rebuilds it
    assert player_secret(seed("p0"), b"another nonce").public != a.public
    assert player_secret(seed("p1"), NONCE).public != a.public
    assert prove_key(a, NONCE, 0) == prove_key(player_secret(seed("p0"), NONCE), NONCE, 0)
    assert "PlayerSecret" in repr(a) and a.scalar.hex() not in repr(a)


def test_key_proof_holds_for_its_seat_and_match(t):
    for seat, s in enumerate(t.secrets):
        proof = prove_key(s, NONCE, seat)
        assert check_key(s.public, NONCE, seat, decode(encode(proof))) == s.public


def test_rogue_key_cancelling_the_others_fails_the_schnorr_check(t):
    # The attack: seat 3 publishes h' = y·G − (h0 + h1 + h2), so the joint key is y·G and seat 3
    # alone could decrypt every card. It knows y but not the discrete log of h'.
    y = player_secret(seed("mallory"), NONCE)
    others = t.keys[:3]
    rogue = y.public
    for h in others:
        rogue = group.sub(rogue, h)
    assert joint_key(others + [rogue]) == y.public  # what the check below prevents
    with pytest.raises(KeyProofFailed) as e:
        check_key(rogue, NONCE, 3, prove_key(y, NONCE, 3))
    assert e.value.check == "schnorr"


def test_key_proof_replayed_for_another_seat_or_match_fails_the_binding(t):
    s = t.secrets[1]
    proof = prove_key(s, NONCE, 1)
    with pytest.raises(ReplayedProof) as e:
        check_key(s.public, NONCE, 2, proof)  # copied to another seat
    assert e.value.check == "binding"
    with pytest.raises(ReplayedProof):
        check_key(s.public, b"nonce-of-match-B", 1, proof)
    # rewriting the binding it carries breaks the equation, which hashes it
    other = prove_key(s, b"nonce-of-match-B", 1)
    with pytest.raises(KeyProofFailed):
        check_key(s.public, b"nonce-of-match-B", 1, other[:32] + proof[32:])


def test_joint_key_refuses_a_key_given_twice(t):
    with pytest.raises(ProofFailed) as e:
        joint_key([t.keys[0], t.keys[1], t.keys[0]])
    assert e.value.check == "joint key"


def test_joint_key_refuses_keys_summing_to_the_identity(t):
    # seat 1 knowing seat 0's scalar could post its negation: the sum is no key
    minus = group.mul(group.scalar_neg((1).to_bytes(32, "little")), t.keys[0])
    with pytest.raises(ProofFailed) as e:
        joint_key([t.keys[0], minus])
    assert e.value.check == "joint key" and "identity" in str(e.value)


@pytest.mark.parametrize("bad,error", [
    *((b, BadPoint) for b in BAD_ENCODINGS), (b"\x05" * 31, BadEncoding), ("text", BadEncoding)])
def test_a_key_that_is_no_group_element_is_refused(t, bad, error):
    with pytest.raises(error):
        check_key(bad, NONCE, 0, prove_key(t.secrets[0], NONCE, 0))
    with pytest.raises(error):
        joint_key([t.keys[0], bad])


def test_a_key_encoded_with_its_top_bit_set_is_refused_though_libsodium_decodes_it(t):
    # the same element under a second encoding: two byte strings for one key
    import rbcl
    other = top_bit_set(t.keys[0])
    assert rbcl.crypto_core_ristretto255_is_valid_point(other)
    with pytest.raises(BadPoint):
        check_key(other, NONCE, 0, prove_key(t.secrets[0], NONCE, 0))


# decryption shares -----------------------------------------------------------------------------

def test_every_card_opens_exactly_once_from_all_shares(t, loot):
    opened = []
    for k, ct in enumerate(loot):
        slot = Slot(MATCH, 50, "loot", k)
        shares = []
        for seat, s in enumerate(t.secrets):
            sh, proof = share(s, slot, seat, ct)
            shares.append(check_share(s.public, slot, seat, ct, sh, decode(encode(proof))))
        opened.append(open_card("loot", 32, ct, shares))
    assert sorted(opened) == list(range(32))
    assert opened != list(range(32))  # the shuffles moved the cards


def test_a_share_not_matching_the_key_fails_the_dleq_check(t, loot):
    slot = Slot(MATCH, 50, "loot", 3)
    ct = loot[3]
    # seat 1 posts a share made with another scalar (here seat 2's), with a proof for that scalar
    wrong, proof = share(t.secrets[2], slot, 1, ct)
    with pytest.raises(ShareProofFailed) as e:
        check_share(t.keys[1], slot, 1, ct, wrong, proof)
    assert e.value.check == "dleq"
    # or its true share's proof beside a share that was altered
    right, proof = share(t.secrets[1], slot, 1, ct)
    with pytest.raises(ShareProofFailed):
        check_share(t.keys[1], slot, 1, ct, group.add(right, t.keys[0]), proof)
    # or a proof for another card of the same slot
    with pytest.raises(ShareProofFailed):
        check_share(t.keys[1], slot, 1, loot[4], right, proof)


def test_a_share_replayed_for_another_match_slot_or_seat_fails_the_binding(t, loot):
    ct = loot[5]
    slot = Slot(MATCH, 50, "loot", 5)
    sh, proof = share(t.secrets[0], slot, 0, ct)
    for elsewhere in (Slot(OTHER_MATCH, 50, "loot", 5), Slot(MATCH, 51, "loot", 5),
                      Slot(MATCH, 50, "loot", 6), Slot(MATCH, 50, "chance", 5)):
        with pytest.raises(ReplayedProof) as e:
            check_share(t.keys[0], elsewhere, 0, ct, sh, proof)
        assert e.value.check == "binding"
    with pytest.raises(ReplayedProof):
        check_share(t.keys[0], slot, 1, ct, sh, proof)


def test_a_share_replayed_with_its_binding_rewritten_fails_the_dleq_check(t, loot):
    ct = loot[5]
    here, there = Slot(MATCH, 50, "loot", 5), Slot(MATCH, 51, "loot", 5)
    sh, proof = share(t.secrets[0], here, 0, ct)
    _, proof_there = share(t.secrets[0], there, 0, ct)
    with pytest.raises(ShareProofFailed):
        check_share(t.keys[0], there, 0, ct, sh, proof_there[:32] + proof[32:])


@pytest.mark.parametrize("bad", BAD_ENCODINGS)
def test_an_identity_or_non_canonical_share_is_refused(t, loot, bad):
    slot = Slot(MATCH, 50, "loot", 0)
    _, proof = share(t.secrets[0], slot, 0, loot[0])
    with pytest.raises(BadPoint):
        check_share(t.keys[0], slot, 0, loot[0], bad, proof)


def test_a_share_encoded_with_its_top_bit_set_is_refused(t, loot):
    # libsodium would decode it as the true share: accepted, two frames with different bytes
    # would carry one share (and the multiplication that checks a share would not refuse it)
    slot = Slot(MATCH, 50, "loot", 0)
    sh, proof = share(t.secrets[0], slot, 0, loot[0])
    with pytest.raises(BadPoint):
        check_share(t.keys[0], slot, 0, loot[0], top_bit_set(sh), proof)


def test_a_share_that_is_no_point_is_refused_as_that_seats_share(t, loot):
    # the share is checked by the proof's own multiplication c·S (group.mul_received): the
    # error still names the share and its seat, as a player reads it in the fault
    slot = Slot(MATCH, 50, "loot", 0)
    sh, proof = share(t.secrets[2], slot, 2, loot[0])
    for bad in (top_bit_set(sh), IDENTITY, NEGATIVE, NOT_BELOW_P):
        with pytest.raises(BadPoint, match="seat 2's decryption share is not a ristretto255 element"):
            check_share(t.keys[2], slot, 2, loot[0], bad, proof)
        # a bad point is refused as one even with a proof made for another slot (FORMAT.md:
        # `bad-share` whatever slot its proof names), as when points were checked first
        with pytest.raises(BadPoint, match="seat 2's decryption share is not a ristretto255 element"):
            check_share(t.keys[2], Slot(MATCH, 51, "loot", 0), 2, loot[0], bad, proof)


def test_a_ciphertext_with_a_half_that_is_no_element_is_refused(t, loot):
    slot = Slot(MATCH, 50, "loot", 0)
    ct = NEGATIVE + loot[0][32:]
    with pytest.raises(BadPoint):
        share(t.secrets[0], slot, 0, ct)
    with pytest.raises(BadPoint):
        check_share(t.keys[0], slot, 0, ct, t.keys[0], bytes(96))


def test_share_proof_with_a_non_canonical_or_zero_scalar_is_refused(t, loot):
    slot = Slot(MATCH, 50, "loot", 0)
    sh, proof = share(t.secrets[0], slot, 0, loot[0])
    b, c, s = proof[:32], proof[32:64], proof[64:]
    for bad in (b + c + non_canonical_scalar(s), b + non_canonical_scalar(c) + s,
                b + c + bytes(32)):
        with pytest.raises(BadScalar):
            check_share(t.keys[0], slot, 0, loot[0], sh, bad)
    for bad in (proof[:95], proof + b"\0", list(proof)):
        with pytest.raises(BadEncoding):
            check_share(t.keys[0], slot, 0, loot[0], sh, bad)


# privacy of a private card ---------------------------------------------------------------------

def test_all_but_the_holder_pooling_their_shares_cannot_open_the_holders_card(t, loot):
    holder, k = 2, 7
    ct = loot[k]
    slot = Slot(MATCH, 60, "loot", k)
    shares = {seat: share(s, slot, seat, ct)[0] for seat, s in enumerate(t.secrets)}
    others = [shares[seat] for seat in range(4) if seat != holder]
    # everything the others hold: their shares, and so the sum of their secret scalars too
    pooled = unmask(ct, others)
    assert pooled not in card_points("loot", 32)
    with pytest.raises(NotACard):
        open_card("loot", 32, ct, others)
    # the holder, with its own share, reads its card
    card = open_card("loot", 32, ct, others + [shares[holder]])
    assert unmask(ct, others + [shares[holder]]) == card_points("loot", 32)[card]
    assert pooled != card_points("loot", 32)[card]


def test_a_card_opened_with_a_wrong_share_is_not_a_card(t, loot):
    ct = loot[0]
    slot = Slot(MATCH, 60, "loot", 0)
    shares = [share(s, slot, seat, ct)[0] for seat, s in enumerate(t.secrets)]
    shares[1] = shares[0]
    with pytest.raises(NotACard):
        open_card("loot", 32, ct, shares)


def test_the_initial_deck_is_public_and_in_card_order(t):
    # before any shuffle anybody can read it: r_j comes from the match id
    deck = initial_deck(MATCH, "loot", 8, t.joint)
    assert deck == initial_deck(MATCH, "loot", 8, t.joint)
    assert initial_deck(OTHER_MATCH, "loot", 8, t.joint) != deck
    for j, ct in enumerate(deck):
        slot = Slot(MATCH, 1, "loot", j)
        shares = [share(s, slot, seat, ct)[0] for seat, s in enumerate(t.secrets)]
        assert open_card("loot", 8, ct, shares) == j


def test_player_secret_refuses_a_zero_or_non_canonical_scalar():
    with pytest.raises(BadScalar):
        PlayerSecret(bytes(32), b"prf")
    with pytest.raises(BadScalar):
        PlayerSecret(non_canonical_scalar((5).to_bytes(32, "little")), b"prf")
