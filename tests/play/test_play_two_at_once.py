"""Two `clacks-hw play` at once on one machine: each run has its own key, which its page keeps
for its own origin (scheme, host and port) and sends in a header, so neither run's page is ever
handed the other's key (a cookie would have gone to both ports) and one key opens one page only."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

from clacks_hw.play.server import KEY_HEADER, PlayServer
from clacks_hw.play.table import PlayTable


def get(server, path, key):
    conn = http.client.HTTPConnection("127.0.0.1", server.address[1], timeout=10)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{server.address[1]}", KEY_HEADER: key})
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
        keys = [urlsplit(server.key_url).fragment.removeprefix("key=") for server in servers]
        assert keys[0] != keys[1] and all(len(key) >= 43 for key in keys)
        for server, key in zip(servers, keys):
            assert get(server, "/state.json", key).status == 200  # both pages work at once
        a, b = servers
        assert get(b, "/state.json", keys[0]).status == 403  # one run's key opens only its own page
        assert get(a, "/state.json", keys[1]).status == 403
    finally:
        for server in servers:
            server.close()
        for table in tables:
            table.close()
