"""The games as the hall knows them without loading their rules (game/core/catalogue.py): the
list kept for this package's games is what the games themselves say; the hall and its schema
load no rule; a game from another package is known to the hall through the registry."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

from clacks_hw.game.core import catalogue, registry
from tests.plugins.test_game_plugins import install, run


def test_the_built_in_list_is_what_the_games_say():
    points = [p for p in metadata.entry_points(group=registry.GROUP) if registry._dist(p) == registry.BUILT_IN]
    games = sorted((g for p in points for g in p.load().modes), key=lambda g: g.order)
    said = tuple((g.name, g.label, tuple(g.variants)) for g in games)
    assert catalogue.BUILT_IN == said, f"game/core/catalogue.py BUILT_IN is stale: make it\n{said!r}"
    old = {name: g.name for g in games for name in g.old_names}
    assert catalogue.OLD_NAMES == old, f"game/core/catalogue.py OLD_NAMES is stale: make it\n{old!r}"


def test_a_board_of_an_older_version_saying_junior_counts_as_the_junior_race():
    from clacks_hw.mqtt import schema

    result = schema.decode("result", b'{"game":"n1-0000000a","mode":"junior","seats":["S","W"],"winner":"S",'
                                     b'"actions":3}')
    assert result.mode == "junior_race" and catalogue.label("junior") == "Junior Race"


def test_the_hall_loads_no_rule_of_any_game():
    code = ("import sys; import clacks_hw.hall.page; from clacks_hw.mqtt import schema; from clacks_hw.hall import tournament;"
            "schema.decode('result', b'{\"game\":\"n1-0000000a\",\"mode\":\"klackers\",\"seats\":[\"S\"],\"winner\":\"S\","
            "\"actions\":3}'); print(tournament.label('race'));"
            "print(' '.join(m for m in sys.modules if m.startswith(('clacks_hw.game.', 'clacks_hw.daemon.'))))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    label, loaded = res.stdout.splitlines()
    assert label == "Race to Genua"
    rules = [m for m in loaded.split() if m.endswith((".rules", ".state", ".engine", ".solver", ".planner", ".view"))]
    assert rules == [], f"the hall loads the games' rules: {rules}"


def test_a_plugin_game_counts_at_the_hall(tmp_path):
    site = install(tmp_path, {"high_roll": "high_roll_game:BOX"})
    code = ("from clacks_hw.mqtt import schema; from clacks_hw.hall import tournament;"
            "r = schema.decode('result', b'{\"game\":\"n1-0000000a\",\"mode\":\"high_roll\",\"seats\":[\"S\"],"
            "\"winner\":\"S\",\"actions\":3}'); print(r.mode, tournament.label('high_roll'))")
    res = run(site, code)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["high_roll", "high_roll"]  # (the tiny game gives itself no label)
    res = run(site, code, CLACKS_HW_PLUGINS="0")
    assert res.returncode != 0 and "high_roll" in res.stderr  # switched off: refused as any unknown mode
