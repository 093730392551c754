"""A delayed game (`host --delay N`, node.watchers): a watcher is sent an entry only once N more
turns have ended after the turn it was made in (a turn: what the log closes with an attest
entry), through the host's node and through a joiner's alike (the host tells the delay in the
lobby); at the game's end it gets the rest and holds the players' file byte for byte, every item
checked. Memory streams on the virtual clock; the command line's refusals of bad delays in
words."""
import pytest
import trio

from cli.main import main
from node.discovery import BadAnnouncement, LobbyInfo
from node.watcher import Watcher
from node.watchers import MAX_DELAY

from .memnet import MemoryNetwork
from .test_watch import _play, _players

DELAY = 2


def test_a_delayed_game_shows_watchers_each_entry_only_n_turns_after_its_turn_and_the_whole_file_at_its_end(
        tmp_path, virtual_net):
    net = MemoryNetwork()
    nodes = _players(tmp_path, net)
    nodes[0].watchers.delay = DELAY   # as `host --delay 2` makes it
    early = {}      # watcher -> (item, its turn, turns ended at the serving node) too early
    told = {"host": 0, "joiner": 0}
    delays = {}
    results = {}

    def checking(name, serving):
        def on_item(index, entry, ledger):
            told[name] += 1
            served = serving().session.ledger
            if index == 0 or served.over:
                return   # the genesis is no move; at the end everything goes
            ends = served.turn_ends
            turn = 1 + sum(seq < index for seq in ends)   # the turn item `index` was made in
            if len(ends) < turn + DELAY:
                early.setdefault(name, (index, turn, len(ends)))
        return on_item

    async def watch(name, watcher):
        results[name] = await watcher.run()

    async def during(nursery, port):
        for name, node, addr in (("host", nodes[0], "memory-host"),
                                 ("joiner", nodes[2], "memory-joiner")):
            watcher = Watcher(tmp_path / name, [], transport=net,
                              on_item=checking(name, lambda node=node: node),
                              on_delay=lambda turns, name=name: delays.setdefault(name, turns))

            async def start(watcher=watcher, name=name, node=node, addr=addr):
                await node.session_ready.wait()   # the joiner's port is known once it joined
                watcher.addrs = [(addr, node.port)]
                await watch(name, watcher)
            nursery.start_soon(start)

    trio.run(_play, nodes, "overwatch-monopoly", during, clock=virtual_net)
    assert [n.watchers.delay for n in nodes] == [DELAY] * 3   # told in the lobby's welcome
    assert early == {}, f"items sent before {DELAY} more turns ended: {early}"
    players = nodes[0].outcome.match_file.read_bytes()
    for name in ("host", "joiner"):
        out = results[name]
        assert out.report.status == 0 and out.report.complete, out.report
        assert out.match_file.read_bytes() == players
        assert told[name] == nodes[0].entry_count() + 1   # every item checked and told
    assert delays == {"host": DELAY, "joiner": DELAY}   # each node said so to its watcher


def test_a_delay_is_kept_in_the_matchs_note_and_one_out_of_range_is_refused(tmp_path):
    from node.runtime import Node
    from protocol.identity import Identity
    node = Node(Identity.generate(), "P", tmp_path, watch_delay=3)
    assert node.watchers.delay == 3 and node.play.note["watch_delay"] == 3
    with pytest.raises(ValueError, match=f"0 to {MAX_DELAY}"):
        Node(Identity.generate(), "P", tmp_path, watch_delay=-1)


@pytest.mark.parametrize("value", ["-1", "100", "1e9", "two"])
def test_a_delay_that_is_no_number_of_turns_is_refused_in_words(value, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["host", "--delay", value, "--headless"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"a watching delay is a whole number of turns from 0 to {MAX_DELAY}" in err, err
    assert "Traceback" not in err


def test_a_delay_with_nobody_allowed_to_watch_is_refused_in_words(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    assert main(["host", "--delay", "2", "--no-watchers", "--headless", "--new",
                 "--name", "Ann"]) == 2
    assert "--delay holds entries back from watchers, and this game takes none" in \
        capsys.readouterr().err


def test_the_announcement_and_list_say_the_delay():
    info = LobbyInfo("overwatch-monopoly", "Ann", "ABCD-EFGH", 3, 3, "playing", "ab",
                     watch="1/8", delay=3)
    txt = {k.encode(): v.encode() for k, v in info.to_txt().items()}
    assert txt[b"delay"] == b"3" and LobbyInfo.from_txt(txt) == info
    live = LobbyInfo("overwatch-monopoly", "Ann", "ABCD-EFGH", 3, 3, "playing", "ab", watch="1/8")
    assert "delay" not in live.to_txt()   # a live game says nothing of it
    for bad in (b"-1", b"100", b"x"):
        with pytest.raises(BadAnnouncement):
            LobbyInfo.from_txt({**txt, b"delay": bad})
