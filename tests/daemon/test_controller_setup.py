"""Setup on the board: mode letters, variant toggles, seat sets, word cards."""

from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from clacks_hw.game.clacks.turns import target_mask
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig


def lit(frame):
    return sum(1 << i for i in range(16) if frame.lamp(i) != (0, 0, 0))


def test_mode_letters_are_spelled_on_the_setup_tower(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    seen = []
    for _ in range(6):
        m = rig.ctrl.setup
        seen.append(m.mode)
        frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
        assert lit(frame) == target_mask("S", TOWER_BY_NAME["R2"].index, EDITION.signals[m.letter])
        rig.press("NEXT")
    # K: the dice game, G: Guards! Guards!
    assert seen == ["competitive", "race", "solitaire", "junior_race", "klackers", "guards"]
    assert rig.ctrl.setup.mode == "competitive"
    rig.press("PREV")
    assert rig.ctrl.setup.mode == "guards"


def test_variants_toggle_and_seat_sets_cycle(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    rig.press("PLAY")  # competitive
    m = rig.ctrl.setup
    assert m.page == "variants" and m.letter == "E" and not m.letter_on
    rig.press("TURN")
    assert rig.ctrl.setup.variants == {"express"}
    rig.press("NEXT")
    assert rig.ctrl.setup.letter == "L"
    rig.press("TURN")
    rig.press("TURN")  # L on then off again
    assert rig.ctrl.setup.variants == {"express"}
    rig.press("PLAY")
    assert rig.ctrl.setup.page == "seats"
    sets = []
    for _ in range(3):
        sets.append(rig.ctrl.setup.seats)
        frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
        assert {s for s in "SWNE" if frame.seat(s) != (0, 0, 0)} == set(rig.ctrl.setup.seats)
        rig.press("NEXT")
    assert sets == [("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E")]
    rig.press("PLAY")
    assert rig.ctrl.setup.page == "words"
    rig.press("PLAY")
    state = rig.state
    assert state.config.variants == {"express"}
    assert state.config.seats == ("S", "N")


def test_word_cards_tapped_become_the_words_and_the_rest_are_dealt(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    rig.press("PLAY")
    rig.press("PLAY")
    rig.press("NEXT")  # S W N
    rig.press("PLAY")
    rig.tap("W:VIMES")
    rig.tap("W:VIMES")  # the same card twice counts once
    rig.tap("W:TROLL")
    assert rig.ctrl.setup.words == ("VIMES", "TROLL")
    rig.press("BACK")  # takes the last word back
    assert rig.ctrl.setup.words == ("VIMES",)
    rig.tap("W:SCONE")
    rig.press("PLAY")
    words = rig.state.config.words
    assert words["S"] == ("VIMES",) and words["W"] == ("SCONE",)
    assert len(words["N"]) == 1 and words["N"][0] in EDITION.words


def test_back_walks_back_out_of_setup(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    rig.press("PLAY")
    rig.press("PLAY")
    assert rig.ctrl.setup.page == "seats"
    rig.press("BACK")
    assert rig.ctrl.setup.page == "variants"
    rig.press("BACK")
    assert rig.ctrl.setup.page == "mode"
    rig.press("BACK")
    assert rig.ctrl.screen == "attract"


def test_a_jacquard_in_setup_is_shown_as_an_error(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    rig.tap("J01")
    assert rig.ctrl.view(rig.clock.now()).error_since is not None
    assert rig.ctrl.screen == "setup"


def test_coop_and_junior_setups_start_their_games(tmp_path):
    for mode_steps, mode in ((1, "race"), (2, "solitaire"), (3, "junior_race")):
        rig = Rig(tmp_path / mode, FakeClock(0.0))
        rig.press("PLAY")
        for _ in range(mode_steps):
            rig.press("NEXT")
        assert rig.ctrl.setup.mode == mode
        while rig.ctrl.setup.page != "words":
            rig.press("PLAY")
        rig.press("PLAY")
        assert rig.ctrl.screen == "game", rig.reports[-2:]
        assert rig.state.config.mode == mode
