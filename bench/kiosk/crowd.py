"""N visitors arriving at once, in their own process for bench_kiosk.py: N threads wait on a
barrier, then each connects, asks for /status.json and reads the whole answer. Prints each
visitor's time (seconds, null when it failed within 10 s) as JSON."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time


def main(n: int, port: int) -> None:
    out: list = [None] * n
    barrier = threading.Barrier(n)

    def visit(k: int) -> None:
        barrier.wait()
        start = time.perf_counter()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(b"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                while s.recv(65536):
                    pass
            out[k] = time.perf_counter() - start
        except OSError:
            pass

    threads = [threading.Thread(target=visit, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps(out))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
