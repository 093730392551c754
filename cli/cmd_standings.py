"""`lanboard standings [FILE|DIR...] [--json]`: the players of your verified matches, ranked.

Invariants kept here:
- Every file is checked exactly as `lanboard verify` checks it (protocol.verify's read_file and
  verify_bytes); one that does not verify is named with why and left out, whatever its bytes
  (a bad signature, cut short, not CBOR, too large, unreadable): never a traceback.
- Without arguments: the match files in $LANBOARD_HOME/matches/. The archive is not read: it
  holds only matches `forget` discarded, unfinished ones, which count for nothing here.
- A folder is searched for *.match files, into its subfolders, following links; a folder
  reached again inside itself (a link loop) is named and not entered twice. A file named on
  the command line is read whatever its name.
- Each match counts once, by match id, however many copies are given. Verified copies of one
  match that differ are two histories signed under one genesis (someone signed both): that
  match counts in neither, and every copy is named.
- A match that verifies but has not ended (what `verify --partial` accepts) has no result: it is
  not counted, and is said so.
- The ranking is cli.standings' pure function of the set of matches counted; the order of the
  files changes nothing. Every text from a file (names, reasons, paths) goes through
  protocol.peertext.shown.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import stat
import sys
from collections import Counter
from pathlib import Path

from protocol.identity import check_code, data_dir
from protocol.peertext import shown

from .standings import Played, Row, rounded, standings

NAME = "standings"
HELP = "rank the players of your finished matches (OpenSkill rating, games, wins), each verified"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="FILE|DIR",
                   help="match files, or folders searched for *.match files (default: your "
                        "matches, $LANBOARD_HOME/matches)")
    p.add_argument("--json", action="store_true", help="print the standings as one JSON object")


def match_files(paths: list[str], left_out: list[dict]) -> list[str]:
    """The files to read: each path that is not a folder, and the *.match files under each
    folder; a folder that cannot be read, or that loops back into itself, goes to `left_out`."""
    out: list[str] = []
    seen: set[tuple[int, int]] = set()
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            out.append(path)   # read_file says why it cannot be read
            continue
        if not stat.S_ISDIR(st.st_mode):
            out.append(path)
            continue
        ident = (st.st_dev, st.st_ino)
        if ident in seen:
            continue
        seen.add(ident)
        stack = [(path, frozenset({ident}))]
        while stack:   # a stack, not recursion: a deep tree of folders cannot overflow it
            folder, inside = stack.pop()
            try:
                with os.scandir(folder) as it:
                    entries = sorted(it, key=lambda e: e.name)
            except OSError as e:
                left_out.append({"file": folder,
                                 "why": f"cannot read this folder: {e.strerror or e}"})
                continue
            below = []
            for e in entries:
                try:
                    st = os.stat(e.path)
                except OSError as err:
                    if e.name.endswith(".match"):
                        left_out.append({"file": e.path,
                                         "why": f"cannot read it: {err.strerror or err}"})
                    continue
                if stat.S_ISDIR(st.st_mode):
                    ident = (st.st_dev, st.st_ino)
                    if ident in inside:
                        left_out.append({"file": e.path, "why": "a folder loop: this leads "
                                         "back to a folder it is inside; not searched again"})
                    elif ident not in seen:
                        seen.add(ident)
                        below.append((e.path, inside | {ident}))
                elif stat.S_ISREG(st.st_mode) and e.name.endswith(".match"):
                    out.append(e.path)
            stack.extend(reversed(below))
    return out


def why_not(r) -> str:
    """One line: why a file's report does not let its match count (as `verify` words it)."""
    from .cmd_verify import damaged
    if r.status == 2:
        return r.reason
    if r.fault == "malformed":
        return f"{damaged(r)} ({r.reason})"
    where = f"entry {r.index}" if r.index is not None else "the file"
    what = f" ({r.kind})" if r.kind else ""
    return f"does not verify: FAILED at {where}{what}: {r.fault or 'error'}: {r.reason}"


def player_names(copies: dict[str, list[dict]], book: dict[str, str] | None = None
                 ) -> dict[str, str]:
    """Key (hex) -> the name to show: the book of players' (node.players_book: the name you
    know a key by) where it holds the key, else the name a key played under most often in the
    counted matches (`copies`: match id -> its players as the report lists them), the first in
    order on a tie."""
    used: dict[str, Counter] = {}
    for players in copies.values():
        for p in players:
            used.setdefault(p["key"], Counter())[p["name"]] += 1
    names = {k: min(c, key=lambda n: (-c[n], n)) for k, c in used.items()}
    return {k: (book or {}).get(k, n) for k, n in names.items()}


def book_names() -> dict[str, str]:
    """The names your book of players holds, by key (hex); none when it cannot be read."""
    from node.players_book import Book
    from protocol.identity import data_dir
    try:
        return {k: p.name for k, p in Book(data_dir()).players.items()}
    except OSError:
        return {}


