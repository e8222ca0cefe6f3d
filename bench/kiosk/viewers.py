"""N live pages' worth of Server-Sent Events clients in their own process, for bench_kiosk.py:
each records, for every state received, how long after its publication it arrived (the
publisher writes ``"K TIME"`` into the notice). Prints the latencies (seconds) as JSON."""

from __future__ import annotations

import asyncio
import json
import sys
import time


async def viewer(port: int, seconds: float, out: list) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    end = time.monotonic() + seconds
    first = True
    try:
        while time.monotonic() < end:
            line = await asyncio.wait_for(reader.readline(), max(0.01, end - time.monotonic()))
            if line.startswith(b"data: "):
                now = time.time()
                at = line.find(b'"notice":"')  # cheaper than parsing all of it: the client is timed too
                notice = line[at + 10:line.index(b'"', at + 10)].decode() if at >= 0 else ""
                if notice and not first:  # the first is whatever was there when we came
                    out.append(now - float(notice.split()[1]))
                first = False
    except TimeoutError:
        pass
    finally:
        writer.close()


async def main(n: int, seconds: float, port: int) -> None:
    out: list[float] = []
    await asyncio.gather(*(viewer(port, seconds, out) for _ in range(n)))
    print(json.dumps(out))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])))
