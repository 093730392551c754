"""Protocol figures: offline verification throughput next to the bare Ed25519 verify rate
measured in the same run, and match-file bytes per turn.

    python bench/bench_protocol.py [--runs 9] [--players 4] [--seed 3]

Verification throughput is signatures checked per second by `protocol.verify.verify_bytes` on a
whole overwatch-monopoly match file: decoding, schema, chain, slot rules, reveals and the full
engine replay with a state hash per attestation are all inside the timed region. The bare rate
is `Ed25519PublicKey.verify` alone, on the same (key, signature, message) triples, in a tight
loop. Both rates are medians over --runs timings; the ratio is the median of each run's
back-to-back pair, which the drift of this machine's speed between runs moves far less.
For a game with hidden cards (protocol 4, Overwatch Monopoly's Loot Boxes) it also prints the
share of one verification spent in the hidden-card checks (keys, shuffle proofs, decryption
shares, the disclosure: protocol.hiddenlog), timed around those calls. The target, at least 60%
of bare (issues 4 and 28), holds for every game, Overwatch Monopoly's proofs included.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey  # noqa: E402

from bench.script_exit import exit_on_failure  # noqa: E402
from protocol.codec import decode  # noqa: E402
from protocol.inmemory import is_clean, play_match  # noqa: E402
from protocol.messages import entry_shares, genesis_statement, share_statement  # noqa: E402
from protocol.proven import forget_all  # noqa: E402
from protocol.verify import verify_bytes  # noqa: E402

TARGET = 0.60


def _median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--game", default="overwatch-monopoly")
    args = ap.parse_args(argv)

    t = time.perf_counter()
    run = play_match(args.game, args.players, seed=args.seed, order_seed=args.seed,
                     bots="greedy", chain=4096)
    play_s = time.perf_counter() - t
    if not is_clean(run):
        print(f"bench_protocol: the in-memory match did not finish cleanly: {run.faults()}")
        return 1
    log = run.sessions[0].log
    data = b"".join(log)

    # the same (key, signature, message) triples verify_bytes checks
    signed = decode(log[0])
    keys = [Ed25519PublicKey.from_public_bytes(p["key"]) for p in signed["body"]["players"]]
    triples = [(keys[i], sig, genesis_statement(signed["body"]))
               for i, sig in enumerate(signed["sigs"])]
    for raw in log[1:]:
        for s in entry_shares(decode(raw)):
            triples.append((keys[s["author"]], s["sig"], share_statement(
                s["match"], s["seq"], s["prev"], s["kind"], s["author"], s["part"])))

    report = verify_bytes(data)
    if report.status != 0 or report.signatures != len(triples):
        print(f"bench_protocol: verification failed or counted {report.signatures} "
              f"signatures for {len(triples)}: {report.reason}")
        return 1

    def bare() -> None:
        for key, sig, msg in triples:
            key.verify(sig, msg)

    # Alternate the two timings within each run, so load from other processes on the machine
    # falls on both alike, then take the median of each.
    bare_times, verify_times = [], []
    for _ in range(args.runs):
        bare_times.append(_median_time(bare, 1))
        forget_all()   # time the checks, not the memos of the run before
        verify_times.append(_median_time(lambda: verify_bytes(data), 1))
    bare_s = statistics.median(bare_times)
    verify_s = statistics.median(verify_times)
    n = len(triples)
    bare_rate = n / bare_s
    verify_rate = n / verify_s
    # the ratio of each run's pair, timed back to back: this machine's speed drifts between
    # runs by more than the margin the target leaves
    ratio = statistics.median(b / v for b, v in zip(bare_times, verify_times))

    details = report.details if isinstance(report.details, dict) else {}
    turns = details.get("turns") or report.counts["move"]
    turn_word = "game turns" if details.get("turns") else "moves"
    print(f"protocol bench: {args.game}, {args.players} players, seed {args.seed}, "
          f"median of {args.runs} runs")
    print(f"  match: {report.entries} entries ({report.counts['move']} moves, "
          f"{report.counts['reveal']} rolls, {report.counts['attest']} attestations), "
          f"{turns} {turn_word}, {n} signatures")
    print(f"  bare Ed25519 verify:      {bare_rate:9.0f} signatures/s")
    hidden_s = _hidden_seconds(data)
    # The target is the signed log's overhead over its signatures (issue 4), a protocol-4
    # match's shuffle and share proofs included (issue 28); their share is said on its own line.
    verdict = f"target >= {TARGET:.0%}: {'met' if ratio >= TARGET else 'NOT met'}"
    print(f"  verify_bytes (w/ replay): {verify_rate:9.0f} signatures/s  "
          f"= {ratio:.1%} of bare, median of each run's pair ({verdict})")
    if hidden_s is not None:
        print(f"  hidden-card checks: {report.counts['shuffle']} shuffles, {report.counts['draw']} "
              f"draws, {report.counts['disclose']} disclosure: {hidden_s[0]:.2f} s of one "
              f"{hidden_s[1]:.2f} s verification = {hidden_s[0] / hidden_s[1]:.0%}")
    print(f"  match file: {len(data)} bytes, {len(data) / turns:.0f} bytes per turn, "
          f"{len(data) / report.entries:.0f} bytes per entry")
    print(f"  in-memory play: {run.net.delivered} frames ({run.net.delivered / turns:.0f} per turn), "
          f"{run.net.bytes} bytes on the wire ({run.net.bytes / turns:.0f} per turn), "
          f"{play_s:.1f} s for {args.players} nodes in one process")
    return 0


def _hidden_seconds(data: bytes) -> tuple[float, float] | None:
    """(seconds in protocol.hiddenlog's checks and applies, seconds of the whole verification)
    for one verify_bytes of a protocol-4 file; None for a protocol-2 file."""
    from protocol import hiddenlog
    spent = [0.0]
    cls = hiddenlog.HiddenDecks
    originals = {name: getattr(cls, name) for name in ("check", "append")}

    def timed(f):
        def g(*a, **k):
            t0 = time.perf_counter()
            try:
                return f(*a, **k)
            finally:
                spent[0] += time.perf_counter() - t0
        return g
    try:
        for name, f in originals.items():
            setattr(cls, name, timed(f))
        forget_all()
        t = time.perf_counter()
        verify_bytes(data)
        total = time.perf_counter() - t
    finally:
        for name, f in originals.items():
            setattr(cls, name, f)
    return (spent[0], total) if spent[0] else None


if __name__ == "__main__":
    exit_on_failure(main())
