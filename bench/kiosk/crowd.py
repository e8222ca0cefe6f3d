"""N visitors arriving at once, in their own process for bench_kiosk.py: N non-blocking sockets
connect together, each from an address of its own (127.0.x.y, as phones at a show are), each sends GET /status.json as soon as it is connected and reads the whole
answer. Prints each visitor's time from its own connect to the end of the answer (seconds,
null when it failed or took over 10 s) as JSON.

One thread and a selector, as load generators such as wrk work: a thread per visitor would
make the visitors queue for Python's interpreter lock in this process and count that wait
against the server."""

from __future__ import annotations

import errno
import json
import selectors
import socket
import sys
import time

REQUEST = b"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
LIMIT_S = 10.0


def main(n: int, port: int) -> None:
    out: list = [None] * n
    started: list = [0.0] * n
    sel = selectors.DefaultSelector()
    for k in range(n):
        s = socket.socket()
        s.setblocking(False)
        s.bind((f"127.0.{1 + k // 250}.{1 + k % 250}", 0))  # each visitor from an address of its own
        started[k] = time.perf_counter()
        if s.connect_ex(("127.0.0.1", port)) not in (0, errno.EINPROGRESS):
            s.close()
            continue
        sel.register(s, selectors.EVENT_WRITE, k)
    deadline = time.perf_counter() + LIMIT_S
    while sel.get_map() and time.perf_counter() < deadline:
        for key, events in sel.select(timeout=0.5):
            s, k = key.fileobj, key.data
            try:
                if events & selectors.EVENT_WRITE:  # connected (or failed): ask
                    err = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                    if err:
                        raise OSError(err, "connect failed")
                    s.sendall(REQUEST)  # a few dozen bytes: the socket buffer takes them whole
                    sel.modify(s, selectors.EVENT_READ, k)
                elif not s.recv(65536):  # the whole answer is in: the server closed
                    out[k] = time.perf_counter() - started[k]
                    sel.unregister(s)
                    s.close()
            except OSError:
                sel.unregister(s)
                s.close()
    for key in list(sel.get_map().values()):  # over the limit: failed
        key.fileobj.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
