"""`lanboard watch [NAME]`: follow a game being played on the LAN, every entry checked as
`verify` checks it (node.watcher), without a seat.

The game is found as `list` finds it (its host's name, its check code or its match id), or
reached with --peer HOST:PORT where multicast does not reach. Each entry is told as a spectator
is told it (node.words: seat None, the game's narration; `--json`: one JSON object a line); when
the game ends the watcher says so, prints its match file's path (byte for byte the players')
and exits 0. A cheat or a divergence is said as `verify` says it, naming the seat, and the
watcher stops there (exit 1). Every line from the game goes through protocol.peertext.shown.

Not done here yet: the game's own screens following live at a terminal (as `replay` shows a
file): the terminal gets the same lines as --headless.
"""
from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any, Callable

import trio

from protocol.peertext import shown

from .cmd_join import parse_peer
from .errors import UsageError

NAME = "watch"
HELP = "watch a game being played on the LAN, checking every entry as verify does"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?", help="the game's host name, check code or match id, as "
                                           "`lanboard list` shows them (default: the only one)")
    p.add_argument("--peer", metavar="HOST:PORT", help="a player's node to watch through, where "
                                                       "multicast does not reach")
    p.add_argument("--timeout", type=float, default=2.0, metavar="S",
                   help="how long to look for games on the LAN (default: 2)")
    p.add_argument("--interface", action="append", metavar="ADDR")
    p.add_argument("--json", action="store_true", help="one JSON object per entry")
    p.add_argument("--headless", action="store_true",
                   help="print each entry's narration as a line (what a terminal gets too)")
    p.add_argument("--code", metavar="CODE",
                   help="a private table's code, as a player reads it out (e.g. K7Q-M3X)")
    p.add_argument("--verbose", action="store_true")


def find_game(name: str | None, found: list) -> tuple[str, int, str]:
    """The address and match id (hex) of the running game `name` names among `found`
    (discovery.LobbySeen)."""
    playing = [s for s in found if s.info.phase == "playing"]
    if name:
        playing = [s for s in playing if name in (s.info.host, s.info.code)
                   or (s.info.match and s.info.match.startswith(name.lower()))]
    if not playing:
        seen = ", ".join(f"{shown(s.info.host)} ({s.info.phase})" for s in found) or "none"
        raise UsageError(f"no game being played{f' named {name!r}' if name else ''} answered on "
                         f"the LAN (games seen: {seen}); `--peer HOST:PORT` reaches a player's "
                         "node directly")
    if len(playing) > 1:
        raise UsageError("several games are being played: name one of "
                         + ", ".join(shown(s.info.host) for s in playing))
    s = playing[0]
    if s.info.watch == "no":
        raise UsageError(f"{shown(s.info.host)}'s game takes no watchers")
    return s.address, s.port, s.info.match


def kept_file(home: Path, addrs: list[tuple[str, int]], match: str = "") -> Path | None:
    """An unfinished file this watcher kept of the match (`match`, hex, when known; else the
    latest watched through one of `addrs`): a watcher started again goes on from it."""
    found = []
    for note in (Path(home) / "watched" / "matches").glob("*.json"):
        try:
            meta = json.loads(note.read_text())
        except (OSError, ValueError):
            continue
        path = note.with_suffix(".match")
        if meta.get("finished") or not meta.get("watching") or not path.exists():
            continue
        if (path.stem == match[:16]) if match else \
                any(list(a) in meta.get("addrs", []) for a in addrs):
            found.append(path)
    return max(found, key=lambda p: p.stat().st_mtime, default=None)


