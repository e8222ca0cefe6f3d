"""Fuzz: random and mutated journal lines fed to `clacks-hw replay`.

Whatever the bytes, the answer is a final position (0), a rejection naming its line (1) or a
parse error naming its line (2): never a traceback, never another exit status.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.cli import cli
from clacks_hw.game.clacks.actions import ACTS, KEYS
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.core.table import SEATS
from clacks_hw.journal import encode_line, encode_lines

from .test_replay_games import config, header_obj, random_game

# Two real games to mutate: one tracked, one physical (other rules for cards in hand).
BASES = []
for _cfg in (config(players=3, seed=21), config(players=2, seed=22, hands="physical")):
    _, _actions = random_game(_cfg, random.Random(21), 40)
    BASES.append([header_obj(_cfg)] + [a.to_json() for a in _actions])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
# Values close to real ones, so the fuzz gets past parsing and into the rules often.
plausible = {
    "seat": st.sampled_from(SEATS + ("X", "s", "")) | json_values,
    "act": st.sampled_from(ACTS + ("jump",)) | json_values,
    "tower": st.sampled_from([t.name for t in TOWERS] + ["R7", "g1"]) | json_values,
    "card": st.sampled_from([f"J{i:02d}" for i in range(50)] + [f"F{i:02d}" for i in range(14)] + ["I01", "X"]) | json_values,
    "lamps": st.lists(st.integers(-1, 16), max_size=5).map(sorted) | json_values,
    "time": st.sampled_from([0, 30, 59.9, 60, 61, -1]) | json_values,
    "source": st.sampled_from(["I01", "L02", "x y"]) | json_values,
}
actions = st.fixed_dictionaries({"seat": plausible["seat"], "act": plausible["act"]},
                                optional={k: plausible[k] for k in KEYS[2:]})


@st.composite
def mutated_journal(draw) -> bytes:
    objs = [dict(o) for o in draw(st.sampled_from(BASES))]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(objs) - 1))
        kind = draw(st.sampled_from(["value", "insert", "delete", "swap", "header"]))
        if kind == "value" and isinstance(objs[i], dict):
            key = draw(st.sampled_from(sorted(objs[i]) + list(KEYS)))
            objs[i][key] = draw(plausible.get(key, json_values))
        elif kind == "insert":
            objs.insert(i + 1, draw(actions))
        elif kind == "delete" and len(objs) > 1:
            del objs[i]
        elif kind == "swap":
            j = draw(st.integers(0, len(objs) - 1))
            objs[i], objs[j] = objs[j], objs[i]
        elif kind == "header":
            key = draw(st.sampled_from(sorted(objs[0]) + ["extra"]))
            objs[0] = {**objs[0], key: draw(json_values)}
    fmt = draw(st.sampled_from([2, 1, None]))  # chained, per-line checksums, none (a script)
    if fmt is not None and isinstance(objs[0], dict):
        objs[0] = {**objs[0], "format": fmt}
        lines = encode_lines(objs[0], *objs[1:]).splitlines(keepends=True)
    else:
        lines = [json.dumps(o).encode() + b"\n" for o in objs]
    data = b"".join(lines)
    damage = draw(st.sampled_from(["none", "cut", "flip", "garbage"]))
    if damage == "cut":
        data = data[:draw(st.integers(0, len(data)))]
    elif damage == "flip" and data:
        k = draw(st.integers(0, len(data) - 1))
        data = data[:k] + bytes([data[k] ^ (1 << draw(st.integers(0, 7)))]) + data[k + 1:]
    elif damage == "garbage":
        k = draw(st.integers(0, len(lines)))
        junk = draw(st.binary(max_size=30) | st.text(max_size=30).map(str.encode))
        data = b"".join(lines[:k]) + junk + b"\n" + b"".join(lines[k:])
    return data


def _check(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "fuzz.jsonl"
        path.write_bytes(data)
        result = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    # An exception escaping the command would be in result.exception with exit status 1.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output)
    assert "Traceback" not in result.output
    out = json.loads(result.stdout)
    if result.exit_code == 0:
        assert len(out["board"]) == 16
    elif result.exit_code == 1:
        assert out["rejected"]["line"] >= 2 and out["rejected"]["code"] and out["rejected"]["message"]
    else:
        assert isinstance(out["error"]["line"], int) and f":{out['error']['line']}: " in result.stderr


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_journal())
def test_mutated_journals_never_crash(data):
    _check(data)


@settings(max_examples=150, deadline=None)
@given(st.lists(actions, max_size=6))
def test_random_action_lines_are_refused_or_rejected_by_line(lines):
    data = encode_line({**BASES[0][0], "format": 1}) + b"".join(json.dumps(o).encode() + b"\n" for o in lines)
    _check(data)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_crash(data):
    _check(data)
