"""Announcing a Guards! Guards! spell run on the player's own phone, in Chromium, step by step:
the Great Spell, the runners ticked (a fifth is refused with the rules' reason and the ticks
kept), the route tapped quadrant by quadrant (Back undoes a step; only the quadrants the map
allows next are offered), the whole run said back and confirmed. The board then lights the
chosen route on its lamps: full where the runners are, dim ahead. Cancel drops a half-built run
and changes nothing.

The game is one a power cut interrupted: S (the Fools, north-west) holds five volunteers and N
has a saboteur planted, so the run waits at its first quadrant while N is asked."""

from __future__ import annotations

import random

import pytest

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.guards.board import quadrant_lamps
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from tests.web.live import LiveBoard

SEED = 7  # S plays the Fools; N is dealt a Brethren volunteer to plant
WAIT = 10_000


def five_volunteers_and_a_saboteur(directory):
    """S recruits on each of its turns (the table's die showing 7) until it holds five
    volunteers; N plants a saboteur in the second quadrant on its first turn."""
    session = JournalStore(directory, default_edition()).new_session(GuardsConfig(seats=("S", "N"), seed=SEED))

    def do(step):
        result = session.apply(GUARDS.parse_action(step) if isinstance(step, dict) else step)
        assert hasattr(result, "players"), result
        while session.state.pending is not None:
            do({"seat": session.state.pending.seat, "act": "roll", "die": 7})

    box = session.state.edition
    while len(session.state.player("S").hand) < 5 or session.state.seat != "S":
        s = session.state
        if s.seat == "S":
            do(next(a for a in GUARDS.legal_actions(s) if a.act == "recruit" and a.seat == "S"))
        elif not s.player("N").saboteurs:
            card = next(c for c in s.player("N").hand if box.volunteers[c].brethren)
            do({"seat": "N", "act": "plant", "card": card, "quadrant": box.quadrants[1]})
        if session.state.seat == s.seat:
            do({"seat": s.seat, "act": "end_turn"})
    state = session.state
    assert state.player("S").guild == box.quadrants[0] and state.player("N").saboteurs and not state.player("S").items
    session.close()
    return state


@pytest.fixture
def board(tmp_path):
    five_volunteers_and_a_saboteur(tmp_path)
    b = LiveBoard(tmp_path, rng=random.Random(SEED)).start()
    yield b
    b.stop()


def phone(browser, board):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.goto(f"{board.url}seat#pair={board.seat_code('S').code}")
    page.wait_for_selector("#promptpanel:not(.hidden) button.choice:has-text('Announce a spell run')", timeout=WAIT)
    return page


def question(page, text):
    page.wait_for_function(f"() => document.getElementById('planquestion').textContent.includes({text!r})",
                           timeout=WAIT)


def test_a_spell_run_announced_step_by_step_and_lit_on_the_board(board, browser):
    from tests.web.screens import kept

    board.wait_for(lambda: board.daemon.controller.screen == "game", "the resumed game")
    before = board.state()
    box = before.edition
    fools, thieves, alchemists, assassins = box.quadrants
    hand = before.player("S").hand
    page = phone(browser, board)
    page.click("button.choice:has-text('Announce a spell run')")
    question(page, "Which Great Spell did you collect?")
    assert page.is_hidden("#promptpanel")
    spell = before.player("S").spells[0]
    page.click(f"#planoptions button.choice:has-text({box.spells[spell].name!r})")

    question(page, "Who runs with the spell? Up to 4")
    for card in hand:
        page.check(f"#planoptions input[value='{card}']")
    page.click("#planoptions button:has-text('Next')")
    page.wait_for_function("() => document.getElementById('planerror').textContent.startsWith('At most 4 runners')",
                           timeout=WAIT)
    assert page.locator("#planoptions input:checked").count() == 5  # as they were ticked
    kept(page, "guards-phone-runners")
    page.uncheck(f"#planoptions input[value='{hand[-1]}']")
    page.click("#planoptions button:has-text('Next')")

    question(page, "In which quadrant is the Spell tile?")
    assert page.inner_text("#planerror") == ""
    starts = page.locator("#planoptions button.choice").all_inner_texts()
    assert starts == [f"The {q} quadrant" + (" (your Start Gate)" if q == fools else "") for q in box.quadrants]
    page.click(f"#planoptions button.choice:has-text('The {thieves} quadrant')")
    question(page, f"From the {thieves} quadrant")
    page.click("#planback")  # not from there after all
    question(page, "In which quadrant is the Spell tile?")
    page.click(f"#planoptions button.choice:has-text('The {alchemists} quadrant')")
    question(page, f"From the {alchemists} quadrant")
    nexts = page.locator("#planoptions button.choice").all_inner_texts()
    assert nexts == [f"The {thieves} quadrant", f"The {assassins} quadrant"]  # never corner to corner
    said = page.inner_text("#plansummary")
    assert f"Runners: {', '.join(box.volunteers[c].name for c in hand[:4])}" in said
    assert f"Route so far: {alchemists}" in said
    kept(page, "guards-phone-run")
    page.click(f"#planoptions button.choice:has-text('The {thieves} quadrant')")
    question(page, f"From the {thieves} quadrant")
    page.click(f"#planoptions button.choice:has-text('The {fools} quadrant (your Start Gate)')")
    question(page, "Announce it so?")
    assert f"Route: {alchemists}, {thieves}, {fools} (your Start Gate)" in page.inner_text("#plansummary")
    assert board.state() == before  # nothing is done before it is confirmed
    page.click("#planoptions button.choice:has-text('Confirm')")
    page.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=WAIT)
    assert page.is_hidden("#planpanel")

    run = board.state().run_of("S")
    assert run.route == (alchemists, thieves, fools) and [c for c, _ in run.runners] == list(hand[:4])
    assert run.spell == spell and board.state().prompt.seats == ("N",)  # N's saboteur is asked
    quads = quadrant_lamps(board.state())
    full, dim = P.ROLES["run"], P.scale(P.ROLES["run"], P.DIM)

    def lit(frame):
        return (all(frame.lamp(i) == full for i in quads[alchemists])
                and all(frame.lamp(i) == dim for i in quads[thieves] + quads[fools])
                and not any(frame.lamp(i) in (full, dim) for i in quads[assassins]))

    board.wait_for(lambda: lit(board.frames[-1][1]), "the route lit on the lamps")
    assert page.problems == []


