"""Hostile and broken config files: each ends in a message naming the problem and exit status 2
from every command that reads one; never a traceback, never a hang. The fuzzer mutates the
default config (NUL and other control characters, deep nesting, huge numbers, random bytes)."""

from __future__ import annotations

import os
import random
from importlib import resources

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clacks_hw.config.load as config_mod
from clacks_hw.cli import cli
from clacks_hw.config.load import ConfigError, load_config

DEFAULT = resources.files("clacks_hw").joinpath("default_config.toml").read_text()
DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"
CASES = {
    "nul in journal.dir": '[journal]\ndir = "/var/lib/\\u0000x"\n',
    "nul in status.bind": '[status]\nbind = "127.0.0.1\\u0000"\n',
    "newline in reader.port": '[reader]\nport = "/dev/ttyACM0\\nExecStartPre=/bin/sh"\n',
    "deep array": "[leds]\n" + DEEP,
    "deep inline table": "[leds]\nx = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "huge number": "[leds]\nlead_pixels = " + "9" * 5000 + "\n",
}
COMMANDS = [["run", "--virtual"], ["doctor"], ["enroll"], ["install-service", "--dry-run"]]


@pytest.fixture(autouse=True)
def no_system_config(monkeypatch, tmp_path):
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", tmp_path / "absent.toml")


@pytest.mark.parametrize("name", CASES)
def test_each_problem_is_named(tmp_path, name):
    path = tmp_path / "c.toml"
    path.write_text(CASES[name])
    with pytest.raises(ConfigError) as err:
        load_config(path, check_devices=False)
    assert "Traceback" not in str(err.value) and str(path) in str(err.value)


def _exit_2(args, path):
    result = CliRunner().invoke(cli, [*args, "--config", str(path)])
    assert result.exit_code == 2, (args, result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_every_command_refuses_a_fifo_dev_zero_and_nul_without_hanging(tmp_path, args):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # nobody writes to it: opening it for reading would block for ever
    assert "not a regular file" in _exit_2(args, fifo)
    assert "not a regular file" in _exit_2(args, "/dev/zero")
    nul = tmp_path / "nul.toml"
    nul.write_text(CASES["nul in journal.dir"])
    assert "control character (U+0000)" in _exit_2(args, nul)


def test_a_huge_regular_file_is_refused_after_reading_a_little(tmp_path):
    path = tmp_path / "big.toml"
    with open(path, "wb") as f:
        f.truncate(1 << 30)  # sparse: 1 GiB of NULs costs no disk
    with pytest.raises(ConfigError, match="larger than"):
        load_config(path, check_devices=False)


def _mutate(rng: random.Random, text: str) -> str:
    kind = rng.choice(["control", "nest", "number", "bytes", "cut"])
    lines = text.splitlines()
    k = rng.randrange(len(lines))
    if kind == "control" and '"' in lines[k]:
        i = lines[k].index('"') + 1
        lines[k] = lines[k][:i] + f"\\u{rng.choice([0, 1, 10, 13, 27, 127]):04x}" + lines[k][i:]
    elif kind == "nest" and " = " in lines[k]:
        n = rng.choice([10, 400, 3000])
        open_, close = rng.choice([("[", "]"), ("{a = ", "}")])
        key = lines[k].split(" = ")[0]
        lines[k] = f"{key} = {open_ * n}1{close * n}"
    elif kind == "number" and " = " in lines[k]:
        lines[k] = lines[k].split(" = ")[0] + " = " + rng.choice(["9" * 5000, "-1", "1e999", "0x7fffffffffffffffff"])
    elif kind == "bytes":
        lines[k] = "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(1, 20)))
    else:
        lines = lines[:k]
    return "\n".join(lines) + "\n"


FUZZ_RUNS = 300  # malformed configs tried per run


@settings(max_examples=FUZZ_RUNS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32 - 1))
def test_fuzzed_configs_load_or_name_their_problem(tmp_path, seed):
    rng = random.Random(seed)
    text = DEFAULT
    for _ in range(rng.randrange(1, 4)):
        text = _mutate(rng, text)
    path = tmp_path / "fuzz.toml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        load_config(path, check_devices=False)
    except ConfigError as err:
        assert err.problems and all(p.key and p.message for p in err.problems)
