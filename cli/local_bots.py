"""The bot players `lanboard host --bots K` runs on this machine.

Each is a node process of its own with its own identity, so its own home (data_dir()/bots/bot-k),
and a child of the host's node. A host that resumes its match restarts those of its bots that
died with it (a closed terminal's SIGHUP, a reboot): without them the game would wait out the
timeouts for seats that never come back, or stall when two are gone at once.
"""
from __future__ import annotations

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import trio

from node.lobby import SEAT_NUMBER
from node.runtime import unfinished_matches
from protocol.identity import data_dir

from .node_runner import TABLE_CODE_ENV, node_running
from .ui.launch import default_control


def bot_home(k: int) -> Path:
    return data_dir() / "bots" / f"bot-{k}"


# A host listening on every address is dialed by its bots over loopback.
ANY_ADDRESS = {"0.0.0.0": "127.0.0.1", "::": "::1"}


def bot_command(listen: str, port: int, kind: str) -> list[str]:
    """A bot joins the host where the host listens, and listens there too: the bots of a host
    on loopback stay on loopback, and those of a host on the LAN can be reached from the LAN
    at the host's address, which is where the other players are sent to find them (see
    node.runtime.shared_addr). Dialing 127.0.0.1 always would miss a host that listens on one
    LAN address only."""
    host = ANY_ADDRESS.get(listen, listen)
    # --new: a bot's home may hold an unfinished match of an earlier game; this is a new one.
    # Named after the seat it gets (the bots race for seats): seat 3 is "Bot 3" everywhere.
    return [sys.executable, "-m", "cli.main", "join", "--peer", f"{host}:{port}",
            "--listen", listen, "--bot", kind, "--name", f"Bot {SEAT_NUMBER}", "--new"]




def spawn_bots(nursery: trio.Nursery, listen: str, port: int, count: int, kind: str,
               table_code: str | None = None) -> None:
    for k in range(1, count + 1):
        _start(nursery, bot_command(listen, port, kind), bot_home(k), table_code)


def stopped_bots(match: Path) -> list[Path]:
    """This machine's bots' own files of `match` (a match file is named by its match id) that
    are unfinished while their node is not running. A bot whose node still runs is left alone:
    it reconnects by itself."""
    found = []
    for home in sorted((data_dir() / "bots").glob("bot-*")):
        path = home / "matches" / match.name
        if path in unfinished_matches(home) and not node_running(default_control(home)):
            found.append(path)
    return found


def only_local_bots(meta: dict) -> bool:
    """Whether every other seat of a match (its note beside the match file) is one of this
    machine's bots: a game nobody else waits for."""
    from protocol.identity import KEY_FILE, load_or_create
    ours = {load_or_create(home).public.hex()
            for home in (data_dir() / "bots").glob("bot-*") if (home / KEY_FILE).is_file()}
    others = [p["key"] for i, p in enumerate(meta.get("players", ())) if i != meta.get("seat")]
    return bool(others) and all(k in ours for k in others)


def resume_bots(nursery: trio.Nursery, matches: list[Path]) -> None:
    for path in matches:
        home = path.parent.parent
        _start(nursery, [sys.executable, "-m", "cli.main", "resume", str(path), "--headless"],
               home)


def _start(nursery: trio.Nursery, argv: list[str], home: Path,
           table_code: str | None = None) -> None:
    env = dict(os.environ, LANBOARD_HOME=str(home))
    if table_code is not None:   # a private table: in the environment, never on a command line
        env[TABLE_CODE_ENV] = table_code
    nursery.start_soon(partial(trio.run_process, argv, env=env, check=False,
                               stdout=subprocess.DEVNULL))
