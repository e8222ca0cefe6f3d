"""The hall's arbiter and its results page, in Chromium: `clacks-hw hall pair` prints a code on
the hall's machine; a phone pairs with it (the board's pairing, reused), voids a game and
corrects a name, each with a reason; the hall page's results show the leaderboards by player and
by board for each mode without the voided game, and every correction in the audit log; the
exports say the same. Nothing changes a result without a paired arbiter. Pictures in docs/img/."""

from __future__ import annotations

import csv
import io
import json
import re
import urllib.error
import urllib.request

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.mqtt.signing import SigningKey, fingerprint
from tests.fakes.hall_boards import NOW, hall_states
from tests.mqtt.rig import until
from tests.hall.shown import ShownHall
from tests.web.screens import kept, layout_problems, open_page

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
WAIT_MS = 10_000
RESULTS = [  # board, game, mode, seats, winner, players, seconds
    ("alpha", "n1-0000000a", "competitive", ["S", "N"], "S", {"S": "ANN", "N": "BOB"}, 312.0),
    ("alpha", "n2-0000000b", "competitive", ["S", "N"], "N", {"S": "ANN", "N": "BOB"}, 287.5),
    ("bravo", "n1-0000000c", "competitive", ["S", "W", "N"], "W", {"S": "EVE", "W": "ANN", "N": "KAI"}, 401.0),
    ("charlie", "n1-0000000d", "klackers", ["S", "W", "N"], "S and N", {"S": "Zoë", "W": "KAI", "N": "LEE"}, 655.0),
    ("delta", "n1-0000000e", "race", ["S", "W", "N"], "team", {"S": "ANA", "W": "ROB", "N": "EVE"}, 1210.0),
    ("delta", "n2-0000000f", "race", ["S", "W"], "post_office", {"S": "MAX", "W": "IDA"}, 990.0),
    ("echo", "n1-00000010", "competitive", ["S", "N"], "S", {"S": "EVE", "N": "TOM"}, 245.0),
]


@pytest.fixture
def hall(tmp_path, module_broker):
    h = ShownHall(tmp_path, module_broker.port, boards=["alpha", "bravo", "charlie", "delta", "echo"])
    h.put({b: s for b, s in hall_states(5).items()})
    for board, game, mode, seats, winner, players, seconds in RESULTS:
        h.result(board, game=game, mode=mode, seats=seats, winner=winner, actions=40, names=players,
                 seconds=seconds, started=NOW - 3600)
    yield h
    h.close()


def connected(page) -> None:
    """Wait until the hall's header says its broker is connected: the page may be drawn before the
    hall's MQTT client has connected, with a red "connecting" badge no picture should keep."""
    page.wait_for_function("() => document.getElementById('broker').textContent.includes('connected')", timeout=WAIT_MS)


def hall_toml(tmp_path, hall) -> str:
    path = tmp_path / "hall.toml"
    path.write_text(f'[broker]\nport = 1883\n[page]\nport = {hall.hall.address[1]}\ndb = "{tmp_path / "hall.sqlite"}"\n'
                    f'[hall]\nkey = "{hall.hall_key.text}"\n[boards]\n')
    return str(path)


def paired_phone(hall, browser, tmp_path):
    """A phone paired as the arbiter with the code `clacks-hw hall pair` prints, its results listed."""
    run = CliRunner().invoke(cli, ["hall", "pair", "--config", hall_toml(tmp_path, hall)])
    assert run.exit_code == 0, run.output
    url = re.search(r"open (\S+) and type", run.output)[1]
    code = re.search(r"Arbiter code: ([A-Z]{4} [A-Z]{4})", run.output)[1]
    assert url == hall.url + "arbiter"
    phone = open_page(browser, url, PHONE)
    phone.fill("#code", code.lower())
    phone.click("#pair")
    phone.wait_for_selector("#games li .acts", timeout=WAIT_MS)
    # the boards knocking come in their own answer, at the top of the page: drawn before any picture
    phone.wait_for_selector("#knocking li", timeout=WAIT_MS)
    phone.wait_for_function("() => document.getElementById('repairs').textContent !== ''", timeout=WAIT_MS)
    assert phone.context.cookies() == []  # the session is the hall's origin's own, never a cookie for every port
    return phone


def get(hall, path: str) -> bytes:
    with urllib.request.urlopen(hall.url + path, timeout=5) as r:
        return r.read()


