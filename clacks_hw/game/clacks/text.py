"""A Clacks position drawn as plain text for terminals (`clacks-hw replay`, `clacks-hw demo`),
every mode's ``text``.

A pure function of the state: no colour codes, no terminal queries, so the same text works in a
pipe, a log file and a test. ``ascii=True`` draws lamps as '#'/'.' for terminals without UTF-8.
North is up, as the lamp numbering is (lamp = 4*row + col, row 0 at the north edge).
"""

from __future__ import annotations

from .board import TOWER_BY_NAME, TOWERS
from .config import TEAM
from .position import words_of
from .state import NO_BUDGET, ROUTE_TOWERS, GameState

RED_GRID = (("R1", "R2", "R3"), ("R4", "R5", "R6"))  # button grids as seen from above
GREEN_GRID = (("G1", "G2"), ("G3", "G4"), ("G5", "G6"))
GAP = "    "
WIDTH = 79  # an 80-column terminal: the cursor needs the last column


def render(state: GameState, *, ascii: bool = False, actions: int | None = None,
           view: str | None = None) -> str:
    """``view``: draw only what the player at that seat may see (others' hands hidden)."""
    on, off, dot = ("#", ".", "-") if ascii else ("●", "·", "·")
    lines = [_title(state, dot, actions), _status(state), ""]
    left = _lamps(state.board, on, off)
    right = _buttons(state) if state.config.game.pawns else _route(state, on, off)
    right = _with_next_letter(state, right, len(left), on, off)
    width = max(len(s) for s in left)
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        lines.append((a.ljust(width) + GAP + b).rstrip())
    lines.append("")
    for track in state.config.game.tracks(state):
        if track.owner == TEAM:
            lines.append(f"  team   {words_of(state, state.players[0].seat):<12} sent "
                         f"{_message(track.signals, track.sent)} ({track.sent}/{len(track.signals)})")
    for p in state.players:
        lines.extend(_player(state, p.seat, view))
    if state.pending:
        lines.append(f"Revealed: {', '.join(state.edition.card_label(c) if c else 'a Fault Report card' for c in state.pending)}"
                     f" waits for {state.pending_seat} to choose where it applies.")
    return "\n".join(lines) + "\n"


def _title(state: GameState, dot: str, actions: int | None) -> str:
    c = state.config
    game = c.game  # its name for people, not the mode's key: "Clacks: Junior Race", not junior_race
    parts = [f"Clacks: {game.label}", f"{len(c.seats)} player{'s' * (len(c.seats) != 1)}", f"{c.hands} hands"]
    if c.variants:
        parts.append(", ".join(game.variant_names(c.variants)))
    if c.hints is not None:  # journalled by the board since it was recorded; older games: not known
        parts.append("hints on" if c.hints else "hints off")
    if actions is not None:
        parts.append(f"{actions} action{'s' * (actions != 1)}")
    return f" {dot} ".join(parts)


def _status(state: GameState) -> str:
    t = state.turn
    if state.over:
        return f"Game over after turn {t.number}."
    if t.base_budget >= NO_BUDGET:
        s = f"Turn {t.number}: {t.seat} to act, {t.spent} stress point{'s' * (t.spent != 1)} spent this turn"
        return s + (f" (played {', '.join(t.played)})" if t.played else "")
    s = f"Turn {t.number}: {t.seat} to act, {max(0, t.left)} of {t.budget} stress points left"
    return s + (f" (played {', '.join(t.played)})" if t.played else "")


def _lamps(board: int, on: str, off: str) -> list[str]:
    out = ["         N", "      0 1 2 3"]
    for r in range(4):
        cells = " ".join(on if board >> (4 * r + c) & 1 else off for c in range(4))
        side = ("W", "E") if r == 1 else (" ", " ")
        out.append(f"{side[0]}  {r}  {cells}  {side[1]}".rstrip())
    out.append("         S")
    return out


def _occupant(state: GameState, name: str) -> str:
    index = TOWER_BY_NAME[name].index
    who = "".join(p.seat for p in state.players if p.tower == index)
    if state.has_dwarf and state.dwarf == index:
        who += "D"  # the Deep Dwarf
    return who or "."


def _buttons(state: GameState) -> list[str]:
    red = ["  ".join(f"{n} {_occupant(state, n):<2}" for n in row) for row in RED_GRID]
    green = ["  ".join(f"{n} {_occupant(state, n):<2}" for n in row) for row in GREEN_GRID]
    width = max(len(s) for s in red)
    out = ["(D = the Deep Dwarf)" if state.has_dwarf else "", "red".ljust(width) + GAP + "green"]
    for i in range(3):
        a = red[i] if i < len(red) else ""
        out.append(a.ljust(width) + GAP + green[i])
    return out


