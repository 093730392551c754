"""Games of bot nodes over real links (loopback TCP), for the tests that a cheat is caught by
every honest node: the same lobby every time (the first node hosts, the others join), so a test
says only who cheats and what the honest nodes must conclude."""
from typing import Callable

import trio

from node.runtime import Node
from protocol.identity import Identity


def bot_nodes(tmp_path, count: int) -> list[Node]:
    """`count` nodes with fresh identities, each played by the greedy bot, listening on
    127.0.0.1 (home folders n0, n1, ... under tmp_path)."""
    return [Node(Identity.generate(), f"N{i}", tmp_path / f"n{i}", bot="greedy",
                 listen_host="127.0.0.1") for i in range(count)]


async def play_on_loopback(nodes: list[Node], game: str, seconds: float,
                           stop_when: list[Node] | Callable[[], list[Node]] | None = None,
                           known: trio.Event | None = None) -> bool:
    """Plays `game` with every node seated: nodes[0] hosts, the others join it. Returns when
    every node's part has ended or, with `stop_when`, once those nodes have finished (the rest
    are cancelled: a cheater's node need not stop itself). `stop_when` may be a function,
    called once `known` is set, naming the nodes then (a cheater chosen during play). False if
    `seconds` ran out first."""
    with trio.move_on_after(seconds) as guard:
        async with trio.open_nursery() as n:
            port = await n.start(lambda task_status: nodes[0].host(
                game, (), len(nodes), task_status=task_status))
            for node in nodes[1:]:
                n.start_soon(node.join, "127.0.0.1", port)
            if stop_when is not None:
                if callable(stop_when):
                    await known.wait()
                    stop_when = stop_when()
                for node in stop_when:
                    await node.finished.wait()
                n.cancel_scope.cancel()
    return not guard.cancelled_caught
