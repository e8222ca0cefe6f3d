"""Pairing on a fake clock: a code lasts two minutes and pairs one phone; sessions are kept
hashed (never the secret, never the token), survive a restart, end for every phone at once
(forget, or a new token), and the display key belongs to this boot and this token."""

from __future__ import annotations

import json
import logging
import os

import pytest

from clacks_hw.pairing import Pairing, PairingOff, PhoneBook, Refused
from clacks_hw.pairing.codes import LENGTH, LETTERS, WINDOW_S
from clacks_hw.pairing.phones import MAX_PHONES, PHONES_FILE
from clacks_hw.testing.clock import FakeClock

TOKEN = "root-secret-token-0123456789"


class Token:
    """The admin token as the board finds it now (a test swaps it, as --rotate does)."""

    def __init__(self, value: str | None = TOKEN) -> None:
        self.value = value

    def __call__(self) -> str | None:
        return self.value


@pytest.fixture
def clock():
    return FakeClock(1000.0)


@pytest.fixture
def pairing(tmp_path, clock):
    return Pairing(Token(), tmp_path, clock, boot="boot-1")


def test_a_code_is_eight_letters_shown_for_two_minutes(pairing, clock):
    code = pairing.open()
    assert len(code.code) == LENGTH and set(code.code) <= set(LETTERS)
    assert code.grouped == f"{code.code[:4]} {code.code[4:]}" and WINDOW_S == 120
    clock.advance(119.9)
    assert pairing.shown() == code
    clock.advance(0.1)
    assert pairing.shown() is None
    with pytest.raises(Refused, match="no pairing code is showing"):
        pairing.redeem(code.code)
    assert pairing.phones.phones() == []


def test_a_code_pairs_one_phone_only(pairing):
    code = pairing.open()
    secret, phone = pairing.redeem(code.grouped.lower())  # typed in any case, with its space
    assert phone.role == "admin" and pairing.phone(secret) == phone
    assert len(secret) >= 43  # 256 random bits, base64
    assert pairing.shown() is None  # the window closed at once
    with pytest.raises(Refused, match="no pairing code is showing"):
        pairing.redeem(code.code)  # a second phone with the same code
    assert len(pairing.phones.phones()) == 1


def test_a_wrong_code_leaves_the_window_open(pairing):
    code = pairing.open()
    wrong = ("B" if code.code[0] == "A" else "A") + code.code[1:]
    for typed in (wrong, code.code[:-1], code.code + "A", "", "\u00c4" * 8, "12345678"):
        with pytest.raises(Refused, match="not the code shown"):
            pairing.redeem(typed)
    assert pairing.wrong == 6 and pairing.shown() == code
    assert pairing.redeem(code.code)[1].role == "admin"


def test_a_new_code_voids_the_one_before(pairing):
    first = pairing.open()
    second = pairing.open()
    if first.code != second.code:
        with pytest.raises(Refused):
            pairing.redeem(first.code)
    pairing.redeem(second.code)


def test_no_token_no_pairing(tmp_path, clock):
    p = Pairing(Token(None), tmp_path, clock, boot="boot-1")
    assert not p.enabled
    with pytest.raises(PairingOff, match="install-service"):
        p.open()
    assert p.phone("anything") is None and p.display_key() is None


def test_sessions_are_kept_hashed_and_survive_a_restart(tmp_path, clock, pairing):
    secret, phone = pairing.redeem(pairing.open().code)
    text = (tmp_path / PHONES_FILE).read_text()
    assert secret not in text and TOKEN not in text  # only a keyed hash of the session
    assert oct((tmp_path / PHONES_FILE).stat().st_mode & 0o777) == "0o600"
    again = Pairing(Token(), tmp_path, clock, boot="boot-2")  # the daemon restarted (even rebooted)
    assert again.phone(secret) == phone
    assert again.phone(secret + "x") is None and again.phone("") is None and again.phone(None) is None


