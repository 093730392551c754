"""One player's node: the lobby, the genesis, the peer mesh, and the session driven to the end.

The node only moves messages, keeps files and time; every rule of the game and of the protocol
is the session's (protocol.session). Topology: the host's listener takes `join` connections in
the lobby; when the seats are filled the host sends everyone the genesis body and addresses, and
the game is peer to peer from then on: every pair of seats has one link, which the higher seat
dials (the host, seat 0, is dialed by everybody: its lobby connections become its links), and the
host's node is one peer among the others.

Ordering guarantees the session relies on: each peer has one outbound queue drained by the
writer of its current link, so frames to a peer leave in the order the session produced them,
but for relays (another author's share forwarded): those wait up to RELAY_HOLD to leave with our
next frame to that peer, always ahead of it, and may overtake our frames still waiting for a
sync; accepted entries are appended to the match file, and our own frames (and catch-up
entries, which may hold our own move) are queued only once those entries are synced.

Links come back: when a link drops, the higher seat dials again until the game is over. On every
new link both ends say how many entries they hold ("sync"); the one ahead sends the missing
signed entries, which the other verifies by rebuilding its session from its match file plus
them, and both resend their shares for the slot in progress. A node killed at any point
restarts from its match file (`Node.resume`) the same way. If the others timed its seat out
meanwhile, its log may end with entries holding its own shares that never reached them; when
their entries do not follow its own, it asks for them from before those entries, and their log
replaces those (Session.unshared_at_end). At the end, finished nodes wait a while for every peer, gone
seats included, to hold the whole log (`_linger`); a node that reaches no peer at all for a
while says so ("alone") and keeps trying.

A peer gone for longer than the genesis timeouts: the watchdog signs a timeout claim; once every
other player's claim is in the log the session says `SeatTimedOut`, and the remaining players
choose what happens to that seat. A bot node chooses "bot" at once; a person's node emits a
"timeout" event and waits for the choice through the control API ({"cmd": "choose"}).
"""
from __future__ import annotations

import ipaddress
import json
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
from protocol import matchfile
from protocol.codec import decode
from protocol.identity import Identity, check_code, verify_signature
from protocol.messages import parse_signed_genesis
from protocol.randomness import HashChain, chain_secret
from protocol.session import (Appended, Divergence, FaultDetected, GameOver, MatchStarted,
                              Output, SeatChosen, SeatTimedOut, Session, StateChanged,
                              TurnAttested, YourDecision)

from . import wire
from .framing import TransportError
from .store import MatchStore
from .transport import connect, serve
from .words import decision_words, seat_names

log = logging.getLogger("lanboard.node")

CONTEXT = b"lanboard/1/lan"   # handshake context: binds signatures to lanboard's LAN protocol
LINGER_MIN = 0.2              # seconds to keep serving peers after the game is over...
LINGER_MAX = 60.0             # ...at most, while a peer has not confirmed the whole log
LINGER_NOTE = 2.0             # a wait longer than this at the end is explained ("lingering")
PING_NONCE = 16
ALONE_AFTER = 10.0            # no link to any peer this long during the game: say so ("alone")
ALONE_POLL = 0.5              # how often the alone watcher looks at the links
REDIAL = (0.1, 2.0)           # first and longest pause between attempts to re-dial a peer
ENTRIES_PER_FRAME = 200       # catch-up batch size, well under the transport's frame limit
WRITE_BATCH = 64              # frames queued for a peer that leave in one write, at most...
WRITE_BATCH_BYTES = 1 << 18   # ...and bytes (one more frame may pass this)
# A peer with this many frames waiting for it is not reading: what it asks for (a pong, a
# catch-up) is not added; it asks again on its next link. The game's own frames always are.
ANSWER_BACKLOG = 4096
# A sync this fast is done in the node's own thread. A worker thread would let the node check
# its peers' frames meanwhile, but our own next frame, which the others wait for, then leaves
# only once the worker has taken the sync (behind the frames the node is checking) and the
# loop has woken to its answer: on a busy machine those waits cost more than the sync (4 node
# processes on 2 cores: roll 6.65 -> 4.69 ms with 10 ms here instead of 1 ms), and what the
# worker could overlap is a few signature checks. A disk slower than this (a slow SD card, a
# network file system) gets the worker, so the node does not stall that long per entry. The
# slowest of the recent syncs decides (a disk that slows moves), and keeping our own frames
# counts as one (MatchStore.save_unlogged).
INLINE_SYNC_MAX = 0.01
# Another author's share we forward (the session's relays, which expose equivocation) waits
# up to this long to leave in one write with our next frame to that peer, instead of costing
# a write and a wake-up of its own: in a roll every node forwards six.
RELAY_HOLD = 0.02


@dataclass
class Seat:
    name: str
    key: bytes
    commit: bytes = b""
    addr: str = ""
    port: int = 0
    conn: Any = None
    scope: Any = None     # cancels the current link's reader and writer
    inflight: list = field(default_factory=list)   # the batch being written to it


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


