"""One player's node: the lobby, the genesis, the peer mesh, and the session driven to the end.

The node only moves messages, keeps files and time; every rule of the game and of the protocol
is the session's (protocol.session). Topology: the host's listener takes `join` connections in
the lobby; when the seats are filled the host sends everyone the genesis body and addresses, and
the game is peer to peer from then on: every pair of seats has one connection (the host's lobby
connections are kept as its mesh links; a higher seat dials each lower seat), and the host's node
is one peer among the others.

Ordering guarantees the session relies on: each peer has one outbound queue drained by one
writer task, so frames to a peer leave in the order the session produced them; accepted entries
are appended to the match file and synced before the sends produced with them are queued.
"""
from __future__ import annotations

import logging
import math
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import trio

import engine
from engine.bots import make_bot
from engine.core import IllegalMove
from protocol import genesis as gen
from protocol.identity import Identity, check_code
from protocol.randomness import HashChain, chain_secret
from protocol.session import (Appended, FaultDetected, GameOver, MatchStarted, Output, Session,
                              StateChanged, TurnAttested, YourDecision)

from . import wire
from .framing import TransportError
from .store import MatchStore
from .transport import connect, serve

log = logging.getLogger("lanboard.node")

CONTEXT = b"lanboard/1/lan"   # handshake context: binds signatures to lanboard's LAN protocol
LINGER = 2.0                  # seconds to keep serving peers after our game is over


@dataclass
class Seat:
    name: str
    key: bytes
    commit: bytes = b""
    addr: str = ""
    port: int = 0
    conn: Any = None


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


class LobbyRefused(Exception):
    pass


