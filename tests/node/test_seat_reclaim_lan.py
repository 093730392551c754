"""A person whose seat a bot took (they were slow, the others chose "bot") takes it back
through the control API: their node asks at each move slot, the next person to decide consents
before moving, and every node logs the same reclaim entry; the person decides again from then
on and the match verifies. Nodes over memory streams on trio's virtual clock (tests.node.memnet);
people decide a (virtual) second after they are asked.

The race is played to its turn limit (RaceToTheTurnLimit): in the toy race as it is, the greedy
host can reach the goal in its first two turns (two rolls of two dice), which ended the match
before the reclaim was agreed (the request's first move slot may be a bot's, which moves at once
as it expects no request yet; the request comes again at the next one) or before the seat's next
move, so the seat could not be shown played by its person again (about 1 run in 20)."""
from pathlib import Path

import pytest
import trio

from node.control import call, serve_control
from node.runtime import Node
from protocol import matchfile
from protocol.codec import decode
from protocol.identity import Identity
from protocol.verify import verify_file

from engine.core import register
from tests.protocol.toygame import TURN_LIMIT, ToyRace

from .memnet import MemoryNetwork

TIMEOUTS = {"decision": 20, "round": 20}


class RaceToTheTurnLimit(ToyRace):
    """The toy race from so far behind the start that no roll of the whole match reaches the
    goal (nor a trap): it always lasts TURN_LIMIT turns, so every seat has turns left after the
    one it timed out on, to be asked for, consent to and play after a reclaim."""
    id = "toy-race-to-the-limit"

    def initial_state(self, players, variants):
        state = super().initial_state(players, variants)
        state.players = [-12 * TURN_LIMIT] * players    # two dice a turn never make up the gap
        return state

    def rules_files(self) -> list[Path]:
        return [*super().rules_files(), Path(__file__).resolve()]


register(RaceToTheTurnLimit())


async def _person(node: Node, playing) -> None:
    """A person at their screen: a second after they are asked, they answer (when `playing()`):
    "bot" about a gone seat, else the first option."""
    while not node.finished.is_set():
        await trio.sleep(1)
        s = node.session
        if s is None or not playing():
            continue
        if s.pending_choice() is not None:
            node.submit_choice("bot")
        elif s.my_decision() is not None:
            node.submit_move(s.my_decision().options[0])


async def _pat_comes_back(tmp_path, ann_bot: str | None):
    net = MemoryNetwork()
    said = {"ann": [], "pat": []}
    host = Node(Identity.generate(), "Host", tmp_path / "h", bot="greedy", transport=net)
    ann = Node(Identity.generate(), "Ann", tmp_path / "a", transport=net, bot=ann_bot,
               on_event=lambda kind, data: said["ann"].append((kind, data)))
    handed_over = trio.Event()

    def pat_sees(kind, data):
        said["pat"].append((kind, data))
        if kind == "choice" and data["outcome"] == "bot" and data["seat"] == pat.my_seat:
            handed_over.set()
    pat = Node(Identity.generate(), "Pat", tmp_path / "p", transport=net, on_event=pat_sees)
    sock = tmp_path / "pat.sock"
    back: dict = {}

    async def pat_at_the_screen_again() -> None:
        await handed_over.wait()
        back["reply"] = await call(sock, {"cmd": "reclaim"})
        back["status"] = await call(sock, {"cmd": "status"})

    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, pat, sock)
        port = await nursery.start(lambda task_status: host.host(
            RaceToTheTurnLimit.id, (), 3, task_status=task_status, timeouts=TIMEOUTS))
        nursery.start_soon(ann.join, "127.0.0.1", port)
        nursery.start_soon(pat.join, "127.0.0.1", port)
        if ann_bot is None:
            nursery.start_soon(_person, ann, lambda: True)
        nursery.start_soon(_person, pat, lambda: "reply" in back)   # away, then back
        nursery.start_soon(pat_at_the_screen_again)
        with trio.fail_after(3600):
            for node in (host, ann, pat):
                await node.finished.wait()
        nursery.cancel_scope.cancel()
    return host, ann, pat, said, back


@pytest.mark.parametrize("ann_bot", [None, "greedy"], ids=["with-a-person", "among-bots"])
def test_a_person_takes_their_seat_back_from_the_bot_and_every_node_keeps_one_log(
        tmp_path, virtual_net, ann_bot):
    """Among bots too: they decide at once, but wait a moment for a request they expect."""
    host, ann, pat, said, back = trio.run(_pat_comes_back, tmp_path, ann_bot, clock=virtual_net)
    seat = pat.my_seat
    assert back["reply"] == {"ok": True}
    assert back["status"]["bots"] == [seat] and back["status"]["reclaim_asked"] is True
    for node in (host, ann, pat):
        assert node.outcome.fault is None and node.outcome.result is not None
    data = host.outcome.match_file.read_bytes()
    assert ann.outcome.match_file.read_bytes() == data == pat.outcome.match_file.read_bytes()
    report = verify_file(host.outcome.match_file)
    assert report.status == 0 and report.complete, report.reason
    assert report.bots == [] and [r["seat"] for r in report.reclaims] == [seat]
    entries = [decode(raw) for _, raw, _ in matchfile.read_items(data)][1:]
    at = next(i for i, e in enumerate(entries) if e["kind"] == "reclaim")
    assert any(e["kind"] == "move" and e["authors"] == [seat] for e in entries[at:])
    for who in ("ann", "pat"):
        assert ("reclaimed", {"seq": entries[at]["seq"], "seat": seat}) in said[who]
