"""A watcher's first frame checked at the edge (issue 24.2: every count a peer sends).

Held here: a "watch" whose `have` (the items the watcher says it holds) is one no match file
can hold (negative, or beyond node.catchup.MAX_ENTRIES) is refused before anything is served,
and the node's log names the sender (its key's check code), as a player's "sync" count is
refused (tests/node/test_catchup.py). Over memory streams, on the virtual clock."""
import logging

import pytest
import trio

from node import wire
from node.framing import ConnectionClosed
from node.links import CONTEXT
from node.runtime import Node
from protocol.identity import Identity

from .memnet import MemoryNetwork

GAME = "overwatch-monopoly"


async def _a_watch_saying(tmp_path, have: int) -> list:
    """What a node in a game sends a stranger whose "watch" says it holds `have` items, until
    the node closes the connection (or a virtual minute passes)."""
    net = MemoryNetwork()
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net, bot="greedy")
    joiner = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net, bot="greedy")
    watcher = Identity.generate()
    got: list = []
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            GAME, (), 2, task_status=task_status))
        nursery.start_soon(lambda: joiner.join("mem", port))
        await host.session_ready.wait()
        conn = await net.connect("mem", port, watcher, CONTEXT)
        await conn.send(wire.pack("watch", match=b"", have=have))
        with trio.move_on_after(60):
            try:
                while True:
                    got.append(wire.unpack(await conn.receive())[1]["t"])
            except ConnectionClosed:
                got.append("closed")
        nursery.cancel_scope.cancel()
    return got, watcher.check_code


@pytest.mark.parametrize("have", [-1, (1 << 64) - 1], ids=["negative", "2**64-1"])
def test_a_watch_count_no_match_file_can_hold_is_refused_naming_the_sender(
        tmp_path, virtual_net, caplog, have):
    # It was clamped: -1 was served as 0, and 2**64-1 was answered "watching" and then closed
    # with an info line blaming a replaced log, naming nobody.
    caplog.set_level(logging.INFO, logger="lanboard")
    got, code = trio.run(_a_watch_saying, tmp_path, have, clock=virtual_net)
    assert got == ["closed"], got   # nothing served: not "watching", not one item
    refused = [r.getMessage() for r in caplog.records
               if r.levelno >= logging.WARNING and "says it holds" in r.getMessage()]
    assert len(refused) == 1 and code in refused[0] and str(have) in refused[0], refused
