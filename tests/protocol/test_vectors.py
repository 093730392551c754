"""The test vectors of FORMAT.md (tests/protocol/vectors/) recomputed from the match file through
the protocol's own functions: the match id, the genesis statement and signatures, every entry's
hash, prev and signatures, the reveal chain (each value the k-th of its author's chain, derived
from the identity seed), the chance seeds and the bot seed formula.

These checks are format-level on purpose: they never compare the genesis digest with this
build's (the file was made by the build that wrote it, and the toy's digest covers the engine
core, which keeps changing), so no rule change can break them. The one replay test gives the
ledger the toy's initial state itself, skipping the digest check, and so depends on the toy's
rules (tests/protocol/toygame.py) and the engine core only, not on any real game's rules."""
import json
from pathlib import Path

import engine
from protocol.genesis import check_signature, match_id
from protocol.identity import Identity, verify_signature
from protocol.log import Ledger
from protocol.takeover import bot_seed
from protocol.matchfile import read_items
from protocol.messages import (entry_hash, entry_statements, genesis_statement, parse_entry,
                               parse_signed_genesis)
from protocol.randomness import H, HashChain, chain_secret, chance_seed

from .helpers import TOY

VECTORS = Path(__file__).resolve().parent / "vectors"
EXPECTED = json.loads((VECTORS / "toy-race-takeover.json").read_text())
DATA = (VECTORS / EXPECTED["file"]).read_bytes()
ITEMS = list(read_items(DATA))
SIGNED = parse_signed_genesis(ITEMS[0][2])
BODY = SIGNED["body"]
ENTRIES = [(offset, raw, parse_entry(value)) for offset, raw, value in ITEMS[1:]]


def test_the_vector_holds_every_entry_kind_and_a_takeover():
    kinds = {e["kind"] for _, _, e in ENTRIES}
    assert kinds == {"move", "reveal", "attest", "timeout", "choice"}
    choices = [e["parts"] for _, _, e in ENTRIES if e["kind"] == "choice"]
    assert choices == [[{"seat": 2, "choice": "bot"}] * 2]
    assert BODY["protocol"] == EXPECTED["protocol"] and BODY["game"] == EXPECTED["game"]


def test_the_match_id_and_the_genesis_signatures_recompute():
    assert match_id(SIGNED).hex() == EXPECTED["match_id"]
    assert H(ITEMS[0][1]).hex() == EXPECTED["match_id"]   # the id hashes the item's bytes
    assert H(genesis_statement(BODY)).hex() == EXPECTED["genesis_statement_sha256"]
    assert all(check_signature(BODY, seat, sig) for seat, sig in enumerate(SIGNED["sigs"]))


def test_every_entry_hash_and_prev_link_and_signature_recomputes():
    assert len(ENTRIES) == len(EXPECTED["entries"])
    keys = [p["key"] for p in BODY["players"]]
    for (offset, raw, entry), want in zip(ENTRIES, EXPECTED["entries"]):
        assert (entry["seq"], entry["kind"], entry["authors"]) == (
            want["seq"], want["kind"], want["authors"])
        assert (offset, len(raw)) == (want["offset"], want["length"])
        assert entry["prev"].hex() == want["prev"] and entry_hash(raw).hex() == want["hash"]
        for author, statement, sig in zip(entry["authors"], entry_statements(entry),
                                          entry["sigs"]):
            assert verify_signature(keys[author], sig, statement), (entry["seq"], author)
    hashes = [EXPECTED["match_id"]] + [w["hash"] for w in EXPECTED["entries"]]
    assert [w["prev"] for w in EXPECTED["entries"]] == hashes[:-1]


def test_the_reveal_chain_derives_from_the_identity_seed_and_each_value_is_the_kth():
    n = BODY["chain"]
    chains = []
    for p, want in zip(BODY["players"], EXPECTED["players"]):
        ident = Identity.from_seed(bytes.fromhex(want["identity_seed"]))
        assert ident.public == p["key"] and ident.public.hex() == want["key"]
        secret = chain_secret(ident.seed(), BODY["nonce"])
        assert secret.hex() == want["chain_secret"]
        chain = HashChain(secret, n)
        assert chain.commitment == p["commit"] and p["commit"].hex() == want["commit"]
        chains.append(chain)
    heads = [p["commit"] for p in BODY["players"]]
    reveals = [(e, w) for (_, _, e), w in zip(ENTRIES, EXPECTED["entries"])
               if e["kind"] == "reveal"]
    for k, (entry, want) in enumerate(reveals, start=1):
        assert want["k"] == k
        for author, part in zip(entry["authors"], entry["parts"]):
            assert part == chains[author].reveal(k) and H(part) == heads[author]
            heads[author] = part
        seed = chance_seed(bytes.fromhex(EXPECTED["match_id"]), entry["seq"], entry["parts"])
        assert seed.hex() == want["seed"]


def test_the_takeover_seed_matches_the_example():
    ex = EXPECTED["bot_seed_example"]
    assert bot_seed(bytes.fromhex(EXPECTED["match_id"]), ex["seq"], ex["k"]).hex() == ex["seed"]


def test_the_vector_replays_under_the_toy_rules_whatever_its_digest():
    """Rules replay, digest check skipped: the ledger starts from the toy's initial state and
    checks every author, move, reveal and attested state hash, the bot's moves included."""
    game = engine.get_game(TOY)
    ledger = Ledger(SIGNED, initial_state=game.new(len(BODY["players"]), tuple(BODY["variants"])))
    for _, raw, entry in ENTRIES:
        ledger.take(entry, raw)
    assert ledger.over and ledger.bots == [2] and ledger.bot_moves > 0
