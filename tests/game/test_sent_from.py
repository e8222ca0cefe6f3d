"""The engine records the tower each signal went from (``sent_from``); the journal views
report it (``replay --json``)."""

from clacks_hw.views.position_json import position_json

from .conftest import T, ok, play
from .test_rules_sabotage import GAP, final_letter_sent
from .test_rules_transmission import SQ, position, sig


def test_a_competitive_signal_is_recorded_for_its_sender():
    s = position(sig("S", "R2", "U") ^ SQ, last_tx=T("R1"))
    t = ok(s, play("S", "J29", SQ))
    assert t.player("S").sent_from == (T("R2"),)
    assert position_json(t)["players"]["S"]["sent_from"] == ["R2"]
    assert position_json(t)["players"]["N"]["sent_from"] == []


def test_a_sabotaged_final_letter_leaves_the_record():
    s = final_letter_sent()
    assert s.player("S").sent_from[-1:] == (T("R2"),)
    before = len(s.player("S").sent_from)
    t = ok(s, play("N", "J11", GAP))
    assert len(t.player("S").sent_from) == before - 1, "the undone letter is no longer sent from R2"
