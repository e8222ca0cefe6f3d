"""N hall viewers (Server-Sent Events clients) in their own process, for bench_hall.py: each
counts the events and the bytes on the wire it is sent for SECONDS after its first (whole-hall)
event, and how many versions of the hall it was brought through (the events' ids: a viewer that
fell behind is sent the whole hall, one event for many changes). Reads whole buffers, not
lines, so the viewers themselves cost little. Prints {"events": [...], "bytes": [...],
"first": [...], "versions": [...]} as JSON (one entry a viewer)."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time

ID = re.compile(rb"\nid: [0-9a-f]+\.([0-9]+)\n")


async def viewer(port: int, seconds: float, out: dict, k: int) -> None:
    # Each from an address of its own, as visitors' phones are (the page takes 64 from one address).
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(f"127.0.{k // 200}.{2 + k % 200}", 0))
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    head, end, events, size, first, versions = b"", None, 0, 0, 0, []
    try:
        while end is None or time.monotonic() < end:
            data = await asyncio.wait_for(reader.read(1 << 16), 30 if end is None else max(0.01, end - time.monotonic()))
            if not data:
                break
            if end is None:  # until the whole hall has come (not counted): then the clock starts
                head += data
                at = head.find(b"data: ")
                if at < 0 or b"\n\n" not in head[at:]:
                    continue
                first, end = len(head), time.monotonic() + seconds
                versions = [int(v) for v in ID.findall(b"\n" + head)]
                continue
            size += len(data)
            events += data.count(b"data: ")
            versions += [int(v) for v in ID.findall(b"\n" + data)]
    except TimeoutError:
        pass
    finally:
        writer.close()
    out["events"].append(events)
    out["bytes"].append(size)
    out["first"].append(first)
    out["versions"].append(versions[-1] - versions[0] if versions else 0)


async def main(n: int, seconds: float, port: int) -> None:
    out = {"events": [], "bytes": [], "first": [], "versions": []}
    await asyncio.gather(*(viewer(port, seconds, out, k) for k in range(n)))
    print(json.dumps(out))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])))