def _with_next_letter(state: GameState, right: list[str], rows: int, on: str, off: str) -> list[str]:
    """``right`` with the letter the seat to act sends next, drawn as its tower shows it in the
    alphabet (3 rows of 2 lamps), where three lines beside the lamps have room, else on one
    line (rows split by '/'); as they were when no line has room or nothing is left to send."""
    seat = None if state.over else state.turn.seat
    signal = state.next_signal(seat) if seat is not None else None
    if signal is None:
        return right
    bits = state.edition.signals[signal]
    shape = [" ".join(on if bits >> (2 * r + c) & 1 else off for c in range(2)) for r in range(3)]
    head = f"next {signal}  "
    block = [head + shape[0], *(" " * len(head) + row for row in shape[1:])]
    size = max(len(b) for b in block) + 1
    lines = right + [""] * max(0, rows - len(right))
    for top in range(rows - 2):
        if all(not lines[top + k][:size].strip() for k in range(3)):
            for k in range(3):
                lines[top + k] = block[k].ljust(size) + lines[top + k][size:]
            return [line.rstrip() for line in lines]
    flat = f"{head}{'/'.join(shape)}"
    for i in range(rows):
        if not lines[i][:len(flat) + 1].strip():
            lines[i] = flat + " " + lines[i][len(flat) + 1:]
            return [line.rstrip() for line in lines]
    return right


def _message(signals: tuple[str, ...], sent: int) -> str:
    def text(tokens):
        return "".join({"SPACE": "_", "END": "<END>"}.get(s, s) for s in tokens)
    return text(signals[:sent]) + "|" + text(signals[sent:]) if sent < len(signals) else text(signals)


def _route(state: GameState, on: str, off: str) -> list[str]:
    """The team games' map: towers lit along the route and the Post Office track."""
    game = state.config.game
    if not game.moves_post_office:  # each player on their own route
        out = ["", f"route to Genua ({ROUTE_TOWERS} towers)"]
        for p in state.players:
            route = game.player_fields(state, p.seat)["route"]
            out.append(f"{p.seat} {route:<4} " + "".join(on if i < p.sent else off for i in range(ROUTE_TOWERS))
                       + f"  tower {p.sent}")
        return out
    goal = state.post_office_goal
    return ["", f"{state.config.route} route: towers lit",
            "  " + "".join(on if i < state.signals_sent else off for i in range(len(state.message))),
            f"Post Office: {state.post_office} of {goal} steps",
            "  " + _track(state.post_office, goal) + " Genua"]


def _track(at: int, goal: int) -> str:
    """The Post Office's way to Genua, two steps a character, so the drawing sits beside the
    lamps on an 80-column terminal (a board drawn beside it included): 'P' where it stands."""
    cells = (goal + 1) // 2 + 1
    spot = min(at, goal) // 2
    return "".join("P" if i == spot else "=" if i < spot else "-" for i in range(cells))


def _player(state: GameState, seat: str, view: str | None = None) -> list[str]:
    p = state.player(seat)
    mark = ">" if not state.over and state.turn.seat == seat else " "
    game = state.config.game
    if not any(t.owner == seat for t in game.tracks(state)):  # the team's message: no own line
        lines = [f"{mark} {seat}"]
    else:
        words = words_of(state, seat)
        sent = f"sent {_message(p.signals, p.sent)} ({p.sent}/{len(p.signals)})"
        fields = game.player_fields(state, seat)
        if "route" in fields:
            pawn = f"{fields['route']} route, tower {fields['tower']}"
        else:
            pawn = "pawn " + (TOWERS[p.tower].name if p.tower is not None else "at start")
        extra = "  sabotaged once" if p.sabotaged else ""
        lines = [f"{mark} {seat}  {words:<12} {sent:<24}  {pawn}{extra}"]
    if seat in game.hidden_hands(state, view):
        lines.append(f"      hand: {p.hand_count} card{'s' * (p.hand_count != 1)} (hidden)")
    elif state.config.hands == "tracked":
        hand = _cards(state, "      hand: ", p.hand) if p.hand else "      hand: nothing"
        # Fault Report cards on the hand's line (a line a seat saved keeps 4 players on 24 rows):
        # by name, else by id (as `:F07` taps them), else on a line of their own.
        fits = [f for f in (_cards(state, "  faults: ", p.faults), "  faults: " + ", ".join(p.faults))
                if len(hand) + len(f) <= WIDTH] if p.faults else [""]
        lines.extend([hand + fits[0]] if fits else [hand, _cards(state, "      faults: ", p.faults)])
    else:
        lines.append(f"      hand: {p.hand_count} card{'s' * (p.hand_count != 1)} (physical)")
    if len(lines[0]) == 3 and len(lines[0]) + len(lines[1]) - 4 <= WIDTH:  # no word of its own: one line
        lines[:2] = [lines[0] + lines[1][4:]]
    return lines


def _cards(state: GameState, prefix: str, cards) -> str:
    """The cards by name when the line fits an 80-column terminal, else by id: one line, never
    a name split across two."""
    named = prefix + ", ".join(state.edition.card_label(c) for c in cards)
    return named if len(named) <= WIDTH else prefix + ", ".join(cards)
