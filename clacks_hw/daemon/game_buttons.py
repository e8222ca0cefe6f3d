"""A press the game itself gives a meaning to (the games' protocol: ``button_action``): in
Guards! Guards!, PLAY rolls the die a test waits for and a face button types the physical die's
face. The loop asks the game before the screens see the press, while a game is in play, and
sends the action the one way every action goes (journaled first, then shown); a game that gives
a button no meaning leaves it to the screens. No game is named here.
"""

from __future__ import annotations

from ..drivers.debounce import ButtonEvent


def handle(event, controller, now: float) -> bool:
    """True when the game took the press (the screens never see it)."""
    if not isinstance(event, ButtonEvent) or event.kind != "press" or controller.screen != "game":
        return False
    state = controller.state
    if state is None:
        return False
    action = state.config.game.button_action(state, event.button)
    if action is None:
        return False
    controller.submit(action, now)  # refused: the board flashes red and says why, as for any action
    return True
