"""A die the game rolled runs round the game's face buttons before the result shows: a white
light, one button at a time, slowing down, landing on the face that came up, held there a moment;
then the frame is the game's own again. Nothing happens for a game without a die."""

from __future__ import annotations

from types import SimpleNamespace

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.roll_flourish import HOLD_S, SPIN_S, RollFlourish
from clacks_hw.drivers.frame import Frame

FACES = ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2")


class Die:
    """A game whose every new state rolled the face it carries."""

    def rolled(self, before, after):
        return after.face

    def face_buttons(self):
        return FACES


def state(game, face):
    return SimpleNamespace(config=SimpleNamespace(game=game), face=face)


def lit(frame):
    return [name for name in FACES if frame.tower(name) == P.ROLLING]


def test_the_light_runs_round_the_faces_slowing_down_and_lands_on_the_face():
    game, flourish = Die(), RollFlourish()
    base = Frame.build(lamps={5: (1, 2, 3)}, towers={"G5": (9, 9, 9)}, seats={"S": (7, 7, 7)})
    flourish.see(state(game, None), 0.0)
    assert flourish.frame(base, 0.0) == base  # nothing rolled yet
    flourish.see(state(game, 6), 10.0)
    seen, changes, last = [], [], None
    t = 10.0
    while t < 10.0 + SPIN_S:
        frame = flourish.frame(base, t)
        assert len(lit(frame)) == 1 and frame.lamp(5) == (1, 2, 3) and frame.seat("S") == (7, 7, 7)
        assert frame.tower("G5") == (9, 9, 9)  # buttons that are no face are left alone
        if lit(frame) != last:
            changes.append(t)
            last = lit(frame)
            seen.append(last[0])
        t += 0.005
    gaps = [b - a for a, b in zip(changes, changes[1:])]
    assert len(seen) >= 8 and gaps == sorted(gaps, key=lambda g: round(g, 2))  # slower and slower
    assert seen[-1] == "R6" and lit(flourish.frame(base, 10.0 + SPIN_S + HOLD_S / 2)) == ["R6"]
    assert flourish.frame(base, 10.0 + SPIN_S + HOLD_S + 0.01) == base  # the game's own frame again
    assert flourish.next_deadline(20.0) is None


def test_a_game_without_a_die_shows_nothing():
    class Plain(Die):
        def rolled(self, before, after):
            return None

    flourish = RollFlourish()
    game = Plain()
    flourish.see(state(game, None), 0.0)
    flourish.see(state(game, 3), 1.0)
    assert flourish.rolling is None and flourish.next_deadline(1.0) is None
