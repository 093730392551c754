"""Watching a match live (node.watchers, node.watcher): over memory streams, on the virtual clock."""
import json
from functools import partial
from types import SimpleNamespace

import pytest
import trio

from node import wire
from node.events import Events
from node.framing import TransportError
from node.links import CONTEXT
from node.runtime import Node
from node.watcher import Watcher
from node.watchers import STALL, WINDOW, Watchers
from protocol import genesis as gen
from protocol.codec import decode, encode
from protocol.identity import Identity
from protocol.verify import verify_file
from tests.protocol.helpers import first_index, resign

from .memnet import MemoryNetwork, virtual_clock


@pytest.fixture
def clock(monkeypatch):
    return virtual_clock(monkeypatch)


def _players(tmp_path, net, n=3, **kw):
    return [Node(Identity.generate(), f"P{i}", tmp_path / f"p{i}", bot="greedy", transport=net,
                 **kw) for i in range(n)]


async def _play(nodes, game="overwatch-monopoly", during=None):
    """Host on nodes[0], the others join; `during(nursery, port)` starts what else runs."""
    with trio.fail_after(3600):
        async with trio.open_nursery() as nursery:
            port = await nursery.start(partial(nodes[0].host, game, (), len(nodes)))
            if during is not None:
                await during(nursery, port)
            for node in nodes[1:]:
                nursery.start_soon(node.join, "memory-host", port)


def test_watchers_from_the_start_and_joining_late_keep_the_players_file_byte_for_byte(
        tmp_path, clock):
    net = MemoryNetwork()
    nodes = _players(tmp_path, net)
    early = Watcher(tmp_path / "w1", [("memory-host", 0)], transport=net)
    late = Watcher(tmp_path / "w2", [], transport=net)
    results = {}

    async def watch(name, watcher):
        results[name] = await watcher.run()

    async def during(nursery, port):
        early.addrs = [("memory-host", port)]
        nursery.start_soon(watch, "early", early)

        started = []

        def on_event(kind, data):   # the late one comes in mid-game, through a joiner's node
            # once, at the first entry told from 40 on (entries caught up are not told)
            if kind == "state" and data["seq"] >= 40 and not started:
                started.append(True)
                late.addrs = [("memory-joiner", nodes[2].port)]
                nursery.start_soon(watch, "late", late)
        nodes[0].on_event = on_event

    trio.run(_play, nodes, "overwatch-monopoly", during, clock=clock)
    players = {n.outcome.match_file.read_bytes() for n in nodes}
    assert len(players) == 1 and verify_file(nodes[0].outcome.match_file).status == 0
    for name in ("early", "late"):
        out = results[name]
        assert out.report.status == 0 and out.report.complete, out.report
        assert out.match_file.read_bytes() in players
    assert early.links == 1   # it dialed in the lobby and was served once the game began


# ---------------------------------------------------------------- a node serving a given log
class _Served:
    """What node.watchers reads of a node's table, holding a log given by the test: a node whose
    log is what a cheating player's node would serve."""

    def __init__(self, log_items, seats):
        self.session = SimpleNamespace(log=[log_items[0]], entries=list(log_items[1:]),
                                       match_id=decode_match(log_items[0]))
        self.session_ready = trio.Event()
        self.session_ready.set()
        self.seats = seats
        self.finished = trio.Event()
        self.outcome = SimpleNamespace(fault=None)
        self.grown = trio.lowlevel.ParkingLot()
        self.events = Events(None)


def decode_match(genesis: bytes) -> bytes:
    from protocol.log import Ledger
    from protocol.messages import parse_signed_genesis
    return Ledger(parse_signed_genesis(decode(genesis))).match_id


