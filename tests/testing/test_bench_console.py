"""The emulator's command language: card ids (with or without the leading zero) or hex uids,
reader numbers checked against the hub, and did-you-mean for what it does not know."""

import pytest

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
    ("place 2 J05", "this hub has readers 0..1"),
    ("place x J05", "reader 'x': give a number 0..1"),
    ("place 0", "which card?"),
    ("place 0 J99X", "unknown card 'J99X'"),
    ("place 0 04A1B", "unknown card '04A1B'"),  # odd length: not a uid
    ("revve 0", "did you mean revive?"),
])
def test_bad_lines_say_what_was_expected(console, line, message):
    with pytest.raises(ConsoleError, match=message.replace("?", r"\?").replace("(", r"\(")):
        console.run(line)


def test_quit_and_blank_lines(console):
    assert console.run("   ") == ""
    with pytest.raises(Quit):
        console.run("quit")
