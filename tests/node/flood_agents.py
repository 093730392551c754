"""Processes for the idle-flood test (tests/node/test_idle_flood.py), each with descriptor
limits of its own so the test runner is never starved: `python -m tests.node.flood_agents MODE`.

game HOME FD_LIMIT GRACE: with RLIMIT_NOFILE lowered to FD_LIMIT, Pat (a person, the host, on
    a control socket) and a greedy bot play the worded toy race for two; prints
    {"event": "ready", "port", "control", "pid"} once Pat has a decision, and
    {"event": "over", "files": [...], "hashes": [...]} at the end. Pat's unseated connections
    live GRACE seconds. On SIGUSR1 it takes every descriptor still free (whatever else in a
    process could: a leak, a library) and prints {"event": "hogged", "taken": n}.
attack PORT N PARALLEL HOLD: N connections that each complete the handshake with a fresh key,
    PARALLEL at a time, then send nothing; every connection is held until the node closes it or
    HOLD seconds have passed since the last one was made. Prints {"event": "flooded", ...} once
    all N were tried and {"event": "held", ...} at the end (how many the node closed).
"""
from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time
from pathlib import Path

import trio


def emit(**fields) -> None:
    print(json.dumps(fields), flush=True)


async def game(home: Path, grace: float) -> None:
    from node.admission import Admission
    from node.control import _pending, serve_control
    from node.runtime import Node
    from protocol.identity import Identity
    from tests.worded_toy import GAME_ID

    pat = Node(Identity.from_seed(b"\x01" * 32), "Pat", home / "pat", listen_host="127.0.0.1")
    pat.admission = Admission(grace=grace)
    bot = Node(Identity.from_seed(b"\x02" * 32), "Bot", home / "bot", bot="greedy",
               listen_host="127.0.0.1")
    sock = home / "pat.sock"
    async with trio.open_nursery() as nursery:
        await nursery.start(hog_on_signal)
        await nursery.start(serve_control, pat, sock)
        port = await nursery.start(lambda task_status: pat.host(
            GAME_ID, (), 2, nonce=bytes(16), task_status=task_status,
            timeouts={"decision": 3600, "round": 3600}))
        nursery.start_soon(bot.join, "127.0.0.1", port)
        while pat.session is None or _pending(pat) is None:
            await trio.sleep(0.01)
        emit(event="ready", port=port, control=str(sock), pid=os.getpid())
        await pat.linger.closed.wait()
        await bot.linger.closed.wait()
        nursery.cancel_scope.cancel()
    emit(event="over", files=[str(pat.outcome.match_file), str(bot.outcome.match_file)],
         hashes=[pat.outcome.state_hash.hex(), bot.outcome.state_hash.hex()])


HOGGED: list[int] = []   # the descriptors taken on SIGUSR1, held until the process ends


async def hog_on_signal(task_status=trio.TASK_STATUS_IGNORED) -> None:
    """On SIGUSR1, open os.devnull until the process has no descriptor left."""
    with trio.open_signal_receiver(signal.SIGUSR1) as signals:
        task_status.started()   # from here a SIGUSR1 is ours, not the default's end
        async for _ in signals:
            taken = 0
            while True:
                try:
                    HOGGED.append(os.open(os.devnull, os.O_RDONLY))
                except OSError:
                    break
                taken += 1
            emit(event="hogged", taken=taken)


TRIES = 50
SOURCES = 50   # loopback addresses the connections come from (127.0.0.2 ...): the total cap
               # is reached, not only the per-address one


async def _dial(port: int, identity, k: int):
    from node.framing import FramedStream
    from node.runtime import CONTEXT
    from node.transport import handshake
    stream = await trio.open_tcp_stream("127.0.0.1", port,
                                        local_address=f"127.0.0.{2 + k % SOURCES}")
    conn = FramedStream(stream, peer="the node")
    try:
        with trio.fail_after(10):
            await handshake(conn, identity, CONTEXT, initiator=True)
    except BaseException:
        await trio.aclose_forcefully(stream)
        raise
    return conn


async def attack(port: int, n: int, parallel: int, hold: float) -> None:
    from node.transport import TransportError
    from protocol.identity import Identity

    made = refused = closed_by_node = 0
    open_now = peak = 0
    last_made = [time.monotonic()]
    limiter = trio.CapacityLimiter(parallel)

    async def one() -> None:
        nonlocal made, refused, closed_by_node, open_now, peak
        conn = None
        for attempt in range(TRIES):   # a persistent attacker: handshaken, whatever it takes
            async with limiter:
                try:
                    conn = await _dial(port, Identity.generate(), made + refused)
                    break
                except (TransportError, OSError, trio.TooSlowError):
                    retries[0] += 1
        if conn is None:
            refused += 1
            return
        made += 1
        open_now += 1
        peak = max(peak, open_now)
        last_made[0] = time.monotonic()
        try:
            with trio.move_on_at(trio.current_time() + 3600) as scope:
                holding[id(scope)] = scope
                try:
                    await conn.stream.receive_some(1)   # b"" or an error: the node closed it
                    closed_by_node += 1
                except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                    closed_by_node += 1
        finally:
            open_now -= 1
            await trio.aclose_forcefully(conn.stream)

    holding: dict[int, trio.CancelScope] = {}
    retries = [0]
    started = time.monotonic()
    async with trio.open_nursery() as nursery:
        for _ in range(n):
            nursery.start_soon(one)
        while made + refused < n:
            await trio.sleep(0.05)
        emit(event="flooded", made=made, refused=refused, open=open_now, peak=peak,
             closed_by_node=closed_by_node, retries=retries[0],
             seconds=round(time.monotonic() - started, 2))
        while open_now and time.monotonic() - last_made[0] < hold:
            await trio.sleep(0.1)
        still_open = open_now
        for scope in holding.values():
            scope.cancel()
    emit(event="held", made=made, refused=refused, peak=peak, closed_by_node=closed_by_node,
         still_open=still_open, seconds=round(time.monotonic() - started, 2))


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode == "game":
        soft = int(argv[2])
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        trio.run(game, Path(argv[1]), float(argv[3]))
    elif mode == "attack":
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = int(argv[2]) + 256
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, want) if hard != resource.RLIM_INFINITY else want, hard))
        trio.run(attack, int(argv[1]), int(argv[2]), int(argv[3]), float(argv[4]))


if __name__ == "__main__":
    main(sys.argv[1:])
