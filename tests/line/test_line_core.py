"""The line's pure core: opening a line with the code, then a game's actions both ways through a
broker that loses, doubles and reorders messages. Every side ends with the same chained log,
each action taken once; no broker user reads a seat's view or action, or forges one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.line import code as line_code
from clacks_hw.line.follower import Follower
from clacks_hw.line.messages import LineError
from clacks_hw.line.referee import Referee
from clacks_hw.line.seal import BoxKey, Unsealed, seal
from clacks_hw.mqtt.signing import SigningKey

CODE = "ABCDEFGHJKLM"
VERSIONS = {"protocol": 1, "rules": 3, "edition": "default@1a2b"}
GAME = {"game": "clacks", "mode": "competitive", "variants": []}
SECRET = "J26-SECRET-HAND"


def sides(code=CODE, guest_code=None, versions=VERSIONS, guest_versions=None):
    host = Referee(code, GAME, ["S"], ["N"], versions, SigningKey.generate(), BoxKey.generate())
    guest = Follower(guest_code or code, "grandma's", guest_versions or versions, SigningKey.generate(),
                     {"N": (SigningKey.generate(), BoxKey.generate())})
    return host, guest


def opened(host, guest):
    join = guest.on_message(host.offer().topic, host.offer().payload, 0.0)
    assert join.refused is None and len(join.out) == 1
    taken = host.on_message(join.out[0].topic, join.out[0].payload)
    assert taken.joined == "grandma's"
    welcome = guest.on_message(taken.out[0].topic, taken.out[0].payload, 0.0)
    assert welcome.opened and guest.open
    return welcome


# -- the code ----------------------------------------------------------------------------------
def test_a_code_is_typed_any_way_and_wrong_ones_say_why():
    assert line_code.parse("abcd efgh-jklm") == "ABCDEFGHJKLM"
    assert line_code.grouped("ABCDEFGHJKLM") == "ABCD EFGH JKLM"
    with pytest.raises(line_code.BadLineCode, match="letters only, not '1'"):
        line_code.parse("ABCD EFGH JKL1")
    with pytest.raises(line_code.BadLineCode, match="12 letters, this has 11"):
        line_code.parse("ABCD EFGH JKL")
    assert len(line_code.new_code()) == 12 and set(line_code.new_code()) <= set(line_code.LETTERS)


def test_both_sides_find_the_topic_from_the_code_and_the_topic_is_not_the_code():
    assert line_code.line_id(CODE) == line_code.line_id(line_code.parse("abcd efgh jklm"))
    assert line_code.line_id(CODE) != line_code.line_id("ABCDEFGHJKLN")
    assert CODE not in line_code.line_id(CODE) and CODE.lower() not in line_code.line_id(CODE)


# -- sealing -------------------------------------------------------------------------------------
def test_a_sealed_box_opens_for_its_key_on_its_topic_only():
    mine, other = BoxKey.generate(), BoxKey.generate()
    box = seal(mine.public, "clacks/line/x/view/N", b"the hand")
    assert mine.open("clacks/line/x/view/N", box) == b"the hand"
    with pytest.raises(Unsealed):
        other.open("clacks/line/x/view/N", box)
    with pytest.raises(Unsealed):
        mine.open("clacks/line/x/view/S", box)  # moved to another seat's topic
    with pytest.raises(Unsealed):
        mine.open("clacks/line/x/view/N", box[:-2] + ("A" if box[-2] != "A" else "B") + box[-1])


# -- opening -------------------------------------------------------------------------------------
def test_the_line_opens_in_one_step_for_each_side():
    host, guest = sides()
    opened(host, guest)
    assert host.guest["place"] == "grandma's"


def test_a_stranger_with_another_code_neither_joins_nor_is_answered():
    host, guest = sides(guest_code="ZZZZZZZZZZZZ")
    step = guest.on_message(host.offer().topic, host.offer().payload, 0.0)
    assert step.out == [] and step.ignored  # another line's topic altogether
    stranger = Follower(CODE, "stranger", VERSIONS, SigningKey.generate(), {"N": (SigningKey.generate(), BoxKey.generate())})
    step = stranger.on_message(host.offer().topic, host.offer().payload, 0.0)
    forged = step.out[0].payload.replace(b'"place":"stranger"', b'"place":"grandma"')
    assert host.on_message(step.out[0].topic, forged).ignored.startswith("a join without the line code's mark")
    assert host.guest is None


def test_a_version_or_edition_mismatch_is_refused_naming_both():
    host, guest = sides(guest_versions={**VERSIONS, "edition": "cs@9f9f"})
    step = guest.on_message(host.offer().topic, host.offer().payload, 0.0)
    assert step.refused == {"code": "versions", "what": "edition", "ours": "cs@9f9f", "theirs": "default@1a2b"}
    answer = host.on_message(step.out[0].topic, step.out[0].payload)
    assert answer.refused == {"code": "versions", "what": "edition", "ours": "default@1a2b", "theirs": "cs@9f9f"}
    assert guest.on_message(answer.out[0].topic, answer.out[0].payload, 0.0).refused["what"] == "edition"
    assert host.guest is None


# -- the game through a broker that loses, doubles and reorders -------------------------------
class Table:
    """The host's game, as the daemon would run it: a guest's action is applied (or refused)
    and only then logged; the host's own seat acts too."""

    def __init__(self, host: Referee):
        self.host, self.applied = host, []

    def take(self, incoming):
        if incoming.action == "bad":  # the rules refuse it
            return self.host.refused(incoming, {"code": "not_your_turn", "values": {}})
        self.applied.append((incoming.seat, incoming.seq, incoming.action))
        public = {"act": "a secret move" if incoming.action.startswith("secret") else incoming.action}  # public_action
        return self.host.applied(incoming.seat, incoming.seq, public,
                                 {"N": {"hand": [SECRET]}}, {"lamps": len(self.applied)})

    def own(self, action):
        self.applied.append(("S", None, action))
        return self.host.applied("S", None, {"act": action}, {"N": {"hand": [SECRET]}}, {"lamps": len(self.applied)})


