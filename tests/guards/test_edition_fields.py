"""Every value of a Guards! Guards! edition is type-checked, named by its card and field, exit 2:
the cases are generated from the edition's own description of its fields (edition_fields.py),
so a field added there is checked here, and the description is held to the cards' dataclasses.
The value the issue found (a Guild card's ``spells = [[1], [2], [3], [4], [5]]``) is refused by
every command that meets it: `edition check`, `run` (in the config, and in the newest journal),
`history`, `replay`."""

from __future__ import annotations

import dataclasses
import datetime
import tomllib

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.guards.edition import GuardsEdition
from clacks_hw.game.guards.edition_fields import BAD, CARDS, TABLES
from clacks_hw.game.guards.edition_files import demo_edition_path
from tests.fuzz.toml_text import document
from tests.guards.owner_box import BAD_SPELLS, demo_text_with, journal_with_box

# Values no field takes: the list of lists, a table of a list, a fraction, a time.
WRONG = ([[1], [2], [3], [4], [5]], {"a": [1]}, 2.5, datetime.date(2025, 1, 1))
SPELLS_WHERE = "guild_card FOO1: spells"


def every_field():
    """(table or card kind, the field) for every field the description names."""
    for kind, (_, fields) in CARDS.items():
        yield from ((kind, f) for f in fields)
    for table, fields in TABLES.items():
        yield from ((table, f) for f in fields)


FIELDS = [pytest.param(kind, f, id=f"{kind}.{f.key}") for kind, f in every_field()]


def changed(kind: str, key: str, value=BAD) -> tuple[str, str]:
    """The demo written again with ``key`` of its first ``kind`` card (or of table ``kind``) set
    to ``value`` (BAD: removed), and how the problem names the place."""
    doc = tomllib.loads(demo_edition_path().read_text(encoding="utf-8"))
    table = doc[kind][0] if kind in CARDS else doc[kind]
    where = f"{kind} {table['id']}" if kind in CARDS else kind
    if value is BAD:
        table.pop(key, None)
    else:
        table[key] = value
    return document(doc) + "\n", f"{where}: {key}"


def check(tmp_path, text: str) -> str:
    path = tmp_path / "box.toml"
    path.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(cli, ["edition", "check", str(path)])
    assert res.exit_code == 2, (res.output, res.exception)
    assert "Traceback" not in res.output
    return res.output


def test_each_card_is_described_by_every_field_of_its_dataclass_and_no_other():
    for kind, (cls, fields) in CARDS.items():
        assert {f.name for f in dataclasses.fields(cls)} == {"id"} | {f.name for f in fields}, kind
    described = {f.name for fields in TABLES.values() for f in fields} - {"game"} - {f.key for f in TABLES["challenges"]}
    cards = {"spells", "guild_cards", "volunteers", "dragons", "items", "scrolls"}
    assert {f.name for f in dataclasses.fields(GuardsEdition)} == described | cards | {
        "challenges", "fingerprint", "path", "source"}


@pytest.mark.parametrize("kind, field", FIELDS)
def test_a_value_of_the_wrong_type_in_any_field_is_named_by_card_and_field(tmp_path, kind, field):
    for value in WRONG:
        text, where = changed(kind, field.key, value)
        assert where in check(tmp_path, text), value


@pytest.mark.parametrize("kind, field", [p for p in FIELDS if p.values[1].default is BAD])
def test_a_field_left_out_is_named_as_missing(tmp_path, kind, field):
    text, where = changed(kind, field.key)
    assert f"{where}: is missing: it must be {field.kind.says}" in check(tmp_path, text)


@pytest.mark.parametrize("kind", CARDS)
def test_a_card_id_of_the_wrong_type_and_a_key_no_field_names(tmp_path, kind):
    for value in WRONG:
        text, _ = changed(kind, "id", value)
        assert f"{kind} #1: id: " in check(tmp_path, text)
    text, where = changed(kind, "brawll", 3)
    assert f"{where}: is no field of a [[{kind}]]; it has id, " in check(tmp_path, text)


def test_a_table_no_edition_has_is_named(tmp_path):
    out = check(tmp_path, demo_text_with("[edition]", '[editon]\nname = "typo"\n\n[edition]'))
    assert "editon: is no part of an edition; a file has edition, map, " in out


def test_edition_check_names_the_guild_cards_spells(tmp_path):
    out = check(tmp_path, demo_text_with(*BAD_SPELLS))
    assert f"{SPELLS_WHERE}: [[1], [2], [3], [4], [5]] must be a list of 5 different Great Spells" in out


def test_run_with_such_an_edition_in_the_config_stops_at_once_with_exit_2(tmp_path):
    box = tmp_path / "box.toml"
    box.write_text(demo_text_with(*BAD_SPELLS), encoding="utf-8")
    config = tmp_path / "config.toml"
    config.write_text(f'[status]\nport = 0\n\n[editions]\nguards = "{box}"\n', encoding="utf-8")
    res = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0", "--journal-dir", str(tmp_path / "j"),
                                   "--config", str(config)])
    assert res.exit_code == 2, (res.output, res.exception)
    assert "editions.guards" in res.output and SPELLS_WHERE in res.output and "Traceback" not in res.output


def test_history_and_replay_of_a_journal_carrying_such_an_edition_name_it(tmp_path):
    path = journal_with_box(tmp_path, demo_text_with(*BAD_SPELLS))
    res = CliRunner().invoke(cli, ["history", "--dir", str(tmp_path)])
    assert res.exit_code == 0, (res.output, res.exception)
    assert f"(unreadable) {path}" in res.output
    assert f"line 1: header: the game cannot be set up: box: the Guards! Guards! edition it holds is not valid: " \
           f"{SPELLS_WHERE}: " in res.output
    res = CliRunner().invoke(cli, ["replay", str(path)])
    assert res.exit_code == 2, (res.output, res.exception)
    assert f"{path}:1: header: the game cannot be set up: box: " in res.output and SPELLS_WHERE in res.output


def test_run_with_such_a_journal_newest_says_which_it_refused_and_starts_fresh(tmp_path):
    journals = tmp_path / "j"
    path = journal_with_box(journals, demo_text_with(*BAD_SPELLS))
    config = tmp_path / "config.toml"
    config.write_text("[status]\nport = 0\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0.2", "--journal-dir", str(journals),
                                   "--config", str(config)], input="")
    assert res.exit_code == 0, (res.output, res.exception)
    assert f"Not resumed: the newest journal, {path.name}: line 1: " in res.output and SPELLS_WHERE in res.output
    assert "The board starts fresh." in res.output and "The board has stopped." in res.output
