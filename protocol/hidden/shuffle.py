"""A verifiable shuffle: permute and re-mask a deck, with a proof linear in the deck:
Terelius–Wikström (2010) for ElGamal re-masking in ristretto255, as Haenni, Locher, Koenig and
Dubuis (2017) write it out (GenShuffleProof / CheckShuffleProof, with the permutation
commitment and the commitment chain). HIDDEN.md §6 specifies every hash input and check.

Notation (additive): a ciphertext is (A, B) = (r·G, M + r·H), H the joint key; the shuffle
posts O[i] = (A_π(i) + ρ_i·G, B_π(i) + ρ_i·H). h_0..h_N-1 and h are independent generators
(`generators`: group.hash_to_point of enc([D, "generator", "perm", j]) and
enc([D, "generator", "chain"]); nobody knows a relation between them).

    prover:  c_π(i) = r_π(i)·G + h_i                        (permutation commitment, by input)
             u_j = public_scalar("shuffle4/u", e, j),  e = SHA-512 of the statement and c
             u'_i = u_π(i);  ĉ_0 = h;  ĉ_i = r̂_i·G + u'_i·ĉ_{i-1}        (commitment chain)
             r̄ = Σ r_j, r̂ = Σ r̂_i·v_i (v_i = Π_{k>i} u'_k), r̃ = Σ r_j·u_j, r' = Σ ρ_i·u'_i
             t1 = ω1·G, t2 = ω2·G, t3 = ω3·G + Σ ω'_i·h_i,
             t4 = (−ω4·G + Σ ω'_i·A'_i, −ω4·H + Σ ω'_i·B'_i), t̂_i = ω̂_i·G + ω'_i·ĉ_{i-1}
             c = public_scalar("shuffle4/c", e, ĉ, t1, t2, t3, t4, t̂)
             s1..s4 = ω + c·(r̄, r̂, r̃, r'),  ŝ_i = ω̂_i + c·r̂_i,  s'_i = ω'_i + c·u'_i
    proof:   [binding, c (32·N), ĉ (32·N), c, s1‖s2‖s3‖s4, ŝ (32·N), s' (32·N)]
    checker: recomputes every t from the s's (t1' = s1·G − c·(Σ c_j − Σ h_j), t2' = s2·G −
             c·(ĉ_N − (Π u_j)·h), t3' = s3·G + Σ s'_i·h_i − c·Σ u_j·c_j, t4' = (−s4·G +
             Σ s'_i·A'_i − c·Σ u_j·A_j, −s4·H + Σ s'_i·B'_i − c·Σ u_j·B_j), t̂_i' = ŝ_i·G +
             s'_i·ĉ_{i-1} − c·ĉ_i) and accepts iff c hashes to itself.

Invariants:
- The statement hashed into every challenge is SHA-512(enc([D, "shuffle4", binding, H, input
  deck, output deck])): the binding names the match, the entry (seq), the deck and the seat,
  so a proof moved to another deck, slot, seat, key or pair of decks fails.
- Soundness: a false proof passes with probability about (N + 2)/L per attempt (the u's catch
  a non-permutation by Schwartz–Zippel with error N/L; the challenge c has error 1/L), below
  2^-240 for N <= 255: far past 2^-128.
- Zero knowledge: every ω, r, r̂ is a secret scalar of the PRF key and the whole statement, so
  no two statements share one; the responses are uniform given c.
- `make_shuffle` is a function of (secret, joint key, slot, seat, input deck): π and ρ come
  from the PRF key and the binding alone (one shuffle per slot, whatever restarts), every other
  secret scalar from the PRF key and the whole statement.
- `check_shuffle` returns only if every point is a canonical non-identity element, every scalar
  canonical and non-zero, the decks the same size, no output ciphertext repeated, the binding
  this slot's and seat's, and the equation holds; each failure names its check.
"""
from __future__ import annotations

import functools
import hashlib

from ..codec import encode
from . import group as g
from .cards import MAX_DECK, join, parse_deck
from .errors import BadEncoding, ReplayedProof, ShuffleFailed
from .keys import PlayerSecret
from .transcript import DOMAIN, Slot, binding, expand, public_scalar, secret_scalar, secret_seed

__all__ = ["generators", "make_shuffle", "check_shuffle", "proof_size"]


_perm_generators: list[tuple[bytes, ...]] = [()]   # h_0, h_1, ... as far as decks needed them


@functools.lru_cache(maxsize=1)
def _chain_generator() -> bytes:
    return g.hash_to_point(encode([DOMAIN, "generator", "chain"]))


