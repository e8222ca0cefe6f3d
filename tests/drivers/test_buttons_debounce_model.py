"""Property: for any edge sequence, the debouncer agrees with the plain-words rule
"a level counts once the pin has held it for the debounce time"."""

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.drivers.debounce import ButtonEvent, Debouncer

DEBOUNCE = 0.03


def model(gaps_ms: list[int]) -> list[str]:
    """Edges alternate down/up starting with down; gaps_ms[i] is the time before edge i+1."""
    stable, out = False, []
    for i in range(len(gaps_ms) + 1):
        level = i % 2 == 0  # level after edge i
        held = gaps_ms[i] / 1000 if i < len(gaps_ms) else float("inf")
        if held >= DEBOUNCE and level != stable:
            stable = level
            out.append("press" if level else "release")
    return out


@settings(max_examples=300)
@given(st.lists(st.integers(min_value=1, max_value=80), max_size=30))
def test_debouncer_matches_the_rule(gaps_ms):
    events: list[ButtonEvent] = []
    deb = Debouncer(["PLAY"], events.append, debounce_s=DEBOUNCE, long_press_s=60.0, chords=())
    t = 0.0
    for i in range(len(gaps_ms) + 1):
        deb.edge("PLAY", i % 2 == 0, t)
        if i < len(gaps_ms):
            t += gaps_ms[i] / 1000
            deb.poll(t - 0.0005)  # polls in between must not change the outcome
    deb.poll(t + 1.0)
    assert [e.kind for e in events] == model(gaps_ms)
