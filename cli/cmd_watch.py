"""`lanboard watch [NAME]`: follow a game being played on the LAN, every entry checked as
`verify` checks it (node.watcher), without a seat.

The game is found as `list` finds it (its host's name, its check code or its match id), or
reached with --peer HOST:PORT where multicast does not reach. Each entry is told as a spectator
is told it (node.words: seat None, the game's narration; `--json`: one JSON object a line); when
the game ends the watcher says so, prints its match file's path (byte for byte the players')
and exits 0. A cheat or a divergence is said as `verify` says it, naming the seat, and the
watcher stops there (exit 1). Every line from the game goes through protocol.peertext.shown.

At a terminal (not --headless, not --json) the game's own screens follow it live, as `replay`
shows a file (watch_on_screen: the same steps, made as each entry is checked), and without NAME
or --peer a live picker offers the games being played (cli.ui.watch_picker).
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
                   help="print each entry's narration as a line, not the game's screens (what "
                        "a script or a pipe gets)")
    p.add_argument("--code", metavar="CODE",
                   help="a private table's code, as a player reads it out (e.g. K7Q-M3X)")
    p.add_argument("--verbose", action="store_true")


def find_game(name: str | None, found: list) -> tuple[str, int, str]:
    """The address and match id (hex; "" for a game not begun) of the running game `name`
    names among `found` (discovery.LobbySeen); a game named but still in its lobby is watched
    from its start (its node holds the watcher until then: node.watchers)."""
    def named(s) -> bool:
        return name in (s.info.host, s.info.code) or bool(
            s.info.match and s.info.match.startswith(name.lower()))
    playing = [s for s in found if s.info.phase == "playing" and (not name or named(s))]
    if name and not playing:   # asked for by name just before it begins: waited for
        playing = [s for s in found if s.info.phase == "lobby" and named(s)]
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

    wants_kept = False   # what a restarted watcher's file held was printed by its first run
    watcher: Any = None  # the watcher telling it (follow)

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
                          table_code=table_code, on_delay=teller.delayed,
                          tell_kept=teller.wants_kept)
    except (OSError, ValueError) as e:
        raise UsageError(f"cannot go on from {kept}: {e}") from None
    teller.watcher = watcher
    if kept is not None:
        out(shown(f"going on from {kept} ({watcher.items - 1} entries checked again)"))
        if not teller.wants_kept:
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


class ScreenTeller:
    """What each checked entry did, as the game's own screens show it: each entry made a step
    as `replay` makes one from a file (cmd_replay.StepMaker), handed to the screen's thread
    (`post`) as plain data; the screen (cli.ui.app.LiveSteps) runs no rules. Takes the follow()
    teller's place: a restarted watcher's file is shown whole, from its first entry."""

    json = False
    wants_kept = True
    watcher: Any = None

    def __init__(self, post: Callable[..., None], live: Any) -> None:
        from .cmd_replay import StepMaker
        self.post, self.live = post, live
        self.make = StepMaker()
        self.before: Any = None

    @property
    def names(self) -> list[str]:
        return self.make.names

    @property
    def game(self) -> str:
        return self.make.game

    def __call__(self, index: int, entry: Any, ledger: Any) -> None:
        import engine
        from node.words import glossary

        from .cmd_replay import StepMaker
        if index == 0:   # a match from its start (another one, when its node moved on)
            self.make = StepMaker()
            self.make(index, entry, ledger)
            self.post(self.live.begin, list(self.names), self.game,
                      engine.get_game(self.game).title, glossary(self.game))
            return
        self.post(self.live.add, self.make(index, entry, ledger))

    def delayed(self, turns: int) -> None:
        self.post(self.live.say, f"this game is shown to watchers {turns} turn"
                                 f"{'s' if turns > 1 else ''} after they are played (the "
                                 "host's --delay); its end, whole")


def watch_on_screen(addrs: list[tuple[str, int]], where: str, home: Path, match: str = "",
                    table_code: str | None = None) -> int:
    """Watch at a terminal: the game's own screens follow it live, as `replay` shows a file
    (screen_watch). What the watcher said is printed once the screen is closed."""
    import asyncio
    said: list[tuple[str, bool]] = []
    try:
        return asyncio.run(screen_watch(addrs, where, home, said, match, table_code))
    finally:
        for line, error in said:
            print(line, file=sys.stderr if error else sys.stdout)


async def screen_watch(addrs: list[tuple[str, int]], where: str, home: Path,
                       said: list[tuple[str, bool]], match: str = "",
                       table_code: str | None = None, transport: Any = None,
                       shown_ui: Callable[[Any], None] = lambda ui: None) -> int:
    """The game's own screens (cli.ui.app.LiveSteps) following the game live, until q. The
    watcher (follow, trio) runs in a thread of its own, so checking a shuffle's proof never
    holds up a key; the screen (asyncio) gets each checked entry as a step made as `replay`
    makes one. Quitting stops the watcher (its file goes on next time); at the game's end the
    screen stays until q. What the watcher says is shown and kept in `said` ((line, an
    error?)). `shown_ui` gets the UI once it exists (tests drive it)."""
    import asyncio
    import threading

    from .ui.app import GameUI, LiveSteps
    from .ui.model import Model
    model = Model()
    ui = GameUI(model)
    live = LiveSteps(model, where)
    ui.replay = live
    shown_ui(ui)
    ready = threading.Event()
    trio_side: dict = {}
    loop = asyncio.get_running_loop()

    def post(fn, *args) -> None:
        loop.call_soon_threadsafe(fn, *args)

    def tell(line: str, error: bool) -> None:
        said.append((line, error))
        post(live.say, line, error)

    async def watching() -> int:
        trio_side["token"] = trio.lowlevel.current_trio_token()
        teller = ScreenTeller(post, live)
        with trio.CancelScope() as scope:
            trio_side["scope"] = scope
            ready.set()
            try:
                status = await follow(addrs, home, teller, transport,
                                      lambda line: tell(line, False),
                                      lambda line: tell(line, True), match,
                                      table_code=table_code)
            except UsageError as e:   # refused: said on the screen, then as ever
                said.append((f"lanboard watch: {e}", True))
                post(live.say, f"lanboard watch: {e} — q quits", True, True)
                raise
            except Exception as e:   # a bug: said on the screen too, not left "connecting…"
                post(live.say, f"lanboard watch stopped: {type(e).__name__}: {e} — q quits",
                     True, True)
                raise
            if status == 0:
                post(live.say, f"the game is over; its checked file: {said[-1][0]} — "
                               "←/→ step through it, q quits", False, True)
            else:   # a check failed, or the match was stopped: the last word stays
                post(live.say, f"{said[-1][0]} — q quits", True, True)
            return status
        # cancelled: the screen was closed before the end
        store = teller.watcher.store if teller.watcher is not None else None
        if store is not None:
            said.append((f"stopped watching; the entries checked so far are in {store.path} "
                         "(`lanboard watch` again goes on from there)", False))
        return 0

    thread_result = loop.run_in_executor(None, lambda: trio.run(watching))
    try:
        await ui.app.run_async()
    finally:
        await loop.run_in_executor(None, ready.wait)
        try:
            trio.from_thread.run_sync(trio_side["scope"].cancel, trio_token=trio_side["token"])
        except trio.RunFinishedError:
            pass   # it had ended: the game was over, or watching stopped
    return await thread_result


def run(args: argparse.Namespace) -> int:
    from node.discovery import list_lobbies
    from protocol.identity import data_dir

    from .node_runner import setup_logging
    # at a terminal the game's own screens (its lines would scroll under them otherwise)
    screen = not (args.headless or args.json) and sys.stdin.isatty() and sys.stdout.isatty()
    setup_logging(args.verbose) if not screen else _log_to_file(args.verbose)
    table_code = None
    if args.code is not None:
        from protocol.table_code import CODE_CHARS, normal_code
        table_code = normal_code(args.code)
        if table_code is None:
            raise UsageError(f"{args.code!r} is not a table code: {CODE_CHARS} letters and "
                             "digits as a player reads them out, e.g. K7Q-M3X")
    if args.peer:
        addrs, match = [parse_peer(args.peer)], ""
        where = args.peer
    elif args.name is None and screen:   # a live picker of the games being played
        from .ui.watch_picker import pick_game
        chosen = pick_game(args.interface)
        if chosen is None:
            return 0   # given up: nothing to say
        if chosen.get("private") and table_code is None:
            raise UsageError(f"{shown(chosen['host'])}'s table is private: ask a player for "
                             f"the table code and watch with --code CODE")
        addrs, match = [(chosen["address"], chosen["port"])], chosen.get("match") or ""
        where = f"{shown(chosen['host'])}'s game ({chosen['address']}:{chosen['port']})"
    else:
        *addr, match = find_game(args.name, trio.run(list_lobbies, args.timeout, args.interface))
        addrs = [tuple(addr)]
        where = f"{shown(args.name) if args.name else 'the game'} ({addr[0]}:{addr[1]})"
    if screen:
        return watch_on_screen(addrs, where, data_dir(), match, table_code)
    teller = Teller(args.json, lambda line: print(line, flush=True))
    return trio.run(partial(follow, addrs, data_dir(), teller, match=match,
                            table_code=table_code))


def _log_to_file(verbose: bool) -> None:
    """Under the screen, log lines go to a file of the user's alone (as the UI's node logs)."""
    import logging
    import time

    from protocol.identity import data_dir
    from protocol.private_files import open_private, private_dir
    path = private_dir(data_dir() / "logs") / f"watch-{time.strftime('%Y%m%d-%H%M%S')}.log"
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        stream=open(open_private(path), "w"),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
