"""What another seat may play while one seat is to act (``Game.reactions``): in the competitive
game, every Fault Report card of another seat the rules accept now (docs/rules.md, section 7:
"at any time ..., on anyone's turn"); the board's computer waits for them (daemon/screens/computer.py)."""

from clacks_hw.game.core.registry import game_for
from clacks_hw.game.core.values import replace

from .conftest import fault, ok
from .test_rules_faults import position


def test_the_other_seat_s_fault_cards_are_its_reactions_not_the_acting_seat_s():
    s = position(s_faults=("F07", "F03"), n_faults=("F09", "F10"))  # S's turn
    assert s.config.game.reactions(s, "S") == (("N", "F09"), ("N", "F10"))
    assert s.config.game.reactions(s, "N") == (("S", "F07"), ("S", "F03"))


def test_emergency_repair_is_a_reaction_only_after_a_card_that_harms_its_holder():
    s = position(s_faults=("F05", "F02"), n_faults=("F11",))
    assert s.config.game.reactions(s, "S") == ()  # nothing played to cancel
    helped = ok(s, fault("S", "F05"))  # OILED GEARS only helps S
    assert helped.config.game.reactions(helped, "S") == ()
    dark = ok(s, fault("S", "F02"))  # BLACKOUT harms everyone
    assert dark.config.game.reactions(dark, "S") == (("N", "F11"),)


def test_no_reactions_once_the_game_is_over_or_in_a_game_without_such_cards():
    s = position(n_faults=("F09",))
    assert s.config.game.reactions(replace(s, winner="S"), "S") == ()
    for mode in ("race", "klackers"):  # the race's Fault Report cards are revealed, not held
        assert game_for(mode).reactions(s, "S") == ()
