"""The configuration: valid, or every problem with the key it is under and its fix."""

from __future__ import annotations

from ...base.hints import doc
from ...config.load import BUILTIN, ConfigError, load_config
from .check import FAIL, OK


def check_config(d) -> None:
    try:
        d.config = load_config(d.config_path, check_devices=False)
    except ConfigError as err:
        d.config_bad = True
        d.add(FAIL, "config", f"{err.source}: {len(err.problems)} problem(s); the daemon refuses to start",
              f"fix every problem below ({doc('docs/config.md')} describes each key)")
        for p in err.problems:
            d.add(FAIL, "config", f"{p.key}: {p.message}", p.fix)
        return
    c = d.config
    src = "built-in defaults (no /etc/clacks-hw/config.toml)" if c.source == BUILTIN else c.source
    d.add(OK, "config", f"valid: {src}; LEDs {c.leds.backend}, reader {c.reader.type} "
                        f"({c.reader.port}), {c.game.mode} game")
