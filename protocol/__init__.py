"""Sans-IO protocol core: bytes and messages in, messages and events out, no sockets.

codec       strict deterministic CBOR (one encoder: the engine's; cbor2 for decoding)
identity    Ed25519 key file in the data directory, check codes
peertext    the rule a player's name keeps, and `shown`: peer text as a terminal may print it
messages    the schema of genesis, shares and entries, and what each author signs
genesis     building, signing and checking the genesis; the match id
randomness  hash-chain commit-reveal and the chance seed
log         the Ledger: who may write the next entry, and applying it to the engine state
session     one node's state machine (feed frames, get frames and events)
verify      offline verification of a match file
matchfile   the match file (a CBOR sequence)
inmemory    N sessions over a shuffled in-memory network (sim --log, tests, bench)
hidden/     protocol 4: keys, shuffles and decryption shares for hidden cards (HIDDEN.md)
hiddenlog   the hidden decks of a match as the ledger checks and applies them

The wire and file formats are described in FORMAT.md beside this file.
"""
