"""A private table over memory streams: the code proven before a seat (node.private_table)."""
import trio
import trio.testing

from node import wire
from node.code_tries import PAUSE, TRIES_PER_MINUTE
from node.links import CONTEXT
from node.lobby import LobbyRefused
from node.private_table import WRONG
from node.runtime import Node
from protocol.identity import Identity
from protocol.table_code import CodeProof, WrongCode, new_code

from .memnet import MemoryNetwork, virtual_clock

GAME = "overwatch-monopoly"
CODE = "ABC-DEF"
WRONG_CODE = "ABC-DEG"


async def _try(node, port, table_code):
    """What joining said: 'seated', or the refusal's words."""
    said = []

    async def run(task_status):
        try:
            await node.join("mem", port, table_code=table_code, task_status=task_status)
        except* (LobbyRefused, WrongCode) as group:
            said.append(str(group.exceptions[0]))
            task_status.started()

    async with trio.open_nursery() as nursery:
        await nursery.start(run)
        if not said:
            said.append("seated")
        # started() comes as our commit leaves: let the host read it before we go
        await trio.testing.wait_all_tasks_blocked()
        nursery.cancel_scope.cancel()
    return said[0]


async def _host_private(nursery, tmp_path, net, seats: int, events: list):
    """Hana hosts a private table of `seats` (code CODE) in `nursery`; her events go to
    `events`. Returns her node and its port."""
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net,
                on_event=lambda kind, data: events.append((kind, data)))
    port = await nursery.start(lambda task_status: host.host(
        GAME, (), seats, task_status=task_status, table_code=CODE))
    return host, port


async def _private(tmp_path):
    net = MemoryNetwork()
    events, said = [], {}
    async with trio.open_nursery() as nursery:
        host, port = await _host_private(nursery, tmp_path, net, 3, events)
        stranger = lambda name: Node(Identity.generate(), name, tmp_path / name, transport=net)
        said["no code"] = await _try(stranger("s0"), port, None)
        said["wrong"] = await _try(stranger("s1"), port, WRONG_CODE)
        # a joiner that stops halfway through the exchange: its message, then nothing
        conn = await net.connect("mem", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("code", msg=CodeProof(CODE, conn.transcript,
                                                         initiator=True).message()))
        wire.unpack(await conn.receive())   # the host's proof; ours never comes
        await trio.aclose_forcefully(conn.stream)
        await trio.sleep(1)
        for k in range(TRIES_PER_MINUTE - 2):
            await _try(stranger(f"g{k}"), port, WRONG_CODE)
        said["right, while paused"] = await _try(stranger("p"), port, CODE)
        said["roster while paused"] = [s.name for s in host.seats]
        await trio.sleep(PAUSE)
        said["right"] = await _try(stranger("Gus"), port, CODE)
        said["roster"] = [s.name for s in host.seats]
        nursery.cancel_scope.cancel()
    said["host told"] = [d["said"] for kind, d in events if kind == "wrong code"]
    return said


def test_a_private_table_seats_only_the_right_code_bounds_wrong_tries_and_tells_the_host(
        tmp_path, monkeypatch):
    said = trio.run(_private, tmp_path, clock=virtual_clock(monkeypatch))
    assert said["no code"].startswith("this table is private")
    assert said["wrong"].startswith("wrong table code")
    assert said["host told"][0] == "1 wrong code from 127.0.0.1"
    assert said["host told"][-1] == f"{TRIES_PER_MINUTE} wrong codes from 127.0.0.1"
    # the halfway joiner spent a try: the lobby paused, the right code waits too
    assert "try again in" in said["right, while paused"]
    assert said["roster while paused"] == ["Hana"]
    # and the table still opens to the right code
    assert said["right"] == "seated" and said["roster"] == ["Hana", "Gus"]


async def _watched_private_table(tmp_path):
    """What a private table's host and its seated joiner answer, once the game has begun, a
    watcher without the code, one with a wrong code, and one with the right code (as
    node.watcher proves it)."""
    from node.watcher import Watcher, WatchRefused
    net = MemoryNetwork()
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net, bot="greedy")
    joiner = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net, bot="greedy")
    said = {}
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            GAME, (), 2, task_status=task_status, table_code=CODE))
        nursery.start_soon(lambda: joiner.join("mem", port, table_code=CODE))
        for node in (host, joiner):
            await node.session_ready.wait()
        for who, node in (("host", host), ("joiner", joiner)):
            conn = await net.connect("mem", node.port, Identity.generate(), CONTEXT)
            await conn.send(wire.pack("watch", match=b"", have=0))
            said[f"no code at the {who}"] = wire.unpack(await conn.receive())[1]
            for code in (WRONG_CODE, CODE):
                watcher = Watcher(tmp_path / f"w-{who}-{code}", [("mem", node.port)],
                                  transport=net, table_code=code)
                try:
                    watched = await watcher.run()
                    said[f"{code} at the {who}"] = (watched.report.status, watched.items)
                except WatchRefused as e:
                    said[f"{code} at the {who}"] = str(e)
        said["entries"] = 1 + len(host.session.ledger.entries)
        nursery.cancel_scope.cancel()
    return said


