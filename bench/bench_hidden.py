"""Hidden-card figures (protocol 4: ristretto255, the Terelius–Wikström shuffle proof, batched
shares): a shuffle of 32, 52 and 64 cards made and checked by each of 4 players in turn, a
decryption share made and checked, and one seat's batched shares of a disclosure.

    python bench/bench_hidden.py [--runs 5] [--players 4]

Each player shuffles the previous player's deck (the first: the public initial masking) with
`make_shuffle`, and the next node checks it with `check_shuffle`; both are timed per player and
the figure is the median over the players and --runs runs (the slowest single step is printed
beside it). Every proof is checked before a figure is printed, and validity memos are emptied
before each timing (protocol.proven.forget_all), so a check is timed in full. Each figure is
also given as a multiple of one bare Ed25519 signature check timed in the same run (the unit
bench_protocol.py's ratio uses), which this machine's load moves far less than the figures.

Targets (issue 28): a 32-card shuffle proof made and checked in at most 40 ms each and at most
8 KB; 52 cards at most 60 ms each. The share figure is `share` (S = x·A and its DLEQ proof) and
`check_share`, medians over 20 times --runs; a private draw's CPU summed over --players nodes
follows from it (a load-insensitive measure of a draw; bench_node.py times it in play).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.script_exit import exit_on_failure  # noqa: E402
from protocol.codec import encode  # noqa: E402
from protocol.hidden import (Slot, check_batch, check_key, check_share,  # noqa: E402
                             check_shuffle, initial_deck, joint_key, make_shuffle, player_secret,
                             prove_key, share, share_batch)
from protocol.identity import Identity, verify_signature  # noqa: E402
from protocol.proven import forget_all  # noqa: E402

TARGETS = {32: (0.040, 8192), 52: (0.060, None), 64: (None, None)}


def _timed(fn):
    t = time.perf_counter()
    result = fn()
    return time.perf_counter() - t, result


def _signature_check_s(rounds: int = 300) -> float:
    """Median seconds of one bare Ed25519 signature check (the unit of the ratios)."""
    ident = Identity.generate()
    msg = os.urandom(200)
    sig = ident.sign(msg)
    times = []
    for _ in range(rounds):
        forget_all()
        dt, _ = _timed(lambda: verify_signature(ident.public, sig, msg))
        times.append(dt)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)

    nonce, match = b"bench-nonce-0001", bytes(range(32))
    secrets = [player_secret(bytes([i + 1]) * 32, nonce) for i in range(args.players)]
    for seat, s in enumerate(secrets):
        check_key(s.public, nonce, seat, prove_key(s, nonce, seat))
    joint = joint_key([s.public for s in secrets])
    unit = _signature_check_s()
    print(f"hidden bench (protocol 4: ristretto255, Terelius–Wikström shuffle proofs, soundness "
          f"about 2^-240): {args.players} players, median of {args.runs} runs; one bare Ed25519 "
          f"signature check here: {unit * 1e6:.0f} us")

    final = None
    for cards, (target_s, target_bytes) in TARGETS.items():
        first = initial_deck(match, "bench", cards, joint)
        made, checked, sizes = [], [], []
        for _ in range(args.runs):
            deck = first
            for seat, s in enumerate(secrets):
                slot = Slot(match, 1 + seat, "bench")
                forget_all()
                dt, (out, proof) = _timed(lambda: make_shuffle(s, joint, slot, seat, deck))
                made.append(dt)
                forget_all()
                dt, _ = _timed(lambda: check_shuffle(joint, slot, seat, deck, out, proof))
                checked.append(dt)
                sizes.append(len(encode(proof)))
                deck = out
        if cards == 32:
            final = deck
        mk, ck, size = statistics.median(made), statistics.median(checked), max(sizes)
        verdict = ""
        if target_s is not None:
            met = max(mk, ck) <= target_s and (target_bytes is None or size <= target_bytes)
            verdict = (f"; target <= {target_s * 1e3:.0f} ms each"
                       + (f" and <= {target_bytes // 1024} KB" if target_bytes else "")
                       + f": {'met' if met else 'NOT met'}")
        print(f"  {cards}-card shuffle proof: made {mk * 1e3:5.1f} ms ({mk / unit:4.0f}x a signature "
              f"check), checked {ck * 1e3:5.1f} ms ({ck / unit:4.0f}x), slowest step "
              f"{max(made + checked) * 1e3:.1f} ms; {size} bytes ({size / cards:.0f} a card)"
              + verdict)

    share_times, check_share_times = [], []
    for k in range(20 * args.runs):
        slot = Slot(match, 100, "bench", k % 32)
        ct = final[k % 32]
        forget_all()
        dt, (sh, proof) = _timed(lambda: share(secrets[0], slot, 0, ct))
        share_times.append(dt)
        forget_all()
        dt, _ = _timed(lambda: check_share(secrets[0].public, slot, 0, ct, sh, proof))
        check_share_times.append(dt)
    made, checked = statistics.median(share_times), statistics.median(check_share_times)
    print(f"  decryption share: made {made * 1e3:.2f} ms, checked {checked * 1e3:.2f} ms "
          f"({checked / unit:.1f}x a signature check; DLEQ proof, 96 bytes)")
    n = args.players
    print(f"  a private draw among {n} nodes: {n - 1} shares made and {(n - 1) ** 2} checked = "
          f"{((n - 1) * made + (n - 1) ** 2 * checked) * 1e3:.2f} ms CPU summed over the nodes "
          "(the shares alone, not the drawer's own x*A nor its card lookup)")

    for cards in (9, 32):
        items = [("bench", j, final[j]) for j in range(cards)]
        mk_b, ck_b, singles = [], [], []
        for _ in range(args.runs):
            forget_all()
            dt, (shs, bp) = _timed(lambda: share_batch(secrets[0], match, 99, 0, items))
            mk_b.append(dt)
            forget_all()
            dt, _ = _timed(lambda: check_batch(secrets[0].public, match, 99, 0, items, shs, bp))
            ck_b.append(dt)
        print(f"  a disclosure of {cards} cards by one seat: one batched 96-byte proof made "
              f"{statistics.median(mk_b) * 1e3:.1f} ms, checked {statistics.median(ck_b) * 1e3:.1f}"
              f" ms (= {statistics.median(ck_b) / (cards * checked):.2f}x {cards} single share "
              "checks)")
    return 0


if __name__ == "__main__":
    exit_on_failure(main())
