"""The emulator's command language: card ids (with or without the leading zero) or hex uids,
reader numbers checked against the hub, and did-you-mean for what it does not know."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.testing.bench_console import ConsoleError, HubConsole, Quit
from clacks_hw.testing.cards import uid_of
from clacks_hw.testing.emulated_hub import EmulatedHub


@pytest.fixture(scope="module")
def console():
    with EmulatedHub(readers=2) as hub:
        yield HubConsole(hub)


def test_card_ids_and_hex_uids_land_on_the_chip(console):
    console.run("place 1 j5")
    assert console.hub.chips[1].card.uid.hex().upper() == uid_of("J05")
    console.run("place 0 04a1b2c3")
    assert console.hub.chips[0].card.uid == bytes.fromhex("04A1B2C3")
    assert console.run("remove 0") == "reader 0: empty"
    assert console.hub.chips[0].card is None


@pytest.mark.parametrize("line, message", [
    ("place 2 J05", "reader '2': expected a whole number 0..1 (this hub has 2 reader(s))"),
    ("place x J05", "reader 'x': expected a whole number 0..1"),
    ("place ² J05", "reader '²': expected a whole number 0..1"),  # isdigit() says yes, int() no
    ("place ١ J05", "reader '١': expected a whole number 0..1"),  # int() reads it as 1
    ("pull 0 ²", "frames '²': expected a whole number 0..1000"),
    ("place 0", "which card?"),
    ("place 0 J99X", "unknown card 'J99X'"),
    ("place 0 04A1B", "unknown card '04A1B'"),  # odd length: not a uid
    ("revve 0", "did you mean revive?"),
])
def test_bad_lines_say_what_was_expected(console, line, message):
    with pytest.raises(ConsoleError, match=re.escape(message)):
        console.run(line)


def test_quit_and_blank_lines(console):
    assert console.run("   ") == ""
    with pytest.raises(Quit):
        console.run("quit")


console_words = st.sampled_from([
    "place", "remove", "tap", "pull", "bounce", "kill", "revive", "brownout", "silent", "answer", "status", "help",
    "0", "1", "2", "²", "١", "-1", "+1", "1_0", "J05", "j5", "W:GUILD", "04A1B2C3", "0123456789", "9" * 5000, "\x00",
]) | st.text(max_size=8)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(console_words, max_size=4).map(" ".join))
def test_fuzz_a_line_is_carried_out_or_refused_with_a_console_error(console, line):
    line = line.replace("tap", "place")  # tap waits for the hub in real time
    try:
        assert isinstance(console.run(line), str)
    except ConsoleError as exc:
        assert str(exc)
    except Quit:
        pass
