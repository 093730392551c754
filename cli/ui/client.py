"""The control-socket client the UI runs on asyncio (prompt-toolkit's loop).

node.control.call is the same protocol on trio; the UI speaks the line-delimited JSON itself so
it never needs a second event loop.
"""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import AsyncIterator

LIMIT = 4 * 1024 * 1024  # a state line is a few KB; leave room for big variants


class NodeGone(ConnectionError):
    """The node behind the socket has ended (or never ran)."""


async def call(path: Path | str, request: dict, timeout: float = 5.0) -> dict:
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(str(path), limit=LIMIT), timeout)
    except (OSError, asyncio.TimeoutError) as e:
        raise NodeGone(f"cannot reach the node at {path}: {e}") from None
    try:
        writer.write(json.dumps(request).encode() + b"\n")
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), timeout)
        if not line:
            raise NodeGone("the node closed the control connection")
        return json.loads(line)
    except (OSError, asyncio.TimeoutError, ValueError) as e:
        raise NodeGone(f"the node stopped answering: {e}") from None
    finally:
        writer.close()


async def events(path: Path | str) -> AsyncIterator[dict]:
    """The node's event stream until it ends; ends quietly when the node goes."""
    try:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=LIMIT)
    except OSError as e:
        raise NodeGone(f"cannot reach the node at {path}: {e}") from None
    try:
        writer.write(b'{"cmd": "events"}\n')
        await writer.drain()
        await reader.readline()  # {"ok": true}
        while True:
            line = await reader.readline()
            if not line:
                return
            try:
                yield json.loads(line)
            except ValueError:
                continue
    except OSError:
        return
    finally:
        writer.close()