class Node:
    def __init__(self, identity: Identity, name: str, home: Path, *, bot: str | None = None,
                 listen_host: str = "0.0.0.0", port: int = 0,
                 on_event: Callable[[str, dict], None] | None = None) -> None:
        self.identity = identity
        self.name = name
        self.home = Path(home)
        self.bot = make_bot(bot, identity.check_code) if bot else None
        self.listen_host = listen_host
        self.port = port
        self.on_event = on_event or (lambda kind, data: None)
        self.session: Session | None = None
        self.session_ready = trio.Event()
        self.finished = trio.Event()
        self.progress = trio.Event()
        self.outcome = Outcome()
        self.seats: list[Seat] = []
        self.my_seat: int | None = None
        self.store: MatchStore | None = None
        self._queues: dict[int, tuple[trio.MemorySendChannel, trio.MemoryReceiveChannel]] = {}
        self._connected: dict[int, trio.Event] = {}
        self._bot_todo: trio.MemorySendChannel | None = None
        self._subscribers: list[trio.MemorySendChannel] = []
        self._lobby_full = trio.Event()
        self._lobby: dict[str, Any] = {}
        self._body: dict | None = None

    # ------------------------------------------------------------------ hosting
    async def host(self, game: str, variants: tuple[str, ...], seats: int, *,
                   task_status=trio.TASK_STATUS_IGNORED, announce: Callable | None = None
                   ) -> Outcome:
        g = engine.get_game(game)
        problem = None if g.min_players <= seats <= g.max_players else \
            f"{game} is for {g.min_players} to {g.max_players} players"
        problem = problem or g.check_variants(seats, tuple(sorted(variants)))
        if problem:
            raise ValueError(problem)
        nonce = secrets.token_bytes(16)
        chain = HashChain(chain_secret(self.identity.seed(), nonce), gen.DEFAULT_CHAIN)
        self._lobby = {"game": game, "variants": sorted(set(variants)), "seats": seats,
                       "nonce": nonce, "chain": gen.DEFAULT_CHAIN}
        self.seats = [Seat(self.name, self.identity.public, chain.commitment)]
        self.my_seat = 0
        async with trio.open_nursery() as nursery:
            listeners = await nursery.start(self._serve)
            self.port = listeners[0].socket.getsockname()[1]
            task_status.started(self.port)
            self._emit("lobby", self._roster_json())
            if announce is not None:
                nursery.start_soon(announce, self)
            await self._lobby_full.wait()
            body = gen.make_body(game, [{"key": s.key, "name": s.name, "commit": s.commit}
                                        for s in self.seats],
                                 variants=tuple(variants), nonce=nonce, chain=gen.DEFAULT_CHAIN)
            addrs = [["", 0]] + [[s.addr, s.port] for s in self.seats[1:]]
            self._begin(body, chain)
            for seat in range(1, seats):
                self._queues[seat][0].send_nowait(wire.pack("start", body=body, addrs=addrs))
            self._start_session(nursery)
            await self.finished.wait()
            await self._linger()
            nursery.cancel_scope.cancel()
        return self.outcome

    def _roster_json(self) -> dict:
        return {"players": [{"name": s.name, "code": check_code(s.key)} for s in self.seats],
                "seats": self._lobby.get("seats", len(self.seats))}

    async def _lobby_join(self, conn, msg: dict) -> int | None:
        lobby = self._lobby
        if not lobby or self._lobby_full.is_set() or len(self.seats) >= lobby["seats"]:
            await conn.send(wire.pack("refused", reason="this lobby is full or already playing"))
            return None
        if any(s.key == conn.peer_key for s in self.seats):
            await conn.send(wire.pack("refused", reason="this key already has a seat"))
            return None
        await conn.send(wire.pack("welcome", game=lobby["game"], variants=lobby["variants"],
                                  seats=lobby["seats"], nonce=lobby["nonce"],
                                  chain=lobby["chain"]))
        ch, reply = wire.unpack(await conn.receive())
        if ch != wire.NODE or reply["t"] != "commit" or len(reply["commit"]) != 32:
            raise wire.BadMessage("expected a commit after welcome")
        if self._lobby_full.is_set() or len(self.seats) >= lobby["seats"]:
            await conn.send(wire.pack("refused", reason="the last seat was just taken"))
            return None
        addr = conn.stream.socket.getpeername()[0]
        seat = len(self.seats)
        self.seats.append(Seat(msg["name"][:40], conn.peer_key, reply["commit"], addr,
                               msg["port"]))
        self._attach(seat, conn)
        roster = self._roster_json()
        for s in range(1, len(self.seats)):
            self._queues[s][0].send_nowait(wire.pack("roster", **roster))
        self._emit("lobby", roster)
        if len(self.seats) == lobby["seats"]:
            self._lobby_full.set()
        return seat

    # ------------------------------------------------------------------ joining
    async def join(self, host: str, port: int, *, task_status=trio.TASK_STATUS_IGNORED) -> Outcome:
        async with trio.open_nursery() as nursery:
            listeners = await nursery.start(self._serve)
            self.port = listeners[0].socket.getsockname()[1]
            conn = await connect(host, port, self.identity, CONTEXT)
            await conn.send(wire.pack("join", name=self.name, port=self.port))
            ch, msg = wire.unpack(await conn.receive())
            if ch == wire.NODE and msg["t"] == "refused":
                raise LobbyRefused(msg["reason"])
            if ch != wire.NODE or msg["t"] != "welcome":
                raise wire.BadMessage("expected welcome")
            chain = HashChain(chain_secret(self.identity.seed(), msg["nonce"]), msg["chain"])
            await conn.send(wire.pack("commit", commit=chain.commitment))
            task_status.started(self.port)
            while True:
                ch, msg = wire.unpack(await conn.receive())
                if ch != wire.NODE:
                    raise wire.BadMessage("game traffic before the genesis")
                if msg["t"] == "roster":
                    self._emit("lobby", {"players": msg["players"], "seats": msg["seats"]})
                elif msg["t"] == "refused":
                    raise LobbyRefused(msg["reason"])
                elif msg["t"] == "start":
                    break
            body, addrs = msg["body"], msg["addrs"]
            keys = [p["key"] for p in body["players"]]
            if keys[0] != conn.peer_key or self.identity.public not in keys:
                raise wire.BadMessage("the genesis does not seat the host and us")
            self.my_seat = keys.index(self.identity.public)
            self.seats = [Seat(p["name"], p["key"], p["commit"]) for p in body["players"]]
            for seat, (addr, p) in enumerate(addrs):
                self.seats[seat].addr, self.seats[seat].port = (addr or host), (p or port)
            self._begin(body, chain)
            self._attach(0, conn)
            nursery.start_soon(self._read, 0, conn)
            for seat in range(1, self.my_seat):
                nursery.start_soon(self._dial, seat)
            self._start_session(nursery)
            await self.finished.wait()
            await self._linger()
            nursery.cancel_scope.cancel()
        return self.outcome

    async def _dial(self, seat: int) -> None:
        s = self.seats[seat]
        conn = await connect(s.addr, s.port, self.identity, CONTEXT, expected_peer=s.key)
        await conn.send(wire.pack("mesh", match=gen.body_hash(self._body), seat=self.my_seat))
        self._attach(seat, conn)
        await self._read(seat, conn)

    # ------------------------------------------------------------------ connections
    async def _serve(self, task_status=trio.TASK_STATUS_IGNORED) -> None:
        await serve(self._on_connection, self.identity, CONTEXT, host=self.listen_host,
                    port=self.port, task_status=task_status)

    async def _on_connection(self, conn) -> None:
        ch, msg = wire.unpack(await conn.receive())
        if ch != wire.NODE:
            raise wire.BadMessage("a connection must open with a node message")
        if msg["t"] == "join":
            seat = await self._lobby_join(conn, msg)
        elif msg["t"] == "mesh":
            await self.session_ready.wait()
            seat = msg["seat"]
            if msg["match"] != gen.body_hash(self._body) or not 0 <= seat < len(self.seats) \
                    or self.seats[seat].key != conn.peer_key or seat == self.my_seat:
                raise wire.BadMessage("mesh connection for another match or seat")
            self._attach(seat, conn)
        else:
            raise wire.BadMessage(f"unexpected {msg['t']} on a new connection")
        if seat is not None:
            await self._read(seat, conn)

    def _attach(self, seat: int, conn) -> None:
        if self.seats[seat].conn is not None:
            # One link per seat: two writers on one queue would reorder its frames.
            raise wire.BadMessage(f"seat {seat} is already connected")
        if seat not in self._queues:
            self._queues[seat] = trio.open_memory_channel(math.inf)
            self._connected[seat] = trio.Event()
        self.seats[seat].conn = conn
        self._connected[seat].set()

    async def _read(self, seat: int, conn) -> None:
        """Frames from one peer, in order, into the session; our queued frames out to it."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._write, seat, conn)
            try:
                while True:
                    frame = await conn.receive()
                    ch, payload = wire.unpack(frame)
                    if ch == wire.NODE:
                        if msg_type(payload) in ("roster", "start"):
                            continue
                        raise wire.BadMessage(f"unexpected {payload['t']} during the game")
                    await self.session_ready.wait()
                    self._handle(self.session.receive(payload, seat))
            except TransportError as e:
                self._emit("peer", {"seat": seat, "state": "gone", "reason": str(e)})
                if not self.finished.is_set():
                    log.warning("seat %d (%s): %s", seat, self.seats[seat].name, e)
            finally:
                nursery.cancel_scope.cancel()

    async def _write(self, seat: int, conn) -> None:
        _, receive = self._queues[seat]
        async for frame in receive:
            await conn.send(frame)

    # ------------------------------------------------------------------ the game
    def _begin(self, body: dict, chain: HashChain) -> None:
        self._body = body
        self.session = Session(body, self.identity, chain)
        for seat in range(len(self.seats)):
            if seat != self.my_seat and seat not in self._queues:
                self._queues[seat] = trio.open_memory_channel(math.inf)
                self._connected[seat] = trio.Event()
        self.outcome.seat = self.my_seat
        self.outcome.players = [s.name for s in self.seats]
        self.session_ready.set()

    def _start_session(self, nursery: trio.Nursery) -> None:
        send, receive = trio.open_memory_channel(math.inf)
        self._bot_todo = send
        nursery.start_soon(self._bot_loop, receive)
        nursery.start_soon(self._watchdog)
        self._handle(self.session.start())

    def _handle(self, out: Output) -> None:
        """Persist first, then queue the sends, then react: the order the protocol needs."""
        for ev in out.events:
            if isinstance(ev, MatchStarted):
                self.outcome.match_id = ev.match_id
                self.store = MatchStore(self.home, ev.match_id)
                self.store.start(ev.genesis, {
                    "seat": self.my_seat, "players": [
                        {"name": s.name, "key": s.key.hex(), "addr": s.addr, "port": s.port}
                        for s in self.seats]})
                self.outcome.match_file = self.store.path
            elif isinstance(ev, Appended):
                self.store.append(ev.entry)
        for send in out.sends:
            frame = wire.pack_session(send.data)
            for seat in send.to:
                self._queues[seat][0].send_nowait(frame)
        for ev in out.events:
            self._react(ev)

    def _react(self, ev: Any) -> None:
        if isinstance(ev, Appended):
            self.progress.set()
            self.progress = trio.Event()
        elif isinstance(ev, MatchStarted):
            self._emit("started", {"match": ev.match_id.hex(), "seat": self.my_seat})
        elif isinstance(ev, YourDecision):
            d = ev.decision
            self._emit("decision", {"seq": ev.seq, "prompt": d.prompt,
                                    "options": [list(o) for o in d.options]})
            if self.bot is not None:
                self._bot_todo.send_nowait(ev)
        elif isinstance(ev, StateChanged):
            self._emit("state", {"seq": ev.seq, "kind": ev.kind, "hash": ev.state_hash.hex()})
        elif isinstance(ev, TurnAttested):
            self._emit("attested", {"seq": ev.seq, "hash": ev.state_hash.hex()})
        elif isinstance(ev, GameOver):
            self.outcome.result = ev.result
            self.outcome.state_hash = engine.state_hash(self.session.state)
            self._emit("over", {"scores": list(ev.result.scores),
                                "winners": list(ev.result.winners)})
            self.finished.set()
        elif isinstance(ev, FaultDetected):
            f = ev.fault
            self.outcome.fault = f
            self._emit("fault", {"kind": f.kind, "seats": list(f.seats), "reason": f.reason})
            self.finished.set()

    async def _bot_loop(self, todo: trio.MemoryReceiveChannel) -> None:
        async for ev in todo:
            await trio.sleep(0)
            if self.finished.is_set():
                return
            self._handle(self.session.move(self.bot.choose(self.session.state, ev.decision)))

    def submit_move(self, move: Any) -> None:
        """A human's move from the control API; IllegalMove says why it was refused."""
        if self.session is None:
            raise IllegalMove("the game has not started yet")
        self._handle(self.session.move(engine.as_move(move)))

    async def _watchdog(self) -> None:
        """Claims a timeout against a seat the current slot has waited on for too long."""
        timeouts = self._body["timeouts"]
        while not self.finished.is_set():
            progress = self.progress
            awaited = [a for a in self.session.awaiting() if a != self.my_seat]
            if not awaited:
                await progress.wait()
                continue
            limit = timeouts["decision"] if len(self.session.awaiting()) == 1 else timeouts["round"]
            with trio.move_on_after(limit):
                await progress.wait()
                continue
            self._handle(self.session.claim_timeout(int(time.time())))
            await progress.wait()

    async def _linger(self) -> None:
        """Let queued frames reach the peers (they may still need our last signatures)."""
        with trio.move_on_after(LINGER):
            while any(q[1].statistics().current_buffer_used for q in self._queues.values()):
                await trio.sleep(0.05)
            await trio.sleep(0.2)

    # ------------------------------------------------------------------ observers
    def _emit(self, kind: str, data: dict) -> None:
        self.on_event(kind, data)
        for ch in list(self._subscribers):
            try:
                ch.send_nowait({"event": kind, **data})
            except (trio.WouldBlock, trio.BrokenResourceError, trio.ClosedResourceError):
                self._subscribers.remove(ch)

    def subscribe(self) -> trio.MemoryReceiveChannel:
        send, receive = trio.open_memory_channel(1000)
        self._subscribers.append(send)
        return receive


def msg_type(msg: Any) -> str:
    return msg.get("t", "") if isinstance(msg, dict) else ""
