"""cards.toml is read by enroll and by the daemon (root for ws281x): never through a link at its
name, never a FIFO or a device; enroll refuses a folder another user controls before the first
card, not after it."""

from __future__ import annotations

import os
import threading

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.cards.enrolment import EnrolmentError, load_enrolment

TOML_LIKE = '[tags]\n"DEADBEEF" = "J01"\n# only root may read this\n'


def test_a_link_at_the_enrolment_is_not_followed(tmp_path):
    secret = tmp_path / "root-only.toml"
    secret.write_text(TOML_LIKE)
    (tmp_path / "cards.toml").symlink_to(secret)
    with pytest.raises(EnrolmentError, match="is a link, which is not followed here") as err:
        load_enrolment(tmp_path / "cards.toml")
    assert "DEADBEEF" not in str(err.value) and "cp --remove-destination" in str(err.value)


def test_a_fifo_or_a_device_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "cards.toml")
    done = threading.Event()
    errors = []

    def load():
        try:
            load_enrolment(tmp_path / "cards.toml")
        except EnrolmentError as exc:
            errors.append(str(exc))
        done.set()

    threading.Thread(target=load, daemon=True).start()
    assert done.wait(5), "reading a FIFO blocked"
    assert "not a regular file" in errors[0]
    with pytest.raises(EnrolmentError, match="not a regular file"):
        load_enrolment("/dev/zero")


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: another user's folder (CI runs as root)")
def test_enroll_refuses_a_folder_another_user_controls_before_any_card(tmp_path):
    bobs = tmp_path / "bobs"
    bobs.mkdir()
    os.chown(bobs, 4242, 4242)
    r = CliRunner().invoke(cli, ["enroll", "--cards", str(bobs / "cards.toml"), "--port", "/dev/null"])
    assert r.exit_code == 2 and f"refusing to write in {bobs}: it is owned by 4242" in r.output
    assert "Tap" not in r.output and list(bobs.iterdir()) == []
