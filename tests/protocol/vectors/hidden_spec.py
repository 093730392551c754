"""Protocol 4's hidden-card checks written from protocol/HIDDEN.md alone, with hashlib, hmac,
cbor2 and libsodium's ristretto255 functions (through rbcl): no import of the protocol package.

What a second implementation would write. make_hidden_vectors.py computes the expected values
of the vector file with it, and tests/protocol/test_hidden_format.py runs it against the
protocol's own functions: a difference between the text and the code fails there first.
Every function returns normally or raises `SpecError` naming the check (HIDDEN.md's names).
"""
from __future__ import annotations

import hashlib
import hmac

import cbor2
import rbcl

D = "lanboard/hidden/1"
L = 2**252 + 27742317777372353535851937790883648493
ZERO32 = bytes(32)
G = rbcl.crypto_scalarmult_ristretto255_base((1).to_bytes(32, "little"))


class SpecError(ValueError):
    def __init__(self, check: str) -> None:
        super().__init__(check)
        self.check = check


def enc(value) -> bytes:
    """HIDDEN.md §2: `enc`, the canonical CBOR of FORMAT.md (RFC 8949 §4.2.1)."""
    return cbor2.dumps(value, canonical=True)


# ---- §1: the group --------------------------------------------------------------------------
def point(p) -> bytes:
    if type(p) is not bytes or len(p) != 32:
        raise SpecError("encoding")
    if p == ZERO32 or p[31] & 0x80 or not rbcl.crypto_core_ristretto255_is_valid_point(p):
        raise SpecError("point")
    return p


def scalar(s) -> int:
    if type(s) is not bytes or len(s) != 32:
        raise SpecError("encoding")
    v = int.from_bytes(s, "little")
    if not 0 < v < L:
        raise SpecError("scalar")
    return v


def le(v: int) -> bytes:
    return (v % L).to_bytes(32, "little")


def mul(v: int, p: bytes) -> bytes:
    """v·p for an integer v (mod L); the identity for v = 0 or p the identity."""
    v %= L
    if v == 0 or p == ZERO32:
        return ZERO32
    return rbcl.crypto_scalarmult_ristretto255(le(v), p)


def add(p: bytes, q: bytes) -> bytes:
    return rbcl.crypto_core_ristretto255_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    return rbcl.crypto_core_ristretto255_sub(p, q)


def msum(pairs) -> bytes:
    total = ZERO32
    for v, p in pairs:
        total = add(total, mul(v, p))
    return total


def hash_to_group(data: bytes) -> bytes:
    return rbcl.crypto_core_ristretto255_from_hash(hashlib.sha512(data).digest())


# ---- §2: hashing and derivations -------------------------------------------------------------
def binding(kind: str, match: bytes, seq: int, deck: str, position: int, seat: int) -> bytes:
    return hashlib.sha256(enc([D, kind, match, seq, deck, position, seat])).digest()


def _first_nonzero(wide_of) -> int:
    i = 0
    while True:
        v = int.from_bytes(wide_of(i), "little") % L
        if v:
            return v
        i += 1


def public_scalar(label: str, *parts) -> int:
    return _first_nonzero(lambda i: hashlib.sha512(enc([D, label, i, *parts])).digest())


def elgamal_secret(identity_seed: bytes, nonce: bytes) -> int:
    return _first_nonzero(lambda i: hmac.new(identity_seed, enc([D, "key", i, nonce]),
                                             hashlib.sha512).digest())


# ---- §3, §4: keys, Schnorr and DLEQ proofs ------------------------------------------------
def _sigma(label: str, b: bytes, bases: list, publics: list, proof) -> None:
    if type(proof) is not bytes or len(proof) != 96:
        raise SpecError("encoding")
    c, s = scalar(proof[32:64]), scalar(proof[64:])
    publics = [point(p) for p in publics]
    if proof[:32] != b:
        raise SpecError("binding")
    commits = [sub(mul(s, base), mul(c, pub)) for base, pub in zip(bases, publics)]
    if public_scalar(label, b, bases, publics, commits) != c:
        raise SpecError(label)


def check_key(h: bytes, nonce: bytes, seat: int, proof) -> None:
    point(h)
    _sigma("schnorr", binding("key", nonce, 0, "", 0, seat), [G], [h], proof)


def check_share(h: bytes, match: bytes, seq: int, deck: str, position: int, seat: int,
                ct: bytes, share: bytes, proof) -> None:
    a = point(ct[:32])
    point(ct[32:])
    _sigma("dleq", binding("share", match, seq, deck, position, seat), [G, a], [h, share], proof)


