"""Starting a node in the background and opening the UI on it.

The node runs as its own process in its own session, so closing the terminal (or quitting the
UI) does not end the player's game; `lanboard attach` opens the UI on it again. Its output
goes to log files readable by the user alone (0600, in a logs folder made 0700), as match files.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from protocol.identity import data_dir
from protocol.private_files import open_private, private_dir

from ..command_hint import lanboard
from ..errors import UsageError


def ui_wanted(args) -> bool:
    """The UI opens for a person at a terminal; scripts, bots and --json keep plain output."""
    if getattr(args, "headless", False) or getattr(args, "json", False) or \
            getattr(args, "bot", None):
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


def start_node(argv: list[str], what: str, timeout: float = 60.0,
               env: dict | None = None) -> tuple[subprocess.Popen, Path, Path]:
    """Run `lanboard ARGV --headless --json` detached; wait until its control socket is up.
    Returns (process, control socket, log file)."""
    # the user's alone, as match files: the node's --json events hold a private table's code
    # and the player's own events
    logs = private_dir(data_dir() / "logs")
    log = logs / f"{what}-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.jsonl"
    err = log.with_suffix(".err")
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", *argv, "--headless", "--json"],
                            stdout=_private(log), stderr=_private(err),
                            stdin=subprocess.DEVNULL, start_new_session=True,
                            env=env or os.environ.copy())
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in log.read_text().splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if ev.get("event") == "listening":
                control = Path(ev["control"])
                while not control.exists() and proc.poll() is None:
                    time.sleep(0.02)
                return proc, control, log
        if proc.poll() is not None:
            said = node_words(err, argv[0])
            if said is not None:
                # the node's own words for what stopped it (a lobby's refusal, a wrong table
                # code): said as the command without the UI says them
                raise UsageError(said)
            tail = err.read_text().strip().splitlines()[-3:]
            raise UsageError("the node did not start: " + (" / ".join(tail) or f"exit {proc.returncode}"))
        time.sleep(0.05)
    proc.terminate()
    raise UsageError(f"the node did not open its control socket within {timeout:g} s (log: {log})")


def node_words(err: Path, command: str) -> str | None:
    """What a node run by start_node said last as its `lanboard COMMAND: ...` line (how a
    command ends on a user error: a lobby's refusal, a wrong table code), without that prefix;
    None if its last line is not one."""
    try:
        tail = err.read_text(errors="replace").strip().splitlines()[-1:]
    except OSError:
        return None
    said = f"lanboard {command}: "
    return tail[0][len(said):] if tail and tail[0].startswith(said) else None


def last_words(proc: subprocess.Popen, err: Path, command: str, wait: float = 10.0):
    """For the UI's model (Model.last_words): once the node at the other end of the control
    socket has gone, its own words for why (node_words), when it ended with some. The socket
    goes before the node prints them, so this waits for the process to end, at most `wait`."""
    async def words() -> str | None:
        try:
            await asyncio.to_thread(proc.wait, wait)
        except subprocess.TimeoutExpired:
            return None
        return node_words(err, command)
    return words


def _private(path: Path):
    """`path` opened for writing, created readable by the user alone."""
    return open(open_private(path), "w")


def open_ui(control: Path, pid: int | None = None, words=None) -> int:
    """Run the UI on the node at `control`; the exit status: 0 when the player left, the game
    ended, the node was stopped (`lanboard stop`, from any terminal) or plays on in the
    background; 1 on a fault or a node that became unreachable without stopping (a crash) or
    ended with words of its own (`words`: last_words, e.g. the host refused us)."""
    from .app import live_ui
    ui = live_ui(control)
    if words is not None:
        ui.model.last_words = words
    lobby = last_lobby(control)
    if lobby:
        ui.model.knew_lobby(lobby)
    asyncio.run(ui.run_live())
    m = ui.model
    if ui.leaving.left:
        print(f"Your node is stopping. {ui.leaving.what_happens}")
        return 0
    if m.result is not None:
        file = m.status.get("file")
        print("The game is over. Verify the match file with "
              f"`{lanboard('verify', file) if file else lanboard('verify')}`.")
        return 0
    if m.fault:
        print(m.fault)
        return 1
    if m.stopped:   # from another terminal: what was asked, so no failure
        print(f"lanboard: {m.gone}")
        return 0
    if m.gone:
        print(f"lanboard: {m.gone}")
        return 1
    which = f" (process {pid})" if pid else ""
    print(f"Your node plays on in the background{which}. Come back with:\n"
          f"  {lanboard('attach', str(control))}")
    return 0


def default_control(home: Path | None = None) -> Path:
    """The control socket of the node of the player whose home is `home` (default: ours)."""
    from protocol.identity import load_or_create
    home = home or data_dir()
    return home / f"control-{load_or_create(home).check_code}.sock"


def last_lobby(control: Path) -> dict | None:
    """The last lobby event the node printed before the UI attached: who has joined, with
    check codes. The control API's event stream starts at subscription and its status gives
    only our own code, so a player who joined earlier is found in the node's log (written by
    start_node) instead."""
    logs = sorted((data_dir() / "logs").glob("*.jsonl"), key=lambda p: p.stat().st_mtime,
                  reverse=True)
    for log in logs[:20]:
        try:
            events = [json.loads(x) for x in log.read_text().splitlines() if x.startswith("{")]
        except (OSError, ValueError):
            continue
        if any(e.get("event") == "listening" and e.get("control") == str(control)
               for e in events):
            lobbies = [e for e in events if e.get("event") == "lobby"]
            return lobbies[-1] if lobbies else None
    return None
