"""The hall's ``hall.toml``: its bytes read as ``clacks_hw.hall.config.load`` reads them (UTF-8, then
``config.parse``). The seeds are files as ``clacks-hw hall setup`` writes them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from clacks_hw.hall.setup import Plan, hall_toml
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.config import HallConfig, HallConfigError, parse

from ..harness import Target, Violation, refused
from ..mutation import mutated, utf8
from ..toml_text import edited
from .config import TOKENS

KEYS = ("broker", "page", "hall", "boards", "host", "port", "username", "password", "tls", "ca_file", "bind",
        "hosts", "db", "key", "hall", "board-1")


def check(data: bytes) -> None:
    try:
        config = parse(data.decode("utf-8"), "hall.toml")
    except UnicodeDecodeError:
        return  # load() says so: not UTF-8 text
    except HallConfigError as exc:
        refused(exc)
        return
    if not isinstance(config, HallConfig):
        raise Violation("parse gave no HallConfig", type(config).__name__)


@cache
def seeds() -> list[bytes]:
    keys = [SigningKey(bytes(range(n, n + 32))) for n in (0, 32, 64)]
    plans = [Plan(Path("/etc/clacks-hall"), ["board-1", "board-2"], "hall.local"),
             Plan(Path("/etc/clacks-hall"), ["b"], "10.0.0.2", port=8883, tls=("cert.pem", "key.pem"), local_port=1884)]
    return [hall_toml(plan, "broker-password", keys[0], {b: k.public for b, k in zip(plan.boards, keys[1:])}).encode()
            for plan in plans] + [b"[boards]\n"]


TARGET = Target("hall_config", "clacks_hw.hall.config.parse (hall.toml)",
                st.deferred(lambda: st.sampled_from([s.decode() for s in seeds()[:2]])
                            .flatmap(lambda text: edited(text, KEYS)).map(utf8) | mutated(seeds(), TOKENS)),
                seeds, check=check)
