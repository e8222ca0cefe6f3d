"""Signed messages: only the key's owner can make one, for one topic; keys as text are checked;
client ids cannot be guessed from a board's name."""

from __future__ import annotations

import json

import pytest

from clacks_hw.mqtt.signing import BadKey, SigningKey, Unsigned, VerifyKey, fingerprint, key_bytes, open_envelope

TOPIC = "clacks/alpha/result"
MSG = b'{"game":"n1-00000000"}'


def test_a_sealed_message_opens_and_verifies_only_with_its_key_on_its_topic():
    key, other = SigningKey.generate(), SigningKey.generate()
    payload = key.seal(TOPIC, MSG)
    assert json.loads(payload)["msg"] == json.loads(MSG)  # the whole payload is plain JSON
    sig, msg = open_envelope(payload)
    assert msg == MSG
    assert VerifyKey(key.public).verify(TOPIC, sig, msg)
    assert not VerifyKey(other.public).verify(TOPIC, sig, msg)
    assert not VerifyKey(key.public).verify("clacks/beta/result", sig, msg)  # replayed under another board
    assert not VerifyKey(key.public).verify("clacks/alpha/state", sig, msg)  # or as another kind
    assert not VerifyKey(key.public).verify(TOPIC, sig, msg.replace(b"1", b"2"))


@pytest.mark.parametrize("payload", [MSG, b"", b'{"v":1,"sig":"short","msg":{}}', b'{"v":2,"sig":"' + b"A" * 86 + b'","msg":{}}',
                                     b'{"v":1,"msg":{},"sig":"' + b"A" * 86 + b'"}'])
def test_anything_but_an_envelope_is_unsigned(payload):
    with pytest.raises(Unsigned):
        open_envelope(payload)


def test_keys_as_text():
    key = SigningKey.generate()
    assert SigningKey.from_text(key.text).public == key.public
    assert len(key.text) == len(key.public) == 43
    for bad in ("", "x" * 42, "x" * 44, "!" * 43, key.public[:-1] + "B"):  # the last has its spare bits set
        with pytest.raises(BadKey, match="43 characters|last character"):
            key_bytes(bad)
    assert len(fingerprint(key.public)) == 19 and fingerprint(key.public) != fingerprint(SigningKey.generate().public)


def test_client_ids_are_fixed_per_key_and_unguessable():
    key = SigningKey.generate()
    assert key.client_id("board") == SigningKey.from_text(key.text).client_id("board")
    assert key.client_id("board") != SigningKey.generate().client_id("board")
    assert key.client_id("board") != key.client_id("hall")
    assert len(key.client_id("board")) == 23 and key.client_id("board").isalnum()  # MQTT 3.1.1's safe ids