class Teller:
    """What each checked entry did, in the game's words as a spectator sees it: one line a
    sentence (`lines`), or one JSON object an entry."""

    def __init__(self, json_lines: bool, out: Callable[[str], None]) -> None:
        self.json = json_lines
        self.out = out
        self.names: list[str] = []
        self.game = ""
        self.before: Any = None

    def __call__(self, index: int, entry: Any, ledger: Any) -> None:
        from node.told import Record
        from node.words import SeatNames, told

        from .cmd_replay import _said
        if index == 0:
            self.names = [p["name"] for p in ledger.body["players"]]
            self.game = ledger.body["game"]
            self.before = ledger.state
            self._say({"entry": 0, "game": self.game, "players": self.names},
                      [f"watching {self.game}: " + ", ".join(self.names)])
            return
        kind = entry.get("kind", "?")
        move = entry["parts"][0] if kind == "move" else None
        said = _said(entry, self.before, self.names)
        lines = told([Record(index, kind, self.before, ledger.state, move)], None,
                     SeatNames(self.names, None), len(self.names)) if kind != "attest" else []
        self.before = ledger.state
        self._say({"entry": index, "kind": kind, "said": said, "narration": lines},
                  lines or [said])

    def delayed(self, turns: int) -> None:
        """The node says the game is held back from watchers (`host --delay`)."""
        self._say({"delay": turns},
                  [f"this game is shown to watchers {turns} turn{'s' if turns > 1 else ''} "
                   "after they are played (the host's --delay); its end, whole"])

    def _say(self, data: dict, lines: list[str]) -> None:
        if self.json:
            self.out(json.dumps(data, default=str))
        else:
            for line in lines:
                self.out(shown(line))


async def follow(addrs: list[tuple[str, int]], home, teller: Teller, transport: Any = None,
                 out: Callable[[str], None] = print,
                 err: Callable[[str], None] = lambda s: print(s, file=sys.stderr),
                 match: str = "", fresh: bool = False, table_code: str | None = None) -> int:
    """Watch until the game ends (0), is stopped or fails a check (1); from the file kept of
    it (kept_file) when this watcher was stopped before."""
    from node.watcher import Watcher, WatchRefused
    from node.words import SeatNames, result_words

    from .cmd_verify import _text
    kept = None if fresh else kept_file(home, addrs, match)
    try:
        watcher = Watcher(home, addrs, transport=transport, on_item=teller, match_file=kept,
                          table_code=table_code, on_delay=teller.delayed)
    except (OSError, ValueError) as e:
        raise UsageError(f"cannot go on from {kept}: {e}") from None
    if kept is not None:
        out(shown(f"going on from {kept} ({watcher.items - 1} entries checked again)"))
        teller(0, None, watcher.checker.ledger)   # the players' names, for what follows
        teller.before = watcher.checker.ledger.state
    try:
        watched = await watcher.run()
    except WatchRefused as e:   # a private table (no code, a wrong one), or every node full
        raise UsageError(f"the game refused us: {e}") from None
    if kept is not None and watched.elsewhere and watched.items == watcher.items:
        # an older match of the same node (kept as it is): this one is another, watched
        # from its start
        return await follow(addrs, home, teller, transport, out, err, match, fresh=True,
                            table_code=table_code)
    r, path = watched.report, watched.match_file
    if watched.stopped:
        err(shown(f"{watched.stopped}; the entries before the stop are in {path}"))
        return 1
    if r.status != 0:
        err(_text(str(path or "the match"), r))
        err(shown(f"the watcher stopped there; the entries before are in {path}"))
        return 1
    ledger_names = SeatNames(teller.names, None)
    said = result_words(teller.game, watched.result, ledger_names)
    if teller.json:
        out(json.dumps({"over": True, "scores": r.scores, "winners": r.winners, "said": said,
                        "file": str(path)}))
    else:
        winners = " and ".join(teller.names[w] for w in r.winners)
        for line in [f"the game is over: {winners} won; scores "
                     + " ".join(map(str, r.scores)), *said]:
            out(shown(line))
        out(str(path))
    return 0


def run(args: argparse.Namespace) -> int:
    from node.discovery import list_lobbies
    from protocol.identity import data_dir

    from .node_runner import setup_logging
    setup_logging(args.verbose)
    if args.peer:
        addrs, match = [parse_peer(args.peer)], ""
    else:
        *addr, match = find_game(args.name, trio.run(list_lobbies, args.timeout, args.interface))
        addrs = [tuple(addr)]
    table_code = None
    if args.code is not None:
        from protocol.table_code import CODE_CHARS, normal_code
        table_code = normal_code(args.code)
        if table_code is None:
            raise UsageError(f"{args.code!r} is not a table code: {CODE_CHARS} letters and "
                             "digits as a player reads them out, e.g. K7Q-M3X")
    teller = Teller(args.json, lambda line: print(line, flush=True))
    return trio.run(partial(follow, addrs, data_dir(), teller, match=match,
                            table_code=table_code))
