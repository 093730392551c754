"""Hidden information without a trusted party: the cryptographic core of hidden decks
(protocol 4, HIDDEN.md).

Sans-IO and stateless: values in, values out, all of them plain bytes, ints, text and lists
that `protocol.codec` encodes canonically. protocol.hiddenlog checks a match's hidden-deck
entries with it, and a session makes its own parts with it; HIDDEN.md beside this package
specifies the encodings, every hash input, every check and the soundness.

Module map (each opens with the invariants it keeps):
    sizes       the sizes of values, known without loading the group (the schema's)
    errors      the typed errors, each naming the check that failed
    group       ristretto255 (RFC 9496) from libsodium through rbcl: checked points, scalars,
                hashing to the group
    transcript  slots and bindings, Fiat–Shamir hashing, deterministic secret derivation
    sigma       Schnorr / Chaum–Pedersen proofs (one protocol, one or two bases)
    keys        per-match ElGamal keys from the identity seed, key proofs, the joint key
    cards       cards as points hashed to the group, ciphertexts, decks, the public initial
                masking, re-masking
    shuffle     make_shuffle / check_shuffle: permute and re-mask, with the Terelius–Wikström
                proof (linear in the deck)
    shares      decryption shares with DLEQ proofs, several of one seat under one batched
                proof (share_batch / check_batch), unmask, open_card, open_own (the holder)

The life of a deck (mental-poker's mask / shuffle_and_remask / compute_reveal_token / unmask):
    secret = player_secret(identity_seed, genesis_nonce); proof = prove_key(secret, nonce, seat)
    check_key(h_i, nonce, i, proof_i) for every seat;     H = joint_key([h_0, ..., h_n-1])
    deck = initial_deck(match_id, "loot", 32, H)
    for each seat in order: deck, proof = make_shuffle(secret, H, slot, seat, deck)
                            check_shuffle(H, slot, seat, previous deck, deck, proof)
    a draw of position k:  S_i, proof = share(secret, slot, i, deck[k]) by every seat but
                           the holder; check_share(h_i, slot, i, deck[k], S_i, proof)
                           the holder: open_own(secret, "loot", 32, deck[k], [all S_i])
    a disclosure:          shares, proof = share_batch(secret, match, seq, i, items) by each
                           holder of its cards; check_batch(h_i, match, seq, i, items, shares,
                           proof); open_card(deck, m, deck[k], [every seat's share])

The package's names load their module on first use (PEP 562), so importing it costs nothing
until a hidden card is touched: the group's library (rbcl) takes some 0.1 s to load, which a
process of a game without hidden cards never pays (`sizes` holds what the schema needs).
"""
from __future__ import annotations

import importlib
from typing import Any

_HOME = {
    "cards": ("CIPHERTEXT_BYTES", "MAX_DECK", "card_point", "card_points", "initial_deck"),
    "errors": ("BadEncoding", "BadPoint", "BadScalar", "HiddenError", "KeyProofFailed",
               "NotACard", "ProofFailed", "ReplayedProof", "ShareProofFailed", "ShuffleFailed"),
    "keys": ("PlayerSecret", "check_key", "joint_key", "player_secret", "prove_key"),
    "shares": ("check_batch", "check_share", "open_card", "open_own", "share", "share_batch",
               "unmask"),
    "shuffle": ("check_shuffle", "make_shuffle"),
    "transcript": ("Slot",),
}
_MODULES = ("cards", "errors", "group", "keys", "shares", "shuffle", "sigma", "sizes",
            "transcript")
_WHERE = {name: module for module, names in _HOME.items() for name in names}

__all__ = [name for names in _HOME.values() for name in names]


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return importlib.import_module(f".{name}", __name__)
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value   # found once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__, *_MODULES])
