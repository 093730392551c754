"""The book of players you know: every key this node has played with, as OpenSSH's known_hosts.

Invariants kept here:
- A player is its whole public key (32 bytes, kept in full as hex); its check code (40 bits) and
  its name are labels. Two players are the same only when their whole keys are equal: a stranger
  can grind a key whose check code matches a friend's, never one whose whole key does.
- A key is remembered at first contact: when a match's genesis is signed by every seat (the
  keys are then proven by signatures, not just announced), each other seat's key is added or its
  record updated once per match (its name as it called itself, first and last game, games
  played). A match is counted once however often it is resumed (`last_match`).
- Marks (`mark`) say what a person must know before the start: "known" (with the games played
  together), "new", or "another key": a name the book holds for another key, the loud warning.
  A name is compared as a person reads it (case and surrounding spaces do not matter).
- The file ($LANBOARD_HOME/players.json) is written whole to a temporary file, synced, then
  renamed over the old one (never half written), mode 0600. A file that cannot be read as a
  book is never lost nor overwritten: it is moved aside (players.json.damaged, numbered if
  taken) and said so in words (`Book.damaged`), and the book starts empty.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from protocol.identity import check_code, is_check_code
from protocol.peertext import name_problem
from protocol.private_files import open_private

BOOK_FILE = "players.json"
VERSION = 1

KNOWN, NEW, OTHER_KEY, YOU = "known", "new", "another key", "you"


class BookError(Exception):
    """A rename or forget asked of a player the book does not hold, or a bad new name."""


@dataclass
class Player:
    key: str        # the whole public key, hex
    name: str       # the name it called itself last (or the one given with `rename`)
    first: str      # when the first game together began (UTC, ISO 8601 to the minute)
    last: str       # when the last one began
    games: int
    last_match: str = ""

    @property
    def code(self) -> str:
        return check_code(bytes.fromhex(self.key))

    def json(self) -> dict:
        return {**asdict(self), "code": self.code}


def _same_name(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime())


def _parse(raw: bytes) -> dict[str, Player]:
    data = json.loads(raw)
    if not isinstance(data, dict) or data.get("version") != VERSION \
            or not isinstance(data.get("players"), list):
        raise ValueError(f"not a version {VERSION} book of players")
    players: dict[str, Player] = {}
    for p in data["players"]:
        if not isinstance(p, dict):
            raise ValueError("a player that is not an object")
        player = Player(key=p["key"], name=p["name"], first=p["first"], last=p["last"],
                        games=p["games"], last_match=p.get("last_match", ""))
        if type(player.key) is not str or len(bytes.fromhex(player.key)) != 32 \
                or type(player.name) is not str or type(player.games) is not int \
                or type(player.first) is not str or type(player.last) is not str \
                or type(player.last_match) is not str:
            raise ValueError(f"a malformed player {p!r:.80}")
        players[player.key] = player
    return players


class Book:
    def __init__(self, home: Path) -> None:
        self.path = Path(home) / BOOK_FILE
        self.damaged: str | None = None   # words about a damaged file moved aside, once
        self.players: dict[str, Player] = {}
        self.load()

    def load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            self.players = {}
            return
        try:
            self.players = _parse(raw)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
            aside = self._aside()
            os.replace(self.path, aside)
            self.players = {}
            self.damaged = (f"the book of players {self.path} could not be read ({e}); it was "
                            f"moved aside to {aside} and a new book begins")

    def _aside(self) -> Path:
        aside, n = self.path.with_name(BOOK_FILE + ".damaged"), 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{BOOK_FILE}.damaged.{n}")
        return aside

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{BOOK_FILE}.{os.getpid()}.tmp")
        data = {"version": VERSION,
                "players": [asdict(p) for p in sorted(self.players.values(),
                                                      key=lambda p: (p.name.casefold(), p.key))]}
        fd = open_private(tmp)
        try:
            os.write(fd, (json.dumps(data, indent=1) + "\n").encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)

    # ------------------------------------------------------------------ what a match adds
    def played(self, match_id: bytes, players: list[tuple[bytes, str]], me: bytes) -> None:
        """A match's genesis is signed by all: remember every other seat (once per match)."""
        self.load()
        now, mid = _now(), match_id.hex()
        for key, name in players:
            if key == me:
                continue
            k = key.hex()
            p = self.players.get(k)
            if p is None:
                self.players[k] = Player(k, name, now, now, 1, mid)
            elif p.last_match != mid:
                p.name, p.last, p.games, p.last_match = name, now, p.games + 1, mid
        self.save()

    # ------------------------------------------------------------------ what a person asks
    def find(self, code: str) -> Player:
        """The player of check code `code` (as `players` shows it); BookError in words."""
        wanted = code.strip().upper()
        if not is_check_code(wanted):
            raise BookError(f"{code!r} is not a check code (8 letters and digits as "
                            "`lanboard players` shows them, e.g. AD55-GY4Y)")
        found = [p for p in self.players.values() if p.code == wanted]
        if not found:
            raise BookError(f"no player with check code {wanted} in your book "
                            "(`lanboard players` lists them)")
        return found[0]

    def rename(self, code: str, name: str) -> Player:
        problem = name_problem(name.strip())
        if problem:
            raise BookError(f"{name!r} cannot be a name: {problem}")
        self.load()
        p = self.find(code)
        p.name = name.strip()
        self.save()
        return p

    def forget(self, code: str) -> Player:
        self.load()
        p = self.find(code)
        del self.players[p.key]
        self.save()
        return p

    # ------------------------------------------------------------------ marks
    def mark(self, name: str, code: str, key: bytes | None = None,
             me: bytes | None = None) -> dict:
        """What to tell a person about a player seen as `name` with check code `code` (and
        `key`, its whole key, where it was proven here). Without the whole key the book is
        searched by check code (a joiner learns the other joiners' codes from the host)."""
        if key is not None and key == me:
            return {"mark": YOU, "words": "you"}
        if key is not None:
            p = self.players.get(key.hex())
        else:
            p = next((q for q in self.players.values() if q.code == code), None)
        if p is not None:
            also = "" if _same_name(p.name, name) else f", known to you as {p.name}"
            games = f"{p.games} game{'s' if p.games != 1 else ''}"
            return {"mark": KNOWN, "games": p.games, "known_as": p.name,
                    "words": f"known: {games} together since {p.first[:10]}{also}"}
        others = sorted((q for q in self.players.values() if _same_name(q.name, name)),
                        key=lambda q: q.key)
        if others:
            q = others[0]
            return {"mark": OTHER_KEY, "known_code": q.code, "known_games": q.games,
                    "words": other_key_words(name, code, q)}
        return {"mark": NEW, "words": "new: not played with before"}


def other_key_words(name: str, code: str, known: Player) -> str:
    return (f"WARNING: this {name} is NOT the {known.name} you played {known.games} "
            f"game{'s' if known.games != 1 else ''} with: another key (check code {code}, "
            f"yours says {known.code}). It may be someone else using that name. Ask them "
            f"in person; if it really is them on a new machine or a new key, "
            f"`lanboard players forget {known.code}` first")


def warnings(marked: list[dict]) -> list[str]:
    """The loud lines a lobby shows first: one per player under a known name with another
    key."""
    return [p["known"]["words"] for p in marked if p.get("known", {}).get("mark") == OTHER_KEY]