async def _serve_log(net, table, task_status=trio.TASK_STATUS_IGNORED):
    """Serve `table`'s log to watchers over `net` (a node's listener, watchers only)."""
    watchers = table.watchers = Watchers(table, lambda: None)

    async def on_connection(conn):
        ch, msg = wire.unpack(await conn.receive())
        await watchers.serve(conn, msg)

    await net.serve(on_connection, Identity.generate(), CONTEXT, host="cheater", port=0,
                    task_status=task_status)


def _with_served(table, clock, body):
    """Run `body(net, port)` against a node serving `table`'s log (_serve_log); its result."""
    net = MemoryNetwork()

    async def main():
        async with trio.open_nursery() as nursery:
            port = await nursery.start(_serve_log, net, table)
            result = await body(net, port)
            nursery.cancel_scope.cancel()
        return result
    return trio.run(main, clock=clock)


@pytest.fixture(scope="module")
def honest_game(tmp_path_factory):
    """One finished 3-player game over memory streams: (its log's items, the players' keys)."""
    mp = pytest.MonkeyPatch()
    try:
        clock = virtual_clock(mp)
        nodes = _players(tmp_path_factory.mktemp("honest"), MemoryNetwork())
        trio.run(_play, nodes, clock=clock)
    finally:
        mp.undo()
    return nodes[0].session.log, [n.identity for n in nodes]


def _forged(log_items, identities, kind):
    """The log up to the first `kind` entry, that entry changed by one of its authors and signed
    with that author's key: an illegal move, or an attestation of a state the replay does not
    reach. Returns (items, the cheater's seat)."""
    k = first_index(log_items, kind)
    entry = decode(log_items[k])
    i = 0
    seat = entry["authors"][i]
    entry["parts"] = list(entry["parts"])
    entry["parts"][i] = ["no such move"] if kind == "move" else bytes(32)
    key = decode(log_items[0])["body"]["players"][seat]["key"]
    signer = next(ident for ident in identities if ident.public == key)
    return log_items[:k] + [encode(resign(entry, i, signer))], seat


@pytest.mark.parametrize("kind,fault", [("move", "illegal-move"), ("attest", "state-mismatch")])
def test_a_watcher_of_a_cheating_players_node_names_the_cheat_as_verify_does_and_stops(
        tmp_path, virtual_net, honest_game, kind, fault):
    log_items, identities = honest_game
    items, cheater = _forged(log_items, identities, kind)
    shown = []

    async def watch(net, port):
        return await Watcher(tmp_path, [("cheater", port)], transport=net,
                             on_item=lambda index, entry, ledger: shown.append(index)).run()

    out = _with_served(_Served(items, []), virtual_net, watch)
    r = out.report
    assert (r.status, r.fault, r.author, r.proven, r.index) == (1, fault, cheater, True,
                                                                len(items) - 1), r
    # verify says the same of the file with the forged entry
    bad = tmp_path / "bad.match"
    bad.write_bytes(b"".join(items))
    v = verify_file(bad)
    assert (v.fault, v.author, v.index, v.reason) == (r.fault, r.author, r.index, r.reason)
    # the watcher stopped there: nothing of the forged entry shown or kept
    assert shown == list(range(len(items) - 1))
    assert out.match_file.read_bytes() == b"".join(items[:-1])


def test_a_watcher_that_stops_reading_is_dropped_with_a_bounded_window_sent(
        tmp_path, virtual_net, honest_game):
    log_items, _ = honest_game
    assert len(log_items) > 2 * WINDOW
    table = _Served(log_items, [])
    got = []

    async def stop_reading(net, port):
        conn = await net.connect("cheater", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("watch", match=b"", have=0))
        with trio.fail_after(STALL * 3):
            while True:   # read what was sent, never say so: the node closes at STALL
                try:
                    got.append(wire.unpack(await conn.receive())[1])
                except TransportError:
                    break

    _with_served(table, virtual_net, stop_reading)
    items = [x for m in got if m["t"] == "items" for x in m["items"]]
    assert items == log_items[:WINDOW]
    assert [m["t"] for m in got if m["t"] != "items"] == ["watching"]
    assert (table.watchers.dropped, table.watchers.active) == (1, 0)


