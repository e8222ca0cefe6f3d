"""Hints: with them, a tapped jacquard shows at its most useful place first and each place says
whether it sends a letter, as the engine answers by applying it; without them (the scored
games' default) the places come by the pawn's tower's geometry and nothing is said about them."""

import pytest

from clacks_hw.daemon.palette import PREVIEW
from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWERS, lamps_of
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.core.registry import game_for
from clacks_hw.testing.clock import FakeClock
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from tests.fakes.daemon_rig import EDITION, Rig


def competitive(tmp_path, seed, hints):
    rig = Rig(tmp_path, FakeClock(0.0), seed=seed, hints=hints)
    rig.start_game()
    s = rig.state
    rig.press("R2" if s.turn.seat in "SN" else "G3")  # the first move is free
    return rig


def one_card_send(tmp_path, hints):
    """A game where the seat to act sends with one card this turn: (rig, card)."""
    for seed in range(1, 80):
        rig = competitive(tmp_path / f"{hints}{seed}", seed, hints)
        p = plan(rig.state)
        if p is not None and len(p.cards) == 1 and rig.state.current.tower == p.tower:
            return rig, p.cards[0]
    raise AssertionError("no seed gave a one-card send")


def status(rig):
    publisher = StatusPublisher(SnapshotBox(), reader=False)
    return status_json(publisher.publish(rig.ctrl, None, rig.clock.now()))


@pytest.mark.parametrize("mode,variants,hinted", [
    ("competitive", (), False), ("competitive", ("express",), False),
    ("race", (), True), ("race", ("long_distance",), False), ("race", ("night_shift",), True),
    ("solitaire", (), True), ("junior", (), True)])
def test_scored_games_are_not_hinted_unless_asked(tmp_path, mode, variants, hinted):
    game = game_for(mode)
    config = game.config_type(seats=game.seatings()[0], mode=mode, variants=frozenset(variants))
    assert game.hints_by_default(config) is hinted
    for setting, on in (("auto", hinted), ("on", True), ("off", False)):
        rig = Rig(tmp_path / setting, FakeClock(0.0), hints=setting)
        assert rig.ctrl.hints_on(config) is on


def test_the_klackers_board_has_nothing_to_hint():
    game = game_for("klackers")
    assert game.hints_by_default(game.config_type(seats=("S", "N"), mode="klackers")) is False


def test_a_hinted_place_says_it_sends_and_playing_it_does(tmp_path):
    rig, card = one_card_send(tmp_path, "on")
    before = rig.state
    rig.tap(card)
    pv = rig.ctrl.preview
    seat = before.turn.seat
    engine = before.config.game.sends(before, Action(seat, "play", card=card, lamps=pv.choice))
    assert engine is not None and pv.hints and pv.sends == engine
    who, signal, tower = engine
    assert who == seat and signal == before.next_signal(seat)
    assert f"SENDS {signal} from {TOWERS[tower].name}" in rig.reports[-1]
    shown = status(rig)["preview"]  # the status page (and the play page, built on it) shows the same
    assert shown["hints"] is True
    assert shown["sends"] == {"seat": seat, "signal": signal, "tower": TOWERS[tower].name}
    rig.press("PLAY")
    assert rig.state.player(seat).sent == before.player(seat).sent + 1
    assert rig.state.player(seat).sent_from[-1] == tower