def test_forgetting_every_phone_reaches_a_running_board(tmp_path, clock, pairing):
    secrets_ = [pairing.redeem(pairing.open().code)[0] for _ in range(3)]
    assert all(pairing.phone(s) for s in secrets_)
    cli = PhoneBook(tmp_path, lambda: TOKEN.encode())  # clacks-hw admin --forget-phones, another process
    assert cli.forget_all() == 3
    assert [pairing.phone(s) for s in secrets_] == [None, None, None]  # noticed at the next request


def test_the_board_gesture_forgets_too_and_voids_the_code(pairing):
    secret, _ = pairing.redeem(pairing.open().code)
    code = pairing.open()
    assert pairing.forget_all("the board's PREV+BACK gesture") == 1
    assert pairing.phone(secret) is None and pairing.shown() is None
    with pytest.raises(Refused):
        pairing.redeem(code.code)


def test_a_new_token_unpairs_every_phone_and_changes_the_display_key(tmp_path, clock):
    token = Token()
    p = Pairing(token, tmp_path, clock, boot="boot-1")
    secret, _ = p.redeem(p.open().code)
    key = p.display_key()
    token.value = "a-new-root-secret-9876543210"
    assert p.phone(secret) is None and p.display_key() != key


def test_a_phone_can_unpair_itself(pairing):
    mine, _ = pairing.redeem(pairing.open().code)
    theirs, _ = pairing.redeem(pairing.open().code)
    assert pairing.unpair(mine) is not None and pairing.unpair(mine) is None
    assert pairing.phone(mine) is None and pairing.phone(theirs) is not None


def test_the_display_key_is_this_boots_and_this_tokens(tmp_path, clock, pairing):
    key = pairing.display_key()
    assert pairing.is_display(key) and not pairing.is_display(key[:-1] + "x")
    assert not pairing.is_display(None) and not pairing.is_display("") and not pairing.is_display(TOKEN)
    assert Pairing(Token(), tmp_path, clock, boot="boot-2").display_key() != key
    assert Pairing(Token(), tmp_path, clock, boot="boot-1").display_key() == key
    assert TOKEN not in key


def test_the_phone_list_is_bounded(tmp_path, clock, pairing):
    first, _ = pairing.redeem(pairing.open().code)
    for _ in range(MAX_PHONES):
        pairing.redeem(pairing.open().code)
    assert len(pairing.phones.phones()) == MAX_PHONES and pairing.phone(first) is None  # the oldest went


def test_a_damaged_or_planted_phones_file_pairs_nobody(tmp_path, clock, pairing, caplog):
    caplog.set_level(logging.WARNING)
    secret, _ = pairing.redeem(pairing.open().code)
    (tmp_path / PHONES_FILE).write_text("{not json")
    assert pairing.phone(secret) is None and "cannot be read" in caplog.text
    (tmp_path / PHONES_FILE).write_text(json.dumps({"phones": "all of them"}))
    assert pairing.phone(secret) is None
    victim = tmp_path / "victim"
    victim.write_text("untouched\n")
    (tmp_path / PHONES_FILE).unlink()
    os.symlink(victim, tmp_path / PHONES_FILE)  # a link planted at the file's name
    assert pairing.phone(secret) is None  # never read through it
    secret, _ = pairing.redeem(pairing.open().code)  # written over the link, never through it
    assert victim.read_text() == "untouched\n" and not (tmp_path / PHONES_FILE).is_symlink()
    assert pairing.phone(secret) is not None


def test_sessions_handed_out_as_cookies_are_forgotten(tmp_path, clock, pairing, caplog):
    """A phones.json of version 1 holds sessions an older board gave as cookies, which a browser
    sent to every port of the host: whoever was sent one must not get in by the header."""
    caplog.set_level(logging.WARNING)
    secret, phone = pairing.redeem(pairing.open().code)
    data = json.loads((tmp_path / PHONES_FILE).read_text())
    assert data["version"] == 2 and pairing.phone(secret) == phone
    (tmp_path / PHONES_FILE).write_text(json.dumps({**data, "version": 1}))  # as the cookie board wrote it
    fresh = Pairing(Token(), tmp_path, clock, boot="boot-1")
    assert fresh.phone(secret) is None and fresh.phones.phones() == []
    assert "pair each phone again" in caplog.text
    again, _ = fresh.redeem(fresh.open().code)
    assert fresh.phone(again) is not None and len(fresh.phones.phones()) == 1  # the old ones are gone


