"""What the hall tests share: keys, a hall's config on a test broker, a board's [mqtt] overrides,
whole games written as the board writes them, and waiting for something to happen."""

from __future__ import annotations

import random
import time

from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.config import BrokerSettings, HallConfig, PageSettings

EDITION = default_edition()
TIMEOUT = 20


def until(predicate, what, timeout=TIMEOUT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Keys:
    """A hall's key and one per board, made as `clacks-hw hall setup` makes them."""

    def __init__(self, *boards: str) -> None:
        self.hall = SigningKey.generate()
        self.boards = {b: SigningKey.generate() for b in boards}

    def publics(self) -> dict[str, str]:
        return {b: k.public for b, k in self.boards.items()}


def hall_config(tmp_path, broker, keys: Keys, **page) -> HallConfig:
    return HallConfig(BrokerSettings(port=broker.port), PageSettings(port=0, db=str(tmp_path / "hall.sqlite"), **page),
                      keys.hall, keys.publics())


def board_overrides(broker, board: str, keys: Keys, keepalive: int = 2) -> dict:
    return {"mqtt.host": "127.0.0.1", "mqtt.port": broker.port, "mqtt.board_id": board,
            "mqtt.keepalive_s": keepalive, "mqtt.key": keys.boards[board].text, "mqtt.hall_key": keys.hall.public}


def play_journal(folder, seed: int, mode: str = "competitive", finish: bool = True, names=None, hints=None):
    """A game the automatic players play, journalled in ``folder`` as the board journals it;
    stopped half-way unless ``finish``; ``hints``: whether the board hinted (None: not known).
    Its journal's path."""
    from dataclasses import replace

    from clacks_hw.daemon.setup_menu import SetupMenu, seatings

    store = JournalStore(folder, EDITION)
    if mode == "competitive":
        game = ClacksConfig(seats=("S", "N"), words={"S": ("STAMP",), "N": ("DORFL",)}, seed=seed, mode=mode,
                          names=names or {})
    else:  # set up as the board's menu does with nothing chosen
        game = replace(SetupMenu.from_defaults(mode, seats=seatings(mode)[0]).game_config(EDITION.words, seed),
                       names=names or {})
    session = store.new_session(replace(game, hints=hints))
    rng = random.Random(seed)
    steps = 0
    while not session.state.over and (finish or steps < 6):
        session.apply(session.state.config.game.bot_action(session.state, rng))
        steps += 1
    session.close()
    return store.last


def play_game(board, words=("STAMP", "DORFL"), limit: int = 600) -> None:
    """A whole competitive game on a running board (tests/web/live.py), as players would: a new
    game from the paired phone, then each move as buttons and card taps, until it is over."""
    from tests.fakes.daemon_rig import script

    status, answer = board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"], "words": list(words)})
    assert status == 200, answer
    board.wait_for(lambda: board.daemon.controller.screen == "game", "the game to start")
    for _ in range(limit):
        c = board.daemon.controller
        if c.screen == "over":
            return
        session = c.session
        before = (session.actions, session.state)
        for kind, what in script(session.state):
            board.press(what) if kind == "button" else board.tap(what)
        board.wait_for(lambda: c.screen == "over" or (c.session is session and (session.actions, session.state) != before),
                       "the board to take the move")
    raise AssertionError(f"no end after {limit} moves")


def hall_toml(path, broker, keys: Keys, db, boards=None) -> None:
    """A hall.toml as setup writes it (the boards last)."""
    boards = keys.publics() if boards is None else boards
    path.write_text(f'[broker]\nhost = "127.0.0.1"\nport = {broker.port}\n\n[page]\nport = 0\ndb = "{db}"\n\n'
                    f'[hall]\nkey = "{keys.hall.text}"\n\n[boards]\n'
                    + "".join(f'{b} = "{k}"\n' for b, k in boards.items()))
    path.chmod(0o600)


def board_process(tmp_path, broker, board_id, keys: Keys | None = None, status_port: int = 0, keepalive: int = 2):
    """A board daemon as its own process (`clacks-hw run --virtual`), so it can be killed."""
    import os
    import subprocess
    import sys

    cfg = tmp_path / f"{board_id}.toml"
    key = "" if keys is None else f'key = "{keys.boards[board_id].text}"\nhall_key = "{keys.hall.public}"\n'
    (tmp_path / board_id).mkdir(mode=0o700, exist_ok=True)
    cfg.write_text(f'[leds]\nbackend = "virtual"\n[buttons]\npin_factory = "mock"\n[reader]\ntype = "none"\n'
                   f'[journal]\ndir = "{tmp_path / board_id}"\n[status]\nport = {status_port}\n'
                   f'[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\nboard_id = "{board_id}"\nkeepalive_s = {keepalive}\n{key}')
    exe = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
    return subprocess.Popen([exe, "run", "--virtual", "--config", str(cfg)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
