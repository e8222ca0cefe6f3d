"""Nobody but the person who ran `clacks-hw play` can see the hands or press a button: every
request needs the run's key (traded once for an HttpOnly, SameSite=Strict cookie), every
action also an Origin naming the page, and only this machine's names are answered."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from tests.play.run import PlayProcess


@pytest.fixture(scope="module")
def play(tmp_path_factory):
    p = PlayProcess(tmp_path_factory.mktemp("play"), "--seed", "11")
    yield p
    code, out, err = p.stop()
    assert code == 0 and "Traceback" not in err
    key = urlsplit(p.url).query.split("=", 1)[1]
    assert out.count(key) == 1 and key not in err  # shown once, to the person who ran it; never logged
    for path in (p.tmp / "journals").rglob("*"):
        assert not path.is_file() or key not in path.read_text(errors="replace")


def request(play, method, path, *, cookie=None, origin=None, host=None, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", play.port, timeout=10)
    headers = {"Host": host or f"127.0.0.1:{play.port}"}
    if cookie:
        headers["Cookie"] = cookie
    if origin:
        headers["Origin"] = origin
    if body is not None:
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r, data


@pytest.fixture(scope="module")
def cookie(play):
    parts = urlsplit(play.url)
    r, _ = request(play, "GET", f"/?{parts.query}")
    assert r.status == 303 and r.getheader("Location") == "/"  # the key leaves the address bar
    set_cookie = r.getheader("Set-Cookie")
    assert "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie and "Path=/" in set_cookie
    return set_cookie.split(";", 1)[0]


def test_it_listens_on_this_machine_only_by_default(play):
    assert urlsplit(play.url).hostname == "127.0.0.1"


def test_without_the_key_nothing_is_seen(play, cookie):
    for path in ("/state.json", "/events"):
        r, data = request(play, "GET", path)
        assert r.status == 403 and b"hand" not in data and b"clacks-hw play" in data
    r, data = request(play, "GET", "/state.json", cookie=cookie)
    assert r.status == 200 and json.loads(data)["hands"]  # with it, the hands
    r, data = request(play, "GET", "/state.json", cookie=cookie.split("=")[0] + "=guessed")
    assert r.status == 403


def test_a_wrong_key_gets_no_cookie(play):
    r, data = request(play, "GET", "/?key=not-this-one")
    assert r.status == 403 and r.getheader("Set-Cookie") is None


@pytest.mark.parametrize("origin, has_cookie", [
    (None, True),  # no Origin: not from a browser's page
    ("http://evil.example", True),  # a site the person visited, sending its form here
    ("null", True),  # a sandboxed frame or a file
    ("same", False),  # another user of this machine, without the key
])
def test_an_action_needs_the_key_and_the_pages_own_origin(play, cookie, origin, has_cookie):
    own = f"http://127.0.0.1:{play.port}"
    r, data = request(play, "POST", "/api/press", cookie=cookie if has_cookie else None,
                      origin=own if origin == "same" else origin, body={"button": "NEXT"})
    assert r.status == 403, data
    r, data = request(play, "POST", "/api/tap", cookie=cookie if has_cookie else None,
                      origin=own if origin == "same" else origin, body={"seat": "S", "card": "J01"})
    assert r.status == 403, data


def test_with_both_the_press_is_made(play, cookie):
    own = f"http://127.0.0.1:{play.port}"
    r, data = request(play, "POST", "/api/press", cookie=cookie, origin=own, body={"button": "NEXT"})
    assert r.status == 200, data
    r, data = request(play, "POST", "/api/press", cookie=cookie, origin=own, body={"button": "FIRE"})
    assert r.status == 400 and b"FIRE" in data
    r, data = request(play, "POST", "/api/tap", cookie=cookie, origin=own, body={"seat": "S", "card": "Z99"})
    assert r.status == 400 and b"not a card" in data
    r, data = request(play, "POST", "/api/hold", cookie=cookie, origin=own, body={"buttons": ["PREV"], "seconds": 60})
    assert r.status == 400 and b"at most" in data


def test_another_name_for_this_machine_is_refused(play, cookie):
    r, _ = request(play, "GET", "/state.json", cookie=cookie, host=f"rebound.example:{play.port}")
    assert r.status == 421  # a site whose name was pointed at 127.0.0.1 (DNS rebinding)
    r, _ = request(play, "GET", f"/?{urlsplit(play.url).query}", host=f"rebound.example:{play.port}")
    assert r.status == 421
