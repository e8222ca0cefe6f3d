"""A phone is never shown 127.0.0.1 (that is the phone itself): doctor, the QR codes and the
hall's link name the board's address on its network, or say why there is none."""

from __future__ import annotations

import os

from clacks_hw.base.lan import phone_url
from clacks_hw.commands.doctor.check import OK
from clacks_hw.web.base import why_svg
from tests.tools.test_doctor_checks import FakePi, config, lines, run


def test_the_address_a_phone_uses_or_why_there_is_none():
    lan = lambda: "192.168.1.23"  # noqa: E731 - the board's address on its Wi-Fi
    assert phone_url("0.0.0.0", 8080, lan=lan) == ("http://192.168.1.23:8080/", "")
    assert phone_url("0.0.0.0", 8080, ["clacks.local"], lan=lan) == ("http://clacks.local:8080/", "")
    assert phone_url("192.168.1.23", 8080, lan=lan) == ("http://192.168.1.23:8080/", "")
    url, why = phone_url("127.0.0.1", 8080, lan=lan)
    assert url is None and 'status.bind = "127.0.0.1"' in why and 'set status.bind = "0.0.0.0"' in why
    url, why = phone_url("0.0.0.0", 8080, lan=lambda: None)
    assert url is None and "no network address" in why and "Wi-Fi or Ethernet" in why
    assert b"no phone can open the page" in why_svg(phone_url("::1", 80)[1])


def test_doctor_names_the_lan_address_never_127(tmp_path):
    path = config(tmp_path, '[status]\nbind = "0.0.0.0"\nadmin_token = "Zq3_abcdefghijklmnopqrstuvwx"\n'
                            '[reader]\ntype = "none"\n')
    os.chmod(path, 0o600)
    _, checks = run(path, FakePi(tmp_path / "a"))
    page = next(c for c in lines(checks, OK, "network") if "status page" in c.text)
    assert "phones open http://192.168.1.23:8080/" in page.text
    admin = lines(checks, OK, "admin")[0]
    assert "http://192.168.1.23:8080/admin" in admin.text
    _, checks = run(config(tmp_path, '[reader]\ntype = "none"\n'), FakePi(tmp_path / "b"))  # the default bind
    text = "\n".join(c.text + " " + c.fix for c in checks)
    assert "http://127.0.0.1" not in text.replace("the kiosk on this machine opens http://127.0.0.1", "")
    page = next(c for c in lines(checks, OK, "network") if "status page" in c.text)
    assert "no phone can open the page" in page.fix and 'status.bind = "0.0.0.0"' in page.fix
    offline = FakePi(tmp_path / "c")
    offline.lan_address = lambda: None
    _, checks = run(config(tmp_path, '[status]\nbind = "0.0.0.0"\n[reader]\ntype = "none"\n'), offline)
    page = next(c for c in lines(checks, OK, "network") if "status page" in c.text)
    assert "no network address" in page.fix and "http://127.0.0.1:8080/" in page.text


def test_the_boards_own_screen_says_why_instead_of_a_qr_code_to_127(tmp_path):
    """The kiosk's pairing panel on a board whose page listens on this machine only (the
    default): no address, no QR code of 127.0.0.1, the sentence saying why and what to set."""
    import json
    import urllib.request

    from clacks_hw.pairing.display import HEADER
    from tests.web.live import LiveBoard

    board = LiveBoard(tmp_path / "board").start()
    try:
        board.gesture()
        board.shown_code()
        request = urllib.request.Request(f"{board.url}api/display/pairing",
                                         headers={HEADER: board.daemon.pairing.display_key()})
        data = json.loads(urllib.request.urlopen(request, timeout=10).read())
        assert data["code"] and data["url"] is None
        assert 'set status.bind = "0.0.0.0"' in data["why"]
        qr = urllib.request.urlopen(f"{board.url}qr.svg", timeout=10).read()
        assert b"127.0.0.1" not in qr.replace(b"&quot;127.0.0.1&quot;", b"") and b"no phone can open" in qr
    finally:
        board.stop()
