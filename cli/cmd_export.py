"""`lanboard export FILE [--states]`: the match log as JSON lines (bytes as hex)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

NAME = "export"
HELP = "print a match file as JSON lines (bytes in hex), optionally with the state after each entry"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="match file")
    p.add_argument("--states", action="store_true",
                   help="add the engine state (and its hash) after each entry (replays the game)")


def _json(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    return value


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except BrokenPipeError:  # `lanboard export FILE | head`: the reader has all it wants
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace) -> int:
    from engine.canonical import to_data
    from protocol.codec import CodecError
    from protocol.matchfile import MAX_FILE, read_items
    from protocol.messages import SchemaError, is_proof, parse_signed_genesis
    from protocol.verify import replay

    try:
        with open(args.file, "rb") as f:
            data = f.read(MAX_FILE + 1)
    except OSError as e:
        print(f"lanboard export: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    out = sys.stdout
    if not args.states:
        index = -1
        try:
            for index, (offset, raw, value) in enumerate(read_items(data)):
                if index == 0:
                    try:
                        parse_signed_genesis(value)
                    except SchemaError as e:
                        print(f"lanboard export: not a match file: the first item is not a "
                              f"signed genesis ({e})", file=sys.stderr)
                        return 2
                item = "genesis" if index == 0 else "proof" if is_proof(value) else "entry"
                line = {"index": index, "offset": offset, "hash": _sha(raw),
                        "item": item, "value": _json(value)}
                out.write(json.dumps(line, sort_keys=True) + "\n")
        except CodecError as e:
            print(f"lanboard export: {e}", file=sys.stderr)
            return 1 if index >= 0 else 2
        if index < 0:
            print(f"lanboard export: {args.file} is empty", file=sys.stderr)
            return 2
        return 0

    def emit(index: int, entry: Any, ledger: Any) -> None:
        raw = ledger.entries[-1] if index else None
        line = {"index": index, "item": "genesis" if index == 0 else "entry",
                "value": _json(ledger.genesis if index == 0 else entry),
                "state_hash": ledger.state_hash().hex(), "state": _json(to_data(ledger.state))}
        if raw is not None:
            line["hash"] = _sha(raw)
        out.write(json.dumps(line, sort_keys=True) + "\n")

    try:
        report, _ = replay(data, emit)
    except BrokenPipeError:
        raise
    except Exception as e:  # noqa: BLE001
        print(f"lanboard export: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    if report.status == 2:
        print(f"lanboard export: not a match file: {report.reason}", file=sys.stderr)
    elif report.fault == "incomplete":
        return 0   # a log of a game in progress exports fine
    elif report.proof is not None:   # every entry exported; the match stopped for a cheat
        print(f"lanboard export: the match was stopped at entry {report.index} for a proven "
              f"cheat: {report.fault}: {report.reason}", file=sys.stderr)
        return 0
    elif report.status == 1:
        print(f"lanboard export: stopped at entry {report.index}: {report.fault}: {report.reason}",
              file=sys.stderr)
    return report.status


def _sha(raw: bytes) -> str:
    import hashlib
    return hashlib.sha256(raw).hexdigest()