def test_from_the_start_the_hint_says_which_tower_to_select_and_that_it_sends(tmp_path):
    """The issue: with the pawn at its start the best place said "sends nothing" until the
    player happened to select the right tower. Now the hint includes the move: "select R2: this
    card SENDS G"; the tower's button moves the pawn and the card stays shown, now sending from
    there; PLAY sends it."""
    for seed in range(1, 60):
        rig = Rig(tmp_path / str(seed), FakeClock(0.0), seed=seed, hints="on")
        rig.start_game()
        s = rig.state
        seat = s.turn.seat
        card = next((c for c in s.player(seat).hand if plan(s, cards=(c,)) is not None), None)
        if card is None or s.player(seat).tower is not None:
            continue
        rig.tap(card)
        pv = rig.ctrl.preview
        who, signal, tower = pv.sends
        name = TOWERS[tower].name
        assert who == seat and signal == s.next_signal(seat) and pv.hint.select
        assert f"select {name}: this card SENDS {signal}" in rig.reports[-1], rig.reports[-1]
        assert status(rig)["preview"]["hint"] == f"select {name}: this card SENDS {signal}"
        t = pv.since  # the lit board: the tower to select blinks with the card's lamps
        assert render(rig.ctrl.view(t + 0.1), t + 0.1).tower(name) == PREVIEW
        assert render(rig.ctrl.view(t + 0.5), t + 0.5).tower(name) != PREVIEW
        choice = pv.choice
        rig.press(name)
        pv = rig.ctrl.preview
        assert rig.state.player(seat).tower == tower and pv is not None and pv.choice == choice
        assert f"this card SENDS {signal} from {name}" in rig.reports[-1], rig.reports[-1]
        t = pv.since  # its button now shows the pawn, not the hint
        assert not pv.hint.select and render(rig.ctrl.view(t + 0.1), t + 0.1).tower(name) != PREVIEW
        rig.press("PLAY")
        assert rig.state.player(seat).sent == 1 and rig.state.player(seat).sent_from == (tower,)
        return
    raise AssertionError("no seed gave a one-card send from the start")

def test_a_hinted_place_that_sends_nothing_says_so(tmp_path):
    rig, card = one_card_send(tmp_path, "on")
    rig.tap(card)
    for _ in range(len(rig.ctrl.preview.options)):
        rig.press("NEXT")
        pv = rig.ctrl.preview
        if pv.sends is None:
            break
    else:
        raise AssertionError("every place sends")
    state = rig.state
    after = state.config.game.apply(state, Action(pv.seat, "play", card=card, lamps=pv.choice))
    assert state.config.game.signal_sent(state, after) is None  # the engine agrees
    assert rig.reports[-1].endswith("sends nothing here; its first place is its best.")
    assert status(rig)["preview"]["sends"] is None
    assert status(rig)["preview"]["hint"] == "sends nothing here; its first place is its best"


def test_without_hints_places_come_by_the_towers_lamps_then_the_boards_order_and_say_nothing(tmp_path):
    rig, card = one_card_send(tmp_path, "auto")  # competitive: no hints by default
    rig.tap(card)
    pv = rig.ctrl.preview
    placements = set(EDITION.jacquards[card].shape.placements)
    assert pv.tower == rig.state.player(pv.seat).tower  # the pawn's tower: nothing hinted
    assert set(pv.options) == {m for m in placements if m & TOWERS[pv.tower].mask}
    keys = [(-bin(m & TOWERS[pv.tower].mask).count("1"), lamps_of(m)) for m in pv.options]
    assert keys == sorted(keys)  # over the most of the tower, then from the north-west corner, whatever sends
    assert not pv.hints and pv.sends is None
    said = rig.reports[-1]
    assert f"the most of {TOWERS[pv.tower].name}'s lamps first" in said and "SENDS" not in said and "sends nothing" not in said
    rig.press("NEXT")
    assert "SENDS" not in rig.reports[-1] and "sends nothing" not in rig.reports[-1]
    shown = status(rig)["preview"]
    assert shown["hints"] is False and shown["sends"] is None


def test_a_hinted_game_orders_by_usefulness_where_an_unhinted_one_does_not(tmp_path):
    differs = 0
    for seed in range(1, 30):
        on = competitive(tmp_path / f"on{seed}", seed, "on")
        off = competitive(tmp_path / f"off{seed}", seed, "off")
        card = on.state.current.hand[0]
        on.tap(card)
        off.tap(card)
        for pv in (on.ctrl.preview, off.ctrl.preview):  # each walks the places of its tower
            walked = {m for m in EDITION.jacquards[card].shape.placements if m & TOWERS[pv.tower].mask}
            assert set(pv.options) == walked
        if on.ctrl.preview.tower == off.ctrl.preview.tower:
            differs += on.ctrl.preview.options != off.ctrl.preview.options
    assert differs > 0


