"""Driving the terminal UI in tests: prompt-toolkit pipe input, a dummy output of a chosen
size, and real node processes started the way `lanboard play` starts them."""
from __future__ import annotations

import asyncio
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
