"""The TOML config: ``parse_config`` (what ``load_config`` does with a file's bytes), then the
systemd unit ``install-service`` would write from the config it gives."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from clacks_hw.config.load import ConfigError, load_config, parse_config
from clacks_hw.config.schema import schema_keys
from clacks_hw.config.systemd_unit import UnitError, render_unit, unit_settings

from ..harness import Target, Violation, refused
from ..mutation import mutated, utf8
from ..seeds import config_seeds
from ..toml_text import edited

UNIT_ARGS = ("/opt/clacks-hw/bin/clacks-hw", "/etc/clacks-hw/config.toml", "clacks")
TOKENS = (b"[", b"]", b"[[", b"]]", b"=", b'"', b"'", b'"""', b"'''", b"{", b"}", b",", b".", b"\\u0000",
          b"\\U0010FFFF", b"inf", b"nan", b"0x", b"0o", b"1979-05-27T07:32:00Z", b"true", b"#", b"\n[leds]\n",
          b"\n[journal]\ndir = ", b"\n[status]\n", b"\n[buttons.pins]\n", b"\n[mqtt]\n", b"[" * 3000, b"9" * 5000,
          b"{a = " * 1000)


def _directives(unit: str) -> set[str]:
    return {line.split("=", 1)[0] for line in unit.split("\n") if line and not line.startswith(("#", "["))}


@cache
def _template_directives() -> frozenset[str]:
    """Every directive the unit template writes, over the configs that change which it writes."""
    names = set()
    for backend in ("spi", "ws281x", "virtual"):
        for reader in ("hub", "none"):
            config = load_config(None, overrides={"leds.backend": backend, "reader.type": reader}, check_devices=False)
            names |= _directives(render_unit(unit_settings(config, *UNIT_ARGS)))
    return frozenset(names)


def check(data: bytes) -> None:
    try:
        config = parse_config(data, "fuzz.toml")
    except ConfigError as exc:
        refused(exc)
        if not exc.problems or not all(p.key and p.message for p in exc.problems):
            raise Violation("a config error without a key and a message for each problem", str(exc)[:200]) from None
        return
    try:
        unit = render_unit(unit_settings(config, *UNIT_ARGS))
    except UnitError as exc:
        refused(exc)
        return
    extra = _directives(unit) - _template_directives()
    if extra:
        raise Violation("a config value put a line of its own into the unit", repr(sorted(extra))[:200])


def _strategy() -> st.SearchStrategy:
    seeds = config_seeds()
    keys = tuple(k.rsplit(".", 1)[-1] for k in schema_keys())
    structured = st.sampled_from([s.decode() for s in seeds]).flatmap(lambda text: edited(text, keys)).map(utf8)
    return structured | mutated(seeds, TOKENS)


TARGET = Target("config", "clacks_hw.config.load.parse_config, then the systemd unit from it",
                st.deferred(_strategy), config_seeds, check=check)
