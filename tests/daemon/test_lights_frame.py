"""A game that says what to light (game/core/lights.py) is drawn by the board as it says: each
role in its palette colour, a seat's role in that seat's colour, dim lights a quarter as bright,
blinking ones dark half the time; the renderer asks the game and never which game it is, and its
next deadline follows the blink."""

from __future__ import annotations

import types

from clacks_hw.daemon import lights_frame
from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import animation_deadline, render
from clacks_hw.daemon.view import View
from clacks_hw.game.core.lights import Light, Lights, seat_role
from tests.game.conftest import game

LIGHTS = Lights(lamps={0: Light("dragon"), 5: Light("run", dim=True), 10: Light("sabotage", blink=True),
                       15: Light(seat_role("W"))},
                towers={"R1": Light("test", blink=True)}, seats={"E": Light(seat_role("E"))})


def test_each_role_in_its_colour():
    frame = lights_frame.frame(LIGHTS, 0.0)
    assert frame.lamp(0) == P.ROLES["dragon"]
    assert frame.lamp(5) == P.scale(P.ROLES["run"], lights_frame.DIM)
    assert frame.lamp(10) == P.ROLES["sabotage"]
    assert frame.lamp(15) == P.SEAT["W"] and frame.seat("E") == P.SEAT["E"]
    assert frame.tower("R1") == P.ROLES["test"]
    assert all(frame.lamp(i) == P.OFF for i in range(16) if i not in (0, 5, 10, 15))


def test_blinking_lights_go_dark_half_the_time_and_the_rest_stay():
    dark = lights_frame.frame(LIGHTS, lights_frame.BLINK_S * 0.75)
    assert dark.lamp(10) == P.OFF and dark.tower("R1") == P.OFF
    assert dark.lamp(0) == P.ROLES["dragon"]
    assert lights_frame.next_edge(0.1) == lights_frame.BLINK_S / 2


def test_the_renderer_draws_what_the_game_says_to_light(monkeypatch):
    state = game(2)
    view = View("game", state)
    assert render(view, 0.0) != lights_frame.frame(LIGHTS, 0.0)  # Clacks draws its own shutters
    monkeypatch.setattr(state.config.game, "lights", lambda s: LIGHTS)
    frame = render(view, 0.0)
    assert frame == lights_frame.frame(LIGHTS, 0.0)
    assert animation_deadline(view, 0.1) == lights_frame.BLINK_S / 2
    still = Lights({0: Light("dragon")}, {}, {})
    monkeypatch.setattr(state.config.game, "lights", lambda s: still)
    assert animation_deadline(View("game", state), 0.1) is None  # nothing blinks: no redraw needed


def test_the_page_shows_such_a_game_by_its_public_view_without_the_shutters_parts(monkeypatch):
    from clacks_hw.views.position_json import PUBLIC, position_json
    from clacks_hw.web.public import public_position

    from clacks_hw.game.core.protocol import Game

    state = game(2)
    assert "budget" in public_position(state)  # Clacks: its shutters, letters and jacquards drawn
    # a game that says what to light and draws no page of its own (Game.page: the protocol's)
    monkeypatch.setattr(state.config.game, "lights", lambda s: LIGHTS)
    monkeypatch.setattr(state.config.game, "page", types.MethodType(Game.page, state.config.game))
    shown = public_position(state)
    assert "budget" not in shown and "jacquards" not in shown
    assert {k: shown[k] for k in position_json(state, view=PUBLIC)} == position_json(state, view=PUBLIC)