def check_batch(h: bytes, match: bytes, seq: int, seat: int, items: list, proof) -> None:
    """items: [(deck, position, ciphertext, share)] in the part's order."""
    point(h)
    b = binding("shares", match, seq, "", 0, seat)
    if type(proof) is not bytes or len(proof) != 96:
        raise SpecError("encoding")
    c, s = scalar(proof[32:64]), scalar(proof[64:])
    for _, _, ct, sh in items:
        point(ct[:32]), point(ct[32:]), point(sh)
    if proof[:32] != b:
        raise SpecError("binding")
    seed = hashlib.sha512(enc([D, "batch/seed", b, h])).digest()
    d = [public_scalar("batch/weight", seed, j, deck, pos, ct[:32], sh)
         for j, (deck, pos, ct, sh) in enumerate(items)]
    m = msum(zip(d, (ct[:32] for _, _, ct, _ in items)))
    z = msum(zip(d, (sh for _, _, _, sh in items)))
    if m == ZERO32 or z == ZERO32:
        raise SpecError("dleq")
    r1 = sub(mul(s, G), mul(c, h))
    r2 = sub(mul(s, m), mul(c, z))
    if public_scalar("batch/dleq", b, G, h, m, z, r1, r2) != c:
        raise SpecError("dleq")


# ---- §5: cards -------------------------------------------------------------------------------
def card_point(deck: str, j: int) -> bytes:
    return hash_to_group(enc([D, "card", deck, j]))


def joint_key(keys: list) -> bytes:
    total = ZERO32
    for k in keys:
        total = add(total, k)
    return total


def initial_deck(match: bytes, deck: str, size: int, joint: bytes) -> list:
    out = []
    for j in range(size):
        r = public_scalar("initial", match, deck, j)
        out.append(mul(r, G) + add(card_point(deck, j), mul(r, joint)))
    return out


# ---- §6: the shuffle proof -------------------------------------------------------------------
def generators(n: int) -> tuple[list, bytes]:
    return ([hash_to_group(enc([D, "generator", "perm", j])) for j in range(n)],
            hash_to_group(enc([D, "generator", "chain"])))


def check_shuffle(joint: bytes, match: bytes, seq: int, deck: str, seat: int, deck_in: list,
                  deck_out: list, proof) -> None:
    n = len(deck_in)
    if len(deck_out) != n:
        raise SpecError("size")
    for ct in [*deck_in, *deck_out]:
        point(ct[:32]), point(ct[32:])
    if len(set(deck_out)) != n:
        raise SpecError("duplicate")
    sizes = (32, 32 * n, 32 * n, 32, 128, 32 * n, 32 * n)
    if type(proof) is not list or [len(x) if type(x) is bytes else -1 for x in proof] != \
            list(sizes):
        raise SpecError("encoding")
    b, cblob, chblob, cb, sblob, shblob, spblob = proof
    if b != binding("shuffle", match, seq, deck, 0, seat):
        raise SpecError("binding")

    def split(blob, k):
        return [blob[32 * i:32 * i + 32] for i in range(k)]
    cperm = [point(x) for x in split(cblob, n)]
    chain = [point(x) for x in split(chblob, n)]
    c = scalar(cb)
    s1, s2, s3, s4 = (scalar(x) for x in split(sblob, 4))
    sh = [scalar(x) for x in split(shblob, n)]
    sp = [scalar(x) for x in split(spblob, n)]
    hs, h = generators(n)
    st = hashlib.sha512(enc([D, "shuffle4", b, joint, list(deck_in), list(deck_out)])).digest()
    e = hashlib.sha512(enc([D, "shuffle4/e", st, cblob])).digest()
    u = [public_scalar("shuffle4/u", e, j) for j in range(n)]
    uprod = 1
    for x in u:
        uprod = uprod * x % L
    cbar = sub(msum((1, x) for x in cperm), msum((1, x) for x in hs))
    chat = sub(chain[-1], mul(uprod, h))
    ctil = msum(zip(u, cperm))
    a_out, b_out = [ct[:32] for ct in deck_out], [ct[32:] for ct in deck_out]
    a_in, b_in = [ct[:32] for ct in deck_in], [ct[32:] for ct in deck_in]
    t1 = sub(mul(s1, G), mul(c, cbar))
    t2 = sub(mul(s2, G), mul(c, chat))
    t3 = sub(add(mul(s3, G), msum(zip(sp, hs))), mul(c, ctil))
    t4a = sub(sub(msum(zip(sp, a_out)), mul(s4, G)), mul(c, msum(zip(u, a_in))))
    t4b = sub(sub(msum(zip(sp, b_out)), mul(s4, joint)), mul(c, msum(zip(u, b_in))))
    that = [sub(add(mul(sh[i], G), mul(sp[i], h if i == 0 else chain[i - 1])), mul(c, chain[i]))
            for i in range(n)]
    if public_scalar("shuffle4/c", e, chblob, t1, t2, t3, t4a, t4b, b"".join(that)) != c:
        raise SpecError("equation")


def unmask(ct: bytes, shares: list) -> bytes:
    m = ct[32:]
    for s in shares:
        m = sub(m, s)
    return m