def test_a_watcher_holds_no_loot_box_value_before_the_disclosure(tmp_path, virtual_net,
                                                                honest_game):
    log_items, _ = honest_game
    disclose = first_index(log_items, "disclose")
    seen = {}

    def on_item(index, entry, ledger):
        if index == 0:
            return
        hidden = ledger.hidden
        # the holder's own decryption share is never in the log, so no watcher can open a card
        for card, shares in hidden.shares.items():
            assert hidden.holders[card] not in shares
        seen[index] = list(ledger.state.loot_open)

    async def watch(net, port):
        return await Watcher(tmp_path, [("node", port)], transport=net, on_item=on_item).run()

    out = _with_served(_Served(log_items, []), virtual_net, watch)
    assert out.report.status == 0
    assert first_index(log_items, "draw") < disclose
    assert all(set(seen[i]) == {-1} for i in range(1, disclose))
    assert set(seen[disclose]) != {-1}   # turned face up by the disclosure, and only then


def test_players_never_wait_for_a_watcher_that_never_reads_nor_can_a_watcher_take_a_seat(
        tmp_path, virtual_net):
    net = MemoryNetwork(admitting=True)
    nodes = _players(tmp_path, net)
    stalled, seen = [], {}

    async def never_reads(port):
        conn = await net.connect("memory-host", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("watch", match=b"", have=0))
        assert wire.unpack(await conn.receive())[1]["t"] == "watching"   # then reads no more
        stalled.append(conn)
        await claims_a_seat(port)

    async def claims_a_seat(port):
        conn = await net.connect("memory-host", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("watch", match=b"", have=0))
        assert wire.unpack(await conn.receive())[1]["t"] == "watching"
        seen["unseated"] = nodes[0].admission.unseated   # a stranger's, counted
        seen["active"] = nodes[0].watchers.active
        await conn.send(wire.pack("mesh", match=gen.body_hash(nodes[0].session.body), seat=1))
        with pytest.raises(TransportError):
            while True:   # the node closes it: after "watch", nothing but "sync"
                wire.unpack(await conn.receive())
        seen["closed"] = not nodes[0].finished.is_set()   # at once, not at the game's end

    async def during(nursery, port):
        started = []

        def on_event(kind, data):
            # once, at the first entry told from 5 on (entries caught up are not told)
            if kind == "state" and data["seq"] >= 5 and not started:
                started.append(True)
                nursery.start_soon(never_reads, port)
        nodes[0].on_event = on_event

    trio.run(_play, nodes, "overwatch-monopoly", during, clock=virtual_net)
    # the players' game finished alike, far beyond what the stalled watcher was sent
    assert all(n.outcome.result is not None and n.outcome.fault is None for n in nodes)
    assert len({n.outcome.match_file.read_bytes() for n in nodes}) == 1
    assert nodes[0].entry_count() > 2 * WINDOW
    sent = []

    async def drain():
        with pytest.raises(TransportError):
            while True:
                sent.append(wire.unpack(await stalled[0].receive())[1])
    trio.run(drain, clock=virtual_net)
    assert sum(len(m["items"]) for m in sent if m["t"] == "items") <= WINDOW
    assert seen == {"unseated": 2, "active": 2, "closed": True}
    assert [s.key for s in nodes[0].seats] == [n.identity.public for n in
                                               sorted(nodes, key=lambda n: n.my_seat)]
    assert nodes[0].watchers.active == 0


class _Recording:
    """A watcher's transport that keeps its connections, so a test can cut one."""

    def __init__(self, net):
        self.net, self.conns = net, []

    async def connect(self, *args, **kw):
        self.conns.append(await self.net.connect(*args, **kw))
        return self.conns[-1]


