"""A key or a signature has one spelling: the base64url `clacks-hw hall setup` and every sealed
message write. Every other spelling of the same bytes (the last character's spare bits set,
padding, a space or a line break, the standard alphabet's '+' and '/') is refused wherever a key
or a signature is read, and the hall counts no message signed with one."""

from __future__ import annotations

import base64
import json

import pytest

from clacks_hw.config.load import parse_config
from clacks_hw.config.errors import ConfigError
from clacks_hw.mqtt import schema
from clacks_hw.mqtt.signing import BadKey, SigningKey, VerifyKey, key_bytes, open_envelope
from clacks_hw.hall.config import HallConfig, HallConfigError, PageSettings, Trust, add_board
from clacks_hw.hall.ingest import Ingest
from clacks_hw.hall.store import HallStore

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
TOPIC = "clacks/alpha/result"
RESULT = schema.Result(game="n4-1234abcd", mode="competitive", seats=["S", "N"], winner="S", actions=30,
                       turns=11, seconds=60.0)


def lenient(text: str) -> bytes:
    """What a decoder that does not insist on one spelling makes of ``text``: it skips what is
    not base64 (as Python's does), pads, and reads either alphabet."""
    kept = "".join(c for c in text if c in ALPHABET + "+/")
    return base64.urlsafe_b64decode(kept + "=" * (-len(kept) % 4))


def spare_bit_spellings(text: str) -> list[str]:
    """``text`` with its last character changed in the bits no byte holds: the same bytes."""
    return [text[:-1] + c for c in ALPHABET if c != text[-1] and lenient(text[:-1] + c) == lenient(text)]


def respellings(text: str) -> list[str]:
    """Every other spelling of ``text`` these tests try: spare bits, padding, spaces and line
    breaks, the standard alphabet."""
    others = [text + "=" * (-len(text) % 4), " " + text, text + "\n", text[:20] + " " + text[20:],
              text.replace("-", "+").replace("_", "/")]
    return spare_bit_spellings(text) + [other for other in others if other != text]


def genuine() -> tuple[SigningKey, bytes, bytes]:
    """A key, a result and its payload, the key and the signature each holding '-' or '_' (so
    their standard-alphabet spellings differ)."""
    msg = schema.encode(RESULT)
    while True:
        key = SigningKey.generate()
        payload = key.seal(TOPIC, msg)
        sig, _ = open_envelope(payload)
        if all(set(text) & {"-", "_"} for text in (key.public, sig.decode())):
            return key, msg, payload


def test_every_spelling_tried_is_the_same_bytes_to_a_lenient_decoder():
    key, _, payload = genuine()
    sig = open_envelope(payload)[0].decode()
    assert len(spare_bit_spellings(sig)) == 15 and len(spare_bit_spellings(key.public)) == 3  # 4 and 2 spare bits
    for text in (sig, key.public):
        assert all(lenient(other) == lenient(text) for other in respellings(text))


def test_a_signature_verifies_in_its_one_spelling_only():
    key, msg, payload = genuine()
    sig, _ = open_envelope(payload)
    verify = VerifyKey(key.public)
    assert verify.verify(TOPIC, sig, msg)
    for other in respellings(sig.decode()):
        assert not verify.verify(TOPIC, other.encode(), msg), other


def test_a_public_key_reads_in_its_one_spelling_only(tmp_path):
    key, _, _ = genuine()
    status = schema.BoardStatus(status="online", boot="0123456789abcdef", key=key.public)
    assert schema.decode("status", schema.encode(status)).key == key.public
    assert key_bytes(key.public) == lenient(key.public)
    hall_toml = tmp_path / "hall.toml"
    hall_toml.write_text("[boards]\n")
    for other in respellings(key.public):
        with pytest.raises(BadKey):
            key_bytes(other)
        with pytest.raises(BadKey):
            VerifyKey(other)
        with pytest.raises(HallConfigError):
            add_board(hall_toml, "alpha", other)
        with pytest.raises(schema.BadMessage, match="key"):  # a board's status offering it
            schema.decode("status", schema.encode(status).replace(f'"{key.public}"'.encode(), json.dumps(other).encode()))
        with pytest.raises(ConfigError, match="mqtt.hall_key"):  # a board's config naming the hall's
            parse_config(f"[mqtt]\nhall_key = {json.dumps(other)}\n".encode())
    for other in respellings(key.text):  # the board's own private key, in its config
        with pytest.raises(ConfigError, match="mqtt.key"):
            parse_config(f"[mqtt]\nkey = {json.dumps(other)}\n".encode())
    assert parse_config(f"[mqtt]\nkey = {json.dumps(key.text)}\n".encode()).mqtt.key == key.text
    assert hall_toml.read_text() == "[boards]\n"
    add_board(hall_toml, "alpha", key.public)
    assert key.public in hall_toml.read_text()


def test_the_hall_counts_no_result_whose_signature_is_respelt(tmp_path):
    key, _, payload = genuine()
    cfg = HallConfig(None, PageSettings(), SigningKey.generate(), {"alpha": key.public})
    ingest = Ingest(Trust(cfg), HallStore(tmp_path / "hall.sqlite", wall=lambda: 1000.0), lambda: 1000.0)
    sig, _ = open_envelope(payload)
    for other in spare_bit_spellings(sig.decode()):  # the others are no envelope at all
        assert ingest.receive(TOPIC, payload.replace(sig, other.encode()))[1] is None  # no receipt owed
    assert ingest.store.count() == 0 and "alpha" not in ingest.cards
    assert ingest.knocking["alpha"].reason == "signs with another key than the hall has for it"
    assert ingest.receive(TOPIC, payload) == (True, "alpha")
    assert ingest.store.count() == 1
