"""A test's view of a node's control API: its event stream, and what a joiner's status says
while it waits in a host's lobby."""
import json
from pathlib import Path

import trio

from node.control import call, serve_control
from node.runtime import Node
from protocol.identity import Identity


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


async def joiner_status_in_lobby(tmp_path: Path, game: str):
    """Host Hana opens a lobby of `game` for 3 and Gus joins it over TCP on 127.0.0.1; returns
    (host, guest, Gus's status before any lobby, Gus's status once both are in the lobby)."""
    host = Node(Identity.generate(), "Hana", tmp_path / "h", listen_host="127.0.0.1")
    guest = Node(Identity.generate(), "Gus", tmp_path / "g", listen_host="127.0.0.1")
    sock = tmp_path / "g.sock"
    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, guest, sock)
        before = await call(sock, {"cmd": "status"})
        port = await nursery.start(lambda task_status: host.host(
            game, (), 3, task_status=task_status))
        nursery.start_soon(guest.join, "127.0.0.1", port)
        with trio.fail_after(10):
            while len(guest.lobby_roster) < 2:
                await trio.sleep(0.01)
        status = await call(sock, {"cmd": "status"})
        nursery.cancel_scope.cancel()
    return host, guest, before, status
