"""Nobody but the person who ran `clacks-hw play` can see the hands or press a button: every
request needs the run's key (handed over in the address's fragment, sent by the page in the
X-Clacks-Key header; never a cookie, which a browser sends to every port of the host), every
action also an Origin naming the page, and only this machine's names are answered."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from clacks_hw.play.server import KEY_HEADER
from tests.play.run import PlayProcess


@pytest.fixture(scope="module")
def play(tmp_path_factory):
    p = PlayProcess(tmp_path_factory.mktemp("play"), "--seed", "11")
    yield p
    code, out, err = p.stop()
    assert code == 0 and "Traceback" not in err
    key = the_key(p)
    assert out.count(key) == 1 and key not in err  # shown once, to the person who ran it; never logged
    for path in (p.tmp / "journals").rglob("*"):
        assert not path.is_file() or key not in path.read_text(errors="replace")


def the_key(play) -> str:
    """The key the printed address holds, in its fragment (never sent to a server)."""
    parts = urlsplit(play.url)
    assert parts.path == "/" and parts.query == "" and parts.fragment.startswith("key=")
    return parts.fragment.split("=", 1)[1]


def request(play, method, path, *, key=None, cookie=None, origin=None, host=None, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", play.port, timeout=10)
    headers = {"Host": host or f"127.0.0.1:{play.port}"}
    if key:
        headers[KEY_HEADER] = key
    if cookie:
        headers["Cookie"] = cookie
    if origin:
        headers["Origin"] = origin
    if body is not None:
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    r = conn.getresponse()
    data = r.read() if path != "/events" or r.status != 200 else r.read(200)
    conn.close()
    return r, data


@pytest.fixture(scope="module")
def key(play):
    return the_key(play)


def test_it_listens_on_this_machine_only_by_default(play):
    assert urlsplit(play.url).hostname == "127.0.0.1"


def test_without_the_key_nothing_is_seen(play, key):
    for path in ("/state.json", "/events"):
        r, data = request(play, "GET", path)
        assert r.status == 403 and b"hand" not in data and b"clacks-hw play" in data
    r, data = request(play, "GET", "/state.json", key=key)
    assert r.status == 200 and json.loads(data)["hands"]  # with it, the hands
    r, data = request(play, "GET", "/events", key=key)
    assert r.status == 200 and r.getheader("Content-Type") == "text/event-stream"
    r, data = request(play, "GET", "/state.json", key="guessed")
    assert r.status == 403


def test_the_key_counts_in_its_header_only_never_in_a_cookie_or_the_address(play, key):
    """What an older run took (a `clacks_play_PORT` cookie, `/?key=`), and the key under any
    other name, opens nothing: a cookie reaches every port of the host, another user's too."""
    r, _ = request(play, "GET", f"/?key={key}")
    assert r.status == 200 and r.getheader("Set-Cookie") is None  # the page, and no cookie for it
    own = f"http://127.0.0.1:{play.port}"
    for cookie in (f"clacks_play_{play.port}={key}", f"{KEY_HEADER}={key}", f"key={key}"):
        for path in ("/state.json", "/events"):
            r, data = request(play, "GET", path, cookie=cookie)
            assert r.status == 403 and b"hand" not in data, (cookie, path)
        r, _ = request(play, "POST", "/api/press", cookie=cookie, origin=own, body={"button": "NEXT"})
        assert r.status == 403
    r, _ = request(play, "GET", f"/state.json?key={key}")
    assert r.status == 403


@pytest.mark.parametrize("origin, has_key", [
    (None, True),  # no Origin: not from a browser's page
    ("http://evil.example", True),  # a site the person visited, sending its form here
    ("null", True),  # a sandboxed frame or a file
    ("http://127.0.0.1:1", True),  # a page on another port of this machine
    ("same", False),  # another user of this machine, without the key
])
def test_an_action_needs_the_key_and_the_pages_own_origin(play, key, origin, has_key):
    own = f"http://127.0.0.1:{play.port}"
    r, data = request(play, "POST", "/api/press", key=key if has_key else None,
                      origin=own if origin == "same" else origin, body={"button": "NEXT"})
    assert r.status == 403, data
    r, data = request(play, "POST", "/api/tap", key=key if has_key else None,
                      origin=own if origin == "same" else origin, body={"seat": "S", "card": "J01"})
    assert r.status == 403, data


def test_with_both_the_press_is_made(play, key):
    own = f"http://127.0.0.1:{play.port}"
    r, data = request(play, "POST", "/api/press", key=key, origin=own, body={"button": "NEXT"})
    assert r.status == 200, data
    r, data = request(play, "POST", "/api/press", key=key, origin=own, body={"button": "FIRE"})
    assert r.status == 400 and b"FIRE" in data
    r, data = request(play, "POST", "/api/tap", key=key, origin=own, body={"seat": "S", "card": "Z99"})
    assert r.status == 400 and b"not a card" in data
    r, data = request(play, "POST", "/api/hold", key=key, origin=own, body={"buttons": ["PREV"], "seconds": 60})
    assert r.status == 400 and b"at most" in data


def test_another_name_for_this_machine_is_refused(play, key):
    r, _ = request(play, "GET", "/state.json", key=key, host=f"rebound.example:{play.port}")
    assert r.status == 421  # a site whose name was pointed at 127.0.0.1 (DNS rebinding)
    r, _ = request(play, "GET", "/", host=f"rebound.example:{play.port}")
    assert r.status == 421


@pytest.mark.parametrize("lamp", [16, -1, 2.5, True, "5", None])
def test_a_lamp_that_is_not_one_is_refused_naming_the_lamps(play, key, lamp):
    own = f"http://127.0.0.1:{play.port}"
    r, data = request(play, "POST", "/api/lamp", key=key, origin=own, body={"lamp": 5})
    assert r.status == 200, data
    r, data = request(play, "POST", "/api/lamp", key=key, origin=own, body={"lamp": lamp})
    assert r.status == 400 and (b"0 to 15" in data or b"'lamp'" in data), data
