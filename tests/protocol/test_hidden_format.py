"""Protocol 4: protocol/HIDDEN.md and protocol/hidden agree, recomputed independently.

The recomputations below use tests/protocol/vectors/hidden_spec.py, HIDDEN.md's checks written
with hashlib, hmac, cbor2 and libsodium's ristretto255 functions only: a change of any encoding,
hash input or check fails here first, on honest values and on cheats alike. Then: the same
bytes from a fresh process (no hash-order dependence), and nothing but a HiddenError from any
mangled input.
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from protocol.hidden import (HiddenError, Slot, card_points, check_share, check_shuffle,
                             initial_deck, make_shuffle, player_secret, prove_key, share,
                             share_batch)
from protocol.codec import encode
from protocol.hidden.errors import BadEncoding, BadPoint
from protocol.hidden.shuffle import generators
from protocol.hidden.transcript import binding
from protocol.proven import forget_all
from tests.protocol.hidden_table import MATCH, NONCE, seed, table
from tests.protocol.vectors import hidden_spec as spec

ROOT = Path(__file__).resolve().parents[2]


def test_binding_is_the_hash_of_kind_slot_and_seat():
    slot = Slot(MATCH, 12, "loot", 5)
    assert binding("share", slot, 2) == spec.binding("share", MATCH, 12, "loot", 5, 2)


def test_key_is_derived_from_identity_seed_and_nonce_as_written():
    x = spec.elgamal_secret(seed("p0"), NONCE)
    assert player_secret(seed("p0"), NONCE).public == spec.mul(x, spec.G)


def test_key_proof_is_a_schnorr_proof_as_written():
    s = player_secret(seed("p0"), NONCE)
    spec.check_key(s.public, NONCE, 0, prove_key(s, NONCE, 0))
    with pytest.raises(spec.SpecError, match="binding"):
        spec.check_key(s.public, NONCE, 1, prove_key(s, NONCE, 0))


def test_cards_generators_and_initial_deck_are_as_written():
    t = table(2)
    assert list(card_points("loot", 4)) == [spec.card_point("loot", j) for j in range(4)]
    assert initial_deck(MATCH, "loot", 4, t.joint) == tuple(spec.initial_deck(MATCH, "loot", 4,
                                                                              t.joint))
    hs, h = generators(5)
    assert (list(hs), h) == spec.generators(5)


def test_share_is_x_times_a_with_a_dleq_proof_as_written():
    t = table(2)
    ct = initial_deck(MATCH, "loot", 2, t.joint)[1]
    s, proof = share(t.secrets[1], Slot(MATCH, 9, "loot", 1), 1, ct)
    assert s == spec.mul(spec.elgamal_secret(seed("p1"), NONCE), ct[:32])
    spec.check_share(t.keys[1], MATCH, 9, "loot", 1, 1, ct, s, proof)
    with pytest.raises(spec.SpecError, match="binding"):
        spec.check_share(t.keys[1], MATCH, 9, "loot", 0, 1, ct, s, proof)


def test_a_batch_of_shares_is_one_composite_dleq_proof_as_written():
    t = table(2)
    deck = initial_deck(MATCH, "loot", 3, t.joint)
    items = [("loot", j, deck[j]) for j in (0, 2)]
    shares, proof = share_batch(t.secrets[0], MATCH, 11, 0, items)
    listed = [(d, p, ct, sh) for (d, p, ct), sh in zip(items, shares)]
    spec.check_batch(t.keys[0], MATCH, 11, 0, listed, proof)
    listed[1] = (*listed[1][:3], spec.mul(2, shares[1]))   # one bad share in the batch
    with pytest.raises(spec.SpecError, match="dleq"):
        spec.check_batch(t.keys[0], MATCH, 11, 0, listed, proof)


def test_shuffle_proof_shape_binding_and_equation_are_as_written():
    t = table(3)
    deck = initial_deck(MATCH, "loot", 9, t.joint)
    out, proof = make_shuffle(t.secrets[0], t.joint, Slot(MATCH, 3, "loot"), 0, deck)
    assert [len(x) for x in proof] == [32, 32 * 9, 32 * 9, 32, 128, 32 * 9, 32 * 9]
    spec.check_shuffle(t.joint, MATCH, 3, "loot", 0, list(deck), list(out), proof)
    # the same cheats the protocol refuses, the spec refuses by the same names
    with pytest.raises(spec.SpecError, match="binding"):
        spec.check_shuffle(t.joint, MATCH, 4, "loot", 0, list(deck), list(out), proof)
    with pytest.raises(spec.SpecError, match="equation"):
        spec.check_shuffle(t.joint, MATCH, 3, "loot", 0, list(deck[1:] + deck[:1]), list(out),
                           proof)
    with pytest.raises(spec.SpecError, match="duplicate"):
        spec.check_shuffle(t.joint, MATCH, 3, "loot", 0, list(deck), [*out[1:], out[1]], proof)


_CHILD = """
import hashlib, sys
from protocol.codec import encode
from tests.protocol.hidden_table import MATCH, table
from protocol.hidden import Slot, initial_deck, make_shuffle
t = table(3)
deck = initial_deck(MATCH, "loot", 6, t.joint)
out, proof = make_shuffle(t.secrets[2], t.joint, Slot(MATCH, 7, "loot"), 2, deck)
sys.stdout.write(hashlib.sha256(encode([list(out), proof])).hexdigest())
"""


def test_a_fresh_process_makes_the_same_shuffle_byte_for_byte():
    t = table(3)
    deck = initial_deck(MATCH, "loot", 6, t.joint)
    out, proof = make_shuffle(t.secrets[2], t.joint, Slot(MATCH, 7, "loot"), 2, deck)
    here = hashlib.sha256(encode([list(out), proof])).hexdigest()
    child = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                           env={"PYTHONHASHSEED": "12345", "PATH": ""}, cwd=ROOT, check=True)
    assert child.stdout == here


# anything a peer sends: a HiddenError, never another exception -------------------------------

_T = table(2)
_DECK = initial_deck(MATCH, "loot", 4, _T.joint)
_SLOT = Slot(MATCH, 3, "loot")
_OUT, _PROOF = make_shuffle(_T.secrets[0], _T.joint, _SLOT, 0, _DECK)
_SHARE_SLOT = Slot(MATCH, 4, "loot", 0)
_SHARE, _SHARE_PROOF = share(_T.secrets[0], _SHARE_SLOT, 0, _OUT[0])

junk = st.one_of(st.binary(max_size=70), st.integers(-3, 300), st.text(max_size=5), st.none(),
                 st.lists(st.binary(max_size=40), max_size=3))


def _flip(data: bytes, pos: int, bit: int) -> bytes:
    pos %= len(data)
    return data[:pos] + bytes([data[pos] ^ (1 << bit)]) + data[pos + 1:]


@settings(max_examples=60, deadline=None)
@given(where=st.integers(0, 10), pos=st.integers(0, 10_000), bit=st.integers(0, 7), other=junk)
def test_a_mangled_shuffle_proof_or_deck_raises_only_hidden_errors(where, pos, bit, other):
    out, proof = list(_OUT), list(_PROOF)
    if where <= 6:
        proof[where] = _flip(proof[where], pos, bit)
    elif where == 7:
        out[pos % len(out)] = _flip(out[pos % len(out)], pos, bit)
    elif where == 8:
        proof[pos % 7] = other
    elif where == 9:
        out[pos % len(out)] = other
    else:
        proof = other
    try:
        check_shuffle(_T.joint, _SLOT, 0, _DECK, out, proof)
    except HiddenError:
        return
    # the only mangling that may pass is one that changed nothing
    assert out == list(_OUT) and proof == list(_PROOF)


@settings(max_examples=60, deadline=None)
@given(where=st.integers(0, 3), pos=st.integers(0, 1000), bit=st.integers(0, 7), other=junk)
def test_a_mangled_share_raises_only_hidden_errors(where, pos, bit, other):
    ct, s, proof = _OUT[0], _SHARE, _SHARE_PROOF
    if where == 0:
        s = _flip(s, pos, bit)
    elif where == 1:
        proof = _flip(proof, pos, bit)
    elif where == 2:
        ct = _flip(ct, pos % 32, bit)   # A, the point the share is x·A of
    else:
        s = other
    try:
        check_share(_T.keys[0], _SHARE_SLOT, 0, ct, s, proof)
    except HiddenError:
        return
    raise AssertionError("a mangled share passed its check")


@settings(max_examples=40, deadline=None)
@given(pos=st.integers(32, 63), bit=st.integers(0, 7))
def test_a_share_speaks_of_the_first_point_only_another_second_point_is_checked_not_blamed(
        pos, bit):
    """The share proves S = x·A; B is not in its statement. A B that is no point is refused as
    such, and a B that is another point leaves the share's proof valid (HIDDEN.md: the share
    names its slot, and a node checks it against the ciphertext its own log holds there)."""
    ct = _flip(_OUT[0], pos, bit)
    try:
        assert check_share(_T.keys[0], _SHARE_SLOT, 0, ct, _SHARE, _SHARE_PROOF) == _SHARE
    except (BadEncoding, BadPoint) as e:
        assert "second half" in str(e)


def test_a_proof_found_valid_once_vouches_only_for_those_exact_bytes():
    # hiddenlog remembers proven statements (nodes in one process check the same proofs): a
    # remembered one must not make any other statement pass, and a failure is never remembered
    from protocol import hidden as hc, hiddenlog
    calls = []

    def check_thing(public, slot, seat, proof):
        calls.append(proof)
        if proof != b"good":
            raise hc.ProofFailed("test", "bad proof")

    forget_all()
    slot = hc.Slot(b"m" * 32, 5, "loot", 2)
    # _proven_before(check, *args) runs check(*args): here check_thing(public, slot, seat, proof)
    assert hiddenlog._proven_before(check_thing, b"k", slot, 1, b"good") is False
    assert hiddenlog._proven_before(check_thing, b"k", slot, 1, b"good") is True
    for other in [(b"k", hc.Slot(b"m" * 32, 6, "loot", 2), 1), (b"x", slot, 1), (b"k", slot, 2)]:
        assert hiddenlog._proven_before(check_thing, *other, b"good") is False
    for _ in range(2):
        with pytest.raises(hc.ProofFailed):
            hiddenlog._proven_before(check_thing, b"k", slot, 1, b"bad")
    assert calls.count(b"bad") == 2 and calls.count(b"good") == 4
