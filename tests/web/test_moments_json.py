"""The status page's JSON (what the kiosk page, the hall and MQTT draw) carries every decisive
moment as the engine's codes and values with the board's words beside them, and at the end
who won and why, in every game alike: the pages never ask which game it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.journal.replaying import load_game
from clacks_hw.web.snapshot import StatusSnapshot
from tests.game.conftest import L, end, fault, ok, play, player
from tests.game.test_rules_sabotage import GAP, final_letter_sent
from tests.web.test_public_json import status

GOLDEN = Path(__file__).parent.parent / "golden"


def position(state) -> dict:
    d, _ = status(StatusSnapshot(seq=1, screen="over" if state.over else "game", state=state, actions=9))
    return d["position"]


def test_the_window_is_in_the_status_json_with_what_to_do():
    (m,) = position(final_letter_sent())["moments"]
    assert {k: m[k] for k in ("code", "seat", "sender", "tower", "lit")} == {
        "code": "sabotage_open", "seat": "N", "sender": "S", "tower": "R2", "lit": 2}
    assert "turn all 6 of R2's lamps off" in m["text"] and "Last Letter Sabotage: N, " in m["short"]


def test_a_sabotage_and_a_fault_report_are_announced():
    p = position(ok(final_letter_sent(), play("N", "J11", GAP)))
    assert [m["code"] for m in p["moments"]] == ["sabotaged"] and p["outcome"] is None
    s = player(final_letter_sent(), "N", faults=("F02", "F07"))
    p = position(ok(s, fault("N", "F07")))
    assert [m["code"] for m in p["moments"]] == ["sabotage_open", "fault_played"]
    assert p["moments"][1]["text"] == "Fault Report: N played F07 SEIZED GEARS: N has 2 stress points fewer this turn."


def test_the_end_and_why():
    done = ok(ok(final_letter_sent(), play("N", "J33", L(12, 13, 14, 15))), end("N"))
    p = position(done)
    assert p["moments"] == [] and p["outcome"]["code"] == "not_sabotaged"
    assert p["outcome"]["text"] == "Winner: S (GUILD): N did not turn R2's lamps off, so S's last letter stands"


@pytest.mark.parametrize("name", ["guards_2p_seed16.jsonl", "klackers_2p_seed13.jsonl", "race_4p_physical_seed8.jsonl"])
def test_every_game_says_its_end_the_same_way(name):
    state, _, _ = load_game(GOLDEN / name, default_edition(), check_edition=False)
    o = position(state)["outcome"]
    assert o["winners"] == list(state.config.game.winners(state)) and o["code"] != "won"
    assert ": " in o["text"] and o["short"]
