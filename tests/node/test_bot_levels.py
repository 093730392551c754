"""Each bot's kind and level reach every node's lobby and control API (issue 27: the lobby and
the side panel show "Bot 2 (strong, hard)"): a bot's node says what it plays as in its join,
the host puts it in the roster every joiner gets, and each node keeps it per seat once the game
begins, in the note a resume starts from too. A person's seat says nothing of the kind."""
import trio
import trio.testing

from node import wire
from node.control import _status
from node.links import CONTEXT
from node.runtime import Node
from protocol.identity import Identity

from .memnet import MemoryNetwork

GAME = "overwatch-monopoly"
STRONG_HARD = {"kind": "strong", "level": "hard"}


async def _a_person_and_two_bots(tmp_path):
    net = MemoryNetwork()
    events: dict[str, list] = {"host": [], "gus": []}
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net,
                on_event=lambda kind, data: events["host"].append((kind, data)))
    gus = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net,
               on_event=lambda kind, data: events["gus"].append((kind, data)))
    hard = Node(Identity.generate(), "Bot {seat}", tmp_path / "b2", bot="strong:hard@0.5",
                transport=net)
    greedy = Node(Identity.generate(), "Bot {seat}", tmp_path / "b3", bot="greedy", transport=net)
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(GAME, (), 4,
                                                                 task_status=task_status))
        for node in (gus, hard, greedy):   # in this order: seats 1, 2, 3
            await nursery.start(lambda task_status, n=node: n.join("mem", port,
                                                                  task_status=task_status))
            with trio.fail_after(30):
                while len(host.seats) < 1 + [gus, hard, greedy].index(node) + 1:
                    await trio.sleep(0.01)
        for node in (host, gus, hard, greedy):
            await node.session_ready.wait()
        # the last lobby each saw (the full one: the game began right after it)
        lobby = {who: [d for kind, d in evs if kind == "lobby"][-1] for who, evs in events.items()}
        statuses = [_status(node)["players"] for node in (host, gus, hard, greedy)]
        notes = [node.play.meta()["players"] for node in (host, gus)]
        nursery.cancel_scope.cancel()
    return lobby, statuses, notes


def test_every_node_shows_each_bots_kind_and_level_in_the_lobby_and_in_the_game(tmp_path):
    lobby, statuses, notes = trio.run(_a_person_and_two_bots, tmp_path,
                                      clock=trio.testing.MockClock(autojump_threshold=0))
    told = [("Hana", None), ("Gus", None), ("Bot 3", STRONG_HARD), ("Bot 4", {"kind": "greedy"})]
    for who in ("host", "gus"):   # the host's lobby event and a joiner's (from the roster)
        assert [(p["name"], p.get("bot")) for p in lobby[who]["players"]] == told
    for players in statuses:      # every node's control API, the game begun
        assert [(p["name"], p.get("bot")) for p in players] == told
    for players in notes:         # the note a resume starts from
        assert [p.get("bot") for p in players] == [b for _, b in told]


async def _joins_saying(tmp_path, said: dict):
    net = MemoryNetwork()
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net)
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(GAME, (), 3,
                                                                 task_status=task_status))
        conn = await net.connect("mem", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("join", name="Mal", port=1, **said))
        answer = wire.unpack(await conn.receive())[1]
        nursery.cancel_scope.cancel()
    return answer


def test_a_join_telling_a_bot_that_does_not_exist_is_refused_naming_what_is_allowed(tmp_path):
    answer = trio.run(_joins_saying, tmp_path, {"bot": "strong:genius"})
    assert answer["t"] == "refused" and "unknown level 'genius'" in answer["reason"]
    assert "easy, normal, hard" in answer["reason"]
    answer = trio.run(_joins_saying, tmp_path, {"bot": "strong:easy"})
    assert answer["t"] == "welcome"
