"""What the lit board shows of a Guards! Guards! game (game/guards/board.py): the four Guild
Quadrants on the lamps, whose turn and who is confined on the seat indicators, the die on the
eight face buttons (PLAY rolls it and the light runs round the faces, a face button types the
table's own, TURN ends the turn); and what everybody may know of an action. None of it ever
carries a secret."""

from __future__ import annotations

import pytest

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import animation_deadline, render
from clacks_hw.daemon.view import View
from clacks_hw.game.core.board import BLINK_S as BLINK
from clacks_hw.game.core.die_run import HOLD_S, SPIN_S
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.guards import board
from clacks_hw.game.guards.actions import parse_action
from clacks_hw.game.guards.board import FACE_BUTTONS, GuardsPlay, button_action, rolled
from clacks_hw.game.guards.state import Judged
from tests.guards.conftest import act, game
from tests.guards.randomgames import random_game, scrubbed
from tests.guards.test_sabotage import planted

GUARDS = game_for("guards")
NW, NE, SE, SW = board.QUADRANT_LAMPS


def lights(state, now=0.0, play=None):
    return (play or GuardsPlay()).lights(state, now)


def lit(state, role, now=0.0):
    return {i for i, r in lights(state, now).lamps.items() if r == (role,)}


class Table:
    """The board's side of the play screen, as the game sees it (core/board.py's Table)."""

    def __init__(self, state):
        self.state, self.said, self.errors = state, [], []

    def submit(self, action, now):
        after = GUARDS.apply(self.state, action)
        if not isinstance(after, type(self.state)):
            self.errors.append(after)
            return False
        self.before, self.state = self.state, after
        return True

    def say(self, sentence, message=None):
        self.said.append(sentence)

    def error(self, now, sentence):
        self.errors.append(sentence)

    def refuse(self, action, rejection, now):
        self.errors.append(rejection.message)


def test_a_dragon_lights_its_quadrant_red_one_per_quadrant():
    """"There may only be one Dragon in a quadrant at any time." (Dragons): the quadrants are the
    edition's, clockwise from the north-west corner."""
    s = game()
    quads = s.edition.quadrants
    s = s._replace(dragons=((quads[0], "D1"), (quads[2], "D2")))
    assert lit(s, "dragon") == set(NW) | set(SE)
    frame = render(View("game", s), 0.0)
    assert all(frame.lamp(i) == P.ROLES["dragon"] for i in NW + SE)
    assert all(frame.lamp(i) == P.OFF for i in NE + SW)


def test_a_spell_run_is_lit_quadrant_by_quadrant_as_it_travels():
    """"Announce to the other players that they are making a Spell Run and indicate through which
    Guild Quadrants their Runners will pass" (Making a Spell Run)."""
    s = planted(game(3, hands={"S": ("M1",)}), "W", ("B1", "assassins"))  # W is asked at each quadrant
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "thieves", "fools"])
    quads = board.quadrant_lamps(s)
    lamps = lights(s).lamps
    assert all(lamps[i] == ("run",) for i in quads["alchemists"])  # the runners are here
    assert all(lamps[i] == ("dim", ("run",)) for i in quads["thieves"] + quads["fools"])
    assert not any(i in lamps for i in quads["assassins"])
    frame = render(View("game", s), 0.0)
    assert frame.lamp(quads["thieves"][0]) == P.scale(P.ROLES["run"], P.DIM)
    s = act(s, "W", "let_pass")
    assert s.run_of("S").at == 1
    lamps = lights(s).lamps
    assert not any(i in lamps for i in quads["alchemists"])  # passed
    assert all(lamps[i] == ("run",) for i in quads["thieves"])


def test_a_dragon_and_the_runners_in_one_quadrant_share_it_by_diagonals():
    s = planted(game(3, hands={"S": ("M1",)}), "W", ("B1", "assassins"))
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools"])
    s = s._replace(dragons=(("fools", "D1"),))
    block = board.quadrant_lamps(s)["fools"]
    lamps = lights(s).lamps
    assert [lamps[i] for i in block] == [("dragon",), ("run",), ("run",), ("dragon",)]


def test_a_sabotage_attempt_blinks_its_quadrant_once_the_rules_reveal_it():
    """The question to every opponent with a saboteur planted lights nothing (it would tell who
    has one there); the strike that follows does, blinking."""
    s = planted(game(3, hands={"S": ("M1",)}), "W", ("B1", "alchemists"))
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "thieves", "fools"])
    assert s.prompt.kind == "sabotage" and lit(s, "sabotage") == set()
    s = act(s, "W", "sabotage", card="B1", how="alter")
    quads = board.quadrant_lamps(s)
    assert lit(s, "sabotage") == set(quads["alchemists"])
    off = board.BLINK_S * 0.75
    assert lit(s, "sabotage", off) == set()  # the off half of the blink
    assert lights(s, 0.1).changes_at == pytest.approx(board.BLINK_S / 2)
    assert animation_deadline(View("game", s), 0.1) == pytest.approx(board.BLINK_S / 2)


