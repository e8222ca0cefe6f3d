"""Ed25519 keys, and the signed envelope every message between boards and the hall travels in.

A payload is one JSON object, ``{"v":1,"sig":"SIG","msg":MSG}``: ``MSG`` is the message's JSON
exactly as signed, ``SIG`` the Ed25519 signature (base64url, no padding) of
``clacks-hw mqtt v1``, the topic and ``MSG``, each ended by a newline. Signing the topic too
means a message cannot be replayed under another board's name or as another kind. The receiver
checks the signature on the bytes as they came, before parsing anything, so a stranger's
message is never even parsed.

Keys are 32 bytes written as 43 characters of base64url, signatures 64 bytes as 86, each read
in that one spelling only (:func:`canonical`). A board's private key sits in its config
(``mqtt.key``), the hall holds every board's public key (``hall.toml``), and the boards hold the
hall's public key, with which it signs its receipts.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from ..base.errors import ClacksError

DOMAIN = b"clacks-hw mqtt v1\n"
ENVELOPE = re.compile(rb'\{"v":1,"sig":"([A-Za-z0-9_-]{86})","msg":(\{.*\})\}', re.DOTALL)
KEY_TEXT = re.compile(r"[A-Za-z0-9_-]{43}")
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class BadKey(ClacksError, ValueError):
    """Text that is not a key; the message says what a key looks like."""


class Unsigned(ClacksError, ValueError):
    """A payload that is not a signed envelope."""


def b64(data: bytes) -> str:
    """Bytes as base64url without padding: the one spelling keys, signatures and boxes have."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def canonical(text: str, size: int) -> bytes | None:
    """The ``size`` bytes ``text`` spells in base64url as :func:`b64` writes it, else None.

    Only that one spelling: the exact length, nothing outside the alphabet (no padding, no
    space), and the last character's spare bits zero (else 4 of a signature's 86 characters'
    bits, 2 of a key's 43, would give one value 16 or 4 spellings)."""
    if len(text) != -(-size * 4 // 3) or not _ALPHABET.issuperset(text):
        return None
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return raw if len(raw) == size and b64(raw) == text else None


def key_bytes(text: str, what: str = "key") -> bytes:
    """The 32 bytes of a key written as text; BadKey otherwise."""
    if not isinstance(text, str) or not KEY_TEXT.fullmatch(text):
        raise BadKey(f"{what} must be 43 characters of base64url (letters, digits, '-', '_'), as "
                     "`clacks-hw hall setup` writes it")
    raw = canonical(text, 32)
    if raw is None:  # the last character carries two bits that must be zero
        raise BadKey(f"{what} is not a key written by `clacks-hw hall setup` (its last character is off)")
    return raw


class SigningKey:
    """A private key: signs messages; its public half is :attr:`public`."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed
        self._key = Ed25519PrivateKey.from_private_bytes(seed)
        self.public = b64(self._key.public_key().public_bytes_raw())

    @classmethod
    def generate(cls) -> SigningKey:
        return cls(Ed25519PrivateKey.generate().private_bytes_raw())

    @classmethod
    def from_text(cls, text: str, what: str = "key") -> SigningKey:
        return cls(key_bytes(text, what))

    @property
    def text(self) -> str:
        """The private key as it is written in a config."""
        return b64(self._seed)

    def client_id(self, role: str) -> str:
        """A fixed MQTT client id nobody can guess without the key: a guessed one lets any broker
        user take over the session and push its owner off the broker."""
        return "c" + hmac.new(self._seed, b"mqtt client id\n" + role.encode(), hashlib.sha256).hexdigest()[:22]

    def seal(self, topic: str, msg: bytes) -> bytes:
        """The payload to publish on ``topic``: ``msg`` (JSON bytes) in a signed envelope."""
        sig = self._key.sign(DOMAIN + topic.encode() + b"\n" + msg + b"\n")
        return b'{"v":1,"sig":"' + b64(sig).encode() + b'","msg":' + msg + b"}"


class VerifyKey:
    def __init__(self, text: str, what: str = "key") -> None:
        self.text = text
        self._key = Ed25519PublicKey.from_public_bytes(key_bytes(text, what))

    def verify(self, topic: str, sig: bytes, msg: bytes) -> bool:
        raw = canonical(sig.decode("ascii", "replace"), 64)
        if raw is None:  # a signature respelt is not the one its owner made
            return False
        try:
            self._key.verify(raw, DOMAIN + topic.encode() + b"\n" + msg + b"\n")
        except InvalidSignature:
            return False
        return True


def open_envelope(payload: bytes) -> tuple[bytes, bytes]:
    """(signature, message bytes) of a signed payload; Unsigned when it is not one."""
    m = ENVELOPE.fullmatch(payload)
    if m is None:
        raise Unsigned("not a signed message (expected {\"v\":1,\"sig\":...,\"msg\":{...}})")
    return m[1], m[2]


def fingerprint(public: str) -> str:
    """A short form of a public key people compare by eye: ``ABCD-EFGH-IJKL-MNOP``."""
    digest = base64.b32encode(hashlib.sha256(public.encode("ascii")).digest()).decode()[:16]
    return "-".join(digest[i:i + 4] for i in range(0, 16, 4))


KEY_FILE = "mqtt-key"


def stored_key(folder) -> tuple[SigningKey, bool]:
    """The key a board made for itself in ``folder`` (journal.dir), made now if there is none:
    (key, made now). For a board whose config gives no ``mqtt.key``: it signs with this one, and
    a hall that does not know it lists it as knocking, with the command that adds it."""
    from ..base.secure_files import SafeDir

    with SafeDir.open(folder, create=0o700) as d:
        try:
            text = d.read(KEY_FILE, 256).decode("ascii", "replace").strip()
            return SigningKey.from_text(text, f"{folder}/{KEY_FILE}"), False
        except FileNotFoundError:
            key = SigningKey.generate()
            d.write(KEY_FILE, key.text + "\n", 0o600)
            return key, True
