"""A test's view of a node's control API event stream."""
import json
from pathlib import Path

import trio


async def collect_events(sock: Path, into: list) -> None:
    """Subscribe to the node's events and append each one to `into` until the stream ends."""
    stream = await trio.open_unix_socket(str(sock))
    await stream.send_all(b'{"cmd": "events"}\n')
    buf = b""
    async for chunk in stream:
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            into.append(json.loads(line))
