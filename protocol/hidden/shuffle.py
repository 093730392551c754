"""A verifiable shuffle: permute and re-mask a deck, with a cut-and-choose proof (Sako–Kilian).

The prover turns the input deck I (m ciphertexts) into O[j] = remask(I[π(j)], ρ_j). To prove O
is a re-masked permutation of I without telling π, it makes ROUNDS shadow decks
S_i[j] = remask(I[σ_i(j)], s_ij), commits to each (a hash), and lets a Fiat–Shamir challenge bit
per round, hashed from the binding, I, O and the commitments, pick which half it opens:

    bit 0: input→shadow:  the 32-byte seed that σ_i and s_i expand from (`transcript.expand`);
           the checker re-masks I by them and must get the committed S_i.
    bit 1: shadow→output: τ_i = σ_i⁻¹∘π and t_ij = ρ_j − s_i,τ(j), so O[j] = remask(S_i[τ(j)], t_ij);
           the checker un-masks O by them and must get the committed S_i.

Either opening alone shows nothing of π (σ_i is uniform, and so is τ_i); both together would, so
a round never opens both. If O is not a re-masked permutation of I (a card dropped, duplicated
or replaced), no shadow can be opened both ways, so each round catches the cheat unless its bit
is the one the prover guessed: a false proof passes with probability 2^-ROUNDS per attempt.

Proof (plain data, canonical CBOR):  [binding (32 bytes), commitments (32·ROUNDS bytes),
openings: ROUNDS items, each a seed (32 bytes) for bit 0 or [τ (m bytes, one per position),
t (32·m bytes, m canonical non-zero scalars)] for bit 1].

Invariants:
- `check_shuffle` returns only if: both decks have the same size, every point of both is valid,
  no two output ciphertexts are equal, the binding is this slot's and seat's, every round opens
  the side its bit asks for, every τ is a permutation, every t a canonical non-zero scalar, and
  every opened shadow hashes to its commitment. Each failure says which of these, and the round.
- `make_shuffle` is a function of (secret, joint key, slot, seat, input deck): π and ρ come from
  the PRF key and the binding alone (one shuffle per slot, whatever restarts), the shadows from
  the binding and both decks (a shadow never serves two statements, which would reveal π).
"""
from __future__ import annotations

from collections.abc import Sequence

from . import group
from .cards import join, parse_deck, remask
from .errors import BadEncoding, ReplayedProof, ShuffleFailed
from .keys import PlayerSecret
from .transcript import Slot, binding, challenge_bits, digest, expand, secret_seed

__all__ = ["ROUNDS", "make_shuffle", "check_shuffle"]

# Soundness 2^-80 per attempt, and an attempt costs only hashes (a bit-1 shadow re-ordered is a
# fresh commitment: some 5 SHA-256/SHA-512 compressions from midstates), so forging a proof takes
# about 2^80 attempts, some 9 million GPU-years. The time a cheater has ends with the round
# timeout, which the genesis lets reach 2^32 s; within it, 2^80 needs some 65,000 GPUs for 136
# years. 64 rounds would leave 136 GPU-years: one GPU within that timeout, a few thousand within
# a week's. HIDDEN.md §6 gives the argument, §7 the costs (a proof of 80 rounds caps a hidden
# deck at 23 cards: genesis.MAX_HIDDEN_DECK).
ROUNDS = 80
_H = 32


def _shadow_commitment(shadow: list[tuple[bytes, bytes]]) -> bytes:
    return digest("shadow", join(shadow))


def _statement(b: bytes, joint: bytes, inp: list, out: list) -> tuple:
    return (b, joint, digest("deck", join(inp)), digest("deck", join(out)))


def make_shuffle(secret: PlayerSecret, joint: bytes, slot: Slot, seat: int,
                 deck: object) -> tuple[tuple[bytes, ...], list]:
    """(the shuffled deck, its proof) for `seat`'s shuffle of `deck` at `slot`."""
    joint = group.point(joint, "the joint key")
    inp = parse_deck(deck, "the input deck")
    m = len(inp)
    b = binding("shuffle", slot, seat)
    pi, rho = expand(secret_seed(secret.prf, "shuffle", b), m)
    out = [remask(*inp[pi[j]], rho[j], joint) for j in range(m)]
    return join(out), _prove(secret, joint, b, inp, out, pi, rho)


def _prove(secret: PlayerSecret, joint: bytes, b: bytes, inp: list, out: list,
           pi: Sequence[int], rho: Sequence[bytes]) -> list:
    # the proof that out[j] = remask(inp[pi[j]], rho[j]); apart from make_shuffle, only tests
    # call it, with a pi that is no permutation or an out that is no re-masking, to cheat
    m = len(inp)
    statement = _statement(b, joint, inp, out)

    seeds, shadows, commitments = [], [], []
    for i in range(ROUNDS):
        seed = secret_seed(secret.prf, "shadow", *statement, i)
        sigma, s = expand(seed, m)
        shadow = [remask(*inp[sigma[j]], s[j], joint) for j in range(m)]
        seeds.append(seed)
        shadows.append((sigma, s))
        commitments.append(_shadow_commitment(shadow))
    commits = b"".join(commitments)
    bits = challenge_bits(ROUNDS, "shuffle", *statement, commits)

    openings: list = []
    for i, bit in enumerate(bits):
        if bit == 0:
            openings.append(seeds[i])
            continue
        sigma, s = shadows[i]
        where = [0] * m  # where[c] = the shadow position holding input card c
        for pos, c in enumerate(sigma):
            where[c] = pos
        tau = bytes(where[pi[j]] for j in range(m))
        t = b"".join(group.scalar_sub(rho[j], s[tau[j]]) for j in range(m))
        openings.append([tau, t])
    return [b, commits, openings]


