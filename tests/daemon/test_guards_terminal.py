"""Guards! Guards! on the virtual board's terminal (`clacks-hw run --virtual`), the board's
shared screen: it shows what the table sees (each player's ledger, how many volunteers and
saboteurs each holds) and never a seat's secrets, which go to that seat's own phone only
(docs/guards.md, "What stays secret"): not the volunteers in a hand, not a saboteur's card or
quadrant, neither for a table of people nor for a lone person playing the computer."""

from __future__ import annotations

import pytest

from clacks_hw.game.guards.actions import GuardsAction
from tests.support.terminal_screens import SGR, Walk


def secrets(state) -> list[str]:
    """Every card id and name a seat holds in secret, and where its saboteurs stand."""
    box = state.edition
    out = []
    for p in state.players:
        for card in (*p.hand, *(s.card for s in p.saboteurs)):
            out += [card, box.volunteers[card].name]
        out += [f"@{s.quadrant}" for s in p.saboteurs]
    return out


def shown(w: Walk) -> str:
    w.snap("game")
    return "\n".join(SGR.sub("", line) for line in w.screen.lines())


@pytest.mark.parametrize("computer", [(), (("N", "normal"),)], ids=["people", "a lone person and the computer"])
def test_the_terminal_shows_no_seats_hand_nor_saboteur(tmp_path, computer):
    w = Walk(tmp_path, computer=computer, computer_pace_s=1000.0)
    w.set_up("guards", ("S", "N"), snap=False)
    state = w.state
    assert state.player("S").hand  # something to keep secret
    text = shown(w)
    assert "hand " + str(len(state.player("S").hand)) in text  # the count is public
    assert [s for s in secrets(state) if s in text] == []
    brethren = next((c for c in state.player("S").hand if state.edition.volunteers[c].brethren), None)
    if brethren is None:
        pytest.skip("no Brethren volunteer dealt to S")
    quadrant = state.edition.quadrants[1]
    assert w.ctrl.submit(GuardsAction("S", "plant", card=brethren, quadrant=quadrant), w.clock.now())
    assert w.ctrl.submit(GuardsAction("S", "roll", die=8), w.clock.now())
    state = w.state
    assert state.player("S").saboteurs  # planted, in secret
    text = shown(w)
    assert "saboteurs 1" in text and [s for s in secrets(state) if s in text] == []
