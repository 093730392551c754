"""`lanboard verify FILE [--json]`: check a match file from first signature to final score.

Every line printed goes through protocol.peertext.shown: the file is anyone's, and a name or a
reason in it (an older build's, a hand-made one) must not write a line of its own or hide one."""
from __future__ import annotations

import argparse
import json
import re
import sys

from engine import player_name
from protocol.peertext import shown

from .command_hint import lanboard

NAME = "verify"
HELP = "check every signature, reveal, move and state hash of a match file"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="match file (CBOR sequence written by a node or `sim --log`)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--partial", action="store_true",
                   help="accept a log that ends before the game is over (a match in progress)")


def _counts(c: dict) -> str:
    sealed = f", {c['open']} sealed rounds" if c.get("open") else ""
    if c.get("key"):
        sealed += f", {c['shuffle']} shuffles, {c['draw']} private draws"
    return (f"{c['move']} moves, {c['reveal']} rolls{sealed}, {c['attest']} attestations, "
            f"{c['timeout']} timeouts")


def damaged(r) -> str:
    """What a file whose bytes do not decode as a match entry means, before the decoder's words."""
    at = re.search(r"at byte (\d+)", r.reason or "")
    where = f"entry {r.index}" if r.index is not None else "an entry"
    return (f"FAILED: this file was changed or damaged at {where}"
            + (f", byte {at.group(1)}" if at else "")
            + ": from there on it does not decode as a match entry, so nothing after it can be "
              "checked")


def _text(path: str, r) -> str:
    if r.status == 2:
        return f"{path}: cannot be read as a match file: {r.reason}"
    lines = []
    if r.game:
        lines.append(f"game {r.game}  match {r.match_id or '?'}")
        lines.append("players: " + ", ".join(f"{player_name(p['seat'])} {p['name']}" for p in r.players))
    if r.status == 0 and not r.complete:
        lines.append(f"OK so far: {r.entries} entries ({_counts(r.counts)}), "
                     f"{r.signatures} signatures verified; {r.reason}")
    elif r.status == 0:
        lines.append(f"OK: {r.entries} entries ({_counts(r.counts)}), "
                     f"{r.signatures} signatures verified, engine replayed")
        winners = " and ".join(f"{player_name(w)} ({r.players[w]['name']})" for w in r.winners)
        lines.append(f"winner: {winners}")
        lines.append("scores: " + "  ".join(f"{player_name(i)} {s}" for i, s in enumerate(r.scores)))
        turns = (r.details or {}).get("turns") if isinstance(r.details, dict) else None
        if turns is not None:
            lines.append(f"turns: {turns}")
    if r.status == 0:
        for c in r.choices:
            lines.append(f"{player_name(c['seat'])} ({r.players[c['seat']]['name']}) timed out; at "
                         f"entry {c['seq']} the others chose: {c['outcome']}")
        if r.bots:
            lines.append(f"the bot made {r.bot_moves} moves for "
                         f"{', '.join(map(player_name, r.bots))} (derived from the log, replayed)")
    else:
        where = f"entry {r.index}" if r.index is not None else "the file"
        what = f" ({r.kind})" if r.kind else ""
        who = f" by {player_name(r.author)}" if r.author is not None and r.proven else ""
        if r.fault == "malformed":   # plain words first: the file itself is broken there
            lines.append(damaged(r))
            lines.append(f"details: {r.reason}")
        else:
            lines.append(f"FAILED at {where}{what}{who}: {r.fault or 'error'}: {r.reason}")
        if r.author is not None and not r.proven:
            lines.append(f"(nothing {player_name(r.author)} signed shows this: whoever made or "
                         "changed this file may have written it)")
        if r.fault == "incomplete":
            lines.append("(a game still in progress? "
                         f"`{lanboard('verify', '--partial')}` accepts a log "
                         "that stops early when everything it holds is right)")
    return "\n".join(map(shown, lines))


def run(args: argparse.Namespace) -> int:
    try:
        from protocol.verify import verify_file
        r = verify_file(args.file)
        if args.partial and r.fault == "incomplete":
            r.status = 0
        if args.json:
            print(json.dumps(r.to_json(), sort_keys=True))
        else:
            print(_text(args.file, r), file=sys.stdout if r.status == 0 else sys.stderr)
        return r.status
    except Exception as e:  # noqa: BLE001 - never a traceback, whatever the file holds
        print(f"lanboard verify: internal error: {type(e).__name__}: {shown(e)}",
              file=sys.stderr)
        return 1