def generators(n: int) -> tuple[tuple[bytes, ...], bytes]:
    """(h_0..h_n-1, h): the Pedersen generators of the permutation commitment and the chain.
    Each is hashed to the group once a process, and only as far as a deck needs (a 9-card
    deck does not pay for 255). The values are fixed, so a race between threads can only
    replace the kept prefix by another true one."""
    if not 0 <= n <= MAX_DECK:
        raise BadEncoding(f"a shuffle has 1..{MAX_DECK} cards, not {n}")
    perm = _perm_generators[0]
    if len(perm) < n:
        perm += tuple(g.hash_to_point(encode([DOMAIN, "generator", "perm", j]))
                      for j in range(len(perm), n))
        if len(perm) > len(_perm_generators[0]):
            _perm_generators[0] = perm
    return perm[:n], _chain_generator()


@functools.lru_cache(maxsize=8)
def _generator_sum(n: int) -> bytes:
    """Σ h_j for j < n (t1's right side subtracts it; the same for every proof of n cards)."""
    total = g.IDENTITY
    for hj in generators(n)[0]:
        total = hj if total == g.IDENTITY else g.add(total, hj)
    return total


def _statement(b: bytes, joint: bytes, inp: list, out: list) -> bytes:
    return hashlib.sha512(encode([DOMAIN, "shuffle4", b, joint, [a + c for a, c in inp],
                                  [a + c for a, c in out]])).digest()


def _us(e: bytes, n: int) -> list[bytes]:
    return [public_scalar("shuffle4/u", e, j) for j in range(n)]


def _split(blob: bytes, n: int) -> list[bytes]:
    return [blob[k * 32:k * 32 + 32] for k in range(n)]


def make_shuffle(secret: PlayerSecret, joint: bytes, slot: Slot, seat: int,
                 deck: object) -> tuple[tuple[bytes, ...], list]:
    """(the shuffled deck, its proof) for `seat`'s shuffle of `deck` at `slot`."""
    joint = g.point(joint, "the joint key")
    inp = parse_deck(deck, "the input deck")
    n = len(inp)
    b = binding("shuffle", slot, seat)
    pi, rho = expand(secret_seed(secret.prf, "shuffle4", b), n)
    out = [(g.add(inp[pi[i]][0], g.base_mul(rho[i])), g.add(inp[pi[i]][1], g.mul(rho[i], joint)))
           for i in range(n)]
    return join(out), _prove(secret.prf, joint, b, inp, out, pi, rho)


def _prove(prf: bytes, joint: bytes, b: bytes, inp: list, out: list, pi, rho) -> list:
    # out[i] = remask(inp[pi[i]], rho[i]); tests call it with a pi or out that lie, to cheat
    n = len(inp)
    hs, h = generators(n)
    st = _statement(b, joint, inp, out)

    def sec(label: str, k: int) -> bytes:
        return secret_scalar(prf, "shuffle4/" + label, st, k)

    r = [sec("r", j) for j in range(n)]
    cperm = [b""] * n
    for i in range(n):
        cperm[pi[i]] = g.add(g.base_mul(r[pi[i]]), hs[i])
    cblob = b"".join(cperm)
    e = hashlib.sha512(encode([DOMAIN, "shuffle4/e", st, cblob])).digest()
    u = _us(e, n)
    u1 = [u[pi[i]] for i in range(n)]
    rh = [sec("rhat", i) for i in range(n)]
    chain, prev = [], h
    for i in range(n):
        prev = g.add(g.base_mul(rh[i]), g.mul(u1[i], prev))
        chain.append(prev)
    zero = bytes(32)
    rbar = functools.reduce(g.scalar_add, r, zero)
    v, rhat = (1).to_bytes(32, "little"), zero
    for i in reversed(range(n)):
        rhat = g.scalar_add(rhat, g.scalar_mul(rh[i], v))
        v = g.scalar_mul(v, u1[i])
    rtil = functools.reduce(g.scalar_add, (g.scalar_mul(r[j], u[j]) for j in range(n)), zero)
    rpr = functools.reduce(g.scalar_add, (g.scalar_mul(rho[i], u1[i]) for i in range(n)), zero)
    w = [sec("w", k) for k in range(4)]
    wh = [sec("what", i) for i in range(n)]
    wp = [sec("wprime", i) for i in range(n)]
    t1, t2 = g.base_mul(w[0]), g.base_mul(w[1])
    t3 = g.add(g.base_mul(w[2]), g.msum(zip(wp, hs)))
    nw4 = g.scalar_neg(w[3])
    t4a = g.add(g.base_mul(nw4), g.msum((wp[i], out[i][0]) for i in range(n)))
    t4b = g.add(g.mul(nw4, joint), g.msum((wp[i], out[i][1]) for i in range(n)))
    that = [g.add(g.base_mul(wh[i]), g.mul(wp[i], h if i == 0 else chain[i - 1]))
            for i in range(n)]
    chblob = b"".join(chain)
    c = public_scalar("shuffle4/c", e, chblob, t1, t2, t3, t4a, t4b, b"".join(that))
    s = [g.scalar_add(w[k], g.scalar_mul(c, x)) for k, x in enumerate((rbar, rhat, rtil, rpr))]
    sh = [g.scalar_add(wh[i], g.scalar_mul(c, rh[i])) for i in range(n)]
    sp = [g.scalar_add(wp[i], g.scalar_mul(c, u1[i])) for i in range(n)]
    return [b, cblob, chblob, c, b"".join(s), b"".join(sh), b"".join(sp)]