def test_the_token_is_never_read_through_a_link(tmp_path):
    from clacks_hw.config.load import load_config
    from clacks_hw.pairing.root import RootSecret

    victim = tmp_path / "elsewhere"
    victim.write_text("a-token-someone-planted-0123456789\n")
    (tmp_path / "state").mkdir()
    os.symlink(victim, tmp_path / "state" / "admin-token")
    cfg = load_config(overrides={"journal.dir": str(tmp_path / "state")}, check_devices=False)
    assert RootSecret(cfg)() is None
    (tmp_path / "state" / "admin-token").unlink()
    (tmp_path / "state" / "admin-token").write_text(TOKEN + "\n")
    assert RootSecret(cfg)() == TOKEN


def _seat(pairing, seat):
    code = pairing.open("seat", seat)
    return pairing.redeem(code.code)


def test_a_seat_phone_is_for_one_game_and_the_computers_seat_pairs_none(tmp_path, pairing):
    from clacks_hw.pairing import Table

    early = {seat: _seat(pairing, seat)[0] for seat in ("S", "N", "E")}  # no game yet: for the next one
    admin, _ = pairing.redeem(pairing.open().code)
    pairing.playing(Table("game-1.jsonl", ("S", "N"), computer=("N",)))
    assert pairing.phone(early["S"]).game == "game-1.jsonl"  # joined the game
    assert pairing.phone(early["N"]) is None and pairing.phone(early["E"]) is None  # the computer's; not playing
    with pytest.raises(Refused, match="seat N is played by the computer in this game: no phone pairs for it"):
        pairing.open("seat", "N")
    assert pairing.seat_refused("E") == "seat E does not play in this game" and pairing.seat_refused("S") is None
    pairing.playing(None)  # the game ends: its seat phones with it, the admin's stays
    assert pairing.phone(early["S"]) is None and pairing.phone(admin).role == "admin"
    again, phone = _seat(pairing, "S")
    assert phone.game is None
    pairing.playing(Table("game-2.jsonl", ("S", "N")))
    assert pairing.phone(again).game == "game-2.jsonl"
    file = tmp_path / PHONES_FILE
    before = file.stat().st_mtime_ns, file.stat().st_ino
    pairing.phones.follow("game-2.jsonl", ("S", "N"))  # nothing to change: the file is not written again
    assert (file.stat().st_mtime_ns, file.stat().st_ino) == before


def test_a_seat_phone_of_a_file_from_before_games_were_kept_is_read(tmp_path, clock):
    book = PhoneBook(tmp_path, lambda: TOKEN.encode())
    secret, _ = book.add("seat", "S")
    data = json.loads((tmp_path / PHONES_FILE).read_text())
    for entry in data["phones"]:
        entry.pop("game")
    (tmp_path / PHONES_FILE).write_text(json.dumps(data))
    assert PhoneBook(tmp_path, lambda: TOKEN.encode()).find(secret).game is None


@pytest.mark.skipif(os.geteuid() != 0, reason="only root refuses a folder others may write (CI runs as root)")
def test_a_folder_others_may_write_pairs_nobody_and_keeps_the_board_going(tmp_path, clock, caplog):
    from clacks_hw.pairing import Table

    folder = tmp_path / "journal"
    folder.mkdir(mode=0o700)
    pairing = Pairing(Token(), folder, clock, boot="boot-1")
    pairing.playing(Table("game-1.jsonl", ("S", "N")))
    secret, _ = _seat(pairing, "S")
    os.chmod(folder, 0o777)  # made so while the board runs: another user could plant phones.json
    os.utime(folder / PHONES_FILE)  # ... and changed, so the board reads it again
    caplog.set_level(logging.WARNING)
    pairing.playing(Table("game-2.jsonl", ("S", "N")))  # was an UnsafePath out of the loop's step
    assert pairing.phone(secret) is None  # was an UnsafePath: a 500 for every phone's request
    assert "cannot let the seat phones" in caplog.text and "cannot read the paired phones" in caplog.text
