"""The journal folder and the journals' names keep the seed to the board's user: names carry a
time stamp and the game's number, never a function of the seed; the folder the board makes is
0700 whatever the umask; the daemon's log and `clacks-hw doctor` say when others can look in,
and how to fix it."""

from __future__ import annotations

import logging
import os

from clacks_hw.commands.doctor.check import OK, WARN
from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.journal import JournalWriter, make_header
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.recording_leds import RecordingLeds
from tests.fakes.daemon_rig import EDITION
from tests.test_file_modes import _mode, loose_umask  # noqa: F401 (a fixture)
from tests.tools.test_doctor_checks import FakePi, config, lines, run

WALL = 1_700_000_000.0  # 2023-11-14 22:13:20 UTC


def game(seed: int) -> ClacksConfig:
    return ClacksConfig(("S", "N"), deal_words(EDITION, ("S", "N"), 1, 3), seed=seed)


def test_a_name_carries_no_function_of_the_seed(tmp_path):
    names = []
    for seed in (7, 12345, 99_999, 2**63 + 12345):
        store = JournalStore(tmp_path / str(seed), EDITION, clock=FakeClock(WALL))
        session = store.new_session(game(seed))
        session.close()
        names.append(session.path.name)
    assert set(names) == {"game-20231114-221320-n0001.jsonl"}  # whatever the seed: the same name


def test_the_store_makes_its_folder_for_its_user_only(tmp_path, loose_umask):
    store = JournalStore(tmp_path / "new" / "journals", EDITION, clock=FakeClock(WALL))
    store.new_session(game(5)).close()
    assert _mode(tmp_path / "new" / "journals") == 0o700
    assert store.has_room()
    assert _mode(tmp_path / "new" / "journals") == 0o700


def _daemon(directory):
    cfg = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                 "journal.dir": str(directory), "status.port": 0}, check_devices=False)
    clock = FakeClock(WALL)
    return app.Daemon(cfg, seams=app.Seams(clock=clock, led_backend=RecordingLeds(clock)))


def test_the_daemon_makes_the_folder_0700_and_warns_about_an_open_one(tmp_path, loose_umask, caplog):
    _daemon(tmp_path / "fresh").close()
    assert _mode(tmp_path / "fresh") == 0o700
    assert "journal.dir" not in caplog.text
    folder = tmp_path / "open"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    with caplog.at_level(logging.WARNING):
        _daemon(folder).close()
    assert f"journal.dir: {folder} is mode 0755: every user can look in" in caplog.text
    assert f"fix: chmod 700 {folder}" in caplog.text
    assert _mode(folder) == 0o755  # the owner's folder: said, not changed behind their back


def _journal(folder, name, mode):
    path = folder / name
    JournalWriter.create(path, make_header(EDITION, game(3))).close()
    os.chmod(path, mode)


def test_doctor_warns_about_a_folder_others_can_read_and_says_how_to_fix_it(tmp_path):
    sys_ = FakePi(tmp_path / "root")
    folder = sys_.root / "var/lib/clacks-hw"
    cfg = config(tmp_path, "")
    [ok] = lines(run(cfg, sys_)[1], OK, "journal")
    assert "does not exist yet" in ok.text and "0700" in ok.text

    folder.mkdir(parents=True)
    os.chmod(folder, 0o755)
    _journal(folder, "game-20250601-193000-12345.jsonl", 0o644)  # written by an older version
    _journal(folder, "game-20250602-193000-n0002.jsonl", 0o600)
    _, checks = run(cfg, sys_)
    warns = lines(checks, WARN, "journal")
    assert len(warns) == 2 and not lines(checks, "FAIL", "journal")  # a warning, not a failure
    assert "/var/lib/clacks-hw is mode 0755: every user can look in" in warns[0].text
    assert "hidden hand" in warns[0].text and warns[0].fix.startswith("chmod 700 /var/lib/clacks-hw")
    assert "1 file(s)" in warns[1].text and "game-20250601-193000-12345.jsonl" in warns[1].text
    assert warns[1].fix.startswith("chmod go-rwx /var/lib/clacks-hw/game-20250601-193000-12345.jsonl")

    os.chmod(folder, 0o770)  # a group that may write could plant a journal or a link
    assert any("its group can add, rename or delete" in w.text for w in lines(run(cfg, sys_)[1], WARN, "journal"))

    os.chmod(folder, 0o700)
    os.chmod(folder / "game-20250601-193000-12345.jsonl", 0o600)
    [ok] = lines(run(cfg, sys_)[1], OK, "journal")
    assert "only the board's user can look in" in ok.text
    os.chmod(folder, 0o2750)  # the documented way to share with one group
    assert lines(run(cfg, sys_)[1], WARN, "journal") == []