def shared_addr(addr: str) -> str:
    """How the host tells the other joiners where a joiner is: the address that joiner reached
    the host from, except a loopback one. A joiner that came over loopback (the bots of
    `host --bots`) runs on the host's machine, and its 127.0.0.1 would send every other joiner
    to its own machine; "" says "at the host's address, as you reach the host" instead (joiners
    read it so, and so does the seat-0 entry)."""
    try:
        return "" if ipaddress.ip_address(addr).is_loopback else addr
    except ValueError:
        return addr


class Node:
    def __init__(self, identity: Identity, name: str, home: Path, *, bot: str | None = None,
                 listen_host: str = "0.0.0.0", port: int = 0,
                 on_event: Callable[[str, dict], None] | None = None) -> None:
        self.identity = identity
        self.name = name
        self.home = Path(home)
        self.bot_kind = bot
        self.listen_host = listen_host
        self.port = port
        self.on_event = on_event or (lambda kind, data: None)
        self.session: Session | None = None
        self.session_ready = trio.Event()
        self.finished = trio.Event()
        self._progress: trio.Event | None = None   # set at the next entry, for who waits
        self._watch: trio.CancelScope | None = None   # the watchdog's sleep until a deadline
        self.outcome = Outcome()
        self.seats: list[Seat] = []
        self.my_seat: int | None = None
        self.game: str | None = None             # the game's id, once hosted or welcomed
        self.store: MatchStore | None = None
        self._chain: HashChain | None = None
        self._queues: dict[int, tuple[trio.MemorySendChannel, trio.MemoryReceiveChannel]] = {}
        self._bot_todo: trio.MemorySendChannel | None = None
        self._subscribers: list[trio.MemorySendChannel] = []
        self._lobby_full = trio.Event()
        self._lobby: dict[str, Any] = {}
        self._body: dict | None = None
        self._nursery: trio.Nursery | None = None
        self._closed = trio.Event()              # the game is over and every peer has the log
        self._peer_have: dict[int, int] = {}     # entries each peer last said it holds
        self._behind: int | None = None          # seat we are catching up from
        self._asked_from: int | None = None      # entries asked for from before our unshared
        self._unlogged: list[bytes] = []         # own frames persisted but not yet in the log
        self.lobby_roster: list[dict] = []       # a joiner's view of the lobby, from the host
        self._held: list[tuple[int, bytes]] = []  # session frames held while catching up
        # Session frames wait here until what they build on is on disk (see _persist_then_send)
        self._outbox_in, self._outbox = trio.open_memory_channel(math.inf)
        self._outbox_pending = 0
        self._relays: dict[int, list[bytes]] = {}   # forwarded shares waiting, per seat
        self._relays_due: trio.Event | None = None   # set while some wait (None: no holding)
        self._pings: dict[bytes, tuple[dict[int, float], trio.Event, set[int]]] = {}
        self._last_ping: dict[int, bytes] = {}   # the last ping each seat had answered

    # ------------------------------------------------------------------ hosting
    async def host(self, game: str, variants: tuple[str, ...], seats: int, *,
                   task_status=trio.TASK_STATUS_IGNORED, announce: Callable | None = None,
                   nonce: bytes | None = None, timeouts: dict | None = None) -> Outcome:
        """Host a lobby and play its game. `timeouts` ({"decision": s, "round": s}, default
        protocol.genesis.DEFAULT_TIMEOUTS) go into the genesis: how long every node waits for
        a seat before claiming it timed out."""
        g = engine.get_game(game)
        problem = g.check_setup(seats, variants)
        problem = problem or gen.unsupported(g)   # before anyone joins a lobby it cannot play
        if problem:
            raise ValueError(problem)
        nonce = nonce or secrets.token_bytes(16)
        chain = HashChain(chain_secret(self.identity.seed(), nonce), gen.DEFAULT_CHAIN)
        self.game = game
        self._lobby = {"game": game, "variants": sorted(set(variants)), "seats": seats,
                       "nonce": nonce, "chain": gen.DEFAULT_CHAIN}
        self.seats = [Seat(self.name, self.identity.public, chain.commitment)]
        self.my_seat = 0
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            listeners = await nursery.start(self._serve)
            self.port = self.seats[0].port = listeners[0].socket.getsockname()[1]
            task_status.started(self.port)
            self._emit("lobby", self._roster_json())
            if announce is not None:
                nursery.start_soon(announce, self)
            await self._lobby_full.wait()
            body = gen.make_body(game, [{"key": s.key, "name": s.name, "commit": s.commit}
                                        for s in self.seats],
                                 variants=tuple(variants), nonce=nonce, chain=gen.DEFAULT_CHAIN,
                                 timeouts=timeouts)
            addrs = [["", 0]] + [[shared_addr(s.addr), s.port] for s in self.seats[1:]]
            self._begin(body, chain)
            for seat in range(1, len(self.seats)):
                self._queues[seat][0].send_nowait(wire.pack("start", body=body, addrs=addrs))
            self._play(self.session.start())
            await self.finished.wait()
            await self._linger()
            nursery.cancel_scope.cancel()
        return self.outcome

    def start_problem(self) -> str | None:
        """Why the host could not start now with the players seated so far, or None."""
        if self.my_seat != 0 or not self._lobby:
            return "only the host can start the game"
        if self._lobby_full.is_set():
            return "the game has already started"
        game = engine.get_game(self._lobby["game"])
        n = len(self.seats)
        if n < game.min_players:
            return f"{game.title} needs at least {game.min_players} players; {n} seated so far"
        problem = game.check_variants(n, tuple(self._lobby["variants"]))
        return f"cannot start with {n} players: {problem}" if problem else None

    def start_now(self) -> None:
        """The host starts the game with the players seated so far, before every seat is taken
        (at least the game's minimum; the variants must allow that many)."""
        problem = self.start_problem()
        if problem:
            raise IllegalMove(problem)
        self._lobby["seats"] = len(self.seats)
        self._lobby_full.set()

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
        self._queue(seat)
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
            self._nursery = nursery
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
            # the UI picks its screens by it while still in the lobby (the genesis decides)
            self.game = msg.get("game") if isinstance(msg.get("game"), str) else None
            await conn.send(wire.pack("commit", commit=chain.commitment))
            task_status.started(self.port)
            while True:
                ch, msg = wire.unpack(await conn.receive())
                if ch != wire.NODE:
                    raise wire.BadMessage("game traffic before the genesis")
                if msg["t"] == "roster":
                    self.lobby_roster = list(msg["players"])
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
            self.seats[self.my_seat].port = self.port
            self._begin(body, chain)
            nursery.start_soon(self._keep_dialing, 0, conn)  # the lobby link, then re-dials
            for seat in range(1, self.my_seat):
                nursery.start_soon(self._keep_dialing, seat)
            self._play(self.session.start())
            await self.finished.wait()
            await self._linger()
            nursery.cancel_scope.cancel()
        return self.outcome

    # ------------------------------------------------------------------ resuming
    async def resume(self, match_file: Path, *, task_status=trio.TASK_STATUS_IGNORED) -> Outcome:
        """Continue a match after a crash, from its match file and the note beside it."""
        store = MatchStore.open(self.home, Path(match_file))
        meta = store.meta
        items = [raw for _, raw, _ in matchfile.read_items(store.path.read_bytes())]
        body = parse_signed_genesis(decode(items[0]))["body"]
        self.my_seat = meta["seat"]
        self.seats = [Seat(p["name"], bytes.fromhex(p["key"]), b"", p["addr"], p["port"])
                      for p in meta["players"]]
        self.port = self.seats[self.my_seat].port
        chain = HashChain(chain_secret(self.identity.seed(), body["nonce"]), body["chain"])
        self._unlogged = store.load_unlogged()
        session, out = Session.resume(items, self.identity, chain, self._unlogged)
        self.store = store
        self.outcome.match_id = session.match_id
        self.outcome.match_file = store.path
        self._begin(body, chain, session)
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            await nursery.start(self._serve)
            task_status.started(self.port)
            self._emit("resumed", {"match": session.match_id.hex(), "seat": self.my_seat,
                                   "entries": store.count - 1})
            for seat in range(self.my_seat):
                nursery.start_soon(self._keep_dialing, seat)
            self._play(out)
            if session.over:
                self._react(GameOver(session.ledger.result()))
            await self.finished.wait()
            await self._linger()
            nursery.cancel_scope.cancel()
        return self.outcome

    # ------------------------------------------------------------------ links
    async def _serve(self, task_status=trio.TASK_STATUS_IGNORED) -> None:
        await serve(self._on_connection, self.identity, CONTEXT, host=self.listen_host,
                    port=self.port, task_status=task_status)

    async def _on_connection(self, conn) -> None:
        ch, msg = wire.unpack(await conn.receive())
        if ch != wire.NODE:
            raise wire.BadMessage("a connection must open with a node message")
        if msg["t"] == "join":
            seat = await self._lobby_join(conn, msg)
            if seat is not None:
                await self._link(seat, conn, announce=False)
        elif msg["t"] == "mesh":
            await self.session_ready.wait()
            seat = msg["seat"]
            if msg["match"] != gen.body_hash(self._body) or not 0 <= seat < len(self.seats) \
                    or self.seats[seat].key != conn.peer_key or seat == self.my_seat:
                raise wire.BadMessage("mesh connection for another match or seat")
            await self._link(seat, conn)
        else:
            raise wire.BadMessage(f"unexpected {msg['t']} on a new connection")

    async def _keep_dialing(self, seat: int, first=None) -> None:
        """Dial a lower seat (or use `first`, an open link), and dial again whenever the link
        drops, until the game is over and every peer has the whole log."""
        pause = REDIAL[0]
        s = self.seats[seat]
        if first is not None:
            await self._link(seat, first)
        while not self._closed.is_set():
            try:
                conn = await connect(s.addr, s.port, self.identity, CONTEXT, expected_peer=s.key)
                await conn.send(wire.pack("mesh", match=gen.body_hash(self._body),
                                          seat=self.my_seat))
            except TransportError as e:
                log.info("dialing seat %d (%s:%d): %s", seat, s.addr, s.port, e)
                await trio.sleep(pause)
                pause = min(pause * 2, REDIAL[1])
                continue
            pause = REDIAL[0]
            await self._link(seat, conn)

    def _queue(self, seat: int) -> None:
        if seat not in self._queues:
            self._queues[seat] = trio.open_memory_channel(math.inf)

    async def _link(self, seat: int, conn, announce: bool = True) -> None:
        """Serve one link to `seat` until it drops: its frames in, our queued frames out."""
        s = self.seats[seat]
        if s.scope is not None:
            s.scope.cancel()  # a newer link replaces the old one: one writer per queue
        self._queue(seat)
        s.conn = conn
        failure: list[TransportError] = []

        async def guarded(part, nursery: trio.Nursery) -> None:
            # A broken link ends both halves; the error is kept, not raised into the nursery
            # (which would wrap it in an ExceptionGroup the listener does not expect).
            try:
                await part(seat, conn)
            except TransportError as e:
                failure.append(e)
            nursery.cancel_scope.cancel()

        with trio.CancelScope() as scope:
            s.scope = scope
            try:
                if announce:
                    self._emit("peer", {"seat": seat, "state": "connected"})
                    await conn.send(wire.pack("sync", have=self._entry_count()))
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(guarded, self._write, nursery)
                    nursery.start_soon(guarded, self._read, nursery)
            except TransportError as e:
                failure.append(e)
            finally:
                if s.conn is conn:
                    s.conn, s.scope = None, None
                await trio.aclose_forcefully(conn.stream)
        if failure and not self.finished.is_set():
            self._emit("peer", {"seat": seat, "state": "gone", "reason": str(failure[0])})
            log.warning("seat %d (%s): %s", seat, s.name, failure[0])

    async def _read(self, seat: int, conn) -> None:
        while True:
            ch, payload = wire.unpack(await conn.receive())
            if ch == wire.SESSION:
                if not self.session_ready.is_set():   # (waiting on a set Event still yields)
                    await self.session_ready.wait()
                if self._behind is not None:
                    self._held.append((seat, payload))
                else:
                    self._handle(self.session.receive(payload, seat))
            elif payload["t"] == "sync":
                self._peer_have[seat] = payload["have"]
                self._on_sync(seat, payload["have"])
            elif payload["t"] == "entries":
                self._on_entries(seat, payload["first"], payload["items"])
            elif payload["t"] == "ping":
                self._on_ping(seat, payload)
            elif payload["t"] == "pong":
                self._on_pong(seat, payload)
            elif payload["t"] not in ("roster", "start"):
                raise wire.BadMessage(f"unexpected {payload['t']} during the game")

    async def _write(self, seat: int, conn) -> None:
        # A batch being written when the link dies is written again first on the next link
        # (the peer ignores what it already had): it may hold a relay or a halt notice that
        # the next link's sync would not bring back.
        s = self.seats[seat]
        _, receive = self._queues[seat]
        if s.inflight:
            await conn.send_many(s.inflight)
            s.inflight = []
        async for frame in receive:
            frames, size = [frame], len(frame)
            while len(frames) < WRITE_BATCH and size < WRITE_BATCH_BYTES:
                try:
                    frames.append(receive.receive_nowait())
                except trio.WouldBlock:
                    break
                size += len(frames[-1])
            s.inflight = frames
            await conn.send_many(frames)
            s.inflight = []

    # ------------------------------------------------------------------ round trips
    async def ping(self, timeout: float = 2.0) -> dict[int, float | None]:
        """Round trip to every other seat: a signed ping through the same queue and link as
        the game's frames, a signed pong back, both signatures checked. Seconds per seat; None
        for a seat with no link or no answer within `timeout`. Nothing before the game starts:
        the lobby's links are not yet the game's."""
        if not self.session_ready.is_set():
            return {}
        nonce = secrets.token_bytes(PING_NONCE)
        frame = wire.pack("ping", nonce=nonce, sig=self.identity.sign(wire.PING + nonce))
        sent = time.perf_counter()
        answers: dict[int, float] = {}
        done = trio.Event()
        peers = [s for s in self._queues if self.seats[s].conn is not None]
        self._pings[nonce] = (answers, done, set(peers))
        try:
            for seat in peers:
                self._queues[seat][0].send_nowait(frame)
            if peers:
                with trio.move_on_after(timeout):
                    await done.wait()
        finally:
            del self._pings[nonce]
        return {s: (answers[s] - sent if s in answers else None) for s in self._queues}

    def _on_ping(self, seat: int, msg: dict) -> None:
        nonce = msg["nonce"]
        if len(nonce) != PING_NONCE:
            raise wire.BadMessage(f"a ping's nonce has {PING_NONCE} bytes, not {len(nonce)}")
        # Answering costs a signature: a replayed ping, or one from a peer that does not
        # read its answers, gets none.
        if nonce == self._last_ping.get(seat) or self._backlog(seat) >= ANSWER_BACKLOG:
            return
        if not verify_signature(self.seats[seat].key, msg["sig"], wire.PING + nonce):
            raise wire.BadMessage("a ping whose signature does not verify")
        self._last_ping[seat] = nonce
        self._queues[seat][0].send_nowait(wire.pack(
            "pong", nonce=nonce, sig=self.identity.sign(wire.PONG + nonce)))

    def _backlog(self, seat: int) -> int:
        return self._queues[seat][1].statistics().current_buffer_used

    def _on_pong(self, seat: int, msg: dict) -> None:
        waiting = self._pings.get(msg["nonce"])
        if waiting is None:
            return   # an answer that came after its ping gave up
        if not verify_signature(self.seats[seat].key, msg["sig"], wire.PONG + msg["nonce"]):
            raise wire.BadMessage("a pong whose signature does not verify")
        answers, done, pinged = waiting
        if seat in pinged:
            answers.setdefault(seat, time.perf_counter())
        if len(answers) >= len(pinged):
            done.set()

    # ------------------------------------------------------------------ catching up
    def _entry_count(self) -> int:
        ledger = self.session.ledger if self.session else None
        return len(ledger.entries) if ledger else 0

    def _on_sync(self, seat: int, have: int) -> None:
        mine = self._entry_count()
        if have < mine and self._backlog(seat) < ANSWER_BACKLOG:
            # Through the outbox: entries appended but not yet synced may hold our own move
            # or claim, which must be on disk before any peer sees it (see _send_later).
            entries = self.session.ledger.entries
            self._send_later([
                (wire.pack("entries", first=first, items=entries[first:first + ENTRIES_PER_FRAME]),
                 (seat,)) for first in range(have, mine, ENTRIES_PER_FRAME)])
        elif have > mine and self._behind is None:
            self._behind = seat  # hold session traffic until the missing entries are in
            # Ask everyone, this peer too (a peer that announced its count unasked, as at the
            # end of a game, only sends entries once told ours); if its link drops before the
            # entries arrive, any other peer that is ahead sends them (a batch we already
            # have is ignored).
            ask = wire.pack("sync", have=mine)
            for other in self._queues:
                self._queues[other][0].send_nowait(ask)
        if self._behind is None:
            self._resend_open_slot((seat,))

    def _on_entries(self, seat: int, first: int, items: list) -> None:
        mine = self._entry_count()
        if first < mine and first != self._asked_from:
            # Overlaps what we hold (peers answered with different counts, another was
            # faster): its tail may still be new to us, and nobody would send it again.
            items, first = items[mine - first:], mine
        if first not in (mine, self._asked_from) or not items:
            return  # a batch we already have, or one that leaves a gap
        if not all(type(x) is bytes for x in items):
            raise wire.BadMessage("entries must be byte strings")
        log_items = self.session.log[:1 + first] + items
        try:
            session, out = Session.resume(log_items, self.identity, self._chain, self._unlogged)
        except Exception as e:  # any failure to verify is that peer's fault, not a crash
            if first == mine and self._ask_from_before_unshared(seat):
                return
            raise wire.BadMessage(f"seat {seat} sent entries that do not verify: {e}") from None
        if first < mine:
            log.warning("entries %d to %d, with shares of ours that never reached the others, "
                        "who went on without them: their log replaces them", first + 1, mine)
            self.store.truncate(1 + first)
        self._asked_from = None
        for raw in items:
            self.store.append(raw)
        self.session = session
        self._moved_on()
        self._emit("caught_up", {"from": seat, "entries": len(items)})
        self._handle(out)
        if self.session.over:
            self._react(GameOver(self.session.ledger.result()))
        if self._behind is not None:
            self._behind = None
            held, self._held = self._held, []
            for s, payload in held:
                self._handle(self.session.receive(payload, s))
            self._resend_open_slot(tuple(self._queues))

    def _resend_open_slot(self, to: tuple[int, ...]) -> None:
        """Every share held for the slot in progress, to `to`: what a peer whose link dropped
        (or that was catching up) may have missed; a session ignores what it has seen."""
        self._send_later([(wire.pack_session(raw), to) for raw in self.session.current_shares()])

    def _ask_from_before_unshared(self, seat: int) -> bool:
        """Entries that do not follow ours may still be the match's log: ours may end with
        entries holding shares of ours that never reached anyone (we stopped before sending
        them), and the others timed our seat out there. Ask `seat` for its entries from before
        those (Session.unshared_at_end); False when ours does not end so: the peer is at
        fault."""
        own = self.session.unshared_at_end()
        if not own:
            return False
        self._asked_from = self._entry_count() - own
        self._queues[seat][0].send_nowait(wire.pack("sync", have=self._asked_from))
        return True

    # ------------------------------------------------------------------ the game
    def _begin(self, body: dict, chain: HashChain, session: Session | None = None) -> None:
        self._body = body
        self._chain = chain
        self.game = body["game"]
        self.session = session or Session(body, self.identity, chain)
        for seat in range(len(self.seats)):
            if seat != self.my_seat:
                self._queue(seat)
        self.outcome.seat = self.my_seat
        self.outcome.players = [s.name for s in self.seats]
        self.session_ready.set()

    def _play(self, first: Output) -> None:
        send, receive = trio.open_memory_channel(math.inf)
        self._bot_todo = send
        self._nursery.start_soon(self._bot_loop, receive)
        self._nursery.start_soon(self._watchdog)
        self._nursery.start_soon(self._tell_if_alone)
        self._nursery.start_soon(self._persist_then_send)
        self._nursery.start_soon(self._release_relays_when_due)
        self._handle(first)

    def _handle(self, out: Output, unlogged: list[bytes] | None = None) -> None:
        """Write the entries, queue the sends behind their sync, then react."""
        for ev in out.events:
            if isinstance(ev, MatchStarted):
                self.outcome.match_id = ev.match_id
                self.store = MatchStore(self.home, ev.match_id)
                self.store.start(ev.genesis, self._meta())
                self.outcome.match_file = self.store.path
            elif isinstance(ev, Appended):
                self.store.append(ev.entry)
        own = []
        for send in out.sends:
            frame = wire.pack_session(send.data)
            if send.relay:
                self._hold_relay(frame, send.to)
            else:
                own.append((frame, send.to))
        self._send_later(own, unlogged)
        for ev in out.events:
            self._react(ev)

    def _queue_now(self, frame: bytes, to: tuple[int, ...]) -> None:
        for seat in to:
            # held relays first: a peer gets another author's share before ours built on it
            # (see protocol.session, "Why shares are echoed")
            self._release_relays(seat)
            self._queues[seat][0].send_nowait(frame)

    def _hold_relay(self, frame: bytes, to: tuple[int, ...]) -> None:
        if self._relays_due is None:
            self._queue_now(frame, to)
            return
        for seat in to:
            self._relays.setdefault(seat, []).append(frame)
        self._relays_due.set()

    def _release_relays(self, seat: int) -> None:
        held = self._relays.pop(seat, None)
        if held:
            send = self._queues[seat][0]
            for frame in held:
                send.send_nowait(frame)

    async def _release_relays_when_due(self) -> None:
        self._relays_due = trio.Event()
        try:
            while True:
                await self._relays_due.wait()
                await trio.sleep(RELAY_HOLD)
                self._relays_due = trio.Event()
                self._release_all_relays()
        finally:
            self._relays_due = None
            self._release_all_relays()

    def _release_all_relays(self) -> None:
        for seat in list(self._relays):
            self._release_relays(seat)

    def _send_later(self, frames: list[tuple[bytes, tuple[int, ...]]],
                    unlogged: list[bytes] | None = None) -> None:
        """Queue our own frames (packed) once what they may build on is on disk: every entry
        written so far, and `unlogged` (our frames a restart could not sign again alike)."""
        if not frames and unlogged is None:
            return
        store = self.store
        written = store.count if store is not None else 0
        if not self._outbox_pending and (store is None or unlogged is None and
                                         store.synced >= written or
                                         store.slowest_sync < INLINE_SYNC_MAX):
            # nothing queued ahead, and nothing to write or a disk fast enough to write here
            if unlogged is not None:
                store.save_unlogged(unlogged)
            if store is not None:
                store.sync_to(written)
            self._queue_all(frames)
            return
        self._outbox_pending += 1
        self._outbox_in.send_nowait((written, unlogged, frames))

    def _queue_all(self, frames: list[tuple[bytes, tuple[int, ...]]]) -> None:
        for frame, to in frames:
            self._queue_now(frame, to)

    async def _persist_then_send(self) -> None:
        """The protocol's order: a frame leaves only once the entries it may build on (all
        written before it was queued) and our own unlogged frames are on disk. The syncs run
        in a worker thread, so the node keeps reading and checking frames meanwhile, and
        entries that complete during one sync share the next one."""
        async for written, unlogged, frames in self._outbox:
            if unlogged is not None:
                await trio.to_thread.run_sync(self.store.save_unlogged, unlogged)
            if self.store is not None and self.store.synced < written:
                await trio.to_thread.run_sync(self.store.sync_to, written)
            self._queue_all(frames)
            self._outbox_pending -= 1

    def _own(self, out: Output) -> None:
        """Output of our own move, timeout claim or choice: none can be derived again after a
        restart (a person chose it; a clock dated it), so it is kept before it is sent."""
        unlogged = self.session.own_unlogged()
        if unlogged == self._unlogged:
            self._handle(out)   # already on disk as they are (most often: none before, none now)
            return
        self._unlogged = unlogged
        self._handle(out, list(unlogged))

    def _meta(self, finished: bool = False) -> dict:
        return {"seat": self.my_seat, "game": self._body["game"], "finished": finished,
                "name": self.name, "bot": self.bot_kind, "listen": self.listen_host,
                "players": [{"name": s.name, "key": s.key.hex(), "addr": s.addr,
                             "port": s.port} for s in self.seats]}

    def _react(self, ev: Any) -> None:
        if isinstance(ev, Appended):
            self._moved_on()
        elif isinstance(ev, MatchStarted):
            self._emit("started", {"match": ev.match_id.hex(), "seat": self.my_seat})
        elif isinstance(ev, YourDecision):
            d = ev.decision
            self._emit("decision", {"seq": ev.seq, "prompt": d.prompt,
                                    "options": [list(o) for o in d.options],
                                    **decision_words(self.session.state, d, seat_names(self))})
            if self.bot_kind is not None:
                self._bot_todo.send_nowait(ev)
        elif isinstance(ev, SeatTimedOut):
            self._emit("timeout", {"seq": ev.seq, "seat": ev.seat, "options": list(ev.options),
                                   "ask": ev.ask})
            if ev.ask and self.bot_kind is not None:
                self._bot_todo.send_nowait(ev)
        elif isinstance(ev, SeatChosen):
            self._emit("choice", {"seq": ev.seq, "seat": ev.seat, "outcome": ev.outcome,
                                  "choices": [[a, c] for a, c in sorted(ev.choices.items())]})
        elif isinstance(ev, StateChanged):
            self._emit("state", {"seq": ev.seq, "kind": ev.kind})
        elif isinstance(ev, TurnAttested):
            self._emit("attested", {"seq": ev.seq, "hash": ev.state_hash.hex()})
        elif isinstance(ev, Divergence):
            self._emit("divergence", {"seq": ev.seq, "seat": ev.seat, "section": ev.section})
        elif isinstance(ev, GameOver):
            if self.finished.is_set():
                return
            self.outcome.result = ev.result
            self.outcome.state_hash = engine.state_hash(self.session.state)
            self.store.finish(self._meta(finished=True))
            # Tell every peer how much we hold: a peer that crashed near the end learns what
            # it misses, and the others know when everybody has the whole log.
            self._release_all_relays()
            have = wire.pack("sync", have=self._entry_count())
            for seat in self._queues:
                self._queues[seat][0].send_nowait(have)
            self._emit("over", {"scores": list(ev.result.scores),
                                "winners": list(ev.result.winners),
                                "hash": self.outcome.state_hash.hex()})
            self.finished.set()
        elif isinstance(ev, FaultDetected):
            f = ev.fault
            self.outcome.fault = f
            self._emit("fault", {"kind": f.kind, "seats": list(f.seats), "reason": f.reason})
            self.finished.set()

    async def _bot_loop(self, todo: trio.MemoryReceiveChannel) -> None:
        async for ev in todo:
            await trio.sleep(0)
            session = self.session
            if self.finished.is_set():
                return
            if isinstance(ev, SeatTimedOut):
                # A bot goes on with a bot in the gone player's seat rather than wait.
                asked = session.pending_choice()
                if asked is not None and asked.seq == ev.seq:
                    self._own(session.choose_after_timeout("bot"))
                continue
            slot = session.ledger.slot if session.ledger else None
            if slot is None or slot.seq != ev.seq:
                continue  # stale: the session was rebuilt or the slot has passed
            # Seeded by the slot: after a restart the bot makes the very same choice again,
            # so it never signs two different moves for one slot.
            bot = make_bot(self.bot_kind, f"{self.identity.check_code}/{ev.seq}")
            try:
                self._own(session.move(bot.choose(session.state, ev.decision)))
            except IllegalMove:
                continue  # our move for this slot was already sent (e.g. before a restart)

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

    async def _watchdog(self) -> None:
        """Claims a timeout against a seat the current slot has waited on for too long. Every
        entry moves its deadline to the new slot's (see _react), so it wakes when a deadline
        passes, not at every entry."""
        while not self.finished.is_set():
            with trio.CancelScope(deadline=self._slot_deadline()) as watch:
                self._watch = watch
                await trio.sleep_forever()
            self._watch = None
            if self.finished.is_set():
                return
            if watch.deadline > trio.current_time():
                continue   # an entry came after the deadline fired, before we woke: a new slot
            seq = self._entry_count()
            self._own(self.session.claim_timeout(int(time.time())))
            if self._entry_count() != seq:
                continue   # our claim was the last one the timeout entry needed
            if not await self._progress_within(self._slot_limit()):
                self._say_if_stalled(seq)
                await self._progress_within(math.inf)

    def _moved_on(self) -> None:
        """The log grew (an entry appended, or caught up): the watchdog's deadline becomes the
        new slot's, and whoever waits for progress is told."""
        if self._watch is not None:
            self._watch.deadline = self._slot_deadline()
        if self._progress is not None:
            self._progress.set()
            self._progress = None

    def _slot_limit(self) -> float:
        # Moves and choices are people's decisions; reveals and attestations are automatic.
        timeouts = self._body["timeouts"]
        ledger = self.session.ledger
        kind = ledger.slot.kind if ledger is not None and ledger.slot is not None else None
        return timeouts["decision"] if kind in ("move", "choice") else timeouts["round"]

    def _slot_deadline(self) -> float:
        """When the slot in progress times out: its limit from now, or never while it waits
        for nobody but us."""
        if not any(a != self.my_seat for a in self.session.awaiting()):
            return math.inf
        return trio.current_time() + self._slot_limit()

    async def _progress_within(self, seconds: float) -> bool:
        """Whether an entry is appended within `seconds`."""
        if self._progress is None:
            self._progress = trio.Event()
        progress = self._progress
        with trio.move_on_after(seconds):
            await progress.wait()
            return True
        return False

    def _say_if_stalled(self, seq: int) -> None:
        """A timeout entry needs the claims of every player but the one it names. With two
        players gone at once, each is needed for the other's entry, so the game cannot go on:
        from here alone a departure looks exactly like a network split, where going on
        without them would fork the match. Say so, rather than wait in silence."""
        missing = self.session.unclaimed()
        gone = sorted({*(a for a in self.session.awaiting() if a != self.my_seat), *missing})
        if missing and len(gone) >= 2 and self._entry_count() == seq:
            self._emit("stalled", {"seats": gone, "reason": (
                "several players are gone at once; the game can only go on when all but one "
                "of them are back (or it is resumed with them)")})

    async def _linger(self) -> None:
        """Keep serving until every peer has said it holds the whole log, or LINGER_MAX passes.

        A peer that crashed near the end may still be restarting and need our entries. So may a
        seat the log records as gone (timed out, then finished by the bot or forfeited): its
        player, restarted within the bound, catches up to the end (the timeout, the choice and
        the bot's moves in its seat, all verified) and ends with our result, instead of
        re-dialing nobody. Those seats get the same bound, not a shorter one: a restart (a
        reboot, the command typed again) takes tens of seconds, exactly what a shorter bound
        would cut off, while lingering costs a quiet process, which says why it waits
        ("lingering") and may be stopped at no loss: the match file is complete and synced at
        the end of the game. A game nobody left is not slowed: its peers confirm at once."""
        final = self._entry_count()
        ledger = self.session.ledger if self.session else None
        # Frames queued to a gone seat are shares it no longer needs once it has the log.
        present = [s for s in self._queues if not (ledger and s in ledger.absent)]
        started = trio.current_time()
        told = False
        # After a fault nobody will reach the end: only let the queued frames (the report) go.
        with trio.move_on_after(LINGER_MAX if self.outcome.fault is None else 2.0):
            while self.outcome.fault is None and self._unconfirmed(final) or \
                    self._outbox_pending or any(self._relays.get(s) for s in present) or \
                    any(self._queues[s][1].statistics().current_buffer_used for s in present):
                if not told and trio.current_time() - started >= LINGER_NOTE and \
                        self.outcome.fault is None and self._unconfirmed(final):
                    told = True
                    self._emit("lingering", {"seats": self._unconfirmed(final),
                                             "up_to": LINGER_MAX})
                await trio.sleep(0.05)
            await trio.sleep(LINGER_MIN)
        if self.store is not None:
            self.store.close()
        self._closed.set()

    def _unconfirmed(self, final: int) -> list[int]:
        """Peers that have not said they hold all `final` entries."""
        return [s for s in self._queues if self._peer_have.get(s, -1) < final]

    async def _tell_if_alone(self) -> None:
        """A node that reaches no peer at all for ALONE_AFTER seconds during the game says so
        once (until a link comes back): typically a node restarted after the others finished
        or left, which would otherwise re-dial in silence. It keeps dialing and listening, so
        the game goes on when a peer is back. The links are looked at by polling, which keeps
        this watcher out of the link code."""
        alone_since: float | None = None
        told = False
        while not self.finished.is_set():
            now = trio.current_time()
            if any(s.conn is not None for i, s in enumerate(self.seats) if i != self.my_seat):
                alone_since, told = None, False
            elif alone_since is None:
                alone_since = now
            elif not told and now - alone_since >= ALONE_AFTER:
                told = True
                file = self.outcome.match_file
                self._emit("alone", {"seats": [i for i in range(len(self.seats))
                                               if i != self.my_seat],
                                     "seconds": round(now - alone_since),
                                     "file": str(file) if file else None})
            await trio.sleep(ALONE_POLL)

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