def post(hall, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict]:
    req = urllib.request.Request(hall.url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        body = e.read()
        return e.code, json.loads(body) if body.startswith(b"{") else {"text": body.decode()}


def test_the_results_page_shows_each_mode_by_player_and_by_board(hall, browser):
    page = open_page(browser, hall.url + "?view=results&page=1", SCREEN)
    page.wait_for_function("() => document.getElementById('players').rows.length > 1", timeout=WAIT_MS)
    assert page.inner_text("#rtitle") == "Results: Competitive"
    players = [r.split("\t") for r in page.inner_text("#players").splitlines()[1:]]
    assert players[0][:4] == ["1", "ANN", "2", "3"] and players[0][4] == "5:12"  # 2 won of 3, the fastest 5 min 12 s
    assert [r.split("\t")[1] for r in page.inner_text("#rboards").splitlines()[1:]] == ["alpha", "echo", "bravo"]
    assert layout_problems(page, ".rcol, header > *:not(.hidden)") == []
    # A board wins no game, so no "Won" beside its games; no heading cut; read from 3 m: 24 px or more
    assert page.inner_text("#rboards").splitlines()[0].split("\t")[1:] == ["Board", "Games", "Best"]
    assert page.evaluate("() => [...document.querySelectorAll('.results th')].filter(t => t.scrollWidth > t.clientWidth)"
                         ".map(t => t.textContent)") == []
    sizes = page.evaluate("() => [...document.querySelectorAll('.results th, .results td, .export, .rcol h3, .audit li, .results .none')]"
                          ".map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 24, min(sizes)
    connected(page)
    kept(page, "hall-results-1920x1080")
    page.goto(hall.url + "?view=results&page=2")
    page.wait_for_function("() => document.getElementById('rtitle').textContent.includes('Race to Genua')", timeout=WAIT_MS)
    assert "ANA" in page.inner_text("#players") and "MAX" in page.inner_text("#players")  # a loss counts as a game
    page.goto(hall.url + "?view=results&page=3")
    page.wait_for_function("() => document.getElementById('rtitle').textContent.includes('KLACKERS')", timeout=WAIT_MS)
    assert {"Zoë", "LEE", "KAI"} <= set(re.findall(r"\S+", page.inner_text("#players")))
    page.context.close()


def test_an_arbiter_pairs_voids_and_corrects_and_everyone_sees_the_audit_log(hall, browser, tmp_path, monkeypatch):
    import secrets
    import types

    from clacks_hw.pairing import phones

    # The phone's short name (in the audit log) fixed, so the pictures do not change from run to run
    monkeypatch.setattr(phones, "secrets", types.SimpleNamespace(token_hex=lambda n: "a1b2c3", token_urlsafe=secrets.token_urlsafe))
    screen = open_page(browser, hall.url + "?view=results&page=1", SCREEN)  # the hall's screen, all along
    screen.wait_for_function("() => document.getElementById('rboards').textContent.includes('alpha')", timeout=WAIT_MS)
    phone = paired_phone(hall, browser, tmp_path)
    assert phone.locator("#games li").count() == len(RESULTS)
    kept(phone, "hall-arbiter-phone")
    # on a 390 px phone: every result with its time, the reason field within the screen, a filter
    assert all(t.strip() for t in phone.locator("#games li .when").all_inner_texts())
    box = phone.locator("#reason").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    phone.fill("#filter", "BRAVO")
    found = phone.locator("#games li").all_inner_texts()
    assert found and all("bravo" in t for t in found) and len(found) < len(RESULTS)
    phone.fill("#filter", "nobody-like-this")
    assert phone.inner_text("#games") == "No result holds \u201cnobody-like-this\u201d."
    phone.fill("#filter", "")
    assert phone.locator("#games li").count() == len(RESULTS)

    # A name half-typed in one row while another row is voided: the list is drawn again after the
    # void, and what was typed must still be there when the arbiter presses "Correct the name".
    bravo = phone.locator("#games li", has_text="n1-0000000c")
    bravo.locator("select").select_option("W")
    bravo.locator("input").fill("ANNA")
    alpha2 = phone.locator("#games li", has_text="n2-0000000b")
    alpha2.locator("button", has_text="Void it").click()
    phone.wait_for_function("() => document.getElementById('answer').textContent.includes('give the reason')", timeout=WAIT_MS)
    phone.fill("#reason", "the players swapped seats mid-game")
    phone.locator("#games li", has_text="n2-0000000b").locator("button", has_text="Void it").click()
    phone.wait_for_function("() => document.getElementById('answer').textContent.startsWith('Done: voided')", timeout=WAIT_MS)
    phone.wait_for_function("() => document.querySelectorAll('#games li.voided').length === 1", timeout=WAIT_MS)  # drawn again
    assert bravo.locator("select").input_value() == "W" and bravo.locator("input").input_value() == "ANNA"
    phone.fill("#reason", "typed at the table as ANN")
    bravo.locator("button", has_text="Correct the name").click()
    phone.wait_for_function("() => document.getElementById('answer').textContent.includes('ANN \u2192 ANNA')", timeout=WAIT_MS)

    # the hall's screen: the voided game off the tables, ANNA a player of her own, both corrections in the log
    screen.wait_for_function("() => document.getElementById('audit').children.length === 2", timeout=WAIT_MS)
    audit = screen.inner_text("#audit")
    assert "voided alpha's game n2-0000000b" in audit and "the players swapped seats mid-game" in audit
    assert "seat W's name ANN \u2192 ANNA" in audit
    players = {r.split("\t")[1]: r.split("\t")[2:4] for r in screen.inner_text("#players").splitlines()[1:]}
    assert players["ANN"] == ["1", "1"] and players["ANNA"] == ["1", "1"] and players["BOB"] == ["0", "1"]
    connected(screen)
    kept(screen, "hall-results-corrected-1920x1080")

    rows = list(csv.DictReader(io.StringIO(get(hall, "results.csv").decode())))
    assert [r["voided"] for r in rows if r["game"] == "n2-0000000b"] == ["yes"]
    assert next(r for r in rows if r["game"] == "n1-0000000c")["players"] == "S=EVE; W=ANNA; N=KAI"
    data = json.loads(get(hall, "results.json"))
    assert [c["kind"] for g in data["results"] for c in g["corrections"]] == ["void", "name"]
    for p in (phone, screen):  # (the refusal's 409 is the browser's note of an answer, not a problem)
        assert [m for m in p.problems if "409 (Conflict)" not in m] == []
        p.context.close()


def test_the_arbiter_sees_a_board_knocking_and_counts_it_from_the_phone(hall, browser, tmp_path):
    """The exhibitor's view of the boards the hall does not count: the phone lists the stranger,
    its key's fingerprint and the command that adds it; counting it there puts its card on the
    hall's screen (written beside the database, 0600), and it is no longer listed."""
    states = hall_states(6)
    stranger = SigningKey(bytes(range(32)))  # a fixed key: the picture does not change from run to run
    hall.keys["foxtrot"] = stranger  # not one of the hall's boards: it knocks
    hall.put({"foxtrot": states["foxtrot"]})
    screen = open_page(browser, hall.url + "?view=boards", SCREEN)
    screen.wait_for_function("() => document.querySelectorAll('.card').length === 5", timeout=WAIT_MS)
    phone = paired_phone(hall, browser, tmp_path)
    knocking = phone.locator("#knocking li", has_text="foxtrot")
    knocking.locator("button", has_text="Count foxtrot").wait_for(timeout=WAIT_MS)
    said = knocking.inner_text()
    assert "foxtrot is not one of the hall's boards" in said and fingerprint(stranger.public) in said
    assert f"clacks-hw hall trust --config HALL.toml -- foxtrot {stranger.public}" in said
    phone.locator("#knocking").scroll_into_view_if_needed()
    kept(phone, "hall-arbiter-knocking")

    knocking.locator("button", has_text="Count foxtrot").click()
    phone.wait_for_function("() => document.getElementById('answer').textContent.startsWith('Done: foxtrot counts')",
                            timeout=WAIT_MS)
    added = tmp_path / "boards-added.toml"
    assert stranger.public in added.read_text() and added.stat().st_mode & 0o777 == 0o600
    until(lambda: hall.hall.trust.key("foxtrot") is not None, "the hall reading the board added")
    hall.put({"foxtrot": states["foxtrot"]})  # its retained status and state, fetched again
    screen.wait_for_function("() => document.querySelectorAll('.card').length === 6", timeout=WAIT_MS)
    phone.wait_for_function("() => !document.getElementById('knocking').textContent.includes('foxtrot')", timeout=WAIT_MS)
    status, answer = phone.evaluate("key => window.Phone.post('api/arbiter/trust', {board: 'alpha', key: key})",
                                    stranger.public)  # as the page sends it, with the phone's session
    assert status == 409 and "one of the hall's boards already" in answer["error"]
    # A board the hall counts, signing with another key (a new SD card?): listed, but no Count
    hall.keys["alpha"] = SigningKey(bytes(range(1, 33)))
    hall.put({"alpha": states["alpha"]})
    again = phone.locator("#knocking li", has_text="alpha")
    again.wait_for(timeout=WAIT_MS)
    assert "The hall counts alpha already, with another key" in again.inner_text()
    assert again.locator("button").count() == 0 and "clacks-hw hall trust" in again.inner_text()
    for p in (phone, screen):
        assert [m for m in p.problems if "409 (Conflict)" not in m] == []
        p.context.close()


def test_nothing_changes_a_result_without_a_paired_arbiter(hall, tmp_path):
    body = {"board": "alpha", "game": "n1-0000000a", "kind": "void", "reason": "because"}
    status, answer = post(hall, "api/arbiter/correct", body, {"Origin": hall.url.rstrip("/")})
    assert status == 403 and "clacks-hw hall pair" in answer["error"]
    status, answer = post(hall, "api/arbiter/correct", body, {"Origin": "http://evil.example"})
    assert status == 403 and "evil.example" in answer["error"]
    for path, body in (("api/arbiter/hall", {}), ("api/arbiter/trust", {"board": "zulu", "key": "A" * 43})):
        status, answer = post(hall, path, body, {"Origin": hall.url.rstrip("/")})
        assert status == 403 and "clacks-hw hall pair" in answer["error"]
    status, _ = post(hall, "api/arbiter/open", {}, {"X-Clacks-Display": "guessed"})
    assert status == 404  # as if there were no such address
    run = CliRunner().invoke(cli, ["hall", "pair", "--config", hall_toml(tmp_path, hall)])
    assert run.exit_code == 0  # the code is printed on the hall's machine, and nowhere else
    page = get(hall, "hall.json").decode()
    assert re.search(r"\b[A-Z]{4} [A-Z]{4}\b", page) is None and "arbiter" not in page
    assert json.loads(get(hall, "results.json"))["results"][0]["voided"] is False
