"""The lobby: seating players before the genesis, from the host's side and from a joiner's.

Invariants kept here:
- The host seats a joiner only while the lobby is open (not full, not started) and only one
  seat per key; a seat is taken after the joiner's commitment arrives, checked again then (the
  last seat may have gone meanwhile). Seats are numbered in the order they were taken; the host
  is seat 0.
- A seat is its key's, not its connection's, until the game begins: a newer proven connection
  of the same key (a crashed player's command run again, or a second copy) takes the seat back,
  and the older connection is told so and closed. A seat whose connection is lost waits
  LOBBY_GRACE for its player, then is freed.
- Every seating is told to every joiner seated so far ("roster", on each one's lobby
  connection) and to the host's observers ("lobby" event); every seat freed too ("dropped",
  naming the player and why, then a roster).
- When the seats are filled (or the host starts early) the host sends the genesis body ("start")
  and every joiner sends back its signature ("gsig"). Nobody starts a session before every
  signature is in: the host then sends them all ("go") and each lobby connection becomes that
  seat's link. A seat not signed within `genesis_deadline` is freed, the genesis given up and
  the lobby open again as before (every seat, and `start`): nothing waits forever on a seat
  that will not sign, and nobody holds half a match.
- The host may start early only with at least the game's minimum seated and variants that
  allow that many (`start_problem` is the one rule for status and start alike).
- A joiner learns the game from the welcome (a string only) and signs only a genesis that is
  playable, seats the host (the key it reached) and itself, and holds its commitment; it starts
  only with every seat's valid signature.
- Every field a peer sends here is checked by node.lobby_checks as it arrives, before it is kept,
  relayed or dialed: a joiner's bad name or port is refused (told to it, logged naming it), a
  host's bad field ends our join (BadMessage naming the host).
- A joiner may ask to be named after the seat it gets: SEAT_NUMBER in its name becomes that
  seat's number ("Bot {seat}" in seat 3 is "Bot 3"), kept right as seats are freed and taken,
  so bots that race for seats still read "3 Bot 3" everywhere; the joiner takes the name the
  genesis gives it.
"""
from __future__ import annotations

import contextlib
import dataclasses
import ipaddress
import logging
import math
from typing import TYPE_CHECKING, Any, Callable

import trio

import engine
from engine.bots import bot_info, bot_spec
from engine.core import IllegalMove
from protocol import genesis as gen
from protocol.identity import check_code
from protocol.peertext import MAX_NAME
from protocol.randomness import HashChain, chain_secret

from . import lobby_checks as checks
from . import wire
from .admission import seated
from .framing import TransportError
from .table import Seat

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("lanboard.node.lobby")

# How long a seated joiner whose connection was lost keeps its place for its player to come
# back (a rerun of the same command after a crash takes a few seconds); then it is freed, so a
# lobby never waits for a ghost.
LOBBY_GRACE = 10.0
FAREWELL = 2.0   # seconds a closed place's connection has to take its last frame


def genesis_deadline(body: dict) -> int:
    """How long every seat has to sign the genesis, from when it is sent: the match's round
    timeout (--round-timeout, 60 s by default). Signing is a node's automatic step, like its
    part of a round, and that timeout is what the players agreed such a step may take."""
    return body["timeouts"]["round"]


SEAT_NUMBER = "{seat}"


def seat_name(asked: str, seat: int) -> str:
    """The name seat `seat` gets for the name its joiner asked for (see SEAT_NUMBER)."""
    return asked.replace(SEAT_NUMBER, str(seat + 1))[:MAX_NAME]


class LobbyRefused(Exception):
    pass


