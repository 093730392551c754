"""Driving the terminal UI in tests: prompt-toolkit pipe input, a dummy output of a chosen
size, a scripted control socket, and real node processes started the way `lanboard play`
starts them."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cli.ui import launch
from cli.ui.app import GameUI, live_ui

ROOT = Path(__file__).resolve().parents[2]


class SizedOutput(DummyOutput):
    """A dummy terminal whose size a test sets (and changes, for a resize)."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        super().__init__()
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


@contextmanager
def terminal(columns: int = 80, rows: int = 24):
    with create_pipe_input() as inp:
        out = SizedOutput(columns, rows)
        with create_app_session(input=inp, output=out):
            yield inp, out


async def until(predicate, timeout: float, what: str, ui: GameUI | None = None,
                log: Path | None = None) -> None:
    """Wait for `predicate`; on timeout, fail with what the UI showed and held (and the end of
    the node's `log`): enough to tell a lost key from a node that never answered."""
    deadline = time.monotonic() + timeout
    await asyncio.sleep(0)  # always let the app run: a test that never yields starves it
    while not predicate():
        if time.monotonic() > deadline:
            told = ""
            if ui:
                m = ui.model
                told = (f"{ui.screen_text()}\nmessage: {m.message!r}\n"
                        f"decision: {m.decision}\nselected: {m.selected}")
            if log is not None and log.exists():
                told += "\nnode log, last lines:\n" + "\n".join(
                    log.read_text(errors="replace").splitlines()[-15:])
            raise AssertionError(f"timed out waiting for {what}\n{told}")
        await asyncio.sleep(0.02)


async def drive(control: Path, script, columns: int = 80, rows: int = 24):
    """Run the live UI on `control` while `script(ui, inp, out)` acts; returns the UI."""
    with terminal(columns, rows) as (inp, out):
        ui = live_ui(control)
        app_task = asyncio.ensure_future(ui.run_live())
        try:
            await until(lambda: ui.app.is_running, 5, "the app to start")
            await script(ui, inp, out)
        finally:
            if ui.app.is_running:
                ui.app.exit()
            await asyncio.wait_for(app_task, 5)
    return ui


async def replay_ui(steps: list[dict], names: list[str]) -> tuple[GameUI, asyncio.Future]:
    """A replay of `steps` running in the current terminal (`terminal`): the UI and its task."""
    from cli.ui.app import ReplaySteps
    from cli.ui.model import Model
    model = Model()
    ui = GameUI(model)
    ui.replay = ReplaySteps(model, steps, names)
    task = asyncio.ensure_future(ui.run_replay())
    await until(lambda: ui.app.is_running, 5, "the app")
    return ui, task


class ScriptedNode:
    """A control socket answering as a node would: `replies(request)` gives each answer (by
    "cmd"), every request is kept in `requests`, and an "events" subscriber gets `events`
    then an open stream (closed by `close`)."""

    def __init__(self, replies, events: list[dict] = ()) -> None:
        self.replies, self.events = replies, list(events)
        self.requests: list[dict] = []
        self.streams: list[asyncio.StreamWriter] = []

    async def serve(self, reader, writer) -> None:
        req = json.loads(await reader.readline())
        self.requests.append(req)
        writer.write(json.dumps(self.replies(req)).encode() + b"\n")
        if req["cmd"] == "events":
            for ev in self.events:
                writer.write(json.dumps(ev).encode() + b"\n")
            self.streams.append(writer)
            await writer.drain()
            await asyncio.sleep(3600)
        await writer.drain()
        writer.close()

    async def drive(self, sock: Path, script) -> None:
        """Serve on `sock` while the live UI runs `script` (see `drive`)."""
        server = await asyncio.start_unix_server(self.serve, path=str(sock))
        try:
            await drive(sock, script)
        finally:
            for w in self.streams:
                w.close()
            server.close()

    def sent(self, cmd: str) -> list[dict]:
        return [r for r in self.requests if r["cmd"] == cmd]


def attached_ui(monkeypatch, model, run_live=None, *, lobby: dict | None = None,
                left: bool = False) -> None:
    """What `launch.open_ui` attaches with, faked: the live UI is `model` with `run_live` for
    the app's run (none by default: the app itself is not what is tested, but what the UI was
    given before it and what open_ui says after it), `left` whether the player chose to leave,
    and `lobby` the node's last lobby event."""
    async def nothing() -> None:
        pass
    ui = SimpleNamespace(model=model, leaving=SimpleNamespace(left=left, what_happens=""),
                         run_live=run_live or nothing)
    monkeypatch.setattr("cli.ui.app.live_ui", lambda control: ui)
    monkeypatch.setattr(launch, "last_lobby", lambda control: lobby)


def use_home(monkeypatch, path: Path) -> None:
    monkeypatch.setenv("LANBOARD_HOME", str(path))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def stop(proc) -> None:
    """End a node process group this test started (the node and the bots it spawned)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(5)
        except Exception:  # noqa: BLE001
            os.killpg(proc.pid, signal.SIGKILL)


def text(lines) -> str:
    """A screen's lines of (style, text) fragments as plain text, trailing blanks cut."""
    return "\n".join("".join(f[1] for f in line).rstrip() for line in lines)


def screens_after(model, steps, size=(80, 24)) -> list[str]:
    """Drive a GameUI on `model` at `size`: each step is (prepare, keys), `prepare` (or None) a
    change to the model made first; after each keys, wait until the screen changed. The screen
    text after each step."""
    async def script():
        shots = []
        with terminal(*size) as (inp, out):
            ui = GameUI(model)
            ui.choose = lambda k: None          # nothing is sent to a node
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            for prepare, keys in steps:
                if prepare is not None:
                    prepare()
                before = ui.screen_text()
                inp.send_text(keys)
                await until(lambda: ui.screen_text() != before, 5, repr(keys), ui)
                shots.append(ui.screen_text())
            ui.app.exit()
            await asyncio.wait_for(task, 5)
        return shots
    return asyncio.run(script())