def collect(paths: list[str]) -> dict:
    """Every file read and verified: the matches counted, the unfinished, the left out."""
    from protocol.verify import read_file, verify_bytes
    left_out: list[dict] = []
    unfinished: list[dict] = []
    copies: dict[str, dict[str, list[str]]] = {}     # match id -> content hash -> files
    found: dict[str, tuple[Played, list[dict]]] = {}
    for path in match_files(paths, left_out):
        data = read_file(path)
        r = data if not isinstance(data, bytes) else verify_bytes(data)
        if r.status == 0 and r.complete and r.winners is not None:
            digest = hashlib.sha256(data).hexdigest()
            copies.setdefault(r.match_id, {}).setdefault(digest, []).append(path)
            found[r.match_id] = (Played(r.match_id, r.game, tuple(p["key"] for p in r.players),
                                        tuple(r.scores), tuple(r.winners)), r.players)
        elif r.status == 1 and r.fault == "incomplete":
            unfinished.append({"file": path, "match": r.match_id})
        else:
            left_out.append({"file": path, "why": why_not(r)})
    for match_id, versions in sorted(copies.items()):
        if len(versions) > 1:
            files = sorted(f for fs in versions.values() for f in fs)
            for f in files:
                left_out.append({"file": f, "why": (
                    f"match {match_id[:16]} has verified copies that differ ({len(versions)} "
                    f"histories signed under one genesis: someone signed both), so it counts "
                    f"in none: {', '.join(shown(x) for x in files if x != f)}")})
            del found[match_id]
    return {"found": found, "unfinished": unfinished, "left_out": left_out,
            "files": {m: sorted(f for fs in v.values() for f in fs) for m, v in copies.items()
                      if m in found}}


def _row(row: Row, names: dict[str, str]) -> dict:
    return {"place": row.place, "key": row.key, "check_code": check_code(bytes.fromhex(row.key)),
            "name": names.get(row.key), "rating": rounded(row.rating), "mu": rounded(row.mu),
            "sigma": rounded(row.sigma), "games": row.games, "wins": row.wins}


def _table(title: str, rows: list[dict]) -> list[str]:
    width = max([6] + [len(shown(r["name"])) for r in rows])
    width = min(width, 24)
    lines = [title, f"  {'#':>3}  {'player':<{width}}  {'check code':<10}  {'rating':>7}  "
                    f"{'mu':>6}  {'sigma':>5}  {'games':>5}  {'wins':>4}"]
    for r in rows:
        name = shown(r["name"])
        name = name if len(name) <= width else name[:width - 1] + "…"
        lines.append(f"  {r['place']:>3}  {name:<{width}}  {r['check_code']:<10}  "
                     f"{r['rating']:>7.1f}  {r['mu']:>6.1f}  {r['sigma']:>5.1f}  "
                     f"{r['games']:>5}  {r['wins']:>4}")
    return lines


def run(args: argparse.Namespace) -> int:
    paths = args.paths or [str(Path(data_dir(), "matches"))]
    if not args.paths and not os.path.isdir(paths[0]):
        paths = []   # nobody has played here yet: no matches, not an unreadable folder
    got = collect(paths)
    found = got["found"]
    overall, per_game = standings(p for p, _ in found.values())
    names = player_names({m: players for m, (_, players) in found.items()}, book_names())
    games = {g: {"matches": sum(1 for p, _ in found.values() if p.game == g),
                 "players": [_row(r, names) for r in rows]} for g, rows in per_game.items()}
    report = {
        "matches": [{"match": m, "game": found[m][0].game, "files": got["files"][m]}
                    for m in sorted(found)],
        "overall": [_row(r, names) for r in overall],
        "games": games,
        "unfinished": sorted(got["unfinished"], key=lambda u: u["file"]),
        "left_out": sorted(got["left_out"], key=lambda u: (u["file"], u["why"])),
    }
    if args.json:
        print(json.dumps(report, sort_keys=True))
        return 0
    for bad in report["left_out"]:
        print(shown(f"left out: {bad['file']}: {bad['why']}"), file=sys.stderr)
    for u in report["unfinished"]:
        print(shown(f"not counted, unfinished (no result yet): {u['file']}"))
    if not found:
        where = ", ".join(paths) if paths else f"{Path(data_dir(), 'matches')} (no such folder)"
        print(shown(f"no finished match that verifies in {where}: no standings"))
        return 0
    n = len(found)
    head = f"overall ({n} match{'es' * (n != 1)}"
    head += f", all {next(iter(games))})" if len(games) == 1 else \
        ", " + ", ".join(f"{g} {v['matches']}" for g, v in games.items()) + ")"
    lines = _table(head, report["overall"])
    if len(games) > 1:
        for g, v in games.items():
            lines += [""] + _table(f"{g} ({v['matches']} match{'es' * (v['matches'] != 1)})",
                                   v["players"])
    lines.append("rating: OpenSkill Plackett–Luce, mu - 3·sigma (starts at 0, rises with wins "
                 "and games); matches rated in the order of their match id")
    print("\n".join(shown(line) if line else "" for line in lines))
    return 0