def play_through(schedule: random.Random, actions: list, drop: float, dup: float):
    host, guest = sides()
    opened(host, guest)
    table, seen, to_host, to_guest = Table(host), [], [], []
    for k, a in enumerate(actions):
        to_host.append(guest.act("N", a)) if k % 3 else to_guest.extend(table.own(a))
    views, deciding = {}, []
    for _ in range(400):  # deliver in any order, lose some, double some; the guest retries
        if deciding and (schedule.random() < 0.3 or not (to_host or to_guest)):
            for incoming in deciding:  # the host decides what it was handed a while later, in order
                to_guest.extend(table.take(incoming))
            deciding = []
        if not (to_host or to_guest):
            to_host.extend(guest.resend())
            if not guest.pending and len(guest.entries) == len(host.entries):
                break
        queue = to_host if (to_host and (not to_guest or schedule.random() < 0.5)) else to_guest
        m = queue.pop(schedule.randrange(len(queue)))
        seen.append(m)
        if schedule.random() < dup:
            queue.append(m)
        if schedule.random() < drop:
            continue
        if queue is to_host:
            r = host.on_message(m.topic, m.payload)
            to_guest.extend(r.out)
            if r.incoming is not None:
                deciding.append(r.incoming)
        else:
            step = guest.on_message(m.topic, m.payload, 1.0)
            views.update(step.views)
            to_host.extend(step.out)
    return host, guest, table, seen, views


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.sampled_from(["play", "move", "bad", "pass"]), min_size=1, max_size=12),
       st.sampled_from([0.0, 0.2, 0.4]), st.sampled_from([0.0, 0.3]))
def test_every_action_is_taken_once_and_both_sides_end_with_the_same_log(seed, actions, drop, dup):
    host, guest, table, seen, views = play_through(random.Random(seed), actions, drop, dup)
    assert [e["hash"] for e in guest.entries] == [e["hash"] for e in host.entries]
    assert guest.pending == []
    sent = [a for k, a in enumerate(actions) if k % 3]
    guest_taken = [a for s, _, a in table.applied if s == "N"]
    assert guest_taken == [a for a in sent if a != "bad"]  # in order, once each
    refused = [e for e in host.entries if "refused" in e]
    assert len(refused) == sent.count("bad")
    if views:
        assert views == {"N": {"hand": [SECRET]}}


def test_no_broker_user_reads_a_seats_view_or_action():
    host, guest, table, seen, views = play_through(random.Random(5), ["play", "secret-move", "pass"], 0.0, 0.0)
    assert views == {"N": {"hand": [SECRET]}}
    wire = b"".join(m.payload for m in seen)
    assert SECRET.encode() not in wire  # the hand went sealed to N alone
    assert b"secret-move" not in wire and b'"act":"a secret move"' in wire  # the log says only what is public


def test_a_forged_action_or_log_entry_is_ignored():
    host, guest = sides()
    opened(host, guest)
    stranger = SigningKey.generate()
    real = guest.act("N", "play")
    forged = stranger.seal(real.topic, real.payload[real.payload.index(b'"msg":') + 6:-1])
    assert "not signed by the key pinned" in host.on_message(real.topic, forged).ignored
    incoming = host.on_message(real.topic, real.payload).incoming
    assert incoming.action == "play"
    entry = host.applied("N", 1, {"act": "play"}, {}, {})[0]
    fake = stranger.seal(entry.topic, entry.payload[entry.payload.index(b'"msg":') + 6:-1])
    assert "not signed by the key pinned" in guest.on_message(entry.topic, fake, 1.0).ignored
    assert guest.on_message(entry.topic, entry.payload, 1.0).entries[0]["seq"] == 1


