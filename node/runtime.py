"""One player's node: the lobby, the genesis, the peer mesh, and the session driven to the end.

The node only moves messages, keeps files and time; every rule of the game and of the protocol
is the session's (protocol.session). Topology: the host's listener takes `join` connections in
the lobby; when the seats are filled the host sends everyone the genesis body and addresses, and
the game is peer to peer from then on: every pair of seats has one link, which the higher seat
dials (the host, seat 0, is dialed by everybody: its lobby connections become its links), and the
host's node is one peer among the others.

Ordering guarantees the session relies on: each peer has one outbound queue drained by the
writer of its current link, so frames to a peer leave in the order the session produced them,
but for relays (another author's share forwarded): those may leave early, never after our next
frame to that peer (node.outbox); accepted entries are appended to the match file, and our own frames (and catch-up
entries, which may hold our own move) are queued only once those entries are synced.

Links come back: when a link drops, the higher seat dials again until the game is over; on
every new link the one ahead sends the missing signed entries, which the other verifies by
rebuilding its session (node.catchup). A node killed at any point restarts from its match file
(`Node.resume`) the same way. At the end, finished nodes wait a while for every peer, gone seats
included, to hold the whole log (node.linger); a node that reaches no peer at all for a while
says so ("alone") and keeps trying.

A peer gone for longer than the genesis timeouts: the watchdog signs a timeout claim; once every
other player's claim is in the log the session says `SeatTimedOut`, and the remaining players
choose what happens to that seat. A bot node chooses "bot" at once; a person's node emits a
"timeout" event and waits for the choice through the control API ({"cmd": "choose"}).

Each job is a part in a module of its own that says the invariants it keeps (lobby, links,
outbox, catchup, ping, watchdog, bot_driver, linger, alone, events); the Node composes them:
it starts a game (host, join, resume), accepts connections (_serve, _on_connection), routes
what a link reads (_read) and handles the session's output (_handle: entries written, sends
queued behind their sync, then events).
"""
from __future__ import annotations

import json
import logging
import math
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import trio

import engine
from engine.core import IllegalMove
from protocol import genesis as gen
from protocol import matchfile
from protocol.codec import decode
from protocol.identity import Identity
from protocol.messages import parse_signed_genesis
from protocol.randomness import HashChain, chain_secret
from protocol.session import (Appended, FaultDetected, GameOver, MatchStarted, Output,
                              SeatTimedOut, Session, YourDecision)

from . import wire
from .admission import Admission
from .alone import tell_if_alone
from .bot_driver import drive_bot
from .catchup import CatchUp
from .events import Events, describe
from .linger import Linger
from .links import CONTEXT, Links, Seat
from .lobby import Lobby, LobbyRefused, shared_addr
from .outbox import Outbox
from .ping import Pinger
from .store import MatchStore
from .transport import TcpTransport
from .watchdog import Watchdog
from .words import seat_names

log = logging.getLogger("lanboard.node")

__all__ = ["Node", "Outcome", "Seat", "LobbyRefused", "shared_addr", "unfinished_matches",
           "CONTEXT"]


@dataclass
class Outcome:
    """How a node's game ended, for the command line and tests."""
    match_id: bytes | None = None
    match_file: Path | None = None
    result: Any = None
    fault: Any = None
    state_hash: bytes | None = None
    seat: int | None = None
    players: list[str] = field(default_factory=list)


