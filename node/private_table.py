"""A private table's door: a joiner proves the table code before it may ask for a seat.

Invariants kept here:
- On a private table the first frame of a new connection (a joiner's or a watcher's: every
  node of the table keeps a door, the host's in the lobby and each seat's once the game is on,
  a resumed node's from the match's note) must be the "code" (its
  SPAKE2 message, protocol.table_code, bound to this connection's handshake transcript); a
  "join" without it is refused in words ("this table is private ...").
- Each try counts against the lobby's bounded tries (node.code_tries) from its first frame
  until the joiner's proof checks; a paused lobby refuses at once, before any exchange.
- Only then does the connection go on to the lobby (node.lobby.admit) or to the watchers
  (node.watchers); each node counts its own tries, so a table of n seats allows n times
  code_tries' rate in all (a stranger may knock at every node); a wrong code is refused
  in words and the host is told who guessed ("3 wrong codes from 10.0.0.7"), logged and emitted
  as a "wrong code" event. Nothing of the code is ever sent or logged.
"""
from __future__ import annotations

import logging

import trio

from protocol.table_code import CodeProof, WrongCode

from . import wire
from .code_tries import CodeTries
from .lobby import LobbyRefused
from .lobby_checks import check_refusal
from .watchers import PRIVATE_WATCH

log = logging.getLogger("lanboard.node.private_table")

PRIVATE = ("this table is private: ask its host for the table code and join with "
           "--code CODE")
WRONG = "wrong table code (ask the host to read it out again)"


class Door:
    """The host's side: the code and the tries it allows."""

    def __init__(self, code: str, emit, tries: CodeTries | None = None) -> None:
        self.code, self.emit, self.tries = code, emit, tries or CodeTries()

    async def let_in(self, conn, address: str, first: tuple) -> tuple | None:
        """The frame after a proven code (the joiner's "join"), or None: refused and told."""
        ch, msg = first
        if ch != wire.NODE or msg["t"] != "code":
            await conn.send(wire.pack("refused", reason=PRIVATE_WATCH if ch == wire.NODE
                                      and msg["t"] == "watch" else PRIVATE))
            return None
        why = self.tries.begin(address, trio.current_time())
        if why is not None:
            await conn.send(wire.pack("refused", reason=why))
            return None
        proof = CodeProof(self.code, conn.transcript, initiator=False)
        try:
            mac = proof.confirm(msg["msg"])
            await conn.send(wire.pack("codeok", msg=proof.message(), mac=mac))
            ch, reply = wire.unpack(await conn.receive())
            if ch != wire.NODE or reply["t"] != "codemac":
                raise WrongCode("no proof of the code")
            proof.check(reply["mac"])
        except WrongCode:
            said = self.tries.said(address)
            log.warning("a wrong table code: %s", said)
            self.emit("wrong code", {"address": address, "said": said})
            await conn.send(wire.pack("refused", reason=WRONG))
            return None
        self.tries.proven(address)
        return wire.unpack(await conn.receive())


async def knock(conn, code: str) -> None:
    """The joiner's side: prove `code` to the host at `conn` (before our "join"). WrongCode
    when the host's proof does not match ours: our code is not this table's."""
    proof = CodeProof(code, conn.transcript, initiator=True)
    await conn.send(wire.pack("code", msg=proof.message()))
    ch, msg = wire.unpack(await conn.receive())
    if ch == wire.NODE and msg["t"] == "refused":
        raise LobbyRefused(check_refusal(msg))
    if ch != wire.NODE or msg["t"] != "codeok":
        raise wire.BadMessage("expected the host's code proof")
    mac = proof.confirm(msg["msg"])
    await conn.send(wire.pack("codemac", mac=mac))
    try:
        proof.check(msg["mac"])
    except WrongCode:
        raise WrongCode(WRONG) from None
