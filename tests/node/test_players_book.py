"""The book of players you know (node.players_book): remembered when a genesis is signed by all,
marked in the lobby (known, new, or a known name with another key), kept safely on disk."""
import json
import os
import stat

import trio
import trio.testing

from node.players_book import KNOWN, NEW, OTHER_KEY, Book
from node.runtime import Node
from protocol.identity import Identity, check_code

from .memnet import MemoryNetwork, virtual_clock

GAME = "overwatch-monopoly"
HANA, GUS, MALLORY = Identity.generate(), Identity.generate(), Identity.generate()


def test_a_key_is_remembered_at_first_contact_and_counted_once_per_match(tmp_path):
    book = Book(tmp_path)
    players = [(HANA.public, "Hana"), (GUS.public, "Gus")]
    book.played(b"\x01" * 32, players, me=HANA.public)
    book.played(b"\x01" * 32, players, me=HANA.public)   # the same match resumed: not again
    book.played(b"\x02" * 32, [(HANA.public, "Hana"), (GUS.public, "Gustav")], me=HANA.public)
    again = Book(tmp_path)   # from the file
    assert list(again.players) == [GUS.public.hex()]   # ourselves never
    gus = again.players[GUS.public.hex()]
    assert (gus.key, gus.code, gus.name, gus.games) == (GUS.public.hex(), GUS.check_code,
                                                        "Gustav", 2)
    assert gus.first <= gus.last


def test_marks_say_known_new_or_a_known_name_under_another_key(tmp_path):
    book = Book(tmp_path)
    book.played(b"\x01" * 32, [(HANA.public, "Hana"), (GUS.public, "Gus")], me=HANA.public)
    assert book.mark("Gus", GUS.check_code, GUS.public)["mark"] == KNOWN
    assert book.mark("Gus", GUS.check_code, GUS.public)["games"] == 1
    assert book.mark("Ines", MALLORY.check_code, MALLORY.public)["mark"] == NEW
    # the name a person knows, on another key: the loud warning, in words
    warned = book.mark(" gus", MALLORY.check_code, MALLORY.public)
    assert warned["mark"] == OTHER_KEY and warned["known_code"] == GUS.check_code
    assert warned["words"].startswith("WARNING: this  gus is NOT the Gus you played 1 game")
    assert MALLORY.check_code in warned["words"] and GUS.check_code in warned["words"]
    # a known key under a new name is known, and says what you call it
    renamed = book.mark("Gustav", GUS.check_code, GUS.public)
    assert renamed["mark"] == KNOWN and "known to you as Gus" in renamed["words"]
    # without the whole key (a joiner told the other joiners' codes) the check code is looked up
    assert book.mark("Gus", GUS.check_code)["mark"] == KNOWN


def test_the_book_is_written_whole_mode_0600_and_a_damaged_one_is_kept_aside(tmp_path):
    book = Book(tmp_path)
    book.played(b"\x01" * 32, [(GUS.public, "Gus")], me=HANA.public)
    path = tmp_path / "players.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text())["players"][0]["key"] == GUS.public.hex()
    assert [p.name for p in tmp_path.iterdir()] == ["players.json"]   # no temporary left
    for n, junk in enumerate([b"{not json", b'{"version": 1, "players": [{"key": "zz"}]}']):
        path.write_bytes(junk)
        damaged = Book(tmp_path)
        assert damaged.players == {} and "could not be read" in damaged.damaged
        aside = tmp_path / ("players.json.damaged" + (f".{n + 1}" if n else ""))
        assert aside.read_bytes() == junk and not path.exists()


async def _lobbies(tmp_path):
    """Hana and Gus play a game's genesis together; then Mallory, calling itself Gus, sits at
    Hana's next lobby, and Gus joins a lobby Mallory hosts as 'Hana'. What each lobby showed."""
    net = MemoryNetwork()
    seen = {"hana": [], "gus": []}
    hana = lambda: Node(HANA, "Hana", tmp_path / "hana", transport=net, bot="greedy",
                        on_event=lambda k, d: k == "lobby" and seen["hana"].append(d))
    gus = lambda: Node(GUS, "Gus", tmp_path / "gus", transport=net, bot="greedy",
                       on_event=lambda k, d: k == "lobby" and seen["gus"].append(d))
    async with trio.open_nursery() as nursery:
        host, joiner = hana(), gus()
        port = await nursery.start(lambda task_status: host.host(GAME, (), 2,
                                                                 task_status=task_status))
        nursery.start_soon(lambda: joiner.join("mem", port))
        for node in (host, joiner):
            await node.session_ready.wait()
        nursery.cancel_scope.cancel()
    first = {k: v[-1] for k, v in seen.items()}
    async with trio.open_nursery() as nursery:
        host = hana()
        port = await nursery.start(lambda task_status: host.host(GAME, (), 3,
                                                                 task_status=task_status))
        mallory = Node(MALLORY, "Gus", tmp_path / "m1", transport=net)
        nursery.start_soon(lambda: mallory.join("mem", port))
        await trio.testing.wait_all_tasks_blocked()
        second_hana = seen["hana"][-1]
        impostor = Node(MALLORY, "Hana", tmp_path / "m2", transport=net)
        port = await nursery.start(lambda task_status: impostor.host(GAME, (), 3,
                                                                     task_status=task_status))
        nursery.start_soon(lambda: gus().join("mem", port))
        await trio.testing.wait_all_tasks_blocked()
        nursery.cancel_scope.cancel()
    return first, second_hana, seen["gus"][-1]


def test_a_second_player_with_another_key_under_a_known_name_is_warned_about_in_both_lobbies(
        tmp_path, monkeypatch):
    first, at_hana, at_gus = trio.run(_lobbies, tmp_path, clock=virtual_clock(monkeypatch))
    marks = lambda lobby: [(p["name"], p["known"]["mark"]) for p in lobby["players"]]
    # the first game: strangers to each other
    assert marks(first["hana"]) == [("Hana", "you"), ("Gus", NEW)]
    # Hana's next lobby: the real Gus would be known; this 'Gus' has another key
    assert marks(at_hana) == [("Hana", "you"), ("Gus", OTHER_KEY)]
    words = at_hana["players"][1]["known"]["words"]
    assert words.startswith("WARNING: this Gus is NOT the Gus you played 1 game with")
    assert check_code(MALLORY.public) in words and GUS.check_code in words
    # Gus joining an impostor host named Hana: warned on the joiner's side too, by whole key
    assert marks(at_gus)[0] == ("Hana", OTHER_KEY)
    assert marks(at_gus) == [("Hana", OTHER_KEY), ("Gus", "you")]