def _parse_proof(proof: object, m: int) -> tuple[bytes, bytes, list]:
    if type(proof) not in (list, tuple) or len(proof) != 3:
        raise BadEncoding("a shuffle proof must be [binding, commitments, openings]")
    b, commits, openings = proof
    if type(b) is not bytes or len(b) != _H:
        raise BadEncoding(f"a shuffle proof's binding must be {_H} bytes")
    if (type(commits) is bytes and type(openings) in (list, tuple) and len(openings) != ROUNDS
            and len(commits) == _H * len(openings)):
        # a whole proof of another round count: most likely an earlier build's (protocol 3 had
        # 40 rounds before grinding was priced), so say so rather than only "wrong size"
        raise BadEncoding(f"a shuffle proof of {len(openings)} rounds, where protocol 3 needs "
                          f"{ROUNDS}: an earlier lanboard build made 40-round proofs, which a "
                          "cheater can forge by grinding (HIDDEN.md §6)")
    if type(commits) is not bytes or len(commits) != _H * ROUNDS:
        raise BadEncoding(f"a shuffle proof's commitments must be {_H * ROUNDS} bytes "
                          f"({ROUNDS} rounds)")
    if type(openings) not in (list, tuple) or len(openings) != ROUNDS:
        raise BadEncoding(f"a shuffle proof must open {ROUNDS} rounds")
    for i, o in enumerate(openings):
        if type(o) is bytes:
            if len(o) != _H:
                raise BadEncoding(f"round {i}'s seed must be {_H} bytes")
        elif type(o) in (list, tuple) and len(o) == 2:
            tau, t = o
            if type(tau) is not bytes or len(tau) != m:
                raise BadEncoding(f"round {i}'s permutation must be {m} bytes")
            if type(t) is not bytes or len(t) != group.SCALAR_BYTES * m:
                raise BadEncoding(f"round {i}'s re-masking must be {m} scalars")
        else:
            raise BadEncoding(f"round {i}'s opening must be a seed or [permutation, scalars]")
    return b, commits, list(openings)


def check_shuffle(joint: object, slot: Slot, seat: int, deck_in: object, deck_out: object,
                  proof: object) -> None:
    """Returns if `deck_out` is proven a re-masked permutation of `deck_in` by `seat` at
    `slot`; otherwise raises the HiddenError of the first check that fails."""
    joint = group.point(joint, "the joint key")
    inp = parse_deck(deck_in, "the input deck")
    m = len(inp)
    if type(deck_out) in (list, tuple) and len(deck_out) != m:
        more = "added" if len(deck_out) > m else "dropped"
        raise ShuffleFailed("size", f"{len(deck_out)} cards out for {m} in: cards {more}")
    out = parse_deck(deck_out, "the shuffled deck")
    first: dict[tuple[bytes, bytes], int] = {}
    for j, ct in enumerate(out):
        if ct in first:
            raise ShuffleFailed("duplicate", f"position {j} of the shuffled deck repeats "
                                f"position {first[ct]}")
        first[ct] = j
    b, commits, openings = _parse_proof(proof, m)
    if b != binding("shuffle", slot, seat):
        raise ReplayedProof("shuffle proof")
    statement = _statement(b, joint, inp, out)
    bits = challenge_bits(ROUNDS, "shuffle", *statement, commits)

    # every round's shape is judged before any round's arithmetic, so a malformed opening is
    # named as such wherever it is, not hidden behind an earlier round's failed opening
    for i, (bit, o) in enumerate(zip(bits, openings)):
        if (type(o) is bytes) != (bit == 0):
            asked, given = ("input→shadow", "shadow→output") if bit == 0 else \
                ("shadow→output", "input→shadow")
            raise ShuffleFailed("challenge", f"round {i} opens {given} where the challenge asks "
                                f"{asked}: the proof was made for another statement", i)
        if bit == 1:
            if sorted(o[0]) != list(range(m)):
                raise ShuffleFailed("permutation", f"round {i}'s opening is not a permutation "
                                    f"of the {m} positions (two positions from one card)", i)
            for j in range(m):
                group.scalar(o[1][32 * j:32 * j + 32], f"round {i}'s re-masking {j}")

    for i, (bit, o) in enumerate(zip(bits, openings)):
        if bit == 0:
            sigma, s = expand(o, m)
            rebuilt = [remask(*inp[sigma[j]], s[j], joint) for j in range(m)]
            side = "the input re-masked by its opening"
        else:
            tau, t = o
            rebuilt = [(b"", b"")] * m
            for j in range(m):
                tj = t[32 * j:32 * j + 32]
                a, bb = out[j]
                rebuilt[tau[j]] = (group.sub(a, group.base_mul(tj)),
                                  group.sub(bb, group.mul(tj, joint)))
            side = ("the shuffled deck un-masked by its opening (a card replaced or duplicated, "
                    "or a false opening)")
        if _shadow_commitment(rebuilt) != commits[_H * i:_H * i + _H]:
            raise ShuffleFailed("opening", f"round {i}: {side} is not the shadow deck "
                                "committed to", i)

