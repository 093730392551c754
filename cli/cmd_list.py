"""`lanboard list`: lobbies and running games announced on the LAN.

Returns a moment (discovery.QUIET_S) after the last lobby answered, at most --timeout when none
does; a lobby whose node does not accept a connection (killed, its announcement still cached)
is not listed (node.discovery.list_lobbies). Each host is marked by the book of players
(node.players_book) by the whole key its node proved: known (games), new, yours, or a known name
under another key, whose warning in words comes on the line before it (`--json`: "known")."""
from __future__ import annotations

import argparse
import json
import sys

import trio

from node.discovery import list_lobbies
from node.players_book import OTHER_KEY, Book
from protocol.identity import data_dir
from protocol.peertext import shown

NAME = "list"
HELP = "list lobbies and running games on the LAN"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timeout", type=float, default=2.0, metavar="S",
                   help="the longest to listen when no lobby answers (default: 2); "
                        "with lobbies it returns about 0.15 s after the last answer")
    p.add_argument("--interface", action="append", metavar="ADDR")
    p.add_argument("--json", action="store_true", help="one JSON object per lobby")


def run(args: argparse.Namespace) -> int:
    found = trio.run(list_lobbies, args.timeout, args.interface)
    book = Book(data_dir())
    if book.damaged:
        print(f"lanboard list: {book.damaged}", file=sys.stderr)
    # each host by the whole key its node proved, against the book of players you know
    me = _my_key()
    known = {s: book.mark(s.info.host, s.info.code, s.key or None, me) for s in found}
    if args.json:
        for s in found:
            print(json.dumps({"name": s.name, "address": s.address, "port": s.port,
                              "game": s.info.game, "host": s.info.host, "code": s.info.code,
                              "seats_taken": s.info.seats_taken,
                              "seats_total": s.info.seats_total, "phase": s.info.phase,
                              "match": s.info.match, "private": s.info.private,
                              "watch": s.info.watch or None, "delay": s.info.delay,
                              "known": known[s]}))
        return 0
    if not found:
        print(f"no lanboard games answered on the LAN in {args.timeout:g} s")
        return 0
    for s in found:
        if known[s]["mark"] == OTHER_KEY:   # before the line it is about: loud
            print(shown(known[s]["words"]))
        i = s.info
        watch = f"watch {i.watch:<5}" if i.watch not in ("", "no") else \
            "no watching" if i.watch == "no" else ""
        if watch and i.delay and i.watch != "no":   # a tournament's: watchers see it late
            watch += f" {i.delay} turn{'s' if i.delay > 1 else ''} behind"
        print(f"{shown(i.host):<20} {i.code}  {i.game:<20} {i.seats_taken}/{i.seats_total} "
              f"{i.phase:<8} {s.address}:{s.port}" + ("  private (join --code)" if i.private
                                                       else "") + (f"  {watch}" if watch else "")
              + f"  {_mark(known[s])}")
    return 0


def _my_key() -> bytes | None:
    """This player's public key, when it has one (listing creates none)."""
    from protocol.identity import KEY_FILE, Identity
    try:
        seed = (data_dir() / KEY_FILE).read_bytes()
    except OSError:
        return None
    return Identity.from_seed(seed).public if len(seed) == 32 else None


def _mark(known: dict) -> str:
    if known["mark"] == "known":
        return f"known ({known['games']} games)"
    if known["mark"] == OTHER_KEY:
        return "ANOTHER KEY under a known name"
    return "yours" if known["mark"] == "you" else known["mark"]
