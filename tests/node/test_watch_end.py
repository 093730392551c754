"""The end of a game reaches its watchers: a watcher still behind when the players finish is
served on by the finished nodes (node.linger, node.watchers.END_GRACE) and ends with the whole,
checked file; a watcher that no node answers any more stops and says so (node.watcher.NOBODY)
instead of dialing nobody for ever; a watcher that answers the first frames of a long write before
the write returns is not dropped for it (what made `lanboard watch` miss the end of a real game
about 1 run in 3 on a loaded machine); nor does a link lost after a long game, or at its last
item, or while the watcher is behind at the end (what made it fail once more under load, saying
"no node has answered for 60 s"). Memory streams on the virtual clock."""
import trio

from node.watcher import NOBODY, Watcher
from node.watchers import END_GRACE

from .memnet import MemoryNetwork
from .test_watch import _play, _players, honest_game  # noqa: F401 (a fixture)

NAP = 0.01   # virtual seconds the slow watcher takes over each message it is sent


class _Slowly:
    """A watcher's connection that takes NAP over each message: a slow machine checking proofs."""

    def __init__(self, conn):
        self.conn = conn

    def __getattr__(self, name):
        return getattr(self.conn, name)

    async def receive(self):
        message = await self.conn.receive()
        await trio.sleep(NAP)
        return message


class _SlowNetwork:
    def __init__(self, net):
        self.net = net

    async def connect(self, *args, **kwargs):
        return _Slowly(await self.net.connect(*args, **kwargs))


def test_a_watcher_behind_when_the_game_ends_is_served_on_to_the_end_and_keeps_the_whole_file(
        tmp_path, virtual_net):
    net = MemoryNetwork()
    nodes = _players(tmp_path, net)
    watcher = Watcher(tmp_path / "w", [], transport=_SlowNetwork(net))
    results = {}
    ended = {}

    async def watch():
        results["w"] = await watcher.run()
        ended["watcher"] = trio.current_time()

    async def during(nursery, port):
        watcher.addrs = [("memory-host", port)]
        nursery.start_soon(watch)

    def on_event(kind, data):
        if kind == "over":
            ended.setdefault("game", trio.current_time())

    nodes[0].on_event = on_event
    trio.run(_play, nodes, "overwatch-monopoly", during, clock=virtual_net)
    out = results["w"]
    assert out.stopped is None and out.report.status == 0 and out.report.complete, out
    assert out.match_file.read_bytes() == nodes[0].outcome.match_file.read_bytes()
    # it really was behind at the end: what this test is about
    assert ended["watcher"] > ended["game"] + NAP


def test_a_watcher_that_no_node_answers_stops_after_a_while_and_says_so(tmp_path, virtual_net):
    watcher = Watcher(tmp_path / "w", [("memory-host", 9)], transport=MemoryNetwork())

    async def main():
        started = trio.current_time()
        out = await watcher.run()
        return out, trio.current_time() - started

    out, took = trio.run(main, clock=virtual_net)
    assert NOBODY <= took < NOBODY + 60
    assert out.stopped.startswith(f"no node has answered for {NOBODY:g} s")
    assert out.report.status != 0 and out.match_file is None
    assert END_GRACE < NOBODY   # a watcher gives the nodes' own grace at the end time to act


class _Writing:
    """A watcher's connection at the node's end whose long write of items is still going out
    when the watcher has read its first frames and answered "sync"."""

    peer, peer_key = "watcher", None

    def __init__(self):
        self.to_node_send, self.to_node = trio.open_memory_channel(10)
        self.to_watcher, self.from_node = trio.open_memory_channel(1000)
        self.written = trio.Event()   # set by the test: the write has gone out

    async def send(self, frame):
        await self.to_watcher.send(frame)

    async def send_many(self, frames):
        for frame in frames:
            await self.to_watcher.send(frame)
        await self.written.wait()
        self.written = trio.Event()

    async def receive(self):
        return await self.to_node.receive()


def test_a_sync_read_while_the_items_are_still_being_written_keeps_the_watcher(honest_game):
    from node import wire
    from node.watchers import WINDOW, Watchers

    from .test_watch import _Served
    log_items, _ = honest_game
    table = _Served(log_items, [])
    watchers = Watchers(table, lambda: None)
    conn = _Writing()

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(watchers.serve, conn, {"t": "watch", "match": b"", "have": 0})
            held = 0
            for _ in range(3):   # three windows, each answered before its write returns
                while held < WINDOW * (_ + 1):
                    ch, msg = wire.unpack(await conn.from_node.receive())
                    if msg["t"] == "items":
                        held = msg["first"] + len(msg["items"])
                await conn.to_node_send.send(wire.pack("sync", have=held))
                await trio.sleep(0)
                await trio.sleep(0)
                assert watchers.active == 1, "the node dropped a watcher that read what it sent"
                conn.written.set()
            nursery.cancel_scope.cancel()
        return held

    assert trio.run(main) == 3 * WINDOW


