"""The plain list of games, variants and screens (game/catalogue.py, for the hall, which does
not load the engine) says exactly what the game objects and the board say."""

from clacks_hw.daemon.view import SCREENS
from clacks_hw.game import catalogue
from clacks_hw.game.modes import GAMES


def test_the_catalogue_is_the_games_own():
    assert catalogue.GAMES == {name: (g.label, g.variants) for name, g in GAMES.items()}
    assert catalogue.SCREENS == SCREENS


def test_the_hall_loads_no_rule_of_the_engine():
    import subprocess
    import sys

    code = ("import sys, clacks_hw.commands.hall_cmd, clacks_hw.web.hall; "
            "print(sorted(m for m in sys.modules if m.startswith(('clacks_hw.game.modes', 'clacks_hw.game.rules', "
            "'clacks_hw.daemon'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['clacks_hw.daemon', 'clacks_hw.daemon.palette']"
