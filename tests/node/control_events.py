"""A test's view of a node's control API: its event stream, what a joiner's status says while
it waits in a host's lobby, and a node at a person's decision served from a thread of its own
(for clients that are not trio: plain sockets, the asyncio UI)."""
import json
import threading
from pathlib import Path

import trio

from node.control import _pending, call, serve_control
from node.runtime import Node
from protocol.identity import Identity

from .memnet import MemoryNetwork


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


class NodeInAThread:
    """Pat hosts `game` for two and a greedy bot joins (over memory streams: the network is not
    what such a test is about), in a thread of its own with its own trio loop and Pat's control
    socket at `sock`; `ready` is set once Pat has a decision (or the thread failed: `error`).
    The timeouts are long: the bot must not time Pat out while a test looks at the decision."""

    def __init__(self, tmp: Path, game: str) -> None:
        self.sock = tmp / "pat.sock"
        net = MemoryNetwork()
        self.pat = Node(Identity.generate(), "Pat", tmp / "pat", transport=net)
        self.bot = Node(Identity.generate(), "Bot 1", tmp / "bot", bot="greedy", transport=net)
        self.game = game
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self, timeout: float = 60) -> "NodeInAThread":
        self.thread.start()
        assert self.ready.wait(timeout) and self.error is None, repr(self.error)
        return self

    def _run(self) -> None:
        try:
            trio.run(self._main)
        except BaseException as e:  # noqa: BLE001 - the test reports it
            self.error = e
        self.ready.set()

    async def _main(self) -> None:
        self.token = trio.lowlevel.current_trio_token()
        async with trio.open_nursery() as nursery:
            self.nursery = nursery
            await nursery.start(serve_control, self.pat, self.sock)
            port = await nursery.start(lambda task_status: self.pat.host(
                self.game, (), 2, task_status=task_status,
                timeouts={"decision": 3600, "round": 3600}))
            nursery.start_soon(self.bot.join, "127.0.0.1", port)
            while self.pat.session is None or self.pat.session.ledger is None or \
                    _pending(self.pat) is None:
                await trio.sleep(0.01)
            self.ready.set()

    def stop(self) -> None:
        if self.error is None:
            trio.from_thread.run_sync(self.nursery.cancel_scope.cancel, trio_token=self.token)
        self.thread.join(10)
