"""The set-up's variants page says what the letter it shows means, in the variant's own words,
on every screen that shows the set-up: the virtual board's status (the terminal), the status
page's JSON (the kiosk and the play page draw it). KLACKERS' one-die option, open in every
game, is said on its set-up pages too."""

import pytest

from clacks_hw.daemon.setup_menu import LETTER, SetupMenu, variants_of
from clacks_hw.game.core.registry import board_modes, game_for
from clacks_hw.testing.clock import FakeClock
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from tests.fakes.daemon_rig import Rig


@pytest.mark.parametrize("mode", [m for m in board_modes() if variants_of(m)])
def test_every_switch_of_every_game_is_said_in_its_own_words(mode):
    game = game_for(mode)
    menu = SetupMenu.from_defaults(mode=mode).confirm(0.0)
    assert menu.page == "variants"
    for k, switch in enumerate(variants_of(mode)):
        words = game.variant_texts[switch]
        assert len(words.split(":", 1)[1].split()) >= 5, words  # a sentence, not a label
        text = menu.describe()
        assert f"shown: {LETTER[switch]} {words} [off] ({k + 1} of {len(variants_of(mode))}" in text, text
        assert f"shown: {LETTER[switch]} {words} [ON]" in menu.toggle(0.0).describe()
        menu = menu.step(1, 0.0)


def test_klackers_one_die_option_is_on_its_setup_pages():
    menu = SetupMenu.from_defaults(mode="klackers")
    for page in (menu, menu.confirm(0.0)):
        assert "one die, in every game: when your numbers still up add up to 6 or less, TURN rolls one die" \
            in page.describe()
    assert "one die" not in SetupMenu.from_defaults(mode="competitive").describe()


def test_the_terminal_and_the_status_page_say_the_shown_variant(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")  # set-up, the mode page: C
    rig.press("PLAY")  # the variants page: E
    express = game_for("competitive").variant_texts["express"]
    assert f"shown: E {express} [off]" in rig.reports[-1]  # the virtual board's status line
    rig.press("TURN")
    assert f"shown: E {express} [ON]" in rig.reports[-1]
    rig.press("NEXT")
    snap = StatusPublisher(SnapshotBox(), reader=False).publish(rig.ctrl, None, rig.clock.now())
    page = status_json(snap)  # what the status page and the play page draw
    long_message = game_for("competitive").variant_texts["long_message"]
    assert f"shown: L {long_message} [off]" in page["setup"] and "(Express)" in page["setup"]
