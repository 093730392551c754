"""What can go wrong with hidden-information data, as typed errors that say which check failed.

Every failure raised by protocol.hidden is a `HiddenError`; nothing else escapes its parsers and
checkers (a libsodium refusal is turned into one of these before it leaves). Like
`protocol.codec.CodecError`, the base is a ValueError and each message says what was wrong, so a
node can log it and attribute the fault to the seat that sent the data.

    HiddenError
      BadEncoding      wrong type or length (the value is not shaped like a key, point, proof)
      BadPoint         32 bytes that are not a ristretto255 element other than the identity
                       (not a canonical encoding, or the identity)
      BadScalar        32 bytes that are not a canonical non-zero scalar (>= the group order)
      ProofFailed      a well-formed proof that does not prove its statement; `.check` names
                       the check: "binding", "schnorr", "dleq", "size", "duplicate",
                       "equation", "joint key"
        ReplayedProof  made for another match, slot or seat ("binding")
        KeyProofFailed the Schnorr proof of an ElGamal key does not hold ("schnorr")
        ShareProofFailed the DLEQ proof of a decryption share (or the batched proof of
                       several) does not hold ("dleq")
        ShuffleFailed  the shuffle is not proven a re-masked permutation of its input
                       ("size", "duplicate", "equation")
      NotACard         a ciphertext opened to a point that is no card of the deck
"""
from __future__ import annotations

__all__ = [
    "HiddenError", "BadEncoding", "BadPoint", "BadScalar", "ProofFailed", "ReplayedProof",
    "KeyProofFailed", "ShareProofFailed", "ShuffleFailed", "NotACard",
]


class HiddenError(ValueError):
    """Hidden-information data that is malformed or does not prove what it claims."""


class BadEncoding(HiddenError):
    pass


class BadPoint(HiddenError):
    pass


class BadScalar(HiddenError):
    pass


class ProofFailed(HiddenError):
    def __init__(self, check: str, reason: str) -> None:
        super().__init__(f"{check} check failed: {reason}")
        self.check = check


class ReplayedProof(ProofFailed):
    def __init__(self, what: str) -> None:
        super().__init__("binding", f"the {what} was made for another match, slot or seat")


class KeyProofFailed(ProofFailed):
    def __init__(self, reason: str) -> None:
        super().__init__("schnorr", reason)


class ShareProofFailed(ProofFailed):
    def __init__(self, reason: str) -> None:
        super().__init__("dleq", reason)


class ShuffleFailed(ProofFailed):
    pass


class NotACard(HiddenError):
    pass