def proof_size(n: int) -> int:
    """The encoded size of a proof for n cards (it has one shape for each n)."""
    return len(encode([bytes(32), bytes(32 * n), bytes(32 * n), bytes(32), bytes(128),
                       bytes(32 * n), bytes(32 * n)]))


def _parse_proof(proof: object, n: int) -> list:
    sizes = (32, 32 * n, 32 * n, 32, 128, 32 * n, 32 * n)
    names = ("binding", "permutation commitment", "commitment chain", "challenge",
             "responses", "chain responses", "permutation responses")
    if type(proof) not in (list, tuple) or len(proof) != len(sizes):
        raise BadEncoding("a protocol-4 shuffle proof must be [binding, commitment, chain, "
                          "challenge, responses, chain responses, permutation responses]")
    for v, size, name in zip(proof, sizes, names):
        if type(v) is not bytes or len(v) != size:
            raise BadEncoding(f"a shuffle proof's {name} must be {size} bytes for {n} cards")
    return list(proof)


def check_shuffle(joint: object, slot: Slot, seat: int, deck_in: object, deck_out: object,
                  proof: object) -> None:
    """Returns if `deck_out` is proven a re-masked permutation of `deck_in` by `seat` at
    `slot`; otherwise raises the HiddenError of the first check that fails."""
    joint = g.point(joint, "the joint key")
    inp = parse_deck(deck_in, "the input deck")
    n = len(inp)
    if type(deck_out) in (list, tuple) and len(deck_out) != n:
        more = "added" if len(deck_out) > n else "dropped"
        raise ShuffleFailed("size", f"{len(deck_out)} cards out for {n} in: cards {more}")
    out = parse_deck(deck_out, "the shuffled deck")
    first: dict[tuple[bytes, bytes], int] = {}
    for j, ct in enumerate(out):
        if ct in first:
            raise ShuffleFailed("duplicate", f"position {j} of the shuffled deck repeats "
                                f"position {first[ct]}")
        first[ct] = j
    b, cblob, chblob, c, sblob, shblob, spblob = _parse_proof(proof, n)
    if b != binding("shuffle", slot, seat):
        raise ReplayedProof("shuffle proof")
    cperm = [g.point(p, f"permutation commitment {j}") for j, p in enumerate(_split(cblob, n))]
    chain = [g.point(p, f"commitment chain {i}") for i, p in enumerate(_split(chblob, n))]
    c = g.scalar(c, "the shuffle proof's challenge")
    s = [g.scalar(x, f"response {k + 1}") for k, x in enumerate(_split(sblob, 4))]
    sh = [g.scalar(x, f"chain response {i}") for i, x in enumerate(_split(shblob, n))]
    sp = [g.scalar(x, f"permutation response {i}") for i, x in enumerate(_split(spblob, n))]

    hs, h = generators(n)
    st = _statement(b, joint, inp, out)
    e = hashlib.sha512(encode([DOMAIN, "shuffle4/e", st, cblob])).digest()
    u = _us(e, n)
    nc = g.scalar_neg(c)
    # −c folded into the scalars of each sum (−c·Σ u_j·P_j = Σ (−c·u_j)·P_j): the same points
    # t', one multiplication fewer each; scalar products cost a hundredth of one
    ncu = [g.scalar_mul(nc, uj) for uj in u]
    cbar = g.sub(functools.reduce(g.add, cperm), _generator_sum(n))
    uprod = functools.reduce(g.scalar_mul, u)
    chat = g.sub(chain[-1], g.mul(uprod, h))
    t1 = g.add(g.base_mul(s[0]), g.msum([(nc, cbar)]))
    t2 = g.add(g.base_mul(s[1]), g.msum([(nc, chat)]))
    t3 = g.add(g.base_mul(s[2]), g.msum([*zip(sp, hs), *zip(ncu, cperm)]))
    ns4 = g.scalar_neg(s[3])
    t4a = g.add(g.base_mul(ns4), g.msum([*((sp[i], out[i][0]) for i in range(n)),
                                         *((ncu[j], inp[j][0]) for j in range(n))]))
    t4b = g.add(g.mul(ns4, joint), g.msum([*((sp[i], out[i][1]) for i in range(n)),
                                           *((ncu[j], inp[j][1]) for j in range(n))]))
    that = [g.add(g.base_mul(sh[i]), g.msum([(sp[i], h if i == 0 else chain[i - 1]),
                                              (nc, chain[i])])) for i in range(n)]
    if public_scalar("shuffle4/c", e, chblob, t1, t2, t3, t4a, t4b, b"".join(that)) != c:
        raise ShuffleFailed("equation", "the shuffle proof does not hold for these decks, "
                            "this key and this slot: the output is not a re-masked permutation "
                            "of the input, or the proof was made for another statement")
