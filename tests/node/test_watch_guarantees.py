"""What a watcher is promised (issue 29), each checked where it is kept: a node serves 8 watchers
and refuses the ninth in words; `list` shows how many watch of how many may; `watch NAME` finds
a running game by its host's name, check code or match id; sealed picks stay sealed to a watcher
until their open entry, and a Loot Box's value is nowhere a watcher keeps things (its file, its
headless and JSON lines, its logs) before the disclosure. Memory streams on the virtual clock,
but the list test (discovery faked)."""
import json
import logging
import re

import pytest
import trio

from cli.errors import UsageError
from cli.main import main
from node import wire
from node.discovery import LobbyInfo, LobbySeen
from node.links import CONTEXT
from node.watchers import WATCHERS
from protocol.codec import decode
from protocol.identity import Identity

from .memnet import MemoryNetwork
from .test_watch import _play, _players, _Served, _with_served, honest_game  # noqa: F401


def test_a_node_serves_eight_watchers_and_refuses_the_ninth_in_words(
        tmp_path, virtual_net, honest_game):
    from cli.cmd_watch import Teller, follow
    log_items, _ = honest_game
    table = _Served(log_items, [])
    said = []

    async def nine(net, port):
        conns = []
        for _ in range(WATCHERS):   # eight watchers, each served
            conn = await net.connect("node", port, Identity.generate(), CONTEXT)
            await conn.send(wire.pack("watch", match=b"", have=0))
            assert wire.unpack(await conn.receive())[1]["t"] == "watching"
            conns.append(conn)
        assert table.watchers.active == WATCHERS
        with pytest.raises(UsageError) as refused, trio.fail_after(600):   # virtual seconds
            await follow([("node", port)], tmp_path, Teller(False, said.append), net,
                         said.append, said.append)
        return str(refused.value)

    words = _with_served(table, virtual_net, nine)
    assert words.startswith("the game refused us: every node it knows serves all the watchers "
                            "it takes (node:")
    assert "this node already serves its 8 watchers (a player may take more: host --watchers N)" \
        in words and "watch again later" in words
    assert table.watchers.active == 0   # the eight went when the test ended


def _seen(host: str, phase: str, watch: str, delay: int = 0, match: str = "") -> LobbySeen:
    info = LobbyInfo("overwatch-monopoly", host, "ABCD-EFGH", 3, 3, phase, match, watch=watch,
                     delay=delay)
    return LobbySeen(name=f"{host} ABCD-EFGH", address="192.0.2.7", port=4000, info=info)


def test_list_shows_how_many_watch_of_how_many_may(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    found = [_seen("Ann", "playing", "2/8", match="ab" * 8), _seen("Bob", "playing", "no"),
             _seen("Cyd", "playing", "0/4", delay=3), _seen("Dee", "lobby", "0/8")]

    async def listed(*args, **kwargs):
        return found
    monkeypatch.setattr("cli.cmd_list.list_lobbies", listed)
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  watch 2/8" in lines[0]
    assert "  no watching" in lines[1] and "watch " not in lines[1]
    assert "  watch 0/4   3 turns behind" in lines[2]
    assert "  watch 0/8" in lines[3]   # a lobby says how many may watch once it plays
    assert main(["list", "--json"]) == 0
    told = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(t["watch"], t["delay"]) for t in told] == [("2/8", 0), ("no", 0), ("0/4", 3),
                                                        ("0/8", 0)]


def test_watch_finds_a_running_game_by_its_hosts_name_check_code_or_match_id():
    from cli.cmd_watch import find_game
    ann = _seen("Ann", "playing", "1/8", match="ab" * 32)
    bob = LobbySeen(name="Bob WXYZ-WXYZ", address="192.0.2.9", port=4100, info=LobbyInfo(
        "mario-monopoly", "Bob", "WXYZ-WXYZ", 2, 2, "playing", "cd" * 32, watch="0/8"))
    lobby = _seen("Cyd", "lobby", "0/8")
    found = [ann, bob, lobby]
    assert find_game("Ann", found) == ("192.0.2.7", 4000, "ab" * 32)
    assert find_game("WXYZ-WXYZ", found) == ("192.0.2.9", 4100, "cd" * 32)
    assert find_game("CDCD", found)[2] == "cd" * 32   # a match id's start, as list shows it
    with pytest.raises(UsageError, match="several games are being played: name one of Ann, Bob"):
        find_game(None, found)
    # named, in its lobby yet: watched from its start (its node holds the watcher till then)
    assert find_game("Cyd", found) == ("192.0.2.7", 4000, "")
    with pytest.raises(UsageError, match=r"no game being played named 'Eve'.*Cyd \(lobby\)"):
        find_game("Eve", found)
    closed = _seen("Dee", "playing", "no", match="ef" * 32)
    with pytest.raises(UsageError, match="Dee's game takes no watchers"):
        find_game("Dee", [closed])


