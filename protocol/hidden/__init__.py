"""Hidden information without a trusted party: the cryptographic core of hidden decks.

Sans-IO and stateless: values in, values out, all of them plain bytes, ints, text and lists
that `protocol.codec` encodes canonically. protocol.hiddenlog checks a match's hidden-deck
entries with it, and a session makes its own parts with it; HIDDEN.md beside this package
describes the encodings, transcripts and soundness.

Module map (each opens with the invariants it keeps):
    errors      the typed errors, each naming the check that failed
    group       the Ed25519 prime-order group from libsodium (PyNaCl), checked points/scalars
    transcript  slots and bindings, Fiat–Shamir hashing, deterministic secret derivation
    sigma       Schnorr / Chaum–Pedersen proofs (one protocol, one or two bases)
    keys        per-match ElGamal keys from the identity seed, key proofs, the joint key
    cards       cards as points, ciphertexts, decks, the public initial masking, re-masking
    shuffle     make_shuffle / check_shuffle: permute and re-mask, cut-and-choose proof
    shares      decryption shares with DLEQ proofs, unmask, open_card, open_own (the holder)
    r255        ristretto255 through rbcl (protocol 4's group)
    wikstrom    the Terelius–Wikström linear shuffle proof on ristretto255 (protocol 4)

The life of a deck (mental-poker's mask / shuffle_and_remask / compute_reveal_token / unmask):
    secret = player_secret(identity_seed, genesis_nonce); proof = prove_key(secret, nonce, seat)
    check_key(h_i, nonce, i, proof_i) for every seat;     H = joint_key([h_0, ..., h_n-1])
    deck = initial_deck(match_id, "loot", 32, H)
    for each seat in order: deck, proof = make_shuffle(secret, H, slot, seat, deck)
                            check_shuffle(H, slot, seat, previous deck, deck, proof)
    a draw of position k:  S_i, proof = share(secret, slot, i, deck[k]) by every seat but
                           the holder; check_share(h_i, slot, i, deck[k], S_i, proof)
                           the holder: open_own(secret, "loot", 32, deck[k], [all S_i])
"""
from .cards import CIPHERTEXT_BYTES, MAX_DECK, card_point, card_points, initial_deck
from .errors import (BadEncoding, BadPoint, BadScalar, HiddenError, KeyProofFailed, NotACard,
                     ProofFailed, ReplayedProof, ShareProofFailed, ShuffleFailed)
from .keys import PlayerSecret, check_key, joint_key, player_secret, prove_key
from .shares import check_share, open_card, open_own, share, unmask
from .shuffle import ROUNDS, check_shuffle, make_shuffle
from .transcript import Slot

__all__ = [
    "CIPHERTEXT_BYTES", "MAX_DECK", "card_point", "card_points", "initial_deck",
    "BadEncoding", "BadPoint", "BadScalar", "HiddenError", "KeyProofFailed", "NotACard",
    "ProofFailed", "ReplayedProof", "ShareProofFailed", "ShuffleFailed",
    "PlayerSecret", "check_key", "joint_key", "player_secret", "prove_key",
    "check_share", "open_card", "open_own", "share", "unmask",
    "ROUNDS", "check_shuffle", "make_shuffle", "Slot",
]
