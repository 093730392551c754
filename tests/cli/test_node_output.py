"""What a person sees from a headless node: every event a node emits prints as a line (a
formatting slip here once killed the bots that `lanboard host --bots` starts)."""
import trio

from cli.node_runner import Printer
from node.runtime import Node
from protocol.identity import Identity


async def _game(tmp_path, printer):
    host = Node(Identity.generate(), "Ann", tmp_path / "a", bot="greedy",
                listen_host="127.0.0.1", on_event=printer)
    guest = Node(Identity.generate(), "Bo", tmp_path / "b", bot="random",
                 listen_host="127.0.0.1", on_event=printer)
    async with trio.open_nursery() as n:
        port = await n.start(lambda task_status: host.host("overwatch-monopoly", (), 2,
                                                           task_status=task_status))
        n.start_soon(guest.join, "127.0.0.1", port)


def test_every_event_of_a_whole_game_prints_in_plain_words(tmp_path, capsys):
    kinds = []

    class Recording(Printer):
        def __call__(self, kind, data):
            kinds.append(kind)
            super().__call__(kind, data)

    trio.run(_game, tmp_path, Recording(json_lines=False))
    out = capsys.readouterr().out
    assert {"lobby", "started", "peer", "state", "attested", "over"} <= set(kinds)
    assert "game over: winner seat" in out and "lobby 2/2: Ann" in out
    assert "Traceback" not in out


def test_a_node_alone_or_waiting_at_the_end_says_why_in_one_line(capsys):
    printer = Printer(json_lines=False)
    printer("alone", {"seats": [0, 2], "seconds": 10, "file": "/h/matches/ab.match"})
    printer("lingering", {"seats": [1], "up_to": 60.0})
    alone, lingering = capsys.readouterr().out.splitlines()
    assert "no other player reachable for 10 s (seats 0, 2)" in alone
    assert "finished or left" in alone and "Ctrl-C" in alone
    assert "`lanboard verify --partial /h/matches/ab.match`" in alone
    assert "waiting up to 60 s for seat(s) 1" in lingering and "Ctrl-C" in lingering