def test_game_hints_in_the_config_and_the_commands_options(tmp_path):
    from clacks_hw.commands.common import hints_overrides
    from clacks_hw.config.load import ConfigError, load_config
    from clacks_hw.play.table import PlayTable

    assert load_config(check_devices=False).game.hints == "auto"
    path = tmp_path / "config.toml"
    path.write_text('[game]\nhints = "of"\n')
    with pytest.raises(ConfigError) as exc:
        load_config(path, check_devices=False)
    assert "game.hints" in str(exc.value) and 'did you mean "off"' in str(exc.value)
    path.write_text('[game]\nhints = "off"\n')
    assert load_config(path, check_devices=False).game.hints == "off"
    # --hints / --no-hints win over the file; neither leaves it alone
    assert load_config(path, overrides=hints_overrides(True), check_devices=False).game.hints == "on"
    assert load_config(path, overrides=hints_overrides(None), check_devices=False).game.hints == "off"
    table = PlayTable(str(path), str(tmp_path / "j"), overrides=hints_overrides(True))  # clacks-hw play --hints
    try:
        assert table.config.game.hints == "on"
    finally:
        table.close()


def _header(rig) -> dict:
    import json

    return json.loads(rig.ctrl.session.path.read_text().splitlines()[0])


def test_whether_the_board_hinted_is_journalled_with_the_set_up(tmp_path):
    """The header says whether the board hinted (a game it can hint in), so a hinted game is told
    apart afterwards; KLACKERS, with nothing to hint, says nothing."""
    for name, setting, mode, hinted in (("c-auto", "auto", "competitive", False), ("c-on", "on", "competitive", True),
                                        ("r-auto", "auto", "race", True), ("r-off", "off", "race", False),
                                        ("k", "on", "klackers", None)):
        rig = Rig(tmp_path / name, FakeClock(0.0), hints=setting)
        rig.start_mode(mode)
        assert _header(rig).get("hints") is hinted, (name, _header(rig))
        assert rig.state.config.hints is hinted
        rig.ctrl.close()


def test_a_resumed_game_hints_as_it_began_whatever_the_setting_is_now(tmp_path):
    from clacks_hw.daemon import resume
    from clacks_hw.daemon.controller import Controller, Settings
    from tests.fakes.daemon_rig import card_map

    rig = Rig(tmp_path, FakeClock(0.0), hints="auto")
    rig.start_game()  # competitive: not hinted
    assert rig.ctrl.base.play.hints is False
    rig.ctrl.close()
    for setting in ("on", "auto"):
        out = resume.find(rig.store)
        again = Controller(EDITION, rig.store, card_map(), Settings(hints=setting), session=out.session,
                           resumed=out, now=0.0)
        assert again.screen == "game" and again.base.play.hints is False, setting
        again.close()


def test_replay_says_whether_the_board_hinted_and_an_older_journal_does_not_know(tmp_path):
    import json

    from click.testing import CliRunner

    from clacks_hw.cli import cli

    rig = Rig(tmp_path / "new", FakeClock(0.0), hints="on")
    rig.start_mode("race")
    path = rig.ctrl.session.path
    rig.ctrl.close()
    text = CliRunner().invoke(cli, ["replay", str(path)])
    assert text.exit_code == 0 and "· hints on" in text.output.splitlines()[0], text.output
    assert json.loads(CliRunner().invoke(cli, ["replay", str(path), "--json"]).output)["hints"] is True
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["hints"], header["crc"]  # as a journal from before it was recorded (format 1: no checksums)
    header["format"] = 1
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join([json.dumps(header), *[json.dumps({k: v for k, v in json.loads(line).items()
                                                                 if k != "crc"}) for line in lines[1:]]]) + "\n")
    text = CliRunner().invoke(cli, ["replay", str(old)])
    assert text.exit_code == 0 and "hints" not in text.output.splitlines()[0], text.output
    assert "hints" not in json.loads(CliRunner().invoke(cli, ["replay", str(old), "--json"]).output)


def test_a_header_whose_hints_is_not_true_or_false_is_refused_naming_it():
    from clacks_hw.journal.errors import JournalError
    from clacks_hw.journal.header import check_header

    with pytest.raises(JournalError, match="hints 'yes' must be true or false"):
        check_header({"journal": "clacks-hw", "format": 1, "seats": ["S", "N"], "words": {}, "hints": "yes"})
