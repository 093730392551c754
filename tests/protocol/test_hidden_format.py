"""Protocol 3 draft: protocol/HIDDEN.md and protocol/hidden agree, recomputed independently.

The recomputations below use hashlib, hmac and cbor2's own canonical encoder, following the
text of HIDDEN.md, and libsodium only for group operations; a change of any encoding or hash
input fails here first. Then: the same bytes from a fresh process (no hash-order dependence),
and nothing but a HiddenError from any mangled input.
"""
from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys
from pathlib import Path

import cbor2
import nacl.bindings as sodium
import pytest
from hypothesis import given, settings, strategies as st

from protocol.codec import encode
from protocol.hidden import (ROUNDS, HiddenError, Slot, card_points, check_share, check_shuffle,
                             initial_deck, make_shuffle, player_secret, prove_key, share)
from protocol.hidden.errors import BadEncoding, BadPoint
from protocol.hidden.transcript import binding
from protocol.proven import forget_all
from tests.protocol.hidden_table import MATCH, NONCE, seed, table

ROOT = Path(__file__).resolve().parents[2]
D = "lanboard/hidden/1"
G = sodium.crypto_scalarmult_ed25519_base_noclamp((1).to_bytes(32, "little"))


def enc(value) -> bytes:
    return cbor2.dumps(value, canonical=True)


def reduce(wide: bytes) -> bytes:
    return sodium.crypto_core_ed25519_scalar_reduce(wide)


def test_binding_is_the_hash_of_kind_slot_and_seat():
    slot = Slot(MATCH, 12, "loot", 5)
    assert binding("share", slot, 2) == hashlib.sha256(
        enc([D, "share", MATCH, 12, "loot", 5, 2])).digest()


def test_key_is_derived_from_identity_seed_and_nonce_as_written():
    x = reduce(hmac.new(seed("p0"), enc([D, "key", 0, NONCE]), hashlib.sha512).digest())
    assert player_secret(seed("p0"), NONCE).public == \
        sodium.crypto_scalarmult_ed25519_base_noclamp(x)


def test_key_proof_is_a_schnorr_proof_as_written():
    s = player_secret(seed("p0"), NONCE)
    proof = prove_key(s, NONCE, 0)
    b, c, z = proof[:32], proof[32:64], proof[64:]
    assert b == hashlib.sha256(enc([D, "key", NONCE, 0, "", 0, 0])).digest()
    r = sodium.crypto_core_ed25519_sub(sodium.crypto_scalarmult_ed25519_base_noclamp(z),
                                       sodium.crypto_scalarmult_ed25519_noclamp(c, s.public))
    assert c == reduce(hashlib.sha512(enc([D, "schnorr", 0, b, [G], [s.public], [r]])).digest())


def test_cards_and_initial_deck_are_as_written():
    t = table(2)
    points = card_points("loot", 4)
    deck = initial_deck(MATCH, "loot", 4, t.joint)
    for j in range(4):
        m = sodium.crypto_core_ed25519_from_uniform(
            hashlib.sha256(enc([D, "card", "loot", j])).digest())
        assert points[j] == m
        r = reduce(hashlib.sha512(enc([D, "initial", 0, MATCH, "loot", j])).digest())
        a = sodium.crypto_scalarmult_ed25519_base_noclamp(r)
        b = sodium.crypto_core_ed25519_add(m, sodium.crypto_scalarmult_ed25519_noclamp(r, t.joint))
        assert deck[j] == a + b


def test_share_is_x_times_a_with_a_dleq_proof_as_written():
    t = table(2)
    ct = initial_deck(MATCH, "loot", 2, t.joint)[1]
    a = ct[:32]
    slot = Slot(MATCH, 9, "loot", 1)
    s, proof = share(t.secrets[1], slot, 1, ct)
    assert s == sodium.crypto_scalarmult_ed25519_noclamp(t.secrets[1].scalar, a)
    b, c, z = proof[:32], proof[32:64], proof[64:]

    def r(base, public):
        return sodium.crypto_core_ed25519_sub(sodium.crypto_scalarmult_ed25519_noclamp(z, base),
                                              sodium.crypto_scalarmult_ed25519_noclamp(c, public))
    commits = [r(G, t.keys[1]), r(a, s)]
    assert c == reduce(hashlib.sha512(
        enc([D, "dleq", 0, b, [G, a], [t.keys[1], s], commits])).digest())


def test_shuffle_proof_shape_challenge_and_size_are_as_written():
    t = table(2)
    deck = initial_deck(MATCH, "loot", 32, t.joint)
    slot = Slot(MATCH, 3, "loot")
    out, proof = make_shuffle(t.secrets[0], t.joint, slot, 0, deck)
    b, commits, openings = proof
    assert b == hashlib.sha256(enc([D, "shuffle", MATCH, 3, "loot", 0, 0])).digest()
    assert len(commits) == 32 * ROUNDS == 2560
    digest_in = hashlib.sha256(enc([D, "deck", list(deck)])).digest()
    digest_out = hashlib.sha256(enc([D, "deck", list(out)])).digest()
    h = int.from_bytes(hashlib.sha512(enc(
        [D, "bits", "shuffle", b, t.joint, digest_in, digest_out, commits])).digest(), "big")
    bits = [(h >> (511 - i)) & 1 for i in range(ROUNDS)]
    assert [0 if type(o) is bytes else 1 for o in openings] == bits
    ones = sum(bits)
    assert len(encode(proof)) == 2600 + 34 * (ROUNDS - ones) + (6 + 33 * 32) * ones


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
    out, proof = list(_OUT), [_PROOF[0], _PROOF[1], list(_PROOF[2])]
    if where == 0:
        proof[0] = _flip(proof[0], pos, bit)
    elif where == 1:
        proof[1] = _flip(proof[1], pos, bit)
    elif where <= 4:
        i = pos % ROUNDS
        o = proof[2][i]
        if type(o) is bytes:
            proof[2][i] = _flip(o, pos, bit)
        elif where == 3:
            proof[2][i] = [_flip(o[0], pos, bit), o[1]]
        else:
            proof[2][i] = [o[0], _flip(o[1], pos, bit)]
    elif where == 5:
        out[pos % len(out)] = _flip(out[pos % len(out)], pos, bit)
    elif where == 6:
        proof[2][pos % ROUNDS] = other
    elif where == 7:
        proof[pos % 3] = other
    elif where == 8:
        out[pos % len(out)] = other
    else:
        proof = other
    try:
        check_shuffle(_T.joint, _SLOT, 0, _DECK, out, proof)
    except HiddenError:
        return
    # the only mangling that may pass is one that changed nothing
    assert out == list(_OUT) and proof == [_PROOF[0], _PROOF[1], list(_PROOF[2])]


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
    assert hiddenlog._proven_before(check_thing, slot, b"k", 1, b"good") is False
    assert hiddenlog._proven_before(check_thing, slot, b"k", 1, b"good") is True
    for other in [(hc.Slot(b"m" * 32, 6, "loot", 2), b"k", 1), (slot, b"x", 1), (slot, b"k", 2)]:
        assert hiddenlog._proven_before(check_thing, other[0], *other[1:], b"good") is False
    for _ in range(2):
        with pytest.raises(hc.ProofFailed):
            hiddenlog._proven_before(check_thing, slot, b"k", 1, b"bad")
    assert calls.count(b"bad") == 2 and calls.count(b"good") == 4
