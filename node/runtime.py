"""One player's node: the lobby, the genesis, the peer mesh, and the session driven to the end.

The node only moves messages, keeps files and time; every rule of the game and of the protocol
is the session's (protocol.session). Topology: the host's listener takes `join` connections in
the lobby; when the seats are filled the host sends everyone the genesis body and addresses, and
once every seat has signed it, every signature (node.lobby). The game is peer to peer from then
on: every pair of seats has one link, which the higher seat dials (the host, seat 0, is
dialed by everybody: its lobby connections become its links), and the host's node is one peer
among the others.

Ordering guarantees the session relies on: each peer has one outbound queue drained by the
writer of its current link, so frames to a peer leave in the order the session produced them,
but for relays (another author's share forwarded): those may leave early, never after our next
frame to that peer (node.outbox); accepted entries are appended to the match file, and our own
frames (and catch-up entries, which may hold our own move) are queued only once those entries
are synced (node.play).

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

Watchers (node.watchers): a connection that opens with "watch" is served our log's items from
its own task and is never a seat; nothing of the game waits for it.

Each job is a part in a module of its own that says the invariants it keeps (lobby, links,
play, outbox, catchup, ping, watchdog, bot_driver, linger, alone, events). What they all read
(who we are, the seats, the session, how it ends) is the node's table (node.table), which each
part is given with the few other parts it calls, not the whole node. The Node composes them:
it starts a game (host, join, resume), accepts connections (_serve, _on_connection) and routes
what a link reads (_read); the session's output is handled by its play (node.play: entries
written, sends queued behind their sync, then events).
"""
from __future__ import annotations

import json
import logging
import math
import secrets
from pathlib import Path
from typing import Any, Callable

import trio

import engine
from engine.bots import bot_info
from engine.core import IllegalMove
from protocol import genesis as gen
from protocol import matchfile
from protocol.codec import decode
from protocol.identity import Identity, check_code
from protocol.messages import parse_signed_genesis
from protocol.randomness import HashChain, chain_secret
from protocol.events import GameOver, Output
from protocol.session import Session

from . import wire
from .admission import Admission
from .alone import tell_if_alone
from .bot_driver import BotSeat, drive_bot
from .linger import Linger
from .links import CONTEXT, Links
from .lobby import Lobby, LobbyRefused, shared_addr
from .ping import Pinger
from .players_book import Book
from .private_table import Door, knock
from .play import Play
from .stopped import MatchStopped, resume_session
from .store import MatchStore
from .table import OnTable, Outcome, Seat, Table
from .transport import TcpTransport, require_code
from .watchers import WATCHERS, Watchers, delay_problem

log = logging.getLogger("lanboard.node")

__all__ = ["Node", "Outcome", "Seat", "LobbyRefused", "MatchStopped", "shared_addr",
           "unfinished_matches", "CONTEXT"]