def test_a_private_table_shows_its_game_only_to_a_watcher_with_the_code_at_any_of_its_nodes(
        tmp_path, monkeypatch):
    """A watcher proves the table code at the node's door, as a joiner does: without it the
    host and every seat taken with the code refuse it in words, a wrong code is refused, and
    the right code watches the whole game, checked, through either node."""
    # the watchers come one after the other while the game runs in no virtual time: without
    # a batch's pause the first keeps up with it and the joiner's node is still there after
    monkeypatch.setattr("node.watchers.BATCH", 0)
    said = trio.run(_watched_private_table, tmp_path, clock=virtual_clock(monkeypatch))
    refused = {"t": "refused", "reason": "this table is private: ask a player for the table "
                                         "code and watch with --code CODE"}
    assert said["no code at the host"] == said["no code at the joiner"] == refused
    assert said[f"{WRONG_CODE} at the host"].startswith("wrong table code")
    assert said[f"{WRONG_CODE} at the joiner"].startswith("wrong table code")
    assert said[f"{CODE} at the host"] == (0, said["entries"])
    assert said[f"{CODE} at the joiner"] == (0, said["entries"])


async def _a_joiner_hangs_halfway(tmp_path):
    """A joiner sends its code message, reads the host's proof, then says nothing and keeps its
    connection open; meanwhile a joiner with the right code comes."""
    from node.admission import GRACE
    net = MemoryNetwork(admitting=True)   # strangers' connections live a grace at most
    host = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net)
    said = {}
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            GAME, (), 3, task_status=task_status, table_code=CODE))
        conn = await net.connect("mem", port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("code", msg=CodeProof(CODE, conn.transcript,
                                                         initiator=True).message()))
        said["host's proof"] = wire.unpack(await conn.receive())[1]["t"]
        started = trio.current_time()
        said["right, meanwhile"] = await _try(Node(Identity.generate(), "Gus", tmp_path / "g",
                                                   transport=net), port, CODE)
        said["roster"] = [s.name for s in host.seats]
        with trio.move_on_after(GRACE * 2):
            try:
                await conn.receive()
            except Exception as e:  # noqa: BLE001 - closed by the host, as it should be
                said["hanging joiner"] = type(e).__name__
        said["closed after"] = trio.current_time() - started
        said["grace"] = GRACE
        nursery.cancel_scope.cancel()
    return said


def test_a_joiner_that_stops_halfway_through_the_code_is_closed_after_the_grace_and_blocks_nobody(
        tmp_path, monkeypatch):
    said = trio.run(_a_joiner_hangs_halfway, tmp_path, clock=virtual_clock(monkeypatch))
    assert said["host's proof"] == "codeok"
    # the right code is seated while the halfway joiner still hangs on its door
    assert said["right, meanwhile"] == "seated" and said["roster"] == ["Hana", "Gus"]
    # and the halfway joiner's connection is closed by the host, within the stranger's grace
    assert said["hanging joiner"] == "ConnectionClosed"
    assert said["closed after"] <= said["grace"]


async def _resumed_private_host(tmp_path):
    """A private table's game played to the end, then its host's node resumed from the match
    file (as after a crash): what it answers a watcher without the code and one with it."""
    from node.watcher import Watcher
    net = MemoryNetwork()
    hana = Identity.generate()
    host = Node(hana, "Hana", tmp_path / "h", transport=net, bot="greedy")
    joiner = Node(Identity.generate(), "Gus", tmp_path / "g", transport=net, bot="greedy")
    async with trio.open_nursery() as nursery:
        port = await nursery.start(lambda task_status: host.host(
            GAME, (), 2, task_status=task_status, table_code=CODE))
        nursery.start_soon(lambda: joiner.join("mem", port, table_code=CODE))
        await host.finished.wait()
        await joiner.finished.wait()
        nursery.cancel_scope.cancel()
    said = {}
    again = Node(hana, "Hana", tmp_path / "h", transport=net, bot="greedy")
    async with trio.open_nursery() as nursery:
        await nursery.start(again.resume, host.outcome.match_file)
        conn = await net.connect("mem", again.port, Identity.generate(), CONTEXT)
        await conn.send(wire.pack("watch", match=b"", have=0))
        said["no code"] = wire.unpack(await conn.receive())[1]["reason"]
        watched = await Watcher(tmp_path / "w", [("mem", again.port)], transport=net,
                                table_code=CODE).run()
        said["code"] = watched.report.status
        nursery.cancel_scope.cancel()
    return said


