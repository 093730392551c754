"""node.play on its own (a table, real links and outbox, a recording match file): a session's
output is done in the protocol's order (entries on disk, then our frames, then events); our own
move is kept on disk before it is sent, once; the game's end is handled once. And node.table:
what is set through the node is what every part reads."""
from pathlib import Path
from types import SimpleNamespace

import engine
from node.links import Links
from node.table import Seat
from node.play import Play
from node.runtime import Node
from node.table import Table
from protocol.identity import Identity
from protocol.events import Appended, GameOver, Output, Send


class Store:
    """A match file that says what was done to it, in order (`done`, shared with the links)."""

    def __init__(self, done: list) -> None:
        self.done = done
        self.count = self.synced = 1   # the genesis, on disk
        self.slowest_sync = 0.0        # a fast disk: the outbox syncs inline
        self.path = Path("match")

    def append(self, entry: bytes) -> None:
        self.count += 1
        self.done.append(("append", entry))

    def sync_to(self, count: int) -> None:
        self.synced = count
        self.done.append(("sync", count))

    def save_unlogged(self, unlogged: list[bytes]) -> None:
        self.done.append(("keep", tuple(unlogged)))

    def finish(self, meta: dict) -> None:
        self.done.append(("finish", meta["finished"]))


def _play(own_unlogged=()) -> tuple[Play, list]:
    done: list = []
    table = Table(Identity.generate(), "A", lambda kind, data: done.append(("event", kind)))
    table.seats = [Seat("A", table.identity.public), Seat("B", b"b"), Seat("C", b"c")]
    table.my_seat = 0
    table.session = SimpleNamespace(state="state", body={"game": "g"}, entries=[],
                                    own_unlogged=lambda: list(own_unlogged))
    links = Links(table, transport=None, read=None)
    for seat in (1, 2):
        links.queue(seat)
    play = Play(table, links, Path("home"), {"name": "A", "bot": None, "listen": "127.0.0.1"})
    play.outbox.store = Store(done)
    send = links.send
    links.send = lambda seat, frame: (done.append(("send", seat, frame)), send(seat, frame))
    play.outbox.send = links.send
    return play, done


def test_an_outputs_entries_are_on_disk_before_its_frames_are_queued():
    play, done = _play()
    play.handle(Output(sends=[Send((1, 2), b"ours")], events=[Appended(1, b"entry")]))
    frames = [d for d in done if d[0] == "send"]
    assert done[:2] == [("append", b"entry"), ("sync", 2)]
    assert [d[1] for d in frames] == [1, 2] and done.index(frames[0]) > 1


def test_our_own_move_is_kept_on_disk_before_it_is_sent_and_kept_once():
    play, done = _play(own_unlogged=[b"mine"])
    play.own(Output(sends=[Send((1,), b"share")]))
    assert [d[0] for d in done] == ["keep", "sync", "send"]
    done.clear()
    play.own(Output(sends=[Send((2,), b"again")]))   # nothing new of ours to keep
    assert [d[0] for d in done] == ["sync", "send"]


def test_the_games_end_is_handled_once(monkeypatch):
    monkeypatch.setattr(engine, "state_hash", lambda state: b"\x07" * 32)
    play, done = _play()
    play.table.session.entries = [b"e"] * 5
    over = GameOver(SimpleNamespace(scores=(3, 1, 2), winners=(0,)))
    play.react(over)
    play.react(over)
    assert play.table.finished.is_set() and play.table.outcome.state_hash == b"\x07" * 32
    assert [d for d in done if d[0] != "send"] == [("finish", True), ("event", "over")]
    assert [d[1] for d in done if d[0] == "send"] == [1, 2]   # our count, once to each peer


def test_what_is_set_through_the_node_is_what_its_parts_read(tmp_path):
    node = Node(Identity.generate(), "A", tmp_path)
    node.seats = [Seat("A", node.identity.public), Seat("B", b"b")]
    node.my_seat = 0
    assert node.table.seats is node.seats and node.table.my_seat == 0
    assert [p["name"] for p in node.lobby.roster_json()["players"]] == ["A", "B"]
    node.links.queue(1)
    assert node.links.connected() == []   # B's seat, as the links see it: no link yet