def test_seats_show_whose_turn_who_rolls_and_who_is_confined_and_the_faces_the_last_die():
    s = game(3)
    s = s.with_player(s.player("N")._replace(confined="hospital"))
    s = s.with_player(s.player("W")._replace(confined="watch"))
    seats = lights(s).seats
    assert seats == {"S": ("seat", "S"), "N": ("dim", ("confined",)), "W": ("dim", ("watch",))}
    assert lights(s).turn == "S"
    s = s._replace(last=Judged("S", "charm", (8, 3), 13, 9, True))
    assert lights(s).towers == {"R3": ("passed",)}  # the last die of the chain: a 3
    s = s._replace(last=Judged("S", "charm", (1,), 3, 2, False))
    assert lights(s).towers == {"R1": ("failed",)}


def test_the_winners_blink_at_the_end():
    s = game(3)._replace(ended="won", winners=("W",))
    assert lights(s).seats == {"W": ("seat", "W")} and lights(s, board.BLINK_S * 0.75).seats == {}
    assert lights(s).turn is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_light_carries_a_secret(players):
    """Over random legal games: the lamps are the same when every secret is swapped for another
    (the saboteurs, the hands, a planting test's card and quadrant)."""
    for seed in range(3 * (5 - players)):
        for _, s in random_game(seed, players, steps=200):
            assert board.roles(scrubbed(s)) == board.roles(s)


def test_play_rolls_a_face_button_types_the_physical_die_and_turn_ends_the_turn():
    """"The board rolls with a visible animation, or a player types the physical die's result:
    both are journaled" (the roll is an action like any other)."""
    s = game(hands={"S": ("B1",)})
    assert button_action(s, "PLAY") is None and button_action(s, "R3") is None  # no test waits
    assert button_action(s, "TURN").to_json() == {"seat": "S", "act": "end_turn"}
    s = act(s, "S", "plant", card="B1", quadrant="thieves")
    assert button_action(s, "PLAY").to_json() == {"seat": "S", "act": "roll"}
    assert button_action(s, "G2").to_json() == {"seat": "S", "act": "roll", "die": 8}
    assert button_action(s, "R3").die == 3 and button_action(s, "G3") is None


def test_a_press_on_the_board_is_submitted_and_a_rolled_die_runs_round_the_faces():
    s = act(game(hands={"S": ("B1",)}), "S", "plant", card="B1", quadrant="thieves")
    table, play = Table(s), GuardsPlay()
    play.press(table, "PLAY", 10.0)
    judged = table.state.last
    assert table.state.pending is None and judged.kind == "plant"
    play.accepted(table, table.before, parse_action({"seat": "S", "act": "roll"}), table.state, 10.0)
    face = FACE_BUTTONS[judged.dice[-1] - 1]
    seen, changes, t, last = [], [], 10.0, None
    while t < 10.0 + SPIN_S:
        towers = lights(table.state, t, play).towers
        [(button, role)] = [(b, r) for b, r in towers.items() if b in FACE_BUTTONS]
        assert role == ("rolling",)
        if button != last:
            changes.append(t)
            seen.append(button)
            last = button
        t += 0.005
    gaps = [b - a for a, b in zip(changes, changes[1:])]
    assert len(seen) >= 8 and gaps == sorted(gaps, key=lambda g: round(g, 2))  # slower and slower
    assert seen[-1] == face and lights(table.state, 10.0 + SPIN_S + HOLD_S / 2, play).towers == {face: ("rolling",)}
    result = ("passed",) if judged.passed else ("failed",)
    assert lights(table.state, 10.0 + SPIN_S + HOLD_S + 0.01, play).towers == {face: result}
    assert lights(table.state, 10.0 + SPIN_S + HOLD_S + 0.01, play).changes_at is None


def test_a_typed_die_shows_its_result_at_once_and_an_idle_play_says_why():
    s = act(game(hands={"S": ("B1",)}), "S", "plant", card="B1", quadrant="thieves")
    table, play = Table(s), GuardsPlay()
    play.press(table, "G1", 5.0)  # the table's own die showed a 7
    action = parse_action({"seat": "S", "act": "roll", "die": 7})
    play.accepted(table, table.before, action, table.state, 5.0)
    assert table.state.last.dice == (7,) and lights(table.state, 5.0, play).towers == {"G1": ("passed",)}
    play.press(table, "PLAY", 6.0)
    assert table.said and "No test waits" in table.said[-1]
    play.press(table, "BACK", 6.0)
    assert len(table.said) == 1 and not table.errors


