"""The sizes of hidden-card values, known without the group: what protocol.messages' schema and
the genesis check read in every process, most of which never touch a hidden card.

Invariant: nothing here imports the group (rbcl, libsodium): loading it costs a process some
0.1 s (rbcl decodes and writes out its bundled library), paid only by a process that shuffles,
shares or checks a hidden card (protocol.hidden loads its modules on first use).
"""
from __future__ import annotations

__all__ = ["MAX_DECK", "MAX_CARDS", "MAX_DECK_NAME", "POINT_BYTES", "SCALAR_BYTES",
           "CIPHERTEXT_BYTES", "PROOF_BYTES"]

MAX_DECK = 255          # cards a hidden deck may have: the shuffle proof's generators h_0..h_254
MAX_CARDS = 512         # cards all hidden decks of a match have together, and so the most one
                        # disclose entry opens: at most 81 bytes an item (a deck name of
                        # MAX_DECK_NAME ASCII characters), 41.5 KB, inside one 65536-byte item
MAX_DECK_NAME = 16      # characters of a hidden deck's name (lowercase ASCII letters, digits, -)
POINT_BYTES = 32        # a ristretto255 element
SCALAR_BYTES = 32       # a scalar mod L, little-endian
CIPHERTEXT_BYTES = 64   # A ‖ B
PROOF_BYTES = 96        # a Schnorr, DLEQ or batched DLEQ proof: binding ‖ c ‖ s
