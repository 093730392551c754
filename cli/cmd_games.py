"""`lanboard games`: this user's games in the background: the nodes running (with how to attach
and stop them) and the unfinished matches no node runs (with how to resume or forget them)."""
from __future__ import annotations

import argparse
import json

import trio

from protocol.peertext import shown

from .background import ago, running_nodes, stopped_matches
from .command_hint import lanboard

NAME = "games"
HELP = "your games in the background: running nodes and unfinished matches"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="one JSON object per node or match")


def _players(names: list[str], seat: int | None) -> str:
    names = [shown(n) for n in names]   # from genesis and notes: any build's, any player's
    return ", ".join(f"{n} (you)" if i == seat else n for i, n in enumerate(names))


def run(args: argparse.Namespace) -> int:
    running = trio.run(running_nodes)
    stopped = stopped_matches(None, running)
    if args.json:
        for n in running:
            print(json.dumps({"running": True, "bot": n.bot_of_ours, "control": str(n.control),
                              "since": n.since, **{k: n.status.get(k) for k in (
                                  "game", "seat", "phase", "match", "name", "players")}}))
        for m in stopped:
            print(json.dumps({"running": False, "file": str(m.path), "since": m.since,
                              "match": m.path.stem, "game": m.meta.get("game"),
                              "seat": m.meta.get("seat"), "bot": bool(m.meta.get("bot")),
                              "players": [p.get("name") for p in m.meta.get("players", [])]}))
        return 0
    own = [n for n in running if not n.bot_of_ours]
    bots = [n for n in running if n.bot_of_ours]
    if not running and not stopped:
        print("no games of yours: no node running, no unfinished match")
        return 0
    for n in own:
        s = n.status
        names = [p["name"] for p in s.get("players") or []]
        match = (s.get("match") or "")[:16]
        print(f"running: {s.get('title') or s.get('game') or 'a lobby'}, {s.get('phase')}"
              f"{', match ' + match if match else ''}, running since {ago(n.since)}")
        print(f"  players: {_players(names, s.get('seat')) or shown(s.get('name'))}")
        print(f"  attach: {lanboard('attach', str(n.control))}")
        print(f"  stop:   {lanboard('stop', *[match] if match else [])}")
    if bots:
        by_match: dict[str, int] = {}
        for n in bots:
            by_match[n.match[:16]] = by_match.get(n.match[:16], 0) + 1
        for match, count in sorted(by_match.items()):
            owner = any(n.match[:16] == match for n in own)
            print(f"running: {count} bot node{'s' * (count > 1)} of this machine in match "
                  f"{match or '(a lobby)'}" + ("" if owner else
                                               f"; their host is gone: {lanboard('stop', match)}"))
    for m in stopped:
        names = [p.get("name", "?") for p in m.meta.get("players", [])]
        print(f"unfinished, no node running: {m.meta.get('game')}, match {m.path.stem[:16]}, "
              f"last entry {ago(m.since)}")
        print(f"  players: {_players(names, m.meta.get('seat'))}")
        print(f"  resume: {lanboard('resume', m.path.stem[:16])}")
        print(f"  forget: {lanboard('forget', m.path.stem[:16])} (its files move to an archive)")
    return 0