def test_the_face_the_die_showed_even_a_natural_8_that_rolls_again():
    s = planted(game(3, hands={"S": ("M1",)}), "W", ("B1", "assassins"))
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools"])
    s = act(s, "W", "let_pass")
    assert rolled(s, s) is None
    s = act(s, "S", "challenge")  # a Wizard's Challenge: "A roll of a Natural 8 allows ... re-roll"
    eight = act(s, "S", "roll", die=8)
    assert rolled(s, eight) == 8 and eight.pending is not None
    assert lights(eight).towers == {"G2": ("test",)}  # the 8 waits, lit, for the next die
    done = act(eight, "S", "roll", die=2)
    assert rolled(eight, done) == 2 and done.last.dice == (8, 2)


def test_the_log_and_the_pages_learn_that_a_saboteur_was_planted_not_which_or_where():
    plant = parse_action({"seat": "S", "act": "plant", "card": "B1", "quadrant": "thieves", "item": "CLUB"})
    assert GUARDS.public_action(plant) == {"seat": "S", "act": "plant"}
    replant = parse_action({"seat": "W", "act": "replant", "quadrant": "fools"})
    assert GUARDS.public_action(replant) == {"seat": "W", "act": "replant"}
    for answer in ({"seat": "W", "act": "sabotage", "card": "B1", "how": "alter"}, {"seat": "W", "act": "let_pass"}):
        assert GUARDS.public_action(parse_action(answer)) == {"seat": "W", "act": "answer"}
    recruit = parse_action({"seat": "S", "act": "recruit", "card": "L1", "quadrant": "fools"})
    assert GUARDS.public_action(recruit) == recruit.to_json()  # recruiting is done in the open


def test_the_board_play_names_no_colour_only_roles_the_palette_knows():
    """Every role the game lights is one the board's palette colours (no colours in the game)."""
    for _, s in random_game(3, 3, steps=150):
        light = lights(s)
        for role in (*light.lamps.values(), *light.towers.values(), *light.seats.values()):
            assert isinstance(P.colour(role), tuple)


def test_a_tapped_volunteer_is_recruited_in_the_quadrant_chosen_on_the_lamps():
    """A volunteer card tapped on the turn's player's own turn: the quadrant where the piece
    stands blinks (NEXT/PREV move it), PLAY tries to recruit ("A player rolls the die and adds
    the result to the current Charm Level"): the Charm test then waits for its die."""
    s = game()
    quads = board.quadrant_lamps(s)
    table, play = Table(s), GuardsPlay()
    play.tap(table, "L1", None, 1.0)
    assert play.recruiting is not None and not table.errors and "recruit" in table.said[-1]
    first = s.edition.quadrants[0]
    assert all(lights(s, 1.0, play).lamps[i] == ("preview",) for i in quads[first])
    assert all(i not in lights(s, 1.0 + BLINK / 2 + 0.01, play).lamps for i in quads[first])  # blinking
    play.press(table, "NEXT", 2.0)
    second = s.edition.quadrants[1]
    assert all(lights(s, 2.0, play).lamps[i] == ("preview",) for i in quads[second])
    play.press(table, "PLAY", 3.0)
    assert play.recruiting is None and table.state.pending.kind == "charm"
    assert dict(table.state.pending.data)["card"] == "L1"


def test_a_tap_that_cannot_be_a_recruit_is_refused_saying_why_and_back_puts_it_back():
    s = game(hands={"N": ("L1",)})
    table, play = Table(s), GuardsPlay()
    play.tap(table, "L1", None, 1.0)  # N holds it
    assert play.recruiting is None and table.errors and "already" in table.errors[-1]
    play.tap(table, "NOPE", None, 1.0)
    assert "no volunteer" in table.errors[-1]
    play.tap(table, "M1", "N", 1.0)  # tapped at N's reader on S's turn
    assert play.recruiting is None and "S's turn" in table.errors[-1]
    play.tap(table, "M1", None, 1.0)
    play.press(table, "BACK", 2.0)
    assert play.recruiting is None and "back" in table.said[-1] and table.state is s
    play.tap(table, "M1", None, 3.0)
    play.new_turn()  # another seat's turn: dropped
    assert play.recruiting is None


def test_the_volunteer_whose_charm_just_failed_tapped_again_is_bribed():
    """"If you fail you can Bribe the volunteer on the same turn.\""""
    s = act(game(), "S", "recruit", card="L1", quadrant="fools")
    s = act(s, "S", "roll", die=1)  # a natural 1: failed
    assert s.failed == "L1"
    table, play = Table(s), GuardsPlay()
    play.tap(table, "L1", None, 1.0)
    assert play.recruiting.act == "bribe"
    play.press(table, "PLAY", 2.0)
    assert not table.errors and table.state.player("S").hand == ("L1",)
    assert table.state.player("S").dollars < s.player("S").dollars  # the bribe paid
