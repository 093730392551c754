"""What a person sees from a headless node: every event a node emits prints as a line (a
formatting slip here once killed the bots that `lanboard host --bots` starts)."""
import trio

from cli.command_hint import lanboard
from cli.node_runner import Printer
from node.runtime import Node
from protocol.identity import Identity
from tests.node.memnet import MemoryNetwork, virtual_clock


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
    assert "game over: winner player " in out and "lobby 2/2: Ann" in out
    assert "Traceback" not in out


def test_a_node_alone_or_waiting_at_the_end_says_why_in_one_line(capsys):
    printer = Printer(json_lines=False)
    printer("alone", {"seats": [0, 2], "seconds": 10, "file": "/h/matches/ab.match"})
    printer("lingering", {"seats": [1], "up_to": 60.0})
    alone, lingering = capsys.readouterr().out.splitlines()
    assert "no other player reachable for 10 s (player 1, player 3)" in alone
    assert "finished or left" in alone and "Ctrl-C" in alone
    assert f"`{lanboard('verify', '--partial', '/h/matches/ab.match')}`" in alone
    assert "waiting up to 60 s for player 2 to fetch" in lingering and "Ctrl-C" in lingering


def test_a_person_reads_seat_0_as_player_1_in_errors_and_events_alike(capsys):
    """One way to count everywhere a person reads (issue 14): the games' errors say
    "player 1" for seat 0, and so do the node's lines; the JSON keeps the index."""
    from engine import player_name
    printer = Printer(json_lines=False)
    printer("started", {"match": "ab" * 16, "seat": 0})
    printer("peer", {"seat": 1, "state": "gone", "reason": "reset"})
    printer("fault", {"kind": "bad-signature", "seats": [2], "reason": "r"})
    started, gone, fault = capsys.readouterr().out.splitlines()
    assert started.endswith("you are player 1") and player_name(0) == "player 1"
    assert gone.startswith("player 2 disconnected") and "by player 3:" in fault
    Printer(json_lines=True)("started", {"match": "ab", "seat": 0})
    assert '"seat": 0' in capsys.readouterr().out


def test_peer_text_in_a_headless_line_is_printed_escaped(capsys):
    """Issue 24.4: a name or a reason that a peer wrote (a halt notice's reason, a name in a
    match file of an older build) cannot change a title, clear the screen or write a line of
    its own on the host's terminal."""
    printer = Printer(json_lines=False)
    printer("lobby", {"players": [{"name": "Ann", "code": "AAAA-AAAA"},
                                  {"name": "\x1b]0;pwned\x07\x1b[2JMal", "code": "BBBB-BBBB"}],
                      "seats": 3})
    printer("fault", {"kind": "dispute", "seats": [1],
                      "reason": "no\n\x1b[31mGAME STOPPED: player 1 cheated\x1b[0m"})
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and len(out.splitlines()) == 2
    assert "\\x1b]0;pwned\\x07\\x1b[2JMal (BBBB-BBBB)" in out
    assert "no\\n\\x1b[31mGAME STOPPED" in out


def test_a_host_seats_no_joiner_whose_name_would_write_on_its_terminal(tmp_path, capsys,
                                                                       monkeypatch):
    """Issue 24.4: `host --headless` printed a joiner's name raw; the host now refuses the name
    (the joiner is told why) and prints nothing of it."""
    from node.lobby import LobbyRefused

    said = []
    net = MemoryNetwork()

    async def run():
        host = Node(Identity.generate(), "Ann", tmp_path / "a", transport=net,
                    on_event=Printer(json_lines=False))
        mal = Node(Identity.generate(), "\x1b]0;pwned\x07\x1b[2JMal", tmp_path / "m",
                   transport=net)
        with trio.fail_after(600):   # virtual time; a guard only
            async with trio.open_nursery() as n:
                port = await n.start(lambda task_status: host.host(
                    "overwatch-monopoly", (), 2, task_status=task_status))
                try:
                    await mal.join("mem", port)
                except* LobbyRefused as group:
                    said.extend(map(str, group.exceptions))
                n.cancel_scope.cancel()

    trio.run(run, clock=virtual_clock(monkeypatch))
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Mal" not in out
    assert len(said) == 1 and "your name cannot be used" in said[0]
    assert "\\x1b" in said[0] and "\x1b" not in said[0]


def test_a_seat_dropped_from_the_lobby_is_one_line_naming_the_player_and_why(capsys):
    Printer(json_lines=False)("dropped", {"name": "Mo", "code": "ABCD-EFGH",
                                          "reason": "did not sign the genesis within 60 s"})
    assert capsys.readouterr().out == ("Mo (ABCD-EFGH) was dropped from the lobby: did not sign "
                                       "the genesis within 60 s; the seat is open again\n")
