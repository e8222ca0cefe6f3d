"""Sealed for one reader: a seat's view (its hand, its secrets) and a seat's action travel over a
broker anyone with a login may read, so each is encrypted to its one recipient's X25519 key.

A sealed box (as libsodium's crypto_box_seal): a fresh X25519 key per message, its shared
secret with the recipient's key through HKDF-SHA256 to a ChaCha20-Poly1305 key, the topic as
associated data (a box moved to another topic does not open). The box is then signed by its
sender (mqtt/signing.py's envelope), so it is both secret and known to be the sender's.
"""

from __future__ import annotations

import base64

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ..base.errors import ClacksError
from ..mqtt.signing import b64, key_bytes

INFO = b"clacks-hw line seal v1\n"
NONCE = bytes(12)  # every box has a key of its own (a fresh sender key), so one nonce is safe


class Unsealed(ClacksError, ValueError):
    """A box that does not open: not for this key, altered, or moved to another topic."""


def _key(shared: bytes, sender: bytes, recipient: bytes, topic: str) -> bytes:
    return HKDF(hashes.SHA256(), 32, salt=sender + recipient, info=INFO + topic.encode()).derive(shared)


class BoxKey:
    """A recipient's private X25519 key; :attr:`public` is what the other side seals to."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed
        self._key = X25519PrivateKey.from_private_bytes(seed)
        self.public = b64(self._key.public_key().public_bytes_raw())

    @classmethod
    def generate(cls) -> BoxKey:
        return cls(X25519PrivateKey.generate().private_bytes_raw())

    @classmethod
    def from_text(cls, text: str) -> BoxKey:
        return cls(key_bytes(text, "a line box key"))

    @property
    def text(self) -> str:
        return b64(self._seed)

    def open(self, topic: str, box: str) -> bytes:
        """The bytes sealed in ``box`` for this key on ``topic``; Unsealed otherwise."""
        try:
            raw = base64.urlsafe_b64decode(box + "=" * (-len(box) % 4)) if isinstance(box, str) else b""
        except ValueError:
            raw = b""
        if len(raw) < 32 + 16:
            raise Unsealed("not a sealed box")
        sender, body = raw[:32], raw[32:]
        mine = self._key.public_key().public_bytes_raw()
        shared = self._key.exchange(X25519PublicKey.from_public_bytes(sender))
        try:
            return ChaCha20Poly1305(_key(shared, sender, mine, topic)).decrypt(NONCE, body, topic.encode())
        except InvalidTag:
            raise Unsealed("the box does not open with this key on this topic") from None


def seal(recipient_public: str, topic: str, data: bytes) -> str:
    """``data`` sealed so that only the holder of ``recipient_public``'s key reads it, on ``topic``."""
    recipient = key_bytes(recipient_public, "a line box key")
    ephemeral = X25519PrivateKey.generate()
    sender = ephemeral.public_key().public_bytes_raw()
    shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(recipient))
    body = ChaCha20Poly1305(_key(shared, sender, recipient, topic)).encrypt(NONCE, data, topic.encode())
    return b64(sender + body)
