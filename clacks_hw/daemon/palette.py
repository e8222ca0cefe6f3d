"""Every colour the board shows, in one place (full-brightness RGB; the LED layer scales)."""

from __future__ import annotations

OFF = (0, 0, 0)
LAMP_ON = (255, 225, 170)  # a lit shutter: warm white
SEAT = {"S": (255, 30, 20), "N": (255, 0, 140), "W": (20, 230, 40), "E": (0, 170, 255)}
DWARF = (150, 60, 255)  # the Deep Dwarf's button
PREVIEW = (60, 140, 255)  # a previewed placement: the lamps it would flip
UNAFFORDABLE = (255, 0, 0)  # a card the budget cannot pay blinks red
ERROR = (255, 0, 0)  # a brief red flash: unknown tag, rejected action
AMBER = (255, 120, 0)  # reader offline (seat indicators pulse)
STORAGE_FULL = (255, 255, 255)  # the journal cannot be written (tower buttons blink)
LED_FAIL = (255, 0, 255)  # LED output was failing and recovered (shown briefly)
SETUP_LETTER = (255, 255, 255)
SETUP_ON = (0, 255, 60)  # a variant that is on
SETUP_OFF = (90, 20, 0)  # a variant that is off (its letter dim)
SETUP_CURSOR = (255, 255, 255)
ROUTE = (255, 200, 0)  # co-op: towers of the route already reached
PO_FAR = (0, 255, 0)  # co-op seat indicators: the Post Office far from Genua ...
PO_NEAR = (255, 0, 0)  # ... and at Genua (mixed in between by how far it has come)
TEAM_WON = (0, 255, 0)  # co-op game over: the team sent END in time (seats blink)
PO_WON = (255, 0, 0)  # co-op game over: the Post Office reached Genua (seats blink)
DISCARD = (255, 140, 0)  # a swap: the hand jacquard that would be discarded (its pattern blinks)
PENDING = (255, 255, 255)  # a revealed Fault Report card waits: that seat's indicator blinks
JUNIOR_HALF = 0.3  # junior: a button half-way (one of its two route towers reached) is this dim
CONFIRM = (255, 60, 0)  # the reset question
PAIRING = (0, 150, 170)  # pairing a phone: the seat indicators and the code's places glow cyan
PAIRING_LETTER = (0, 230, 255)  # the code's letter on the lamps
PAIRING_PLACE = (255, 255, 255)  # the place of the letter shown (R1 = the first, G2 = the eighth)
PAIRED = (0, 255, 60)  # a phone paired: the buttons and seat indicators flash green
FORGOTTEN = (255, 140, 0)  # every phone forgotten: they flash orange
PHONES = {"paired": PAIRED, "forgotten": FORGOTTEN}
COMPUTER = (255, 255, 255)  # setup: a seat the computer plays glows white, brighter the stronger
COMPUTER_LEVEL = {"easy": 0.25, "normal": 0.55, "strong": 1.0}


def scale(rgb, k: float):
    """``rgb`` dimmed by ``k`` (0..1), as ints."""
    k = max(0.0, min(1.0, k))
    return (int(rgb[0] * k), int(rgb[1] * k), int(rgb[2] * k))


def mix(a, b, k: float):
    """From ``a`` (k=0) to ``b`` (k=1)."""
    k = max(0.0, min(1.0, k))
    return tuple(int(round(x + (y - x) * k)) for x, y in zip(a, b))
# KLACKERS (docs/klackers.md): the numbers up are lit lamps; the selection blinks like a preview
NUMBER_UP = LAMP_ON
NUMBER_SELECTED = PREVIEW
DIE_SINGLE = (255, 255, 255)  # a die's lamp counting one
DIE_DOUBLE = (255, 120, 0)  # a die's lamp counting two
DIE_ENTERED = (0, 200, 255)  # real dice keyed in, not yet entered
ONE_DIE = (150, 60, 255)  # the one-die option is open
FACE_BUTTON = (60, 60, 60)  # real dice: the buttons that key in faces 1..6
LAST_ROLL = 0.25  # the last roll stays on the dice lamps this dim until the next


ROLLING = (90, 200, 255)  # the die rolling: the light running round the face buttons (not a result colour)
DIM = 0.25  # ("dim", role): what has been, or is still to come (a spell run's route ahead)

# What a game's roles look like (game/core/board.py): a role names what a lamp, button or seat
# indicator is, the board decides its colour here.
ROLES = {
    "dragon": (255, 0, 0),  # Guards! Guards!: a dragon's quadrant
    "run": (255, 200, 0),  # a spell run's route (the quadrant its runners are in: full)
    "sabotage": (255, 0, 255),  # a sabotage attempt (the quadrant flashes)
    "test": (255, 255, 255),  # a test waits for its die
    "passed": (0, 255, 60),  # the last test passed
    "failed": (255, 0, 0),  # ... or failed
    "confined": (255, 120, 0),  # in hospital: missing turns
    "watch": (60, 90, 255),  # in the Watch House: missing turns
    "rolling": ROLLING,  # game/core/die_run.py
    "on": LAMP_ON,
    "off": OFF, "lamp": LAMP_ON, "preview": PREVIEW, "unaffordable": UNAFFORDABLE, "discard": DISCARD,
    "dwarf": DWARF, "route": ROUTE, "pending": PENDING, "team_won": TEAM_WON, "post_office_won": PO_WON,
    "up": NUMBER_UP, "selected": NUMBER_SELECTED, "one_die": ONE_DIE, "face": FACE_BUTTON,
}


def _die(kind: str, weight: str):
    if kind == "entered":
        return DIE_ENTERED if weight == "single" else mix(DIE_ENTERED, DIE_DOUBLE, 0.5)
    colour = DIE_DOUBLE if weight == "double" else DIE_SINGLE
    return scale(colour, LAST_ROLL) if kind == "last_roll" else colour


def colour(role: tuple):
    """The colour of a game's ``role``: ("lamp",), ("seat", "S"), ("team", progress, bright),
    ("dim", ("run",)) ..."""
    name = role[0]
    if name == "dim":  # ("dim", role): that role a quarter as bright
        return scale(colour(role[1]), DIM)
    if name == "seat":
        return SEAT[role[1]]
    if name == "seat_half":
        return scale(SEAT[role[1]], JUNIOR_HALF)
    if name == "team":  # the co-op seats: green while the Post Office is far from Genua, red at it
        shade = mix(PO_FAR, PO_NEAR, role[1])
        return shade if role[2] else scale(shade, 0.25)
    if name == "die":
        return _die(role[1], role[2])
    return ROLES[name]