def test_a_watcher_whose_link_drops_or_that_is_restarted_comes_back_through_another_node(
        tmp_path, virtual_net, monkeypatch):
    # the game runs in no virtual time: without a batch's pause the watchers keep up with it,
    # and their links drop mid-game, as this test means, not after the players are gone
    monkeypatch.setattr("node.watchers.BATCH", 0)
    net = MemoryNetwork()
    nodes = _players(tmp_path, net)
    cut = _Recording(net)
    results = {}

    def drop_at_30(index, entry, ledger):
        if index == 30:   # the host stops serving watchers and this link breaks
            nodes[0].watchers.limit = 0
            cut.conns[-1].stream.send_stream.close()
            cut.conns[-1].stream.receive_stream.close()

    async def during(nursery, port):
        moved = Watcher(tmp_path / "w1", [("memory-host", port)], transport=cut,
                        on_item=drop_at_30)
        killed = Watcher(tmp_path / "w2", [("memory-host", port)], transport=net)

        async def follow_moved():
            results["moved"] = await moved.run()

        async def kill_then_restart():
            with trio.CancelScope() as scope:
                killed.on_item = lambda index, e, l: index == 60 and scope.cancel()
                await killed.run()
            again = Watcher(tmp_path / "w2", [("memory-joiner", nodes[2].port)], transport=net,
                            match_file=killed.store.path)
            # went on from its file's last item: the kill lands at the next checkpoint, so
            # items of the batch holding item 60 may have been kept after it
            assert again.items == killed.items > 60
            results["restarted"] = await again.run()

        started = []

        def on_event(kind, data):
            # once, at the first entry told from 1 on (entries caught up are not told)
            if kind == "state" and data["seq"] >= 1 and not started:
                started.append(True)
                nursery.start_soon(follow_moved)
                nursery.start_soon(kill_then_restart)
        nodes[0].on_event = on_event

    trio.run(_play, nodes, "overwatch-monopoly", during, clock=virtual_net)
    players = nodes[0].outcome.match_file.read_bytes()
    assert len(cut.conns) >= 2   # the dropped link, then another node's
    for name in ("moved", "restarted"):
        assert results[name].report.status == 0, (results[name].stopped, results[name].report)
        assert results[name].match_file.read_bytes() == players


@pytest.mark.parametrize("json_lines", [False, True])
def test_watch_headless_tells_each_entry_as_a_spectator_and_ends_with_the_file(
        tmp_path, virtual_net, honest_game, json_lines):
    from cli.cmd_watch import Teller, follow
    log_items, _ = honest_game
    lines = []

    async def watch(net, port):
        return await follow([("node", port)], tmp_path, Teller(json_lines, lines.append), net,
                            lines.append, lines.append)

    assert _with_served(_Served(log_items, []), virtual_net, watch) == 0
    path = tmp_path / "watched" / "matches"
    (kept,) = path.glob("*.match")
    assert kept.read_bytes() == b"".join(log_items)
    if json_lines:
        told = [json.loads(line) for line in lines]
        assert [t["entry"] for t in told[:-1]] == list(range(len(log_items)))
        assert told[-1]["over"] and told[-1]["file"] == str(kept)
        assert any(t.get("narration") for t in told)
    else:
        assert lines[0].startswith("watching overwatch-monopoly: P")
        assert lines[-1] == str(kept)
        over = next(i for i, line in enumerate(lines) if line.startswith("the game is over:"))
        assert over > len(log_items) // 2   # a line an entry at least, before the end


def test_a_node_with_no_watchers_refuses_a_watcher_and_says_why(virtual_net, honest_game):
    log_items, _ = honest_game
    table, said = _Served(log_items, []), []

    async def watch(net, port):
        table.watchers.limit = 0   # as `host --no-watchers`
        conn = await net.connect("node", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("watch", match=b"", have=0))
        said.append(wire.unpack(await conn.receive())[1])

    _with_served(table, virtual_net, watch)
    assert said == [{"t": "refused", "reason": "this game takes no watchers"}]


