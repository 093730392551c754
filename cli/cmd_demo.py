"""`lanboard demo`: the main job on an embedded default.

Starts N bot nodes as separate processes on this machine. One hosts and announces its lobby by
mDNS on the loopback interface; the others look for it there and join. Linux keeps multicast
off on loopback by default, and then the joiners dial the host's port directly instead (the
demo says which). They play a whole game peer to peer, each writes its match file, and the demo
verifies every file and shows the result.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from functools import partial
from pathlib import Path

import trio

from engine import get_game
from node.lobby import SEAT_NUMBER
from protocol.verify import verify_file

from .cmd_sim import check_game
from .command_hint import lanboard
from .game_option import add_game_option

NAME = "demo"
HELP = "start N bot nodes on this machine, let them find each other and play, verify the logs"

LOOPBACK = "127.0.0.1"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bot-kind", default="greedy", choices=("greedy", "random"))
    p.add_argument("--dir", type=Path, help="where the nodes keep their files "
                   "(default: a new temporary directory)")


def _node_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "cli.main", *args]


class NodeStopped(Exception):
    """A node process ended before it had saved a finished game: the others would wait for it
    (in the lobby, or for its moves) until their timeouts, so the demo stops them all."""

    def __init__(self, index: int, code: int, stderr: Path) -> None:
        tail = stderr.read_text(errors="replace").strip().splitlines()[-5:] \
            if stderr.exists() else []
        said = "\n    ".join(tail) or "(it said nothing on stderr)"
        super().__init__(f"node {index + 1} stopped before the game ended (exit status {code}); "
                         f"the last it said:\n    {said}")


async def _read_events(proc: trio.Process, events: list, started: trio.Event | None,
                       index: int, stderr: Path) -> None:
    buf = b""
    async for chunk in proc.stdout:
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            events.append(ev)
            if started is not None and ev.get("event") == "listening":
                started.set()
    code = await proc.wait()
    if not any(e.get("event") == "saved" for e in events):
        raise NodeStopped(index, code, stderr)


async def _spawn(nursery: trio.Nursery, env: dict, stderr, *argv: str) -> trio.Process:
    """A node process of the demo, its events on stdout, what it says on `stderr`."""
    return await nursery.start(partial(trio.run_process, _node_cmd(*argv), env=env,
                                       stdout=subprocess.PIPE, stderr=stderr, check=False))


async def _demo(args, base: Path) -> tuple[list[list[dict]], str]:
    n = args.players
    events: list[list[dict]] = [[] for _ in range(n)]
    env = [dict(os.environ, LANBOARD_HOME=str(base / f"node-{i}")) for i in range(n)]
    errs = [base / f"node-{i}.stderr" for i in range(n)]
    with ExitStack() as files:   # each node's stderr, closed here once the nodes are done
        stderr = [files.enter_context(err.open("wb")) for err in errs]
        async with trio.open_nursery() as nursery:
            listening = trio.Event()
            host = await _spawn(nursery, env[0], stderr[0], "host", "--game", args.game,
                                "--seats", str(n), "--bot", args.bot_kind, "--name", "Bot 1",
                                "--listen", LOOPBACK, "--interface", LOOPBACK, "--json")
            nursery.start_soon(_read_events, host, events[0], listening, 0, errs[0])
            with trio.fail_after(30):
                await listening.wait()
            port = next(e["port"] for e in events[0] if e.get("event") == "listening")
            found = await trio.run_process(
                _node_cmd("list", "--interface", LOOPBACK, "--timeout", "3", "--json"),
                capture_stdout=True, check=False, env=env[0])
            # Our host is the lobby at our host's port; another demo on this machine may announce
            # a "Bot 1" too, so the joiners look for ours by its check code.
            listed = [json.loads(line) for line in found.stdout.decode().splitlines()
                      if line.strip()]
            ours = [lobby for lobby in listed if lobby.get("port") == port]
            how = ("found the lobby by mDNS on loopback" if ours else
                   f"multicast is off on loopback here: joining 127.0.0.1:{port} directly")
            for i in range(1, n):
                target = [ours[0]["code"], "--interface", LOOPBACK] if ours else \
                    ["--peer", f"{LOOPBACK}:{port}"]
                proc = await _spawn(nursery, env[i], stderr[i], "join", *target, "--bot",
                                    args.bot_kind, "--name", f"Bot {SEAT_NUMBER}", "--listen",
                                    LOOPBACK, "--json")
                nursery.start_soon(_read_events, proc, events[i], None, i, errs[i])
    return events, how


def run(args: argparse.Namespace) -> int:
    check_game(args.game, args.players, [])
    base = args.dir or Path(tempfile.mkdtemp(prefix="lanboard-demo-"))
    base.mkdir(parents=True, exist_ok=True)
    game = get_game(args.game)
    print(f"{game.title}: {args.players} {args.bot_kind} bot nodes as separate processes "
          f"(files in {base})", flush=True)
    stopped: list[NodeStopped] = []
    try:
        events, how = trio.run(_demo, args, base)
    except* NodeStopped as group:
        stopped = list(group.exceptions)
    if stopped:
        for why in stopped:
            print(f"  {why}")
        print("The demo did not finish cleanly: it stopped the other nodes.")
        return 1
    print(f"  {how}")
    files: list[bytes] = []
    ok = True
    for i, evs in enumerate(events):
        saved = [e["path"] for e in evs if e.get("event") == "saved"]
        faults = [e for e in evs if e.get("event") == "fault"]
        if faults or not saved:
            ok = False
            print(f"  node {i + 1}: no finished game ({faults[0]['reason'] if faults else 'no match file'})")
            continue
        report = verify_file(saved[0])
        files.append(Path(saved[0]).read_bytes())
        status = "verified" if report.status == 0 else f"FAILED: {report.reason}"
        print(f"  node {i + 1}: {len(files[-1])} bytes, {report.entries} entries, {status}")
        ok = ok and report.status == 0
    if not ok or not files:
        print("The demo did not finish cleanly.")
        return 1
    same = all(f == files[0] for f in files)
    report = verify_file(saved[0])
    print(f"  all {len(files)} match files identical: {'yes' if same else 'NO'}")
    names = [p["name"] for p in report.players]
    scores = "  ".join(f"{names[i]} {s}" for i, s in enumerate(report.scores))
    winners = " and ".join(names[w] for w in report.winners)
    turns = report.details.get("turns", "?") if isinstance(report.details, dict) else "?"
    print(f"Winner: {winners}   scores: {scores}   turns: {turns}")
    print(f"Check it yourself: {lanboard('verify', str(saved[0]))}")
    return 0 if same else 1