class Node:
    """One player's node: how it listens (given), its table (what every part reads), its parts.
    `node.seats`, `node.session` and the like are its table's (see node.table)."""

    identity = OnTable()
    name = OnTable()
    seats = OnTable()
    my_seat = OnTable()
    session = OnTable()
    session_ready = OnTable()
    finished = OnTable()
    outcome = OnTable()
    events = OnTable()
    told = OnTable()

    def __init__(self, identity: Identity, name: str, home: Path, *, bot: str | None = None,
                 listen_host: str = "0.0.0.0", port: int = 0,
                 on_event: Callable[[str, dict], None] | None = None,
                 transport: Any = None, watchers: int = WATCHERS, watch_delay: int = 0) -> None:
        self.table = table = Table(identity, name, on_event)
        table.bot = bot_info(bot) if bot else None
        self.listen_host = listen_host
        self.port = port
        # how peers are reached: TCP, unless a test passes another (e.g. memory streams)
        self.transport = transport or TcpTransport()
        self.admission = Admission()   # which strangers' connections are kept
        self.links = links = Links(table, self.transport, self._read)
        self.lobby = Lobby(table, self.transport.peer_host)
        # the players this node has played with (node.players_book): marks in the lobby
        self.book = Book(Path(home))
        if self.book.damaged:
            log.warning("%s", self.book.damaged)
        self.lobby.marked = self.marked
        self.play = play = Play(table, links, Path(home),
                                {"name": name, "bot": bot, "listen": listen_host})
        self.pinger = Pinger(table, links)
        # those who only watch, served from our log (`watchers` at most; 0: none), in a
        # delayed game `watch_delay` turns behind (the host's; a joiner learns it in the lobby)
        self.watchers = Watchers(table, lambda: play.outbox.store, watchers)
        self._delayed(watch_delay)
        self.linger = Linger(table, play.catchup, play.outbox, links, self.watchers)
        self.door: Door | None = None   # a private table's (node.private_table)

    # ------------------------------------------------------------------ what others read
    @property
    def home(self) -> Path:
        return self.play.home

    @property
    def bot_kind(self) -> str | None:
        return self.play.bot_kind

    @property
    def store(self) -> MatchStore | None:
        return self.play.outbox.store

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

    def refuse(self, code: str, reason: str = "") -> None:
        """The host refuses a seated joiner before the start (see Lobby.refuse)."""
        self.lobby.refuse(code, reason)

    async def ping(self, timeout: float = 2.0) -> dict[int, float | None]:
        """Round trip to every other seat, in seconds (see node.ping)."""
        return await self.pinger.ping(timeout)

    def entry_count(self) -> int:
        return self.table.entry_count()

    # ------------------------------------------------------------------ hosting
    async def host(self, game: str, variants: tuple[str, ...], seats: int, *,
                   task_status=trio.TASK_STATUS_IGNORED, announce: Callable | None = None,
                   nonce: bytes | None = None, timeouts: dict | None = None,
                   table_code: str | None = None) -> Outcome:
        """With `table_code` the table is private: a joiner must prove it (node.private_table).
        Host a lobby and play its game. `timeouts` ({"decision": s, "round": s}, default
        protocol.genesis.DEFAULT_TIMEOUTS) go into the genesis: how long every node waits for
        a seat before claiming it timed out."""
        g = engine.get_game(game)
        problem = g.check_setup(seats, variants)
        if problem:
            raise ValueError(problem)
        nonce = nonce or secrets.token_bytes(16)
        chain = HashChain(chain_secret(self.identity.seed(), nonce), gen.DEFAULT_CHAIN)
        self.lobby.open(game, variants, seats, nonce, chain, self.watchers.delay)
        if table_code is not None:
            self._private(table_code)
        async with trio.open_nursery() as nursery:
            self.port = self.seats[0].port = await nursery.start(self._serve)
            task_status.started(self.port)
            roster = self.lobby.roster_json()
            self.events.emit("lobby", {**roster, "players": self.marked(roster["players"])})
            if announce is not None:
                nursery.start_soon(announce, self)
            body, sigs = await self.lobby.signed_genesis(
                lambda seats: gen.make_body(
                    game, [{"key": s.key, "name": s.name, "commit": s.commit} for s in seats],
                    variants=tuple(variants), nonce=nonce, chain=gen.DEFAULT_CHAIN,
                    timeouts=timeouts),
                self.identity.sign)
            self._begin(body, chain)
            self._remember(body)
            self.lobby.go(sigs)   # each joiner's lobby connection becomes its link
            self._play(nursery, self.session.start_signed(sigs, 0))
            await self.finished.wait()
            await self.linger.run()
            nursery.cancel_scope.cancel()
        return self.outcome

    # ------------------------------------------------------------------ joining
    async def join(self, host: str, port: int, *, code: str | None = None,
                   table_code: str | None = None, task_status=trio.TASK_STATUS_IGNORED
                   ) -> Outcome:
        """Join the lobby at host:port; with `code`, only if its node proves the key of that
        check code in the handshake (WrongKey otherwise, before anything is sent); with
        `table_code`, proven first to a private table (WrongCode, LobbyRefused)."""
        async with trio.open_nursery() as nursery:
            self.port = await nursery.start(self._serve)
            conn = await self.transport.connect(host, port, self.identity, CONTEXT)
            try:
                if code is not None:
                    require_code(conn, code)
                if table_code is not None:
                    self._private(table_code)
                    await knock(conn, table_code)
                body, addrs, chain, sigs = await self.lobby.enter(
                    conn, self.port, lambda: task_status.started(self.port))
            except BaseException:
                # closed at once, so the host frees or keeps our place now, not at a timeout
                await trio.aclose_forcefully(conn.stream)
                raise
            self._delayed(self.lobby.delay)   # the host's, so that every node holds back alike
            self.my_seat = [p["key"] for p in body["players"]].index(self.identity.public)
            # each seat's bot as the host's last roster said it (our own as we know it)
            bots = {p["code"]: p.get("bot") for p in self.lobby.roster}
            self.seats = [Seat(p["name"], p["key"], p["commit"],
                               bot=bots.get(check_code(p["key"]))) for p in body["players"]]
            self.seats[self.my_seat].bot = self.table.bot
            for seat, (addr, p) in enumerate(addrs):
                self.seats[seat].addr, self.seats[seat].port = (addr or host), (p or port)
            self.seats[self.my_seat].port = self.port
            self._begin(body, chain)
            self._remember(body)
            nursery.start_soon(self.links.keep_dialing, 0, conn)  # the lobby link, then re-dials
            for seat in range(1, self.my_seat):
                nursery.start_soon(self.links.keep_dialing, seat)
            self._play(nursery, self.session.start_signed(sigs, 0))
            await self.finished.wait()
            await self.linger.run()
            nursery.cancel_scope.cancel()
        return self.outcome

    # ------------------------------------------------------------------ resuming
    async def resume(self, match_file: Path, *, task_status=trio.TASK_STATUS_IGNORED) -> Outcome:
        """Continue a match after a crash, from its match file and the note beside it;
        MatchStopped (before anything is started) for a match that must not go on."""
        store = MatchStore.open(self.home, Path(match_file))
        if store.torn is not None:   # a torn last entry, cut back; the peers resend it
            self._say_torn(store)
        meta = store.meta
        items = [raw for _, raw, _ in matchfile.read_items(store.path.read_bytes())]
        body = parse_signed_genesis(decode(items[0]))["body"]
        self.my_seat = meta["seat"]
        self.seats = [Seat(p["name"], bytes.fromhex(p["key"]), b"", p["addr"], p["port"],
                           bot=p.get("bot")) for p in meta["players"]]
        self.port = self.seats[self.my_seat].port
        chain = HashChain(chain_secret(self.identity.seed(), body["nonce"]), body["chain"])
        outbox = self.play.outbox
        outbox.unlogged = store.load_unlogged()
        # MatchStopped: a proven cheat ended it, or its log breaks a rule (node.stopped)
        session, out = resume_session(store.path, items, self.identity, chain, outbox.unlogged,
                                      self.my_seat)
        self.told.start(session.seq)   # what the file replayed is not told entry by entry
        outbox.store = store
        self.outcome.match_id = session.match_id
        self.outcome.match_file = store.path
        if meta.get("table_code"):   # a private table's node stays private when resumed
            self._private(meta["table_code"])
        self._delayed(meta.get("watch_delay", 0))   # and a delayed game's stays delayed
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
                self.play.react(GameOver(session.result()))
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

    def _private(self, table_code: str) -> None:
        """The table is private: a joiner or a watcher proves `table_code` at this node's door
        (node.private_table); kept in the match's note, so a resumed node stays private."""
        self.door = Door(table_code, self.events.emit)
        self.watchers.private()
        self.play.note["table_code"] = table_code

    def _delayed(self, turns: int) -> None:
        """Watchers see an entry only `turns` turns after it was made (node.watchers); kept in
        the match's note, so a resumed node holds back as before."""
        problem = delay_problem(turns)
        if problem:
            raise ValueError(problem)
        self.watchers.delay = turns
        if turns:
            self.play.note["watch_delay"] = turns
        else:
            self.play.note.pop("watch_delay", None)

    async def _on_connection(self, conn) -> None:
        first = wire.unpack(await conn.receive())
        proven = False
        if self.door is not None and first[0] == wire.NODE and first[1]["t"] != "mesh":
            # a private table: "join" and "watch" only behind a proven code ("mesh" is a seat's
            # link, proven by its key against the genesis below)
            first = await self.door.let_in(conn, self.transport.peer_host(conn), first)
            if first is None:
                return
            proven = True
        ch, msg = first
        if ch != wire.NODE:
            raise wire.BadMessage("a connection must open with a node message")
        if msg["t"] == "join":
            seat = await self.lobby.admit(conn, msg)
            if seat is not None:
                await self.links.link(seat, conn, announce=False)
        elif msg["t"] == "watch":
            # never a seat: it only reads the log
            await self.watchers.serve(conn, msg, proven=proven)
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
        table, play, catchup = self.table, self.play, self.play.catchup
        while True:
            ch, payload = wire.unpack(await conn.receive())
            if ch == wire.SESSION:
                if not table.session_ready.is_set():   # (waiting on a set Event still yields)
                    await table.session_ready.wait()
                if catchup.behind is not None:
                    catchup.held.append((seat, payload))
                else:
                    play.handle(table.session.receive(payload, seat))
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
    def marked(self, players: list[dict], proven: tuple[bytes, ...] = ()) -> list[dict]:
        """`players` (name, code) each with what the book of players says of it ("known"):
        by whole key where this node holds it (its seats, a lobby host's proven key), else by
        check code."""
        keys = {check_code(k): k for k in (self.identity.public,
                                           *[s.key for s in self.seats if s.key], *proven)}
        return [dict(p, known=self.book.mark(p["name"], p["code"], keys.get(p["code"]),
                                             self.identity.public)) for p in players]

    def _remember(self, body: dict) -> None:
        """Every seat of a genesis signed by all goes into the book of players; a book that
        cannot be written is said, not fatal to the game."""
        try:
            self.book.played(gen.body_hash(body), [(p["key"], p["name"]) for p in body["players"]],
                             self.identity.public)
        except OSError as e:
            log.warning("could not write the book of players %s: %s", self.book.path, e)
        if self.book.damaged:
            log.warning("%s", self.book.damaged)

    def _begin(self, body: dict, chain: HashChain, session: Session | None = None) -> None:
        self.session = session or Session(body, self.identity, chain)
        for seat in range(len(self.seats)):
            if seat != self.my_seat:
                self.links.queue(seat)
        self.outcome.seat = self.my_seat
        self.outcome.players = [s.name for s in self.seats]
        self.session_ready.set()

    def _play(self, nursery: trio.Nursery, first: Output) -> None:
        play = self.play
        send, receive = trio.open_memory_channel(math.inf)
        play.bot_todo = send
        nursery.start_soon(drive_bot, BotSeat(
            play.bot_kind, self.identity.check_code, lambda: self.session, self._own,
            self.finished, play.watchdog), receive)
        nursery.start_soon(play.watchdog.run)
        if play.bot_kind is None:   # a bot decides at once: nobody to warn
            nursery.start_soon(play.watchdog.warn)
        nursery.start_soon(tell_if_alone, self.table)
        nursery.start_soon(play.outbox.persist_then_send)
        nursery.start_soon(play.outbox.release_relays_when_due)
        play.handle(first)

    def _own(self, out: Output) -> None:
        """Our own move, claim or choice, kept before it is sent (see Play.own); the bot
        driver's way in."""
        self.play.own(out)

    def submit_move(self, move: Any) -> None:
        """A human's move from the control API; IllegalMove says why it was refused."""
        if self.session is None:
            raise IllegalMove("the game has not started yet")
        self._own(self.session.move(engine.as_move(move)))

    def submit_reclaim(self) -> None:
        """A person asks for their seat back from the bot that plays it (control API);
        ValueError says why it was refused. The seat comes back at the next move slot whose
        decider consents (see Session.reclaim)."""
        if self.session is None:
            raise ValueError("the game has not started yet")
        self._own(self.session.reclaim())

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
