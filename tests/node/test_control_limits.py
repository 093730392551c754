"""The control socket's own limits (issue 24): how many connections it serves at once (idle ones
once took every descriptor and the node died writing its note), and how many clients may
connect at one moment (a backlog of 16 refused the rest with EAGAIN)."""
import json
import resource
import socket

import pytest
import trio

from node import control
from node.control import MAX_CLIENTS, serve_control
from node.runtime import Node
from protocol.identity import Identity


async def _ask(stream: trio.SocketStream, request: dict) -> dict | None:
    """The reply to one request on an open connection; None when the node closed it first."""
    try:
        await stream.send_all(json.dumps(request).encode() + b"\n")
    except trio.BrokenResourceError:
        pass   # closed before our request was read: what it said first is still there
    return await _line(stream)


async def _line(stream: trio.SocketStream) -> dict | None:
    buf = b""
    while b"\n" not in buf:
        data = await stream.receive_some(65536)
        if not data:
            return None
        buf += data
    return json.loads(buf.split(b"\n", 1)[0])


async def _serving(nursery: trio.Nursery, tmp_path):
    node = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    return await nursery.start(serve_control, node, tmp_path / "pat.sock")


@pytest.mark.parametrize("soft_limit, cap", [(20000, MAX_CLIENTS), (40, 10)],
                         ids=["generous-limit", "low-limit"])
async def test_control_connections_over_the_cap_are_told_so_and_closed(
        tmp_path, monkeypatch, soft_limit, cap):
    # At most MAX_CLIENTS at once, or a quarter of the descriptor limit when that is less
    # (strangers' peer connections take another quarter at most): the node's own files keep
    # the rest. One more gets a JSON line saying why, then end of file; once a client goes,
    # a newcomer is served again.
    monkeypatch.setattr(resource, "getrlimit", lambda what: (soft_limit, resource.RLIM_INFINITY))
    assert control.client_cap() == cap
    async with trio.open_nursery() as nursery:
        path = await _serving(nursery, tmp_path)
        with trio.fail_after(30):
            clients = [await trio.open_unix_socket(str(path)) for _ in range(cap)]
            for stream in clients:   # each served, and then idle
                assert (await _ask(stream, {"cmd": "status"}))["ok"]
            extra = await trio.open_unix_socket(str(path))
            refused = await _line(extra)   # asked nothing: the refusal comes unasked
            assert refused == {"ok": False, "error": f"the node serves at most {cap} control "
                               "connections at once and all are in use: close one and try "
                               "again"}
            assert await _line(extra) is None   # and closed
            await extra.aclose()
            await clients.pop().aclose()
            while True:   # served once the node has seen that client go
                again = await trio.open_unix_socket(str(path))
                reply = await _ask(again, {"cmd": "status"})
                await again.aclose()
                if reply["ok"]:
                    break
                await trio.sleep(0.01)
        for stream in clients:
            await stream.aclose()
        nursery.cancel_scope.cancel()


async def test_clients_connecting_at_one_moment_are_all_accepted_and_answered(tmp_path):
    # 48 connections made before the node accepts any (no checkpoint between them): the
    # backlog of 16 refused the 18th with EAGAIN; the system's own backlog queues them all.
    many = 48
    assert many < MAX_CLIENTS
    async with trio.open_nursery() as nursery:
        path = await _serving(nursery, tmp_path)
        socks = []
        for _ in range(many):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setblocking(False)
            socks.append(s)
            s.connect(str(path))   # BlockingIOError: the backlog is full
        with trio.fail_after(30):
            streams = [trio.SocketStream(trio.socket.from_stdlib_socket(s)) for s in socks]
            for stream in streams:
                assert (await _ask(stream, {"cmd": "status"}))["ok"]
        for stream in streams:
            await stream.aclose()
        nursery.cancel_scope.cancel()
