"""Viewers get changes, not the whole hall: the hall's feed sends a page the whole hall once and
then JSON merge patches (RFC 7396) of what changed; a move on one board of sixteen costs each
viewer a patch of that board's card, where the hall used to send every viewer the whole hall
with every message. A viewer that fell behind or reconnects gets what it missed, or the whole
hall again."""

from __future__ import annotations

import asyncio
import copy
from concurrent.futures import ThreadPoolExecutor
import json
import http.client

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.hall.feed import _SAME, HISTORY, DeltaFeed, merge_apply, merge_diff
from tests.fakes.hall_boards import board_state, hall_states, SCENES
from tests.web.broker import Broker
from tests.mqtt.rig import until
from tests.hall.shown import ShownHall

values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                      max_leaves=20)
objects = st.dictionaries(st.text(max_size=3), values, max_size=5)


def no_nulls(v):
    """What a merge patch can express: a key set to null is a key gone."""
    if isinstance(v, dict):
        return {k: no_nulls(x) for k, x in v.items() if x is not None}
    return v


@settings(max_examples=300, deadline=None)
@given(objects, objects)
def test_a_patch_turns_the_old_into_the_new(old, new):
    old, new = no_nulls(old), no_nulls(new)
    diff = merge_diff(old, new)
    if diff is _SAME:
        assert old == new
    else:
        assert merge_apply(copy.deepcopy(old), diff) == new


def frames(data: bytes) -> list[tuple[str, dict]]:
    out = []
    for block in data.split(b"\n\n"):
        fields = dict(line.split(b": ", 1) for line in block.split(b"\n") if b": " in line)
        if b"data" in fields:
            out.append((fields[b"id"].decode(), json.loads(fields[b"data"])))
    return out


def test_a_viewer_behind_gets_what_it_missed_or_the_whole_hall():
    async def run():
        feed = DeltaFeed(wall=lambda: 1000)
        feed.attach(asyncio.get_running_loop())
        feed.put(("boards", "a"), {"turn": "S", "lamps": "0" * 16})
        v1 = feed.version
        feed.put(("boards", "a"), {"turn": "N", "lamps": "0" * 16})
        feed.put(("boards", "b"), {"turn": "S"})
        assert not feed.put(("boards", "b"), {"turn": "S"})  # nothing changed: nothing sent
        version, data = feed.frames_after(v1)
        got = frames(data)
        assert [p for _, p in got] == [{"patch": {"boards": {"a": {"turn": "N"}}}}, {"patch": {"boards": {"b": {"turn": "S"}}}}]
        model = {"boards": {"a": {"turn": "S", "lamps": "0" * 16}}}
        for _, p in got:
            model = merge_apply(model, p["patch"])
        assert model == feed.model and version == feed.version
        _, data = feed.frames_after(-1)
        [(_, whole)] = frames(data)
        assert whole == {"now": 1000, "full": feed.model}
        assert feed.resume_from(got[-1][0]) == feed.version  # a page reconnecting with its Last-Event-ID
        assert feed.resume_from("0000.1") == -1 and feed.resume_from("nonsense") == -1  # another run's: all again
        for k in range(HISTORY + 5):
            feed.put(("boards", "a"), {"turn": str(k)})
        _, data = feed.frames_after(v1)
        assert "full" in frames(data)[0][1]  # fell too far behind: the whole hall
        feed.put(("boards", "a"), None)
        assert "a" not in feed.model["boards"] and frames(feed.frames_after(feed.version - 1)[1])[0][1] == {"patch": {"boards": {"a": None}}}
    with ThreadPoolExecutor(1) as pool:  # a loop of its own (the browser tests keep one in this thread)
        pool.submit(asyncio.run, run()).result()


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path).start()
    yield b
    b.stop()


def next_event(resp) -> bytes:
    """One whole Server-Sent Event as the viewer's EventSource gets it (the chunking undone)."""
    out = b""
    while True:
        line = resp.readline()
        out += line
        if line == b"\n" and b"data: " in out:
            return out


def test_a_move_costs_each_viewer_one_cards_change_not_the_hall(tmp_path, broker):
    states = hall_states(16)
    hall = ShownHall(tmp_path, broker.port, boards=states)
    viewer = None
    try:
        hall.put(states)
        # the broker connected first: its change would otherwise be the viewer's next message
        until(lambda: hall.hall.feed.model.get("broker", {}).get("text") == "connected", "the hall on the broker")
        viewer = http.client.HTTPConnection("127.0.0.1", hall.hall.address[1], timeout=5)
        viewer.request("GET", "/events", headers={"Accept": "text/event-stream"})
        resp = viewer.getresponse()
        got = next_event(resp)
        assert b'"full"' in got
        whole = len(got)
        hall.state("alpha", board_state(("alpha", *SCENES[0][1:3], SCENES[0][3] + 1, *SCENES[0][4:])))  # one move
        moved = next_event(resp)
        [(_, patch)] = frames(moved)
        assert set(patch) == {"patch"} and list(patch["patch"]["boards"]) == ["alpha"]
        assert patch["patch"]["boards"]["alpha"].keys() <= {"lamps", "turn", "doing", "progress", "title"}
        assert len(moved) < 400 and whole > 20 * len(moved), (len(moved), whole)
        print(f"one move: {len(moved)} bytes to each viewer; the whole hall: {whole} bytes")
    finally:
        if viewer is not None:
            viewer.close()
        hall.close()