def test_an_action_for_a_seat_not_this_places_is_refused_naming_its_seats():
    host, guest = sides()
    opened(host, guest)
    with pytest.raises(LineError, match="seat S is not this place's: it plays N"):
        guest.act("S", "play")


def test_the_line_is_down_after_silence_and_up_again_with_the_next_message():
    host, guest = sides()
    opened(host, guest)
    assert guest.status(5.0) is None
    assert guest.status(30.0) == 10.0  # down since 10 s after the host was last heard
    beat = host.beat()
    guest.on_message(beat.topic, beat.payload, 31.0)
    assert guest.status(31.0) is None


def test_a_referee_started_again_from_its_log_answers_a_copy_and_takes_nothing_twice():
    host, guest = sides()
    opened(host, guest)
    first = guest.act("N", "play")
    incoming = host.on_message(first.topic, first.payload).incoming
    host.applied("N", incoming.seq, {"act": "play"}, {}, {})
    again = Referee(CODE, GAME, ["S"], ["N"], VERSIONS, host.key, host.box, join=host.join, log=host.entries)
    assert [e["hash"] for e in again.entries] == [e["hash"] for e in host.entries]
    copy = again.on_message(first.topic, first.payload)
    assert copy.incoming is None and copy.out and b'"seq":1' in copy.out[0].payload  # said again from the log
    second = guest.act("N", "move")
    assert again.on_message(second.topic, second.payload).incoming.seq == 2
    with pytest.raises(LineError, match="does not chain at entry 1"):
        Referee(CODE, GAME, ["S"], ["N"], VERSIONS, host.key, host.box, join=host.join,
                log=[{**host.entries[0], "public": {"act": "pass"}}])


def test_a_follower_started_again_sends_what_was_waiting_once_the_line_is_open():
    host, guest = sides()
    opened(host, guest)
    sent = guest.act("N", "play")
    seat_keys = guest.seats
    waiting = [(seat, seq, action) for seat, seq, _, action in guest.pending]
    back = Follower(CODE, "grandma's", VERSIONS, guest.key, seat_keys, log=guest.entries, waiting=waiting)
    assert back.resend() == []  # nothing can be sealed before the host's key is known again
    join = back.on_message(host.offer().topic, host.offer().payload, 0.0).out[0]
    assert join.payload == guest.join.payload  # the same join: the host takes it as the one it pinned
    welcome = host.on_message(join.topic, join.payload).out[0]
    resent = back.on_message(welcome.topic, welcome.payload, 0.0).out
    acts = [m for m in resent if "/act/" in m.topic]
    assert len(acts) == 1 and acts[0].payload != sent.payload  # sealed anew, the same seat and number
    took = host.on_message(acts[0].topic, acts[0].payload)
    assert took.incoming.seq == 1 and took.incoming.action == "play"
    assert back.act("N", "move").payload and back.next_seq["N"] == 3


def test_a_boards_inputs_cross_the_line_and_a_bad_one_is_named():
    from clacks_hw.daemon.events import CardTap
    from clacks_hw.drivers.debounce import ButtonEvent
    from clacks_hw.line import inputs
    for event in (ButtonEvent("press", "R3", 1.0), ButtonEvent("release", "PLAY", 1.0, 0.05),
                  ButtonEvent("long_press", "BACK", 1.0), ButtonEvent("chord", "TURN+BACK", 1.0), CardTap("J26")):
        again = inputs.decode(inputs.encode(event), 7.0)
        assert type(again) is type(event) and again == (CardTap("J26") if isinstance(event, CardTap) else
                                                        ButtonEvent(event.kind, event.button, 7.0, event.held_s
                                                                    if event.kind == "release" else 0.0))
    for bad, said in (({"press": "R9"}, "'R9' is not one of the board's buttons"), ({"chord": "TURN+X"}, "'X'"),
                      ({"tap": ""}, "a tapped card is named"), ({"release": "R1", "held": -1}, "held must be seconds"),
                      ({"wave": 1}, "one of press, release"), ("press", "one of press, release")):
        with pytest.raises(LineError, match=said):
            inputs.decode(bad, 0.0)


def test_a_retained_frame_that_comes_before_the_offer_is_shown_once_the_offer_is_checked():
    from clacks_hw.line.messages import signed
    host, guest = sides()
    topic = host.topic + "frame"
    frame = signed(host.key, topic, {"pixels": "ff0000" * 36})
    early = guest.on_message(topic, frame, 0.0)
    assert early.frame is None and early.ignored is None  # kept: its signer is not known yet
    step = guest.on_message(host.offer().topic, host.offer().payload, 0.0)
    assert step.frame == "ff0000" * 36 and len(step.out) == 1  # the join, and the frame checked
    forged = signed(SigningKey.generate(), topic, {"pixels": "00ff00" * 36})
    _, other = sides()
    other.on_message(topic, forged, 0.0)
    assert other.on_message(host.offer().topic, host.offer().payload, 0.0).frame is None  # not the host's
