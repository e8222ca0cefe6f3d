"""What a player's own phone shows: their seat's private view as a few titled sections, and the
private questions the rules put to that seat alone (plant a saboteur? sabotage this run?).

Both come from the game, built from its view for that seat (``position(state, seat)``, whose
hidden parts ``hidden_hands`` decides, core/view.py), so the phone page never knows which game
it shows and never sees more than that seat may. A game with nothing private to ask has no
prompts; one without a drawing of its own shows its seat's view as it is (``sections_of``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    """A titled block of lines on the phone page."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Choice:
    """One answer to a prompt: what the phone's button says, and the action it sends; or, for a
    move with too many forms to list (a spell run: its runners, its route), the ``plan`` the
    phone then builds step by step, asking the game at each step (``Game.plan``)."""

    label: str
    action: object  # the game's own action; its ``to_json()`` travels to the phone and back
    plan: str | None = None  # the game's name for a move built step by step (action is None)
    group: str = ""  # the heading it is listed under (where the piece stopped, what it does)
    more: bool = False  # an unlikely move: listed under a folded "more", after the likely ones
    note: str = ""  # what it does, or the test it starts: its target and its chance


@dataclass(frozen=True)
class Option:
    """One answer to a step of a plan: what the phone shows, and the value it sends back."""

    label: str
    value: str


@dataclass(frozen=True)
class Step:
    """A plan's next question: tap one option, or (``many``) tick any of them and go on."""

    question: str
    options: tuple[Option, ...]
    many: bool = False


@dataclass(frozen=True)
class Draft:
    """What the game makes of a plan's answers so far: the first ``answered`` stand; then either
    the next ``step`` to ask, or (step None) the whole ``action``, said in ``summary``, for the
    player to confirm. ``error``: why the answer after the standing ones was refused (that step
    is asked again), or why the plan cannot be made at all (no step)."""

    answered: int
    step: Step | None
    summary: tuple[str, ...] = ()
    action: object = None
    error: str | None = None


@dataclass(frozen=True)
class Prompt:
    """A question for one seat only, answered on that seat's phone."""

    question: str
    choices: tuple[Choice, ...]
    note: str = ""  # what the answer decides: a test's target and its chance


def _line(key: str, value) -> str:
    if isinstance(value, list | tuple):
        value = ", ".join(str(v) for v in value) if value else "none"
    elif isinstance(value, dict):
        value = ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    elif value is None:
        value = "-"
    return f"{key.replace('_', ' ')}: {value}"


def sections_of(view: dict, seat: str) -> tuple[Section, ...]:
    """A seat's view as sections, for a game that draws none of its own: the seat's own entry
    under ``players`` first, then the rest of the table's plain values."""
    own = (view.get("players") or {}).get(seat)
    out = []
    if isinstance(own, dict):
        out.append(Section("You", tuple(_line(k, v) for k, v in own.items())))
    table = tuple(_line(k, v) for k, v in view.items() if k not in ("players", "mode", "view")
                  and not isinstance(v, dict | list))
    if table:
        out.append(Section("The table", table))
    return tuple(out)


def seat_page(game, state, seat: str, actions: int | None = None) -> dict:
    """Everything a seat's phone page shows, as JSON: the seat's view, the game's sections of it
    and the prompts the seat may answer now."""
    view = game.position(state, seat, actions)
    prompts = game.prompts(state, seat) if not game.is_terminal(state) else ()
    return {
        "seat": seat,
        "game": game.label or game.name,
        "to_act": game.current_player(state) == seat,
        "over": game.is_terminal(state),
        "sections": [{"title": s.title, "lines": list(s.lines)} for s in game.seat_sections(state, seat)],
        "prompts": [{"question": p.question, "choices": [_choice(c) for c in p.choices],
                     **({"note": p.note} if p.note else {})} for p in prompts],
        "view": view,
    }


def _choice(c: Choice) -> dict:
    out = {"label": c.label, "plan": c.plan} if c.plan else {"label": c.label, "action": c.action.to_json()}
    extra = {"group": c.group, "more": c.more, "note": c.note}
    return out | {k: v for k, v in extra.items() if v}


def _plans(game, state, seat: str) -> set[str]:
    return {c.plan for p in game.prompts(state, seat) for c in p.choices if c.plan}


def offered(game, state, seat: str, action) -> bool:
    """Is ``action`` one of the answers the seat's prompts offer now, or a move of a plan they
    offer? (a phone acts only so; a planned move is then the engine's to accept or refuse, with
    its reason, as every action is)"""
    if game.is_terminal(state):
        return False
    plan = game.planned(action)
    if plan is not None:
        return plan in _plans(game, state, seat)
    wanted = action.to_json()
    return any(c.plan is None and c.action.to_json() == wanted for p in game.prompts(state, seat) for c in p.choices)


def plan_page(game, state, seat: str, plan: str, answers: list) -> dict | None:
    """One step of a plan the seat's prompts offer, as JSON for the phone: what the game makes of
    ``answers`` (``Game.plan``); the phone sends the finished action back like any answer. None
    when no prompt of the seat offers that plan now."""
    if game.is_terminal(state) or plan not in _plans(game, state, seat):
        return None
    d = game.plan(state, seat, plan, tuple(answers))
    step = None if d.step is None else {
        "question": d.step.question, "many": d.step.many,
        "options": [{"label": o.label, "value": o.value} for o in d.step.options]}
    return {"answered": d.answered, "step": step, "summary": list(d.summary),
            "action": None if d.action is None else d.action.to_json(), "error": d.error}