class Node:
    """One player's node: who it is (given), what it holds of the match (public), its parts."""

    def __init__(self, identity: Identity, name: str, home: Path, *, bot: str | None = None,
                 listen_host: str = "0.0.0.0", port: int = 0,
                 on_event: Callable[[str, dict], None] | None = None,
                 transport: Any = None) -> None:
        self.identity = identity
        self.name = name
        self.home = Path(home)
        self.bot_kind = bot
        self.listen_host = listen_host
        self.port = port
        # how peers are reached: TCP, unless a test passes another (e.g. memory streams)
        self.transport = transport or TcpTransport()
        self.session: Session | None = None
        self.session_ready = trio.Event()
        self.finished = trio.Event()
        self.outcome = Outcome()
        self.seats: list[Seat] = []
        self.my_seat: int | None = None
        self.events = Events(on_event)
        self.lobby = Lobby(self)
        self.links = Links(self)
        self.outbox = Outbox(self.links.send)
        self.catchup = CatchUp(self)
        self.pinger = Pinger(self)
        self.watchdog = Watchdog(self)
        self.linger = Linger(self)
        self.admission = Admission()   # which strangers' connections are kept
        self._bot_todo: trio.MemorySendChannel | None = None

    # ------------------------------------------------------------------ what others read
    @property
    def store(self) -> MatchStore | None:
        return self.outbox.store

    @property
    def game(self) -> str | None:
        """The game's id, once hosted or welcomed (the genesis decides)."""
        return self.session.body["game"] if self.session else self.lobby.game

    @property
    def lobby_roster(self) -> list[dict]:
        return self.lobby.roster

    @property
    def on_event(self) -> Callable[[str, dict], None]:
        return self.events.on_event

    @on_event.setter
    def on_event(self, callback: Callable[[str, dict], None]) -> None:
        self.events.on_event = callback

    def subscribe(self) -> trio.MemoryReceiveChannel:
        return self.events.subscribe()

    def start_problem(self) -> str | None:
        """Why the host could not start now with the players seated so far, or None."""
        return self.lobby.start_problem()

    def start_now(self) -> None:
        """The host starts the game with the players seated so far (see Lobby.start_now)."""
        self.lobby.start_now()

    async def ping(self, timeout: float = 2.0) -> dict[int, float | None]:
        """Round trip to every other seat, in seconds (see node.ping)."""
        return await self.pinger.ping(timeout)

    def entry_count(self) -> int:
        ledger = self.session.ledger if self.session else None
        return len(ledger.entries) if ledger else 0

    # ------------------------------------------------------------------ hosting
    async def host(self, game: str, variants: tuple[str, ...], seats: int, *,
                   task_status=trio.TASK_STATUS_IGNORED, announce: Callable | None = None,
                   nonce: bytes | None = None, timeouts: dict | None = None) -> Outcome:
        """Host a lobby and play its game. `timeouts` ({"decision": s, "round": s}, default
        protocol.genesis.DEFAULT_TIMEOUTS) go into the genesis: how long every node waits for
        a seat before claiming it timed out."""
        g = engine.get_game(game)
        problem = g.check_setup(seats, variants)
        if problem:
            raise ValueError(problem)
        nonce = nonce or secrets.token_bytes(16)
        chain = HashChain(chain_secret(self.identity.seed(), nonce), gen.DEFAULT_CHAIN)
        self.lobby.open(game, variants, seats, nonce, chain)
        async with trio.open_nursery() as nursery:
            self.port = self.seats[0].port = await nursery.start(self._serve)
            task_status.started(self.port)
            self.events.emit("lobby", self.lobby.roster_json())
            if announce is not None:
                nursery.start_soon(announce, self)
            await self.lobby.full.wait()
            body = gen.make_body(game, [{"key": s.key, "name": s.name, "commit": s.commit}
                                        for s in self.seats],
                                 variants=tuple(variants), nonce=nonce, chain=gen.DEFAULT_CHAIN,
                                 timeouts=timeouts)
            addrs = [["", 0]] + [[shared_addr(s.addr), s.port] for s in self.seats[1:]]
            self._begin(body, chain)
            for seat in range(1, len(self.seats)):
                self.links.send(seat, wire.pack("start", body=body, addrs=addrs))
            self._play(nursery, self.session.start())
            await self.finished.wait()
            await self.linger.run()
            nursery.cancel_scope.cancel()
        return self.outcome

    # ------------------------------------------------------------------ joining
    async def join(self, host: str, port: int, *, task_status=trio.TASK_STATUS_IGNORED) -> Outcome:
        async with trio.open_nursery() as nursery:
            self.port = await nursery.start(self._serve)
            conn = await self.transport.connect(host, port, self.identity, CONTEXT)
            body, addrs, chain = await self.lobby.enter(
                conn, lambda: task_status.started(self.port))
            self.my_seat = [p["key"] for p in body["players"]].index(self.identity.public)
            self.seats = [Seat(p["name"], p["key"], p["commit"]) for p in body["players"]]
            for seat, (addr, p) in enumerate(addrs):
                self.seats[seat].addr, self.seats[seat].port = (addr or host), (p or port)
            self.seats[self.my_seat].port = self.port
            self._begin(body, chain)
            nursery.start_soon(self.links.keep_dialing, 0, conn)  # the lobby link, then re-dials
            for seat in range(1, self.my_seat):
                nursery.start_soon(self.links.keep_dialing, seat)
            self._play(nursery, self.session.start())
            await self.finished.wait()
            await self.linger.run()
            nursery.cancel_scope.cancel()
        return self.outcome

    # ------------------------------------------------------------------ resuming
    async def resume(self, match_file: Path, *, task_status=trio.TASK_STATUS_IGNORED) -> Outcome:
        """Continue a match after a crash, from its match file and the note beside it."""
        store = MatchStore.open(self.home, Path(match_file))
        if store.torn is not None:   # a torn last entry, cut back; the peers resend it
            self._say_torn(store)
        meta = store.meta
        items = [raw for _, raw, _ in matchfile.read_items(store.path.read_bytes())]
        body = parse_signed_genesis(decode(items[0]))["body"]
        self.my_seat = meta["seat"]
        self.seats = [Seat(p["name"], bytes.fromhex(p["key"]), b"", p["addr"], p["port"])
                      for p in meta["players"]]
        self.port = self.seats[self.my_seat].port
        chain = HashChain(chain_secret(self.identity.seed(), body["nonce"]), body["chain"])
        self.outbox.unlogged = store.load_unlogged()
        session, out = Session.resume(items, self.identity, chain, self.outbox.unlogged)
        self.outbox.store = store
        self.outcome.match_id = session.match_id
        self.outcome.match_file = store.path
        self._begin(body, chain, session)
        async with trio.open_nursery() as nursery:
            await nursery.start(self._serve)
            task_status.started(self.port)
            self.events.emit("resumed", {"match": session.match_id.hex(), "seat": self.my_seat,
                                         "entries": store.count - 1})
            for seat in range(self.my_seat):
                nursery.start_soon(self.links.keep_dialing, seat)
            self._play(nursery, out)
            if session.over:
                self._react(GameOver(session.ledger.result()))
            await self.finished.wait()
            await self.linger.run()
            nursery.cancel_scope.cancel()
        return self.outcome

    def _say_torn(self, store: MatchStore) -> None:
        t = store.torn
        log.warning("%s ended inside an entry (a crash or a full disk): cut back to its last "
                    "complete entry at byte %d; the %d torn bytes are kept in %s",
                    store.path.name, t.offset, t.size, t.kept)
        self.events.emit("recovered", {"file": str(store.path), "offset": t.offset,
                                       "bytes": t.size, "kept": str(t.kept)})

    # ------------------------------------------------------------------ links
    async def _serve(self, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Listen for peers; task_status.started() gets the port."""
        # strangers' connections are capped and closed after a grace (node.admission)
        await self.transport.serve(self._on_connection, self.identity, CONTEXT,
                                   host=self.listen_host, port=self.port,
                                   admission=self.admission,
                                   known=lambda key: any(s.key == key for s in self.seats),
                                   task_status=task_status)

    async def _on_connection(self, conn) -> None:
        ch, msg = wire.unpack(await conn.receive())
        if ch != wire.NODE:
            raise wire.BadMessage("a connection must open with a node message")
        if msg["t"] == "join":
            seat = await self.lobby.admit(conn, msg)
            if seat is not None:
                await self.links.link(seat, conn, announce=False)
        elif msg["t"] == "mesh":
            await self.session_ready.wait()
            seat = msg["seat"]
            if msg["match"] != gen.body_hash(self.session.body) or not 0 <= seat < len(self.seats) \
                    or self.seats[seat].key != conn.peer_key or seat == self.my_seat:
                raise wire.BadMessage("mesh connection for another match or seat")
            await self.links.link(seat, conn)
        else:
            raise wire.BadMessage(f"unexpected {msg['t']} on a new connection")

    async def _read(self, seat: int, conn) -> None:
        catchup = self.catchup
        while True:
            ch, payload = wire.unpack(await conn.receive())
            if ch == wire.SESSION:
                if not self.session_ready.is_set():   # (waiting on a set Event still yields)
                    await self.session_ready.wait()
                if catchup.behind is not None:
                    catchup.held.append((seat, payload))
                else:
                    self._handle(self.session.receive(payload, seat))
            elif payload["t"] == "sync":
                catchup.on_sync(seat, payload["have"])
            elif payload["t"] == "entries":
                catchup.on_entries(seat, payload["first"], payload["items"])
            elif payload["t"] == "ping":
                self.pinger.on_ping(seat, payload)
            elif payload["t"] == "pong":
                self.pinger.on_pong(seat, payload)
            elif payload["t"] not in ("roster", "start"):
                raise wire.BadMessage(f"unexpected {payload['t']} during the game")

    # ------------------------------------------------------------------ the game
    def _begin(self, body: dict, chain: HashChain, session: Session | None = None) -> None:
        self.session = session or Session(body, self.identity, chain)
        for seat in range(len(self.seats)):
            if seat != self.my_seat:
                self.links.queue(seat)
        self.outcome.seat = self.my_seat
        self.outcome.players = [s.name for s in self.seats]
        self.session_ready.set()

    def _play(self, nursery: trio.Nursery, first: Output) -> None:
        send, receive = trio.open_memory_channel(math.inf)
        self._bot_todo = send
        nursery.start_soon(drive_bot, self, receive)
        nursery.start_soon(self.watchdog.run)
        nursery.start_soon(tell_if_alone, self)
        nursery.start_soon(self.outbox.persist_then_send)
        nursery.start_soon(self.outbox.release_relays_when_due)
        self._handle(first)

    def _handle(self, out: Output, unlogged: list[bytes] | None = None) -> None:
        """Write the entries, queue the sends behind their sync, then react."""
        for ev in out.events:
            if isinstance(ev, MatchStarted):
                self.outcome.match_id = ev.match_id
                self.outbox.store = MatchStore(self.home, ev.match_id)
                self.store.start(ev.genesis, self._meta())
                self.outcome.match_file = self.store.path
            elif isinstance(ev, Appended):
                self.store.append(ev.entry)
        own = []
        for send in out.sends:
            frame = wire.pack_session(send.data)
            if send.relay:
                self.outbox.hold_relay(frame, send.to)
            else:
                own.append((frame, send.to))
        self.outbox.send_later(own, unlogged)
        for ev in out.events:
            self._react(ev)

    def _own(self, out: Output) -> None:
        """Output of our own move, timeout claim or choice: none can be derived again after a
        restart (a person chose it; a clock dated it), so it is kept before it is sent."""
        unlogged = self.session.own_unlogged()
        if unlogged == self.outbox.unlogged:
            self._handle(out)   # already on disk as they are (most often: none before, none now)
            return
        self.outbox.unlogged = unlogged
        self._handle(out, list(unlogged))

    def _meta(self, finished: bool = False) -> dict:
        return {"seat": self.my_seat, "game": self.session.body["game"], "finished": finished,
                "name": self.name, "bot": self.bot_kind, "listen": self.listen_host,
                "players": [{"name": s.name, "key": s.key.hex(), "addr": s.addr,
                             "port": s.port} for s in self.seats]}

    def _react(self, ev: Any) -> None:
        said = describe(ev, self.session, self.my_seat, seat_names(self))
        if said is not None:
            self.events.emit(*said)
        if isinstance(ev, Appended):
            self.watchdog.moved_on()
        elif isinstance(ev, YourDecision) or isinstance(ev, SeatTimedOut) and ev.ask:
            if self.bot_kind is not None:
                self._bot_todo.send_nowait(ev)
        elif isinstance(ev, GameOver):
            if self.finished.is_set():
                return
            self.outcome.result = ev.result
            self.outcome.state_hash = engine.state_hash(self.session.state)
            self.store.finish(self._meta(finished=True))
            # Tell every peer how much we hold: a peer that crashed near the end learns what
            # it misses, and the others know when everybody has the whole log.
            self.outbox.release_all_relays()
            have = wire.pack("sync", have=self.entry_count())
            for seat in self.links.queues:
                self.links.send(seat, have)
            self.events.emit("over", {"scores": list(ev.result.scores),
                                      "winners": list(ev.result.winners),
                                      "hash": self.outcome.state_hash.hex()})
            self.finished.set()
        elif isinstance(ev, FaultDetected):
            f = ev.fault
            self.outcome.fault = f
            self.events.emit("fault", {"kind": f.kind, "seats": list(f.seats),
                                       "reason": f.reason})
            self.finished.set()

    def submit_move(self, move: Any) -> None:
        """A human's move from the control API; IllegalMove says why it was refused."""
        if self.session is None:
            raise IllegalMove("the game has not started yet")
        self._own(self.session.move(engine.as_move(move)))

    def submit_choice(self, choice: str) -> None:
        """A person's choice about a timed-out seat ("wait", "bot" or "end"), from the control
        API; ValueError says why it was refused."""
        if self.session is None:
            raise ValueError("the game has not started yet")
        self._own(self.session.choose_after_timeout(choice))


def unfinished_matches(home: Path) -> list[Path]:
    """Match files under `home` whose game had not ended, most recent first."""
    out = []
    for meta in Path(home, "matches").glob("*.json"):
        try:
            if not json.loads(meta.read_text()).get("finished"):
                out.append(meta.with_suffix(".match"))
        except (OSError, ValueError):
            continue
    return sorted((p for p in out if p.exists()), key=lambda p: p.stat().st_mtime, reverse=True)