def test_cancel_drops_the_run_and_a_refused_answer_names_what_is_wrong(board, browser):
    board.wait_for(lambda: board.daemon.controller.screen == "game", "the resumed game")
    before = board.state()
    page = phone(browser, board)
    page.click("button.choice:has-text('Announce a spell run')")
    question(page, "Which Great Spell did you collect?")
    page.click("#planoptions button.choice >> nth=0")
    question(page, "Who runs with the spell?")
    page.click("#planoptions button:has-text('Next')")  # nobody ticked
    page.wait_for_function("() => document.getElementById('planerror').textContent === "
                           "'Send at least one volunteer with the spell.'", timeout=WAIT)
    page.click("#planback")
    question(page, "Which Great Spell did you collect?")
    page.click("#plancancel")
    page.wait_for_selector("#promptpanel:not(.hidden) button.choice:has-text('Announce a spell run')", timeout=WAIT)
    assert page.is_hidden("#planpanel") and board.state() == before

    # A run sent whole, past the steps, is the engine's to judge: refused with its reason.
    status, reply = board.post("api/seat/act", _run(before, ["alchemists", "fools"]), phone=_session(page))
    assert status == 409 and "does not border" in reply["error"]
    assert board.state() == before
    assert page.problems == []


def _run(state, route):
    import json

    p = state.player("S")
    action = {"seat": "S", "act": "spell_run", "spell": p.spells[0], "cards": [p.hand[0]], "route": route}
    return json.dumps({"action": json.dumps(action)}).encode()


def _session(page):
    """The session the phone's page keeps (phone.js: its origin's localStorage)."""
    return page.evaluate("() => localStorage.getItem('clacks-phone')")


def test_the_steps_are_asked_by_the_turns_own_phone_alone(board):
    """``POST /api/seat/plan`` reads the steps for the seat whose phone asks, while its prompts offer
    the run; it changes nothing. Another seat's phone, a stranger, a page elsewhere or a body
    that is no list of answers are refused saying why."""
    import json

    board.wait_for(lambda: board.daemon.controller.screen == "game", "the resumed game")
    before = board.state()
    south, north = board.pair_seat("S"), board.pair_seat("N")

    def ask(answers, phone=south, plan="spell_run", **extra):
        body = json.dumps({"plan": plan, "answers": answers if isinstance(answers, str) else json.dumps(answers)})
        return board.post("api/seat/plan", body.encode(), phone=phone, **extra)

    status, page = ask([])
    assert status == 200 and page["step"]["question"] == "Which Great Spell did you collect?" and page["error"] is None
    spell = page["step"]["options"][0]["value"]
    status, page = ask([spell, before.player("S").hand[:4], "alchemists", "fools"])
    assert status == 200 and page["answered"] == 3 and "does not border" in page["error"]
    assert ask([spell])[1]["step"]["many"] is True
    assert ask([], phone=north) == (409, {"error": "that is not a move the game offers you now"})
    assert ask([], plan="summon")[0] == 409
    assert ask([], phone=None)[0] == 403
    assert ask([], Origin="http://elsewhere.example")[0] == 403
    assert ask('{"a": 1}')[0] == 400 and ask("[[[[[1]]]]]")[0] == 400 and ask("not json")[0] == 400
    assert board.state() == before
