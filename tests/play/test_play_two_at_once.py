"""Two `clacks-hw play` at once on one machine: a browser keeps cookies per host name, not per
port, so each run names its cookie after its port; trading one run's key never logs the browser
out of the other."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

from clacks_hw.play.server import PlayServer
from clacks_hw.play.table import PlayTable


def get(server, path, jar):
    conn = http.client.HTTPConnection("127.0.0.1", server.address[1], timeout=10)
    headers = {"Host": f"127.0.0.1:{server.address[1]}"}
    if jar:  # what a browser sends to 127.0.0.1, whatever the port
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
    conn.request("GET", path, headers=headers)
    r = conn.getresponse()
    r.read()
    conn.close()
    return r


def test_two_runs_keep_their_own_keys(tmp_path):
    servers, tables = [], []
    try:
        for k in range(2):
            table = PlayTable(None, str(tmp_path / f"j{k}"))
            tables.append(table)
            server = PlayServer(table, "127.0.0.1", 0)
            server.start()
            servers.append(server)
        jar: dict[str, str] = {}  # the browser's cookies for 127.0.0.1
        for server in servers:
            r = get(server, "/?" + urlsplit(server.key_url).query, jar)
            assert r.status == 303
            name, value = r.getheader("Set-Cookie").split(";", 1)[0].split("=", 1)
            assert name == f"clacks_play_{server.address[1]}"
            jar[name] = value
        assert len(jar) == 2  # the second run's cookie did not replace the first's
        for server in servers:
            assert get(server, "/state.json", jar).status == 200  # both pages still work
        a, b = servers
        swapped = {f"clacks_play_{b.address[1]}": jar[f"clacks_play_{a.address[1]}"]}
        assert get(b, "/state.json", swapped).status == 403  # one run's key opens only its own page
    finally:
        for server in servers:
            server.close()
        for table in tables:
            table.close()
