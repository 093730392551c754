"""The lobby: seating players before the genesis, from the host's side and from a joiner's.

Invariants kept here:
- The host seats a joiner only while the lobby is open (not full, not started) and only one
  seat per key; a seat is taken after the joiner's commitment arrives, checked again then (the
  last seat may have gone meanwhile). Seats are numbered in the order they were taken; the host
  is seat 0.
- Every seating is told to every joiner seated so far (a "roster" on its queue, which the lobby
  link carries) and to the host's observers ("lobby" event).
- The host may start early only with at least the game's minimum seated and variants that
  allow that many (`start_problem` is the one rule for status and start alike).
- A joiner learns the game from the welcome (a string only) and refuses a genesis that does not
  seat the host (the key it reached) and itself.
- A joiner may ask to be named after the seat it gets: SEAT_NUMBER in its name becomes that
  seat's number ("Bot {seat}" in seat 3 is "Bot 3"), so bots that race for seats still read
  "3 Bot 3" everywhere; the joiner takes the name the genesis gives it.
"""
from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Any, Callable

import trio

import engine
from engine.core import IllegalMove
from protocol import genesis as gen
from protocol.identity import check_code
from protocol.randomness import HashChain, chain_secret

from . import wire
from .links import Links, Seat

if TYPE_CHECKING:
    from .table import Table


SEAT_NUMBER = "{seat}"
NAME_MAX = 40


def seat_name(asked: str, seat: int) -> str:
    """The name seat `seat` gets for the name its joiner asked for (see SEAT_NUMBER)."""
    return asked.replace(SEAT_NUMBER, str(seat + 1))[:NAME_MAX]


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


class Lobby:
    def __init__(self, table: "Table", links: Links, peer_host: Callable[[Any], str]) -> None:
        self.table = table
        self.links = links
        self.peer_host = peer_host   # the address a joiner's connection comes from
        self.full = trio.Event()
        self.settings: dict[str, Any] = {}      # the host's: game, variants, seats, nonce, chain
        self.roster: list[dict] = []            # a joiner's view of the lobby, from the host
        self.game: str | None = None            # the game's id, as hosted or welcomed

    # ------------------------------------------------------------------ the host's side
    def open(self, game: str, variants: tuple[str, ...], seats: int, nonce: bytes,
             chain: HashChain) -> None:
        table = self.table
        self.game = game
        self.settings = {"game": game, "variants": sorted(set(variants)), "seats": seats,
                         "nonce": nonce, "chain": gen.DEFAULT_CHAIN}
        table.seats = [Seat(table.name, table.identity.public, chain.commitment)]
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

    def roster_json(self) -> dict:
        seats = self.table.seats
        return {"players": [{"name": s.name, "code": check_code(s.key)} for s in seats],
                "seats": self.settings.get("seats", len(seats))}

    async def admit(self, conn, msg: dict) -> int | None:
        """A joiner's request on a new connection: its seat, or None when refused (it was
        told why)."""
        table, links = self.table, self.links
        lobby = self.settings
        if not lobby or self.full.is_set() or len(table.seats) >= lobby["seats"]:
            await conn.send(wire.pack("refused", reason="this lobby is full or already playing"))
            return None
        if any(s.key == conn.peer_key for s in table.seats):
            await conn.send(wire.pack("refused", reason="this key already has a seat"))
            return None
        await conn.send(wire.pack("welcome", game=lobby["game"], variants=lobby["variants"],
                                  seats=lobby["seats"], nonce=lobby["nonce"],
                                  chain=lobby["chain"]))
        ch, reply = wire.unpack(await conn.receive())
        if ch != wire.NODE or reply["t"] != "commit" or len(reply["commit"]) != 32:
            raise wire.BadMessage("expected a commit after welcome")
        if self.full.is_set() or len(table.seats) >= lobby["seats"]:
            await conn.send(wire.pack("refused", reason="the last seat was just taken"))
            return None
        addr = self.peer_host(conn)
        seat = len(table.seats)
        table.seats.append(Seat(seat_name(msg["name"], seat), conn.peer_key, reply["commit"],
                                addr, msg["port"]))
        links.queue(seat)
        roster = self.roster_json()
        for s in range(1, len(table.seats)):
            links.send(s, wire.pack("roster", **roster))
        table.events.emit("lobby", roster)
        if len(table.seats) == lobby["seats"]:
            self.full.set()
        return seat

    # ------------------------------------------------------------------ a joiner's side
    async def enter(self, conn, port: int,
                    started: Callable[[], None]) -> tuple[dict, list, HashChain]:
        """Ask the host at `conn` for a seat (we listen on `port`) and wait in its lobby for
        the start: the genesis body, every seat's address and our hash chain. `started` is
        called once we are in."""
        table = self.table
        await conn.send(wire.pack("join", name=table.name, port=port))
        ch, msg = wire.unpack(await conn.receive())
        if ch == wire.NODE and msg["t"] == "refused":
            raise LobbyRefused(msg["reason"])
        if ch != wire.NODE or msg["t"] != "welcome":
            raise wire.BadMessage("expected welcome")
        chain = HashChain(chain_secret(table.identity.seed(), msg["nonce"]), msg["chain"])
        # the UI picks its screens by it while still in the lobby (the genesis decides)
        self.game = msg.get("game") if isinstance(msg.get("game"), str) else None
        await conn.send(wire.pack("commit", commit=chain.commitment))
        started()
        while True:
            ch, msg = wire.unpack(await conn.receive())
            if ch != wire.NODE:
                raise wire.BadMessage("game traffic before the genesis")
            if msg["t"] == "roster":
                self.roster = list(msg["players"])
                table.events.emit("lobby", {"players": msg["players"], "seats": msg["seats"]})
            elif msg["t"] == "refused":
                raise LobbyRefused(msg["reason"])
            elif msg["t"] == "start":
                break
        body, addrs = msg["body"], msg["addrs"]
        keys = [p["key"] for p in body["players"]]
        if keys[0] != conn.peer_key or table.identity.public not in keys:
            raise wire.BadMessage("the genesis does not seat the host and us")
        # the name the host gave our seat (SEAT_NUMBER filled in) is the one every node shows
        table.name = body["players"][keys.index(table.identity.public)]["name"]
        return body, addrs, chain