def test_the_lobby_announcement_says_whether_and_how_many_watch():
    from node.discovery import BadAnnouncement, LobbyInfo
    info = LobbyInfo("overwatch-monopoly", "Ann", "ABCD-EFGH", 3, 3, "playing", "ab", watch="2/8")
    txt = {k.encode(): v.encode() for k, v in info.to_txt().items()}
    assert LobbyInfo.from_txt(txt) == info and info.watchable
    closed = LobbyInfo("overwatch-monopoly", "Ann", "ABCD-EFGH", 3, 3, "playing", watch="no")
    assert not closed.watchable
    older = dict(txt)
    del older[b"watch"]   # an older node says nothing of watching
    assert LobbyInfo.from_txt(older).watch == ""
    with pytest.raises(BadAnnouncement):
        LobbyInfo.from_txt({**txt, b"watch": b"lots"})


def test_watch_started_again_goes_on_from_its_kept_file(tmp_path, virtual_net, honest_game):
    from cli.cmd_watch import Teller, follow
    log_items, _ = honest_game
    lines = []
    # a watcher stopped after entry 30: its file and note, as node.watcher keeps them
    first = Watcher(tmp_path, [("node", 0)])
    assert first._take(0, log_items[:31])
    first.store.close()

    async def watch(net, port):
        note = first.store.meta_path
        note.write_text(json.dumps(dict(json.loads(note.read_text()), addrs=[["node", port]])))
        return await follow([("node", port)], tmp_path, Teller(True, lines.append), net,
                            lines.append, lines.append)

    assert _with_served(_Served(log_items, []), virtual_net, watch) == 0
    assert lines[0].startswith("going on from ") and "(30 entries checked again)" in lines[0]
    told = [json.loads(line) for line in lines[1:]]
    # only what is new is told, after the names
    assert [t["entry"] for t in told[:-1]] == [0, *range(31, len(log_items))]
    assert first.store.path.read_bytes() == b"".join(log_items)


def test_a_watcher_whose_nodes_play_another_match_now_stops_and_watch_starts_afresh(
        tmp_path, virtual_net, honest_game):
    from cli.cmd_watch import Teller, follow
    log_items, _ = honest_game
    lines = []
    first = Watcher(tmp_path, [("node", 0)])
    assert first._take(0, log_items[:31])
    first.store.close()
    table = _Served(log_items, [])
    table.session.match_id = bytes(32)   # the node plays a match other than the file's

    async def watch(net, port):
        again = Watcher(tmp_path, [("node", port)], transport=net, match_file=first.store.path)
        out = await again.run()
        assert out.stopped == f"no node it knows plays match {again.match_id.hex()}"
        note = first.store.meta_path
        note.write_text(json.dumps(dict(json.loads(note.read_text()), addrs=[["node", port]])))
        return await follow([("node", port)], tmp_path, Teller(True, lines.append), net,
                            lines.append, lines.append)

    assert _with_served(table, virtual_net, watch) == 0
    told = [json.loads(line) for line in lines if line.startswith("{")]
    assert [t["entry"] for t in told[:-1]] == list(range(len(log_items)))   # from its start


def test_a_watcher_dials_only_seat_addresses_the_lobby_would_accept(tmp_path):
    """Where the players listen is peer-supplied: held to node.lobby_checks' rule (IP literals,
    ports 1-65535), so a node cannot send a watcher to resolve a name or dial port 2^63."""
    w = Watcher(tmp_path, [("10.0.0.1", 4000)], transport=object())
    w._learn([["10.0.0.2", 4001], ["evil.example", 4002], ["10.0.0.3", 2 ** 63],
              ["10.0.0.4", 0], ["", 4003], ["224.0.0.251", 5353], "junk", ["10.0.0.2", 4001]],
             "10.0.0.1", 4000)
    assert w.addrs == [("10.0.0.1", 4000), ("10.0.0.2", 4001)]


