"""A private table's code: made to be read out, proven with SPAKE2 bound to the handshake.

Invariants kept here (sans-IO: the node carries the three messages):
- The code never crosses the network, nor anything derived from it alone: each side sends one
  SPAKE2 message (a blinded group element) and one key-confirmation MAC. An eavesdropper, or a
  joiner that guessed wrong, learns nothing to test further guesses against offline; each guess
  costs one live exchange with the host, which node.code_tries limits.
- The exchange is bound to the connection: SPAKE2's identity is the handshake transcript
  (node.transport.transcript, fresh nonces of both sides), so a message or MAC recorded from
  another connection yields another key and fails; the MAC labels each side's role, so our own
  MAC reflected back fails; SPAKE2 refuses our own message reflected back.
- A code is CODE_CHARS characters of an alphabet without look-alikes (no 0/O, 1/I/L, U/V),
  written in two groups of three: about 29 bits, 1 chance in 595 million per guess.
"""
from __future__ import annotations

import hashlib
import hmac
import math
import secrets

from spake2 import SPAKE2_Symmetric

ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
CODE_CHARS = 6
GUESS_SPACE = len(ALPHABET) ** CODE_CHARS
CODE_BITS = math.log2(GUESS_SPACE)
_DOMAIN = b"lanboard/table-code/1"
MAC_LEN = 32


# What a code resists, in words for the person reading it out (the host's lobby screen):
# GUESS_SPACE rounded to millions, as the README says it
RESISTS = f"about {round(GUESS_SPACE / 1e6)} million guesses ({CODE_BITS:.0f} bits)"


class WrongCode(Exception):
    """The peer did not prove the same code (a wrong code, or a message from elsewhere)."""


def new_code() -> str:
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_CHARS))
    return f"{raw[:3]}-{raw[3:]}"


def normal_code(text: str) -> str | None:
    """`text` as a code (case, spaces and dashes as typed do not matter), or None if it cannot
    be one."""
    raw = "".join(c for c in text.upper() if c not in " -")
    if len(raw) != CODE_CHARS or any(c not in ALPHABET for c in raw):
        return None
    return f"{raw[:3]}-{raw[3:]}"


class CodeProof:
    """One side's proof of the code on one connection: send `message()`, give the peer's to
    `confirm()` and send what it returns, give the peer's MAC to `check()`. WrongCode from
    either means the peer does not hold the code (or replayed, reflected or mangled a message)."""

    def __init__(self, code: str, transcript: bytes, *, initiator: bool) -> None:
        normal = normal_code(code)
        if normal is None:
            raise ValueError(f"{code!r} is not a table code")
        self._transcript = transcript
        self._role, self._peer_role = (b"joiner", b"host") if initiator else (b"host", b"joiner")
        self._spake = SPAKE2_Symmetric(normal.encode(), idSymmetric=_DOMAIN + transcript)
        self._message = self._spake.start()
        self._key: bytes | None = None

    def message(self) -> bytes:
        return self._message

    def confirm(self, peer_message: bytes) -> bytes:
        if type(peer_message) is not bytes or peer_message == self._message:
            raise WrongCode("the peer's code message is our own reflected back")
        try:
            self._key = self._spake.finish(peer_message)
        except Exception as e:  # noqa: BLE001 - spake2 raises many kinds for a bad element

            raise WrongCode(f"the peer's code message is not one ({type(e).__name__})"
                            ) from None
        return self._mac(self._role)

    def check(self, peer_mac: bytes) -> None:
        if self._key is None:
            raise WrongCode("no code message from the peer yet")
        if type(peer_mac) is not bytes or not hmac.compare_digest(peer_mac,
                                                                  self._mac(self._peer_role)):
            raise WrongCode("the peer does not hold this table's code")

    def _mac(self, role: bytes) -> bytes:
        return hmac.new(self._key, _DOMAIN + b"/confirm/" + role + b"/" + self._transcript,
                        hashlib.sha256).digest()
