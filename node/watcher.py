"""A watcher: follows a match live from any player's node, checking every item as `verify` does.

Invariants kept here:
- Nothing is shown or kept before it is checked: each item the node sends goes through
  protocol.verify.Checker (signatures, the chain, who may write what, dice against their
  commitments, every hidden-card proof, the rules replayed, every attested state hash), then is
  appended to the watcher's match file (node.store, the players' own code: at the end the file
  is byte for byte theirs), then told (`on_item`).
- A cheat or a divergence stops the watcher there, worded as `verify` words it (the Report),
  naming the seat; the file keeps every entry before it.
- The watcher signs nothing and holds no decryption share: its key is a stranger's, it is in
  no genesis, and it is sent only the log's public items (node.watchers).
- A private table's watcher proves the table code at each node it dials (node.private_table),
  before it asks to watch; without the code, or with a wrong one, it stops (WatchRefused) rather
  than spend the table's tries again and again. So it does, in words, when every node it knows
  serves all the watchers it takes (a person is told at once, not left on a silent screen).
- Its link lost, it comes back from its file's last item through any player's node it knows
  (the one it was given, then every seat's address the nodes said), pausing between rounds;
  a watcher restarted on its file (`match_file`) goes on the same way. When no node served it
  in a round and one of them plays another match now, it stops (`Watched.stopped`); so it does
  when no node it knows has been reachable for NOBODY seconds, counted from its last link's
  end (they finished or left, and a finished node serves its watchers before it goes:
  node.linger), rather than dial nobody for ever. A watcher that holds the game's last item is done, whatever becomes of its link.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import trio

from protocol import matchfile
from protocol.codec import MAX_FRAME, CodecError, decode
from protocol.identity import Identity
from protocol.table_code import WrongCode
from protocol.verify import Checker, Report

from . import wire
from .framing import TransportError
from .links import CONTEXT, REDIAL
from .lobby_checks import address_problem, port_problem
from .lobby import LobbyRefused
from .private_table import knock
from .store import MatchStore
from .watchers import FULL, OTHER_MATCH, PRIVATE_WATCH, delay_problem

log = logging.getLogger("lanboard.node.watcher")

NOBODY = 60.0   # seconds without an answer from any node before the watcher stops


class WatchRefused(Exception):
    """The game's nodes will not serve this watcher: a private table's without the table code
    (or with a wrong one), or every node it knows serves all the watchers it takes."""


class _Full(TransportError):
    """A node serves all the watchers it takes (node.watchers' refusal, FULL)."""


@dataclass
class Watched:
    """How watching ended: `report` is the checker's (status 0: the game is over and every
    item held; 1: a check failed, worded as verify words it); `stopped` a node's word that the
    match was stopped (its last item is then the last the watcher holds); `elsewhere` that no
    node it knows plays the match any more, one of them another match."""
    match_file: Path | None = None
    report: Report | None = None
    stopped: str | None = None
    result: Any = None        # the game's result (engine), once it is over
    items: int = 0
    addrs: list[tuple[str, int]] = field(default_factory=list)
    elsewhere: bool = False


class Watcher:
    def __init__(self, home: Path, addrs: list[tuple[str, int]], *, transport: Any = None,
                 identity: Identity | None = None,
                 on_item: Callable[[int, Any, Any], None] | None = None,
                 match_file: Path | None = None, table_code: str | None = None,
                 on_delay: Callable[[int], None] | None = None, tell_kept: bool = False) -> None:
        from .transport import TcpTransport
        self.table_code = table_code   # a private table's, proven at each node's door
        self.home = Path(home) / "watched"   # apart from the player's matches: never resumed
        self.addrs = list(addrs)
        self.transport = transport or TcpTransport()
        self.identity = identity or Identity.generate()   # a stranger's key, for this watch
        self.on_item = on_item or (lambda index, entry, ledger: None)
        # told the turns a delayed game holds its entries back (node.watchers), when a node
        # says a delay other than the last one it heard
        self.on_delay = on_delay or (lambda turns: None)
        self.delay = 0
        self.checker = Checker(self._told)
        self.store: MatchStore | None = None
        self.items = 0            # items held and checked (the genesis is item 0)
        self.outcome = Watched()
        self.links = 0            # links opened, for tests and the user
        # what `match_file` held is told again only with `tell_kept` (a screen that shows the
        # whole match; lines already printed are not printed twice)
        self.reopening = match_file is not None and not tell_kept
        if match_file is not None:
            self._reopen(Path(match_file))
            self.reopening = False

    def _told(self, index: int, entry: Any, ledger: Any) -> None:
        if not self.reopening:   # what the file held was told before the watcher stopped
            self.on_item(index, entry, ledger)

    @property
    def match_id(self) -> bytes:
        return self.checker.ledger.match_id if self.checker.ledger else b""

    # ------------------------------------------------------------------ coming back
    def _reopen(self, path: Path) -> None:
        """Go on from a file this watcher kept: checked again from its start."""
        self.store = MatchStore.open(self.home, path)
        for index, (_, raw, value) in enumerate(matchfile.read_items(path.read_bytes())):
            if not self._check(index, raw, value):
                raise ValueError(f"{path} does not verify at item {index}: "
                                 f"{self.checker.report.reason}")
        self.items = self.store.count
        self.addrs += [tuple(a) for a in self.store.meta.get("addrs", []) if tuple(a) not in
                       self.addrs]

    # ------------------------------------------------------------------ following
    async def run(self) -> Watched:
        """Follow the match until it is over, stopped, or fails a check."""
        pause = REDIAL[0]
        self._heard = trio.current_time()
        while True:
            other = 0   # nodes that play another match now
            full: list[str] = []   # nodes that serve all the watchers they take
            for host, port in list(self.addrs):
                try:
                    done = await self._follow(host, port)
                except _Full as e:
                    full.append(str(e))
                    continue
                except (TransportError, CodecError) as e:
                    log.info("watching through %s:%s: %s", host, port, e)
                    if self._holds_the_end():
                        # the link went after the last item came (its node had served it and
                        # left): the whole game is held and checked
                        return self._finish()
                    other += str(e).endswith(OTHER_MATCH)
                    continue
                if done:
                    return self._finish()
                pause = REDIAL[0]
            if full and len(full) == len(self.addrs):
                # said at once, in words: a person would otherwise wait on a silent screen
                # for a place that may never free
                raise WatchRefused(
                    f"every node it knows serves all the watchers it takes ({'; '.join(full)}); "
                    "watch again later (it goes on from what was checked), or through another "
                    "player's node (--peer HOST:PORT)")
            if other:   # no node served it, one plays another match: its match is over there
                self.outcome.stopped = f"no node it knows plays match {self.match_id.hex()}"
                self.outcome.elsewhere = True
                return self._finish()
            if trio.current_time() - self._heard >= NOBODY:
                of = f"of match {self.match_id.hex()[:16]} " if self.match_id else ""
                self.outcome.stopped = (f"no node {of}has answered for {NOBODY:g} s (its "
                                        "players finished or left; `lanboard watch` again "
                                        "goes on from what was checked)")
                return self._finish()
            await trio.sleep(pause)
            pause = min(pause * 2, REDIAL[1])

    async def _follow(self, host: str, port: int) -> bool:
        """One link to a player's node; True once watching is over (see Watched)."""
        conn = await self.transport.connect(host, port, self.identity, CONTEXT)
        self.links += 1
        self._heard = trio.current_time()
        try:
            if self.table_code is not None:
                try:
                    await knock(conn, self.table_code)
                except WrongCode as e:
                    raise WatchRefused(str(e)) from None
                except LobbyRefused as e:   # a node's tries used up: another, or later
                    raise TransportError(f"{host}:{port} refused: {e}") from None
            await conn.send(wire.pack("watch", match=self.match_id, have=self.items))
            while True:
                ch, msg = wire.unpack(await conn.receive())
                if ch != wire.NODE:
                    raise wire.BadMessage("a watcher is sent no session frame")
                if msg["t"] == "refused":
                    if msg["reason"] == PRIVATE_WATCH:   # no node of the table will serve us
                        raise WatchRefused(PRIVATE_WATCH)
                    if msg["reason"].startswith("the match was stopped"):
                        self.outcome.stopped = msg["reason"]
                        return True
                    if msg["reason"].startswith(FULL):
                        raise _Full(f"{host}:{port}: {msg['reason']}")
                    raise TransportError(f"{host}:{port} refused: {msg['reason']}")
                if msg["t"] == "watching":
                    self._learn(msg["addrs"], host, port)
                    if msg["delay"] != self.delay and delay_problem(msg["delay"]) is None:
                        self.delay = msg["delay"]
                        self.on_delay(self.delay)
                elif msg["t"] == "items":
                    if not self._take(msg["first"], msg["items"]):
                        return True
                    await conn.send(wire.pack("sync", have=self.items))
                    if self._holds_the_end():
                        return True
                else:
                    raise wire.BadMessage(f"unexpected {msg['t']} to a watcher")
        finally:
            # NOBODY counts from when a node was last there, not from the last link made: a
            # link that served for minutes and then went is no minute of silence
            self._heard = trio.current_time()
            await trio.aclose_forcefully(conn.stream)

    def _learn(self, addrs: list, host: str, port: int) -> None:
        for a in addrs:   # held to the lobby's rule: nothing resolved on a peer's say-so
            if type(a) is list and len(a) == 2 and a[0] != "" \
                    and address_problem(a[0]) is None and port_problem(a[1]) is None \
                    and (a[0], a[1]) not in self.addrs:
                self.addrs.append((a[0], a[1]))

    def _take(self, first: int, items: list) -> bool:
        """Check and keep the items a node sent from `first` on; False once one fails."""
        if first > self.items or not all(type(x) is bytes for x in items):
            raise wire.BadMessage("items that leave a gap, or are no byte strings")
        for index, raw in enumerate(items[self.items - first:], start=self.items):
            try:
                value = decode(raw, MAX_FRAME)
            except CodecError as e:
                raise wire.BadMessage(f"item {index} does not decode: {e}") from None
            if not self._check(index, raw, value):
                return False
            if index == 0:
                self.store = MatchStore(self.home, self.match_id)
                self.store.start(raw, self._meta())
            else:
                self.store.append(raw)
            self.items = index + 1
        return True

    def _check(self, index: int, raw: bytes, value: Any) -> bool:
        if index == 0:
            return self.checker.genesis(value)
        return self.checker.entry(index, raw, value)

    def _meta(self, finished: bool = False) -> dict:
        return {"watching": True, "finished": finished,
                "game": self.checker.ledger.body["game"],
                "addrs": [list(a) for a in self.addrs]}

    def _holds_the_end(self) -> bool:
        """Whether the items checked so far are the whole game (its last entry among them)."""
        return self.checker.ledger is not None and self.checker.ledger.over

    def _finish(self) -> Watched:
        out = self.outcome
        out.items, out.addrs = self.items, list(self.addrs)
        report = self.checker.report
        ledger = self.checker.ledger
        if not self.checker.failed and ledger is not None and ledger.over:
            result = out.result = ledger.result()
            report.status, report.complete = 0, True
            report.entries = len(ledger.entries)
            report.scores, report.winners = list(result.scores), list(result.winners)
        out.report = report
        if self.store is not None:
            self.store.finish(self._meta(finished=True))
            self.store.close()
            out.match_file = self.store.path
        return out
