"""The lobby's edge: every field a peer sends before the genesis, checked once, where it arrives,
before anything of it is kept, relayed to other players, printed or dialed.

node.wire has already checked each message's shape (its fields and their types); here are the
values. The host checks a joiner's `join` (its name and the port it listens on: both are relayed
to every other joiner, who dials that port); a joiner checks what the host says (`welcome`,
`roster`, `refused`, `dropped`, `start`: the host is a peer like any other).

Invariants kept here:
- A name passes protocol.peertext's rule (the genesis rule 0 of FORMAT.md), so a lobby never
  seats a name that the genesis would refuse or that could write on a terminal.
- A port a peer gives for dialing is an integer 1..65535 (0 in `start` only: "as you reach the
  host"); an address is "" (the same) or an IP literal that can be dialed: no host name
  (nothing is resolved on a peer's say-so), no unspecified or multicast address.
- Counts and lists are within the protocol's limits (protocol.messages), so nothing a peer sends
  makes us build, keep or print more than a game can hold (a hash chain of 2^60 links, a roster
  of a million players).
- A refusal names what was wrong without quoting peer text raw (protocol.peertext.shown), and
  the log line names the sender: its key's check code and its address (`sender`).
"""
from __future__ import annotations

import ipaddress
import re
from typing import Any

from engine.bots import bot_info, bot_info_problem
from protocol.identity import check_code, is_check_code
from protocol.messages import MAX_CHAIN, MAX_PLAYERS, SchemaError, parse_genesis_body
from protocol.peertext import name_problem, shown

from . import wire
from .watchers import delay_problem

__all__ = ["LobbyFieldError", "sender", "is_token", "port_problem", "address_problem",
           "join_problem", "check_welcome", "check_roster",
           "check_refusal", "check_dropped", "check_start"]

MAX_PORT = 65535
MAX_REASON = 1024          # a refusal's reason, as a halt notice's (protocol.messages)
_TOKEN_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")   # a game id, a version, as announced


class LobbyFieldError(wire.BadMessage):
    """A lobby message with a value no honest lanboard sends; its sender is at fault."""


def is_token(text: object) -> bool:
    """Whether `text` is a short lowercase token: a game id, a TXT version (node.discovery)."""
    return type(text) is str and bool(_TOKEN_RE.match(text))


def sender(conn: Any) -> str:
    """Who sent what `conn` carries, for a log line: its proven key's check code, its address."""
    key = getattr(conn, "peer_key", None)
    code = check_code(key) if key else "(no key)"
    return f"{code} at {conn.peer}"


def port_problem(v: Any, lo: int = 1) -> str | None:
    if type(v) is not int or not lo <= v <= MAX_PORT:
        return f"a port is an integer {lo} to {MAX_PORT}, not {shown(repr(v)[:40])}"
    return None


def address_problem(v: Any) -> str | None:
    """Why `v` cannot be where a seat is dialed ("" is the host's own address), or None."""
    if type(v) is not str:
        return f"an address is text, not {type(v).__name__}"
    if v == "":
        return None
    try:
        ip = ipaddress.ip_address(v)
    except ValueError:
        return f"{shown(v[:64])} is not an IP address"
    if ip.is_unspecified or ip.is_multicast:
        return f"{v} is not an address a player listens on"
    return None


def join_problem(msg: dict) -> str | None:
    """Why the host refuses a `join` (told to the joiner as it is), or None."""
    problem = name_problem(msg["name"])
    if problem:
        return f"your name cannot be used: {problem}"
    problem = port_problem(msg["port"])
    if problem:
        return f"the port you listen on cannot be dialed: {problem}"
    if "bot" in msg:
        try:
            bot_info(msg["bot"])
        except ValueError as e:
            return f"your bot cannot be told: {shown(str(e)[:200])}"
    return None


def _text_list(v: list, most: int, where: str) -> None:
    if len(v) > most or any(type(x) is not str or len(x) > 64 for x in v):
        raise LobbyFieldError(f"{where} must be at most {most} texts of at most 64 characters")