class _Answering:
    """A watcher's connection at the node's end that answers every write at once with the
    "sync" a watcher sends, and keeps when each write was made."""

    peer, peer_key = "watcher", None

    def __init__(self):
        self.writes: list[float] = []
        self.to_node_send, self.to_node = trio.open_memory_channel(1000)

    async def send(self, frame):
        pass   # "watching"

    async def send_many(self, frames):
        self.writes.append(trio.current_time())
        last = wire.unpack(frames[-1])[1]
        await self.to_node_send.send(wire.pack("sync", have=last["first"] + len(last["items"])))

    async def receive(self):
        said = await self.to_node.receive()
        await trio.sleep(self.answers_after)   # the watcher's checking, and the way back
        return said

    answers_after = 0.0


def test_a_watcher_is_written_to_once_a_batch_not_once_an_entry(virtual_net, honest_game):
    """A burst of entries (here 200, twenty a BATCH) reaches a watcher in a write a BATCH,
    not one an entry: what a watcher costs the node it is served by is paid once a batch
    (bench/bench_watch.py measures it)."""
    from node.watchers import BATCH
    log_items, _ = honest_game
    table = _Served(log_items[:11], [])   # a game going on: entries come while it is watched
    watchers, conn = Watchers(table, lambda: None), _Answering()

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(watchers.serve, conn, {"t": "watch", "match": b"", "have": 0})
            await trio.sleep(1)
            start = trio.current_time()
            for item in log_items[11:211]:
                table.session.entries.append(item)
                table.grown.unpark_all()
                await trio.sleep(BATCH / 20)
            await trio.sleep(1)
            nursery.cancel_scope.cancel()
        return start

    start = trio.run(main, clock=virtual_net)
    assert watchers.holding == {} and len(conn.writes) >= 2
    during = [t for t in conn.writes if t >= start]
    assert len(during) <= 200 / 20 + 2, during   # once a batch: 200 entries, about 10 writes
    assert all(b - a >= BATCH - 1e-9 for a, b in zip(conn.writes, conn.writes[1:]))


class _Steps(trio.abc.Instrument):
    """Counts the steps the serving tasks of node.watchers take (their CPU, in effect)."""

    def __init__(self):
        self.steps = 0

    def after_task_step(self, task):
        self.steps += task.name.startswith("node.watchers.")


def test_a_watcher_behind_costs_its_node_nothing_for_each_entry_it_has_no_room_for(
        virtual_net, honest_game):
    """A watcher that has all WINDOW items it may hold unanswered (it checks slowly) is sent
    nothing until its "sync": its node's serving task waits for that sync alone, not for each
    entry the game logs meanwhile, nor for another watcher's sync. Eight slow watchers of a
    game logging an entry a millisecond: their serving tasks took a step or two an entry each
    (what bench_watch saw as 10 % more CPU a roll), now a few a write."""
    log_items, _ = honest_game
    table = _Served(log_items[:11], [])
    watchers = Watchers(table, lambda: None)
    steps, conns = _Steps(), []

    async def main():
        async with trio.open_nursery() as nursery:
            for _ in range(8):
                conns.append(_Answering())
                conns[-1].answers_after = 0.15   # a slow machine checking a window's proofs
                nursery.start_soon(watchers.serve, conns[-1],
                                   {"t": "watch", "match": b"", "have": 0})
            for item in log_items[11:311]:
                table.session.entries.append(item)
                table.grown.unpark_all()
                await trio.sleep(0.001)
            await trio.sleep(2)
            nursery.cancel_scope.cancel()
    trio.run(main, clock=virtual_net, instruments=[steps])
    writes = sum(len(c.writes) for c in conns)
    assert all(len(c.writes) >= 300 // WINDOW for c in conns)   # all sent, a window a write
    assert steps.steps <= 6 * writes + 8 * 4, (steps.steps, writes)
