"""Issue 34 item 4: a board says its key's fingerprint at every start at the default log level
(WARNING, as `clacks-hw run` without -v sets it), in the form the hall's arbiter page lists a
knocking board's, so the arbiter can compare the two before pressing Count."""

from __future__ import annotations

import logging

from clacks_hw.config.load import MqttConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.ingest import Knock
from clacks_hw.web.mqtt_link import MqttLink


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.NOTSET)  # as logging.basicConfig leaves its handler
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_a_board_says_the_fingerprint_the_arbiter_sees_at_every_start_without_v(tmp_path):
    root, handler, key = logging.getLogger(), Lines(), SigningKey.generate()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    try:
        for _start in range(2):  # the second start has its key already: still said
            MqttLink(MqttConfig(host="127.0.0.1", port=9, board_id="alpha"), key=key, journal_dir=tmp_path,
                     edition=default_edition()).start().close(timeout=0.5)
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    # what the arbiter's page lists for this board when it knocks
    shown = Knock(board="alpha", reason="unknown", first=0.0, last=0.0, key=key.public).data()["fingerprint"]
    said = [line for line in handler.lines if shown in line]
    assert len(said) == 2, handler.lines
    assert all(line.startswith("MQTT: board alpha publishing to 127.0.0.1:9") for line in said)
