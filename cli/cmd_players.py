"""`lanboard players`: the book of players you know (node.players_book), and changes to it.

`players` lists them (`--json`: one object a player, the whole key included), your own key
first: the whole key is what settles who someone is (a check code is 40 bits of it);
`players rename CODE NAME` names one as you call them; `players forget CODE` forgets one
(its next game with you marks it new). An unknown or malformed code is an error in words
(exit 2); a damaged book file is moved aside and said so, never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

from node.players_book import Book, BookError
from protocol.identity import data_dir, load_or_create
from protocol.peertext import shown

from .errors import UsageError

NAME = "players"
HELP = "the players you have played with (check code, whole key, games); rename or forget one"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="one JSON object per player")
    sub = p.add_subparsers(dest="change", metavar="rename|forget")
    r = sub.add_parser("rename", help="call a player by another name in your book")
    r.add_argument("code", metavar="CODE", help="the player's check code, e.g. AD55-GY4Y")
    r.add_argument("new_name", metavar="NAME")
    f = sub.add_parser("forget", help="forget a player (their next game marks them new)")
    f.add_argument("code", metavar="CODE", help="the player's check code, e.g. AD55-GY4Y")


def run(args: argparse.Namespace) -> int:
    home = data_dir()
    book = Book(home)
    if book.damaged:
        print(f"lanboard players: {book.damaged}", file=sys.stderr)
    change = getattr(args, "change", None)
    try:
        if change == "rename":
            p = book.rename(args.code, args.new_name)
            print(shown(f"{p.code} is now {p.name} in your book"))
            return 0
        if change == "forget":
            p = book.forget(args.code)
            print(shown(f"forgot {p.name} ({p.code}, {p.games} games): their next game with "
                        "you marks them new"))
            return 0
    except BookError as e:
        raise UsageError(str(e)) from None
    players = sorted(book.players.values(), key=lambda p: (p.name.casefold(), p.key))
    if args.json:
        for p in players:
            print(json.dumps(p.json()))
        return 0
    me = load_or_create(home)
    print(f"you: check code {me.check_code}, whole key {me.public.hex()}")
    print("(a check code is 40 bits of a key, which a stranger can match with effort; to be "
          "sure, compare the whole key your friend's `lanboard players` shows for you)")
    if not players:
        print("no players in your book yet: a player is added when a game with them begins")
        return 0
    for p in players:
        print(shown(f"{p.name:<20} {p.code}  {p.games:>3} game{'s' if p.games != 1 else ' '}  "
                    f"first {p.first}  last {p.last}  key {p.key}"))
    return 0