def check_welcome(msg: dict, conn: Any) -> None:
    """A host's welcome: the game it hosts and what our hash chain is made from."""
    frm = f"the host {sender(conn)}"
    if not is_token(msg["game"]):
        raise LobbyFieldError(f"{frm} welcomed us to {shown(msg['game'][:64])}, not a game id")
    _text_list(msg["variants"], 32, f"{frm}: welcome.variants")
    if not 2 <= msg["seats"] <= MAX_PLAYERS:
        raise LobbyFieldError(f"{frm}: welcome.seats {msg['seats']} is not 2 to {MAX_PLAYERS}")
    if len(msg["nonce"]) != 16:
        raise LobbyFieldError(f"{frm}: welcome.nonce is not 16 bytes")
    if not 1 <= msg["chain"] <= MAX_CHAIN:
        raise LobbyFieldError(f"{frm}: welcome.chain {msg['chain']} is not 1 to {MAX_CHAIN}")
    problem = delay_problem(msg["delay"])
    if problem:
        raise LobbyFieldError(f"{frm}: welcome.delay: {problem}")


def check_roster(msg: dict, conn: Any) -> None:
    """Who the host says sits in its lobby: at most its seats, each a valid name and a code."""
    frm = f"the host {sender(conn)}"
    seats, players = msg["seats"], msg["players"]
    if not 2 <= seats <= MAX_PLAYERS or len(players) > seats:
        raise LobbyFieldError(f"{frm} sent a roster of {len(players)} players for {seats} "
                              f"seats (2 to {MAX_PLAYERS})")
    for i, p in enumerate(players):
        if type(p) is not dict or not {"name", "code"} <= set(p) <= {"name", "code", "bot"} \
                or not is_check_code(p["code"]):
            raise LobbyFieldError(f"{frm}: roster.players[{i}] is not a name and a check code")
        if "bot" in p and bot_info_problem(p["bot"]):
            raise LobbyFieldError(f"{frm}: roster.players[{i}].bot: {bot_info_problem(p['bot'])}")
        problem = name_problem(p["name"])
        if problem:
            raise LobbyFieldError(f"{frm}: roster.players[{i}]: {problem}")


def check_refusal(msg: dict) -> str:
    """A refusal's reason, as it may be shown (cut, escaped)."""
    return shown(msg["reason"][:MAX_REASON])


def check_dropped(msg: dict, conn: Any) -> dict:
    """Whom the host says it dropped from its lobby, and why: a valid name and check code, the
    reason as it may be shown (cut, escaped)."""
    frm = f"the host {sender(conn)}"
    if not is_check_code(msg["code"]):
        raise LobbyFieldError(f"{frm}: dropped.code is not a check code")
    problem = name_problem(msg["name"])
    if problem:
        raise LobbyFieldError(f"{frm}: dropped.name: {problem}")
    return {"name": msg["name"], "code": msg["code"],
            "reason": shown(str(msg["reason"])[:MAX_REASON])}


def check_start(msg: dict, conn: Any) -> None:
    """The genesis body to sign and where every seat listens, one [address, port] a seat."""
    frm = f"the host {sender(conn)}"
    try:
        body = parse_genesis_body(msg["body"], "start.body")
    except SchemaError as e:
        raise LobbyFieldError(f"{frm}: {e}") from None
    addrs = msg["addrs"]
    if len(addrs) != len(body["players"]):
        raise LobbyFieldError(f"{frm} sent {len(addrs)} addresses for "
                              f"{len(body['players'])} players")
    for seat, a in enumerate(addrs):
        if type(a) is not list or len(a) != 2:
            raise LobbyFieldError(f"{frm}: start.addrs[{seat}] is not [address, port]")
        problem = address_problem(a[0]) or port_problem(a[1], lo=0)
        if problem:
            raise LobbyFieldError(f"{frm}: start.addrs[{seat}]: {problem}")
        problem = name_problem(body["players"][seat]["name"])
        if problem:
            raise LobbyFieldError(f"{frm}: start.body.players[{seat}]: {problem}")
