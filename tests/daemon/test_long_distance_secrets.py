"""A whole Long Distance game through the daemon on emulated hardware (reader hub on a pty,
MockFactory buttons, recording LEDs), with its status page and an MQTT link to a real
Mosquitto: no file name, log line, page or MQTT message carries the game's seed or anything
derived from it (the seed in decimal or hex, the seed modulo a power of ten, the shuffled order
of the bag), and no log line lists a hidden hand. ``history --json`` neither."""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.request

import paho.mqtt.client as mqtt
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.daemon.setup_menu import variants_of
from clacks_hw.testing.hil_board import HilBoard
from tests.fakes.daemon_rig import coop_script
from tests.web.broker import Broker
from tests.web.live import free_port

LONG = 6  # forms of the seed this long or longer are looked for in running text
SHORT = 4  # ... and this long in file names (the old names held seed mod 100000)


def seed_forms(seed: int, shortest: int) -> set[str]:
    forms = {str(seed), f"{seed:x}", f"{seed:X}", f"{seed & 0xFFFFFFFF:08x}", f"{seed & 0xFFFFFFFF:08X}"}
    for k in range(shortest, len(str(seed)) + 1):
        forms |= {str(seed % 10**k), f"{seed % 10**k:0{k}d}"}
    return {f for f in forms if len(f) >= shortest}


def order_windows(cards, n: int = 3) -> set[str]:
    """Runs of ``n`` cards in the order the bag holds them, as a list would print them."""
    out = set()
    for i in range(len(cards) - n + 1):
        run = cards[i:i + n]
        out |= {", ".join(run), ",".join(run), " ".join(run), '","'.join(run), '", "'.join(run)}
    return out


class Listener:
    """Every message on the broker under clacks/, as a hall would see it."""

    def __init__(self, port: int) -> None:
        self.messages: list[tuple[str, bytes]] = []
        self.ready = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="listener")
        self.client.on_connect = lambda c, *a: (c.subscribe("clacks/#", qos=1), self.ready.set())
        self.client.on_message = lambda c, u, m: self.messages.append((m.topic, m.payload))
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        assert self.ready.wait(10), "the listener did not connect"

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def _in_game(text) -> bool:
    try:
        obj = json.loads(text)
        return obj.get("msg", obj).get("screen") in ("game", "confirm", "over")  # signed: {"sig":..., "msg": {...}}
    except (ValueError, AttributeError):
        return False


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read().decode()


def start_long_distance(board: HilBoard, seats=("S", "N")) -> None:
    board.press("PLAY")
    while board.controller.setup.mode != "race":
        board.press("NEXT")
    board.press("PLAY")
    for v in variants_of("race"):
        if v == "long_distance":
            board.press("TURN")
        board.press("NEXT")
    assert "long_distance" in board.controller.setup.variants
    board.press("PLAY")
    while board.controller.setup.seats != seats:
        board.press("NEXT")
    board.press("PLAY")
    board.press("PLAY")  # every word dealt: the game starts
    assert board.controller.screen == "game"


def test_a_long_distance_game_leaks_no_seed_and_no_hand(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    broker = Broker(tmp_path).start()
    listener = Listener(broker.port)
    port = free_port()
    keys = {"mqtt.host": "127.0.0.1", "mqtt.port": broker.port, "mqtt.board_id": "ld", "status.port": port}
    pages: list[str] = []
    try:
        with HilBoard(tmp_path, seed=11, overrides=keys, status_page=True, mqtt=True) as board:
            url = f"http://127.0.0.1:{port}/"
            pages.append(get(url))
            start_long_distance(board)
            state = board.state
            seed = state.config.seed
            assert state.config.has("long_distance") and state.config.hands == "tracked"
            bags, swap_from = [state.bag], next(r.card for r in state.reports)
            for _ in range(600):
                if board.controller.screen != "game":
                    break
                s = board.state
                shown = board.controller.view(board.clock.now()).preview
                source = swap_from if shown is None and any(r.card == swap_from for r in s.reports) else None
                steps = coop_script(s, shown, source)
                if source is not None:  # the hand is hidden, so nothing is shown: tap the discard
                    steps = [("card", source), ("card", s.player(s.turn.seat).hand[0])]
                for kind, what in steps:
                    (board.press if kind == "button" else board.tap)(what)
                bags.append(board.state.bag)
                pages.append(get(url + "status.json"))
            final = board.state
            assert final.over and board.controller.screen == "over"
            assert not any(r.card == swap_from for r in final.reports)  # a swap was made, hidden hand and all
            pages.append(get(url + "status.json"))
            journal = board.controller.session.path
            end = time.monotonic() + 10  # the finished game goes out from the board's outbox
            while time.monotonic() < end and not any(t == "clacks/ld/result" for t, _ in listener.messages):
                time.sleep(0.05)
        history = CliRunner().invoke(cli, ["history", "--json", "--dir", str(journal.parent)])
        assert history.exit_code == 0, history.output
        pages.append(history.output)
    finally:
        listener.close()
        broker.stop()

    names = [str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")]
    logs = [r.getMessage() for r in caplog.records]
    public_logs = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    mqtt_texts = [f"{t} {p.decode(errors='replace')}" for t, p in listener.messages]
    assert any(t.startswith("clacks/ld/result") and '"winner"' in t for t in mqtt_texts)
    assert any('"screen":"game"' in p or '"screen": "game"' in p for p in pages)

    for form in seed_forms(seed, SHORT):
        for name in names:
            assert form not in name, f"the file name {name} carries {form}, from the seed {seed}"
    for form in seed_forms(seed, LONG):
        for text in logs + mqtt_texts + pages:
            assert form not in text, f"{form} (from the seed {seed}) in: {text[:300]!r}"
    for text in mqtt_texts + pages:
        assert '"seed"' not in text and '"bag"' not in text, text[:300]
    for text in [p.decode() for t, p in listener.messages if t.endswith("/state")] + pages:
        if _in_game(text):  # the attract demo shows its hands; the Long Distance game never
            assert '"hand"' not in text, text[:300]
    windows = set().union(*(order_windows(bag) for bag in bags))
    for text in public_logs + mqtt_texts + pages:
        assert "hand: J" not in text, f"a hidden hand in: {text[:300]!r}"
        leaked = [w for w in windows if w in text]
        assert not leaked, f"the bag's shuffled order {leaked[0]!r} in: {text[:300]!r}"
    assert json.loads(history.output)["games"][0]["mode"] == "race"


def test_a_seed_cannot_be_found_by_trying_them_all(tmp_path):
    """With 2**31 seeds, matching the first cards seen played against every deal finds the seed
    (so every hidden hand) in hours; the board draws 64 bits from the operating system."""
    from tests.daemon.test_resume_choice import Board

    board = Board(tmp_path)  # no generator given: the board's own
    seeds = []
    try:
        for _ in range(6):
            for name in ("PLAY",) * 5:  # set up a competitive game, every word dealt
                board.press(name)
            seeds.append(board.ctrl.session.state.config.seed)
            board.ctrl.abandon(board.clock.now())
    finally:
        board.close()
    assert max(seeds) >= 2**40 and len(set(seeds)) == 6  # odds against all six below: 2**-144
    from clacks_hw.daemon.controller import SEED_BITS

    assert SEED_BITS >= 64 and all(0 <= s < 2**SEED_BITS for s in seeds)