class _Place:
    """A joiner's place in the host's lobby: its seat, kept across its player's connections."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.asked = seat.name   # the name its player asked for (SEAT_NUMBER not filled in)
        self.out: trio.MemorySendChannel | None = None   # frames for its current connection
        self.scope: trio.CancelScope | None = None       # ends its current connection
        self.gone_at: float | None = None   # when its connection was lost (None: it has one)
        self.sig: bytes | None = None       # its signature of the genesis being signed
        self.go: bytes | None = None        # the last lobby frame: its connection is a link now

    def connected(self, out: trio.MemorySendChannel, scope: trio.CancelScope) -> None:
        self.out, self.scope, self.gone_at = out, scope, None

    def tell(self, frame: bytes) -> None:
        if self.out is not None:
            self.out.send_nowait(frame)

    def replace(self, seat: Seat) -> None:
        """A newer connection of this key takes the place: the current one is told, closed."""
        self.seat = seat
        self.close(wire.pack("refused", reason="a newer connection with your key took your "
                                               "seat"))

    def close(self, farewell: bytes) -> None:
        if self.out is not None:
            self.out.send_nowait(farewell)
            self.out.close()
            self.scope.deadline = min(self.scope.deadline, trio.current_time() + FAREWELL)
        self.out = self.scope = None

    def lost(self) -> None:
        self.out = self.scope = None
        self.gone_at = trio.current_time()


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


class Lobby:
    def __init__(self, table: "Table", peer_host: Callable[[Any], str]) -> None:
        self.table = table
        self.peer_host = peer_host   # the address a joiner's connection comes from
        self.full = trio.Event()
        self.settings: dict[str, Any] = {}      # the host's: game, variants, seats, nonce, chain
        self.roster: list[dict] = []            # a joiner's view of the lobby, from the host
        self.game: str | None = None            # the game's id, as hosted or welcomed
        self.delay = 0                          # turns watchers are held back, as welcomed
        # marks players by the node's book of players (Node.marked); unmarked when alone
        self.marked: Callable[..., list[dict]] = lambda players, proven=(): players
        # the host's: the joiners' places in seat order, the genesis being signed (None while
        # seats are taken) and when its signatures are due, the seats asked for, and whether
        # every seat signed (the game is on: the lobby is closed)
        self.places: list[_Place] = []
        self.body: dict | None = None
        self.deadline = math.inf
        self.capacity = 0
        self.playing = False
        self._changed = trio.Event()   # a place or signature changed: signed_genesis looks

    # ------------------------------------------------------------------ the host's side
    def open(self, game: str, variants: tuple[str, ...], seats: int, nonce: bytes,
             chain: HashChain, delay: int = 0) -> None:
        """`delay`: the turns watchers are held back by (node.watchers), told to each joiner
        so that every node of the table holds back alike."""
        table = self.table
        self.game = game
        self.settings = {"game": game, "variants": sorted(set(variants)), "seats": seats,
                         "nonce": nonce, "chain": gen.DEFAULT_CHAIN, "delay": delay}
        self.capacity = seats
        table.seats = [Seat(table.name, table.identity.public, chain.commitment, bot=table.bot)]
        table.my_seat = 0

    def start_problem(self) -> str | None:
        """Why the host could not start now with the players seated so far, or None."""
        table = self.table
        if table.my_seat != 0 or not self.settings:
            return "only the host can start the game"
        if self.full.is_set():
            return "the game has already started"
        game = engine.get_game(self.settings["game"])
        n = len(table.seats)
        if n < game.min_players:
            return f"{game.title} needs at least {game.min_players} players; {n} seated so far"
        problem = game.check_variants(n, tuple(self.settings["variants"]))
        return f"cannot start with {n} players: {problem}" if problem else None

    def start_now(self) -> None:
        """The host starts the game with the players seated so far, before every seat is taken
        (at least the game's minimum; the variants must allow that many)."""
        problem = self.start_problem()
        if problem:
            raise IllegalMove(problem)
        self.settings["seats"] = len(self.table.seats)
        self.full.set()
        self._changed.set()

    def refuse(self, code: str, reason: str = "") -> None:
        """The host refuses the seated player whose key has check code `code`, before the game
        begins: its seat is freed and it is told why (as any dropped seat); IllegalMove if
        there is no such joiner or the game has begun."""
        if self.table.my_seat != 0 or not self.settings:
            raise IllegalMove("only the host can refuse a player")
        if self.playing:
            raise IllegalMove("the game has begun: a seat can no longer be refused")
        place = next((p for p in self.places if check_code(p.seat.key) == code), None)
        if place is None:
            raise IllegalMove(f"no joiner with check code {code!r} is seated")
        why = "were refused by the host" + (f": {reason[:200]}" if reason else "")
        self._drop(place, why)

    def roster_json(self) -> dict:
        seats = self.table.seats
        return {"players": [{"name": s.name, "code": check_code(s.key),
                             **({"bot": s.bot} if s.bot else {})} for s in seats],
                "seats": self.settings.get("seats", len(seats))}

    async def admit(self, conn, msg: dict) -> int | None:
        """A joiner's request on a new connection: its seat once the genesis is signed by all
        (the connection is then that seat's link), or None when it was refused (and told why),
        replaced by a newer connection of its key, dropped, or lost."""
        lobby, key = self.settings, conn.peer_key
        if self.playing and self._place(key) is not None:
            return await self._refuse(conn, "your seat's game began without this node (it "
                                            "signed, then was gone); it goes on without you")
        if not lobby or self.playing:
            return await self._refuse(conn, "this lobby is full or already playing")
        if self._place(key) is None and self._full():
            return await self._refuse(conn, "this lobby is full or already playing")
        problem = checks.join_problem(msg)
        if problem:
            log.warning("refusing a join from %s: %s", checks.sender(conn), problem)
            return await self._refuse(conn, problem)
        await conn.send(wire.pack("welcome", game=lobby["game"], variants=lobby["variants"],
                                  seats=lobby["seats"], nonce=lobby["nonce"],
                                  chain=lobby["chain"], delay=lobby["delay"]))
        ch, reply = wire.unpack(await conn.receive())
        if ch != wire.NODE or reply["t"] != "commit" or len(reply["commit"]) != 32:
            raise wire.BadMessage("expected a commit after welcome")
        place = self._place(key)   # looked up again: the lobby may have changed meanwhile
        if self.playing or (place is None and self._full()):
            return await self._refuse(conn, "the last seat was just taken")
        if place is not None and self.body is not None and reply["commit"] != place.seat.commit:
            return await self._refuse(conn, "a randomness commitment other than the one in "
                                            "the genesis being signed")
        seat = Seat(msg["name"], key, reply["commit"], self.peer_host(conn), msg["port"],
                    bot=bot_info(msg["bot"]) if "bot" in msg else None)
        if place is None:
            place = _Place(seat)
            self.places.append(place)
        else:   # this key's player is back (a rerun, or a second copy): the newest wins
            place.replace(seat if self.body is None else
                          dataclasses.replace(place.seat, addr=seat.addr, port=seat.port))
        if self.body is None:
            place.asked = msg["name"]
        self._reseat()
        if len(self.table.seats) == lobby["seats"]:
            self.full.set()
        return await self._serve(place, conn)

    async def _refuse(self, conn, reason: str) -> None:
        await conn.send(wire.pack("refused", reason=reason))

    async def _serve(self, place: "_Place", conn) -> int | None:
        """Carry `place`'s lobby traffic on `conn` until the game begins (its seat), or the
        connection ends: lost (the place waits LOBBY_GRACE for its player), replaced by a
        newer one of its key, or closed by the host (the place was dropped)."""
        seated(conn)   # a seated player's connection, not a stranger's: no admission grace
        out, frames = trio.open_memory_channel(math.inf)
        went = False

        async def write(nursery: trio.Nursery) -> None:
            nonlocal went
            with contextlib.suppress(TransportError):
                async for frame in frames:
                    await conn.send(frame)
                    went = frame == place.go
                    if went:
                        break
            nursery.cancel_scope.cancel()

        async def read(nursery: trio.Nursery) -> None:
            try:
                while True:
                    self._on_lobby_message(place, *wire.unpack(await conn.receive()))
            except wire.BadMessage as e:
                if place.scope is scope:
                    self._drop(place, f"sent what a joiner may not: {e}")
            except TransportError:
                pass
            nursery.cancel_scope.cancel()

        with trio.CancelScope() as scope:
            place.connected(out, scope)
            self._tell_roster()
            if self.body is not None:   # signing: a replaced connection's player signs again
                self._tell(self._start_frame())
            self._changed.set()
            async with trio.open_nursery() as nursery:
                nursery.start_soon(write, nursery)
                nursery.start_soon(read, nursery)
        if went:
            return self.places.index(place) + 1
        if place.scope is scope and place in self.places:   # lost, not replaced or dropped
            place.lost()
            self._changed.set()
        return None

    def _on_lobby_message(self, place: "_Place", ch: int, msg: Any) -> None:
        if ch != wire.NODE or msg["t"] != "gsig":
            raise wire.BadMessage("a joiner sends nothing in the lobby but its genesis signature")
        body = self.body
        if body is None or msg["genesis"] != gen.body_hash(body):
            return   # a signature of a genesis given up since: the next start asks again
        if not gen.check_signature(body, self.places.index(place) + 1, msg["sig"]):
            raise wire.BadMessage("a genesis signature that does not verify")
        place.sig = msg["sig"]
        self._changed.set()

    async def signed_genesis(self, make_body: Callable[[list[Seat]], dict],
                             sign: Callable[[bytes], bytes]) -> tuple[dict, list[bytes]]:
        """Wait for the lobby to fill (or the host to start it), then for every seat's genesis
        signature: the genesis body and every signature (ours first). A seat that has not
        signed within `genesis_deadline`, or whose player lost its connection and did not come
        back within LOBBY_GRACE, is dropped and the lobby is open again as before (every seat,
        and `start`)."""
        while True:
            now = trio.current_time()
            for place in [p for p in self.places if p.gone_at is not None]:
                if now >= place.gone_at + LOBBY_GRACE:
                    self._drop(place, "lost its connection and did not come back within "
                                      f"{LOBBY_GRACE:g} s")
            if self.body is None and self.full.is_set():
                self.body = make_body(self.table.seats)
                self.deadline = now + genesis_deadline(self.body)
                self._tell(self._start_frame())
            if self.body is not None:
                late = [p for p in self.places if p.sig is None]
                if not late:
                    break
                if now >= self.deadline:
                    for place in late:
                        self._drop(place, "did not sign the genesis within "
                                          f"{genesis_deadline(self.body):g} s")
                    continue
            wakes = [p.gone_at + LOBBY_GRACE for p in self.places if p.gone_at is not None]
            if self.body is not None:
                wakes.append(self.deadline)
            with trio.move_on_at(min(wakes, default=math.inf)):
                await self._changed.wait()
            self._changed = trio.Event()
        self.playing = True
        body = self.body
        return body, [gen.sign_body(body, sign)] + [p.sig for p in self.places]

    def go(self, sigs: list[bytes]) -> None:
        """Every seat signed: tell each joiner, whose lobby connection becomes its link."""
        frame = wire.pack("go", sigs=sigs)
        for place in self.places:
            place.go = frame
            place.tell(frame)

    def _drop(self, place: "_Place", why: str) -> None:
        """Free `place`'s seat and tell everyone; a genesis being signed is given up (it seats
        that player) and the lobby is open again."""
        table = self.table
        self.places.remove(place)
        place.close(wire.pack("refused", reason=f"you were dropped from the lobby: you {why}"))
        if self.body is not None:
            self.body = None
            for p in self.places:
                p.sig = None
            self.settings["seats"] = self.capacity
            self.full = trio.Event()
        self._reseat()
        name, code = place.seat.name, check_code(place.seat.key)
        log.warning("%s (%s) dropped from the lobby: %s", name, code, why)
        self._tell(wire.pack("dropped", name=name, code=code, reason=why))
        table.events.emit("dropped", {"name": name, "code": code, "reason": why})
        self._tell_roster()
        self._changed.set()

    def _place(self, key: bytes) -> "_Place | None":
        return next((p for p in self.places if p.seat.key == key), None)

    def _full(self) -> bool:
        return self.full.is_set() or len(self.table.seats) >= self.settings["seats"]

    def _reseat(self) -> None:
        for seat, p in enumerate(self.places, start=1):
            p.seat = dataclasses.replace(p.seat, name=seat_name(p.asked, seat))
        self.table.seats[1:] = [p.seat for p in self.places]

    def _tell(self, frame: bytes) -> None:
        for place in self.places:
            place.tell(frame)

    def _tell_roster(self) -> None:
        roster = self.roster_json()
        self._tell(wire.pack("roster", **roster))
        # marked by this node's book of players (its own judgement, never sent)
        self.table.events.emit("lobby", {**roster, "players": self.marked(roster["players"])})

    def _addrs(self) -> list:
        return [["", 0]] + [[shared_addr(s.addr), s.port] for s in self.table.seats[1:]]

    def _start_frame(self) -> bytes:
        return wire.pack("start", body=self.body, addrs=self._addrs())

    # ------------------------------------------------------------------ a joiner's side
    async def enter(self, conn, port: int, started: Callable[[], None]
                    ) -> tuple[dict, list, HashChain, list[bytes]]:
        """Ask the host at `conn` for a seat (we listen on `port`) and wait in its lobby for
        the start: the genesis body, every seat's address, our hash chain and every seat's
        genesis signature. `started` is called once we are in. Each genesis the host sends is
        signed once checked (it may send another: a seat that did not sign was dropped)."""
        table = self.table
        said = {"bot": bot_spec(**table.bot)} if table.bot else {}   # (a bot tells what it is)
        await conn.send(wire.pack("join", name=table.name, port=port, **said))
        ch, msg = wire.unpack(await conn.receive())
        if ch == wire.NODE and msg["t"] == "refused":
            raise LobbyRefused(checks.check_refusal(msg))
        if ch != wire.NODE or msg["t"] != "welcome":
            raise wire.BadMessage("expected welcome")
        checks.check_welcome(msg, conn)
        chain = HashChain(chain_secret(table.identity.seed(), msg["nonce"]), msg["chain"])
        # the UI picks its screens by it while still in the lobby (the genesis decides)
        self.game = msg.get("game") if isinstance(msg.get("game"), str) else None
        self.delay = msg["delay"]   # checked (check_welcome): the host's, held to by us too
        await conn.send(wire.pack("commit", commit=chain.commitment))
        started()
        body = addrs = None
        while True:
            ch, msg = wire.unpack(await conn.receive())
            if ch != wire.NODE:
                raise wire.BadMessage("game traffic before the genesis")
            if msg["t"] == "roster":
                checks.check_roster(msg, conn)
                self.roster = list(msg["players"])
                table.events.emit("lobby", {"players": self.marked(msg["players"],
                                                                   (conn.peer_key,)),
                                            "seats": msg["seats"]})
            elif msg["t"] == "dropped":
                body = None
                table.events.emit("dropped", checks.check_dropped(msg, conn))
            elif msg["t"] == "refused":
                raise LobbyRefused(checks.check_refusal(msg))
            elif msg["t"] == "start":
                checks.check_start(msg, conn)
                body, addrs = msg["body"], msg["addrs"]
                self._check_genesis(body, conn.peer_key, chain)
                await conn.send(wire.pack("gsig", genesis=gen.body_hash(body),
                                          sig=gen.sign_body(body, table.identity.sign)))
            elif msg["t"] == "go":
                if body is None:
                    raise wire.BadMessage("go before a genesis")
                sigs = msg["sigs"]
                if len(sigs) != len(body["players"]) or not all(
                        type(sig) is bytes and gen.check_signature(body, seat, sig)
                        for seat, sig in enumerate(sigs)):
                    raise wire.BadMessage("the host's genesis signatures do not verify")
                return body, addrs, chain, sigs

    def _check_genesis(self, body: Any, host_key: bytes, chain: HashChain) -> None:
        """What we check before signing a genesis: a playable one that seats the host (the key
        we reached) and us, with our commitment."""
        try:
            gen.check_body(body)
        except gen.GenesisError as e:
            raise wire.BadMessage(f"the host's genesis: {e}") from None
        keys = [p["key"] for p in body["players"]]
        if keys[0] != host_key or self.table.identity.public not in keys:
            raise wire.BadMessage("the genesis does not seat the host and us")
        mine = body["players"][keys.index(self.table.identity.public)]
        if mine["commit"] != chain.commitment or body["chain"] != chain.length:
            raise wire.BadMessage("the genesis does not hold our randomness commitment")
        # the name the host gave our seat (SEAT_NUMBER filled in) is the one every node shows
        self.table.name = mine["name"]
