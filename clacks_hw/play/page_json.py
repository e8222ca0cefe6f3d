"""What the play page is sent: the board's public state (web/public.py, as the kiosk page gets
it), the frame the LEDs show, and what the person at this computer may see besides: the hands
of the seats they play (each as that seat sees it: the game's own view) and the next signal
each sender works towards.

The page draws the lamps, the tower buttons and the seat indicators from the frame, so it
shows exactly what a built board would light; the rest is text and cards around it.
"""

from __future__ import annotations

from ..game.clacks.board import TOWERS, lamps_of
from ..game.clacks.page import jacquard_json
from ..views.position_json import PUBLIC, position_json
from ..views.guide import guide_lines
from ..views.reactions import window_text
from ..web.public import alphabet_json, public_position, status_json

# The page's keys for the cards of the seat to act, in the order they are shown.
CARD_KEYS = "asdfghjkl;"
REPORT_KEYS = "zxcvnm"
TOWER_LAMPS = {t.name: lamps_of(t.mask) for t in TOWERS}  # each tower's six lamps


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % rgb


def frame_json(frame) -> list[str] | None:
    """The 32 pixels (16 lamps, 12 tower buttons, 4 seat indicators) as CSS colours."""
    return None if frame is None else [_hex(p) for p in frame.pixels]


def _hand(state, seat: str) -> dict:
    """``seat``'s own cards, as the game lets that seat see them."""
    mine = position_json(state, view=seat)["players"][seat]
    cards = list(mine.get("hand", ())) + list(mine.get("faults", ()))
    return {"cards": cards,
            "labels": {c: state.edition.card_label(c) for c in cards},
            "jacquards": {c: j for c in cards if (j := jacquard_json(state.edition, c))}}


def _next(state) -> dict:
    """Each sending seat's next signal and the towers the seat to act may send it from."""
    game = state.config.game
    out = {}
    for seat in state.config.seats:
        signal = state.next_signal(seat)
        if signal is not None:
            out[seat] = {"signal": signal, "bits": state.edition.signals[signal]}
    if not state.over and state.turn.seat in out:
        out[state.turn.seat]["towers"] = [TOWERS[t].name for t in game.send_towers(state, state.turn.seat)]
    return out


def page_view(state, people) -> str | None:
    """Whose view the page's position is: the public one when every seat is played here; with a
    computer at the table, a person's own (the one to act, else the first), so the game's
    ``hidden_hands`` keeps the computer's hand off the page. The people's own hands come in
    ``hands``, each as its seat sees it. None: the public view."""
    if not state.config.computer or not people:
        return None
    seat = state.config.game.acting_seat(state)
    return seat if seat in people else people[0]


def options_json() -> dict:
    """The games the new-game form offers: each mode's name, seatings and variants."""
    from ..game.core.registry import board_modes, game_for

    out = {}
    for m in board_modes():  # the games the board runs that one shared page can play
        g = game_for(m)
        if not g.pass_and_play:
            continue
        out[m] = {"label": g.label or m, "seats": ["".join(s) for s in g.seatings()],
                  "variants": list(g.variants), "variant_labels": g.variant_names(g.variants)}
    return {"modes": out}


def not_on_one_page(mode: str) -> str | None:
    """Why ``mode`` cannot be played on one shared page (None: it can)."""
    from ..game.core.registry import game_for

    game = game_for(mode)
    if game.pass_and_play:
        return None
    return (f"{game.title} keeps each player's secrets on their own phone, so one shared page cannot "
            f"play it: start the board (clacks-hw run --virtual) and pair a phone for each seat "
            f"(docs/{game.name}.md)")


def play_json(snapshot, frame, *, humans, said=(), edition=None, options=None, move=None, window=None) -> dict:
    """The whole page state for one snapshot and the frame showing; ``move``: the computer's
    move being shown before it is played (its sentence, which anyone may read); ``window``: that
    move held for a person's answer (who may answer, said)."""
    data = status_json(snapshot, edition)
    data["options"] = options
    data["frame"] = frame_json(frame)
    data["said"] = list(said)
    data["hands"] = {}
    data["next"] = {}
    data["computer"] = None
    data["keys"] = {"cards": CARD_KEYS, "reports": REPORT_KEYS}
    data["tower_lamps"] = TOWER_LAMPS  # a tower hovered or pressed on the page lights these
    state = snapshot.state if snapshot is not None and snapshot.actions is not None else None  # a game, not the demo
    shown = getattr(state, "edition", None) or edition  # a dice game has no edition of cards
    if shown is not None:
        data["alphabet"] = alphabet_json(shown)
    data["humans"] = list(humans)
    if state is not None:
        computer = dict(getattr(state.config, "computer", None) or {})
        data["humans"] = [s for s in state.config.seats if s in humans and s not in computer]
        view = page_view(state, data["humans"])
        if view is not None:  # the public position (status_json's) shows every hand: not the computer's
            data["position"] = public_position(state, snapshot.actions, view)
        data["asked"] = {"mode": state.config.mode, "seats": "".join(state.config.seats),
                         "variants": sorted(state.config.variants), "computer": computer}
        data["computer"] = {"seats": computer, "move": None if move is None else {"seat": move.seat, "why": move.why},
                            "answer": None if window is None else {"people": list(window.people),
                                                                   "text": window_text(window)}}
    if state is not None and not state.config.game.dice:
        # Hands the table may not see (Long Distance): pass and play, only the seat to act's.
        secret = state.config.game.hidden_hands(state, PUBLIC)
        turn = None if state.over else state.turn.seat
        data["hands"] = {s: _hand(state, s) for s in data["humans"] if s not in secret or s == turn}
        data["next"] = _next(state)
    data["guide"] = []  # the person to act's next step, while no card is shown (views/guide.py)
    if state is not None and (snapshot.preview is None or snapshot.preview.seat not in data["humans"]):
        seat = state.config.game.current_player(state)
        if seat in data["humans"]:
            data["guide"] = guide_lines(state, seat, bool(getattr(state.config, "hints", False)))
    return data
