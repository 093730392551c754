"""A player's Ed25519 identity: the key file in the user's data directory and the check code.

The key file holds the 32-byte private seed and nothing else; it is created with mode 0600 in one
`open` call (O_EXCL), so it is never readable by others, not even for an instant.
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .private_files import open_private, private_dir
from .proven import Passed

__all__ = ["Identity", "data_dir", "load_or_create", "check_code", "verify_signature"]

KEY_FILE = "identity.key"


def data_dir() -> Path:
    """$LANBOARD_HOME, else $XDG_DATA_HOME/lanboard, else ~/.local/share/lanboard."""
    home = os.environ.get("LANBOARD_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "lanboard"


def check_code(public_key: bytes) -> str:
    """Eight base32 characters (40 bits) people read aloud to confirm they see the same key."""
    digest = hashlib.sha256(b"lanboard/check-code/1" + public_key).digest()
    code = base64.b32encode(digest[:5]).decode("ascii")
    return f"{code[:4]}-{code[4:]}"


_CHECK_CODE_RE = re.compile(r"^[A-Z2-7]{4}-[A-Z2-7]{4}$")


def is_check_code(text: object) -> bool:
    """Whether `text` is written as `check_code` writes a code, e.g. AD55-GY4Y."""
    return type(text) is str and bool(_CHECK_CODE_RE.match(text))


class Identity:
    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public = private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)

    @classmethod
    def generate(cls) -> "Identity":
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> "Identity":
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    def seed(self) -> bytes:
        return self._private.private_bytes(
            serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
            serialization.NoEncryption())

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)

    @property
    def check_code(self) -> str:
        return check_code(self.public)

    def __repr__(self) -> str:
        return f"Identity({self.check_code})"


def load_or_create(directory: Path | str | None = None) -> Identity:
    """The identity kept in `directory` (default `data_dir()`), created on first use."""
    d = Path(directory) if directory is not None else data_dir()
    private_dir(d)
    path = d / KEY_FILE
    try:
        fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except FileExistsError:
        seed = path.read_bytes()
        if len(seed) != 32:
            raise ValueError(f"{path} is not a lanboard key file (expected 32 bytes, got {len(seed)})")
        return Identity.from_seed(seed)
    ident = Identity.generate()
    with os.fdopen(fd, "wb") as f:
        f.write(ident.seed())
        f.flush()
        os.fsync(f.fileno())
    return ident


_key_cache: dict[bytes, Ed25519PublicKey] = {}
# Signatures found valid, by (key, signature, SHA-256 of the message): the message by its
# digest, so the memo stays within about 1 MB however long the signed items are.
_valid = Passed(8192)


def verify_signature(public_key: bytes, signature: bytes, message: bytes) -> bool:
    triple = (public_key, signature, hashlib.sha256(message).digest())
    if triple in _valid:
        return True
    key = _key_cache.get(public_key)
    if key is None:
        try:
            key = Ed25519PublicKey.from_public_bytes(public_key)
        except ValueError:
            return False
        if len(_key_cache) > 1024:  # bounded: keys come from genesis files of unknown origin
            _key_cache.clear()
        _key_cache[public_key] = key
    try:
        key.verify(signature, message)
    except InvalidSignature:
        return False
    _valid.add(triple)
    return True