def _secrets_of(log_items: list[bytes], kind: str) -> dict[int, list[bytes]]:
    """The secret each `kind` entry makes public, by its item: an open entry's salts (they
    open the sealed picks), a disclose entry's holders' shares (they open the Loot Boxes)."""
    out = {}
    for index, raw in enumerate(log_items[1:], start=1):
        entry = decode(raw)
        if entry["kind"] != kind:
            continue
        if kind == "open":
            out[index] = [p["salt"] for p in entry["parts"]]
        else:
            out[index] = [card["share"] for part in entry["parts"] for card in part["cards"]]
    return out


def _forms(secret: bytes) -> list:
    """A secret as a file, a line or a log could hold it: its bytes, hex, or repr."""
    return [secret, secret.hex(), repr(secret)]


def _watch_keeping_everything(tmp_path, clock, log_items, caplog, json_lines):
    """Watch `log_items` served by a node, as `lanboard watch --headless` (`--json`) does,
    logging everything. Returns what the watcher kept and said as it checked each item
    ({item: (its file's bytes before the item, every line told up to the item)}), every line,
    and its logs."""
    from cli.cmd_watch import Teller, follow
    lines: list[str] = []
    kept: dict[int, tuple[bytes, str]] = {}
    folder = tmp_path / "watched" / "matches"

    class Keeping(Teller):
        def __call__(self, index, entry, ledger):
            # an item is told once checked, and kept in the file just after
            files = list(folder.glob("*.match"))
            held = files[0].read_bytes() if files else b""
            super().__call__(index, entry, ledger)
            kept[index] = (held, "\n".join(lines))

    async def watch(net, port):
        return await follow([("node", port)], tmp_path, Keeping(json_lines, lines.append), net,
                            lines.append, lines.append)

    with caplog.at_level(logging.DEBUG):
        assert _with_served(_Served(log_items, []), clock, watch) == 0
    (path,) = folder.glob("*.match")
    assert path.read_bytes() == b"".join(log_items)
    return kept, lines, caplog.text


@pytest.mark.parametrize("json_lines", [False, True])
def test_a_watcher_keeps_no_loot_box_value_before_its_disclosure_in_its_file_lines_or_logs(
        tmp_path, virtual_net, honest_game, caplog, json_lines):
    log_items, _ = honest_game
    (disclose, shares), = _secrets_of(log_items, "disclose").items()
    kept, lines, logs = _watch_keeping_everything(tmp_path, virtual_net, log_items, caplog,
                                                  json_lines)
    assert len(shares) >= 2 and sorted(kept) == list(range(len(log_items)))
    file_before, said_before = kept[disclose][0], kept[disclose - 1][1]
    for share in shares:
        # the holder's own decryption share is what opens its Loot Box: nowhere before
        assert share not in file_before
        assert not any(form in said_before for form in _forms(share)[1:])
        assert not any(form in logs for form in _forms(share)[1:])
        assert share in kept[disclose + 1][0]   # the disclosure: in the file from then on
    # nor did it say a Loot Box's worth before: only who took one (the scores say the worth)
    told_before = [line for text in said_before.splitlines()
                   for line in (_narration(text) if json_lines else [text])]
    about = [line for line in told_before if "Loot Box" in line]
    assert any(re.search(r"took a Loot Box \(\d+ now\)$", line) for line in about)
    assert not any(re.search(r"worth|points?\b|opened", line) for line in about), about
    assert re.search(r"Loot Boxes \d+", "\n".join(lines))   # said at the end, once opened


def _narration(json_line: str) -> list[str]:
    told = json.loads(json_line)
    return [*(told.get("narration") or []), told.get("said") or ""]


@pytest.fixture(scope="module")
def sealed_game(tmp_path_factory):
    """One finished game of Overwatch: the Board Game (its draft is sealed picks) over memory
    streams: its log's items."""
    from .memnet import virtual_clock
    mp = pytest.MonkeyPatch()
    try:
        clock = virtual_clock(mp)
        nodes = _players(tmp_path_factory.mktemp("sealed"), MemoryNetwork(), n=2)
        trio.run(_play, nodes, "overwatch-tactics", clock=clock)
    finally:
        mp.undo()
    return nodes[0].session.log


def test_sealed_picks_stay_sealed_to_a_watcher_until_they_open(tmp_path, virtual_net,
                                                                sealed_game, caplog):
    opens = _secrets_of(sealed_game, "open")
    assert opens, "the draft wrote no open entry"
    kept, lines, logs = _watch_keeping_everything(tmp_path, virtual_net, sealed_game, caplog,
                                                  True)
    told = [json.loads(line) for line in lines]
    for index, salts in opens.items():
        commit = max(i for i, t in enumerate(told) if t.get("kind") == "commit"
                     and t["entry"] < index)
        file_before, said_before = kept[index][0], kept[index - 1][1]
        for salt in salts:
            assert salt not in file_before   # the commitments only, until the opening
            assert not any(form in said_before or form in logs for form in _forms(salt)[1:])
            assert salt in kept[index + 1][0]
        # what was said of the commit names no pick; the opening names them
        assert told[commit]["said"].endswith("players committed to sealed choices")
        assert told[index]["said"].startswith("the sealed choices opened: ")