def test_a_watcher_whose_link_goes_after_minutes_of_following_still_looks_for_a_node_a_minute(
        tmp_path, virtual_net, honest_game):
    """NOBODY counts from when a node was last there: a link that served for minutes and then
    went is not a minute of silence (the watcher said "no node has answered for 60 s" at once,
    after a long game's link went at its end: what made test_watch_command fail under load)."""
    from .test_watch import _serve_log, _Served
    log_items, _ = honest_game
    net = MemoryNetwork()
    table = _Served(log_items[:100], [])   # a game still going: the node sends nothing more
    watcher = Watcher(tmp_path / "w", [], transport=net)

    async def main():
        async with trio.open_nursery() as nursery:
            serving = trio.CancelScope()

            async def node(task_status=trio.TASK_STATUS_IGNORED):
                with serving:
                    await _serve_log(net, table, task_status=task_status)
            port = await nursery.start(node)
            watcher.addrs = [("node", port)]
            done = []

            async def watch():
                done.append((await watcher.run(), trio.current_time()))
            nursery.start_soon(watch)
            await trio.sleep(2 * NOBODY)   # following, a long quiet turn
            assert watcher.items == 100 and not done
            serving.cancel()               # its node goes
            went = trio.current_time()
        (out, ended), = done
        return out, ended - went

    out, took = trio.run(main, clock=virtual_net)
    assert NOBODY <= took < NOBODY + 10, took
    assert out.stopped.startswith(f"no node of match {watcher.match_id.hex()[:16]} has "
                                  f"answered for {NOBODY:g} s")


def test_a_watcher_holding_the_last_item_is_done_whatever_becomes_of_its_link(
        tmp_path, virtual_net, honest_game):
    """The node sends the end and goes before the watcher's last "sync" reaches it (its send
    fails): the watcher holds the whole game, checked, and ends as a watcher does at the end.
    Before, it dialed again and waited there for items that would never come."""
    from node import wire
    from node.framing import TransportError
    from .test_watch import _Served, _with_served
    log_items, _ = honest_game

    class LastSyncLost:
        def __init__(self, conn):
            self.conn = conn

        def __getattr__(self, name):
            return getattr(self.conn, name)

        async def send(self, frame):
            if wire.unpack(frame)[1] == {"t": "sync", "have": len(log_items)}:
                raise TransportError("the node went (connection reset)")
            await self.conn.send(frame)

    class Net:
        def __init__(self, net):
            self.net = net

        async def connect(self, *args, **kwargs):
            return LastSyncLost(await self.net.connect(*args, **kwargs))

    async def watch(net, port):
        with trio.fail_after(3 * NOBODY):   # virtual seconds; before, it waited for ever
            return await Watcher(tmp_path / "w", [("node", port)], transport=Net(net)).run()

    out = _with_served(_Served(log_items, []), virtual_net, watch)
    assert out.stopped is None and out.report.status == 0 and out.report.complete, out
    assert out.match_file.read_bytes() == b"".join(log_items)


class _CutAtTheEnd(_SlowNetwork):
    """A slow watcher's network whose link is cut when `cut` is set (the game's end)."""

    def __init__(self, net):
        super().__init__(net)
        self.conns = []

    async def connect(self, *args, **kwargs):
        if len(self.conns) and self.was_cut:
            await trio.sleep(1.0)   # it dials again a little later than the node's last look
        self.conns.append(await super().connect(*args, **kwargs))
        return self.conns[-1]

    was_cut = False

    def cut(self):
        self.was_cut = True
        conn = self.conns[-1].conn
        conn.stream.send_stream.close()
        conn.stream.receive_stream.close()


def test_a_finished_node_serves_on_a_watcher_whose_link_went_while_it_was_behind(
        tmp_path, virtual_net):
    """The host's node finishes while its one watcher is behind and between links: it waits
    for that watcher to dial again (it does at once) instead of going, and the watcher ends
    with the whole file. Before, the node went at once and the watcher, knowing no other
    node, said "no node has answered"."""
    net = MemoryNetwork()
    nodes = _players(tmp_path, net)
    cutting = _CutAtTheEnd(net)
    watcher = Watcher(tmp_path / "w", [], transport=cutting)
    watcher._learn = lambda addrs, host, port: None   # the host's node only
    results, at_end = {}, {}

    async def watch():
        results["w"] = await watcher.run()

    async def during(nursery, port):
        watcher.addrs = [("memory-host", port)]
        nursery.start_soon(watch)

    def on_event(kind, data):
        if kind == "over" and not at_end:
            at_end["held"] = watcher.items
            cutting.cut()

    nodes[0].on_event = on_event
    trio.run(_play, nodes, "overwatch-monopoly", during, clock=virtual_net)
    out = results["w"]
    assert at_end["held"] < nodes[0].entry_count()   # behind when its link went
    assert len(cutting.conns) >= 2                    # and it came back
    assert out.stopped is None and out.report.status == 0 and out.report.complete, out
    assert out.match_file.read_bytes() == nodes[0].outcome.match_file.read_bytes()
