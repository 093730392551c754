"""The bots `host --bots` starts join their host where it listens and listen there too: a
loopback game's bots stay on loopback, a LAN host's bots can be reached from the LAN (the other
players are sent to them at the host's address), and a host on one LAN address is dialed there,
not at 127.0.0.1 where it does not listen."""
import argparse

import pytest

from cli import cmd_join
from cli.local_bots import bot_command


def _join_args(listen: str) -> argparse.Namespace:
    argv = bot_command(listen, 4321, "greedy")
    assert argv[3] == "join"
    p = argparse.ArgumentParser()
    cmd_join.add_arguments(p)
    return p.parse_args(argv[4:])


@pytest.mark.parametrize("listen, dial", [("127.0.0.1", "127.0.0.1"), ("0.0.0.0", "127.0.0.1"),
                                          ("::", "::1"), ("10.213.0.1", "10.213.0.1")])
def test_a_hosts_bots_dial_it_and_listen_where_it_listens(listen, dial):
    args = _join_args(listen)
    assert cmd_join.parse_peer(args.peer) == (dial, 4321)
    assert args.listen == listen
    assert (args.bot, args.new) == ("greedy", True)


def test_a_hosts_bots_are_named_after_the_seat_they_get():
    from node.lobby import seat_name
    args = _join_args("127.0.0.1")
    assert [seat_name(args.name, seat) for seat in (1, 2, 3)] == ["Bot 2", "Bot 3", "Bot 4"]