def test_a_resumed_private_tables_node_still_asks_a_watcher_for_the_code(tmp_path, monkeypatch):
    said = trio.run(_resumed_private_host, tmp_path, clock=virtual_clock(monkeypatch))
    assert said["no code"].startswith("this table is private")
    assert said["code"] == 0


class _Recording(MemoryNetwork):
    """The network, keeping every frame a dialing node sends (a joiner's side of an exchange,
    as an eavesdropper on the LAN records it)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[bytes] = []

    async def connect(self, *args, **kwargs):
        conn = await super().connect(*args, **kwargs)
        send = conn.send

        async def recorded(frame: bytes) -> None:
            self.sent.append(frame)
            await send(frame)
        conn.send = recorded
        return conn


async def _a_recorded_exchange_replayed(tmp_path):
    """Gus joins a private table with the right code, every frame he sends recorded; a stranger
    replays those frames (his code message, his key confirmation, his join) on a connection of
    its own; then Mo comes with the right code."""
    net = _Recording()
    events, said = [], {}
    async with trio.open_nursery() as nursery:
        host, port = await _host_private(nursery, tmp_path, net, 4, events)
        said["Gus"] = await _try(Node(Identity.generate(), "Gus", tmp_path / "g",
                                      transport=net), port, CODE)
        recorded = {wire.unpack(f)[1]["t"]: f for f in net.sent}
        conn = await net.connect("mem", port, Identity.generate(), CONTEXT)
        replies = []
        for t in ("code", "codemac", "join"):
            try:
                await conn.send(recorded[t])
                replies.append(wire.unpack(await conn.receive())[1])
            except Exception as e:  # noqa: BLE001 - the host closed it, as it should
                replies.append(type(e).__name__)
                break
        said["replay"] = replies
        said["roster after the replay"] = [s.name for s in host.seats]
        said["Mo"] = await _try(Node(Identity.generate(), "Mo", tmp_path / "m", transport=net),
                                port, CODE)
        said["roster"] = [s.name for s in host.seats]
        nursery.cancel_scope.cancel()
    said["host told"] = [d["said"] for kind, d in events if kind == "wrong code"]
    said["recorded"] = sorted(recorded)
    return said


def test_a_joiners_recorded_exchange_replayed_at_the_door_is_a_wrong_try_and_the_table_still_opens(
        tmp_path, monkeypatch):
    """Issue 30: a replayed PAKE message, against a live node's door. SPAKE2 is bound to each
    connection's handshake transcript (protocol.table_code), so the recorded code message
    yields another key on the replayer's connection and the recorded confirmation fails."""
    said = trio.run(_a_recorded_exchange_replayed, tmp_path, clock=virtual_clock(monkeypatch))
    assert said["Gus"] == "seated"
    assert {"code", "codemac", "join"} <= set(said["recorded"])
    # the host answers the replayed code message (it cannot tell yet), then refuses the
    # replayed confirmation in words; the replayed join never reaches the lobby
    assert said["replay"][0]["t"] == "codeok"
    assert said["replay"][1] == {"t": "refused", "reason": WRONG}
    assert said["roster after the replay"] == ["Hana", "Gus"]
    assert said["host told"] == ["1 wrong code from 127.0.0.1"]   # counted as a wrong try
    assert said["Mo"] == "seated" and said["roster"] == ["Hana", "Gus", "Mo"]


async def _statuses(tmp_path):
    """The control API's status of a private table's host and of a public one's."""
    from node.control import _status
    net = MemoryNetwork()
    private = Node(Identity.generate(), "Hana", tmp_path / "h", transport=net)
    public = Node(Identity.generate(), "Pia", tmp_path / "p", transport=net)
    async with trio.open_nursery() as nursery:
        await nursery.start(lambda task_status: private.host(
            GAME, (), 3, task_status=task_status, table_code=CODE))
        await nursery.start(lambda task_status: public.host(GAME, (), 3, task_status=task_status))
        said = _status(private), _status(public)
        nursery.cancel_scope.cancel()
    return said


def test_a_private_hosts_status_gives_its_own_screen_the_code_and_the_guesses_it_resists(
        tmp_path, virtual_net):
    """Issue 30: `host --private` at a terminal shows the code; the UI is a client of the
    control API (a socket of the user's own), so the code reaches it in the status."""
    private, public = trio.run(_statuses, tmp_path, clock=virtual_net)
    assert private["table_code"]["code"] == CODE
    assert "595 million guesses" in private["table_code"]["strength"]
    assert "5 wrong codes a minute" in private["table_code"]["strength"]
    assert "table_code" not in public
