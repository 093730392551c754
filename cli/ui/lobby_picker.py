"""`lanboard join` without a name: the lobbies on the LAN as they appear, to pick one from.

Discovery is trio code (node.discovery); this asyncio app asks `lanboard list --json` in a
subprocess every few seconds instead of running a second event loop. No such subprocess outlives
the picker: one still listing when a lobby is picked is killed and waited for before the
picker's event loop closes (left behind, asyncio's child watcher and the transport's __del__
print "Event loop is closed" tracebacks over the game screen that follows).
"""
from __future__ import annotations

import asyncio
import json
import sys
from typing import Awaitable, Callable

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from protocol.peertext import shown

from .app import STYLE

Lister = Callable[[], Awaitable[list[dict]]]


async def list_lan(timeout: float = 2.0, interfaces=()) -> list[dict]:
    argv = [sys.executable, "-m", "cli.main", "list", "--json", "--timeout", str(timeout)]
    for addr in interfaces or ():
        argv += ["--interface", addr]
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.DEVNULL)
    try:
        out, _ = await proc.communicate()
    finally:
        if proc.returncode is None:   # cancelled: the picker is closing
            proc.kill()
            await proc.wait()
    found = []
    for line in out.decode(errors="replace").splitlines():
        try:
            found.append(json.loads(line))
        except ValueError:
            continue
    return found


def open_lobbies(found: list[dict]) -> list[dict]:
    return [x for x in found if x.get("phase") == "lobby" and x["seats_taken"] < x["seats_total"]]


def _mark(known: dict) -> str:
    """The book of players' word on a lobby's host (`list --json`'s "known")."""
    if known.get("mark") == "known":
        return f"  known ({known['games']} games)"
    if known.get("mark") == "another key":
        return "  ANOTHER KEY under a known name"
    return "  new" if known.get("mark") == "new" else ""


class LobbyPicker:
    def __init__(self, lister: Lister = list_lan) -> None:
        self.lister = lister
        self.lobbies: list[dict] = []
        self.selected = 0
        self.searches = 0
        self.message = ""
        self.choice: dict | None = None
        kb = KeyBindings()

        @kb.add("up")
        def _(event) -> None:
            if self.lobbies:
                self.selected = (self.selected - 1) % len(self.lobbies)

        @kb.add("down")
        def _(event) -> None:
            if self.lobbies:
                self.selected = (self.selected + 1) % len(self.lobbies)

        @kb.add("enter")
        def _(event) -> None:
            if not self.lobbies:
                self.message = "No open lobby yet: wait for one to appear, or q to give up."
                return
            self.choice = self.lobbies[self.selected]
            event.app.exit()

        @kb.add("q")
        @kb.add("c-c")
        def _(event) -> None:
            event.app.exit()

        @kb.add(Keys.Any)
        def _(event) -> None:
            self.message = "↑/↓ choose a lobby, Enter joins it, q gives up."

        self.app: Application = Application(
            layout=Layout(Window(FormattedTextControl(self.fragments, focusable=True,
                                                      show_cursor=False))),
            key_bindings=kb, style=STYLE, full_screen=True)

    def fragments(self):
        out = [("class:title", "lanboard — games open on the LAN\n\n")]
        if not self.lobbies:
            out.append(("class:dim", f"looking… ({self.searches} searches so far; a host "
                                     "appears about 2 s after `lanboard host` starts)\n"))
        for k, x in enumerate(self.lobbies):
            style = "class:selected" if k == self.selected else ""
            known = x.get("known") or {}
            if known.get("mark") == "another key":   # before its line, before a join
                out.append(("class:error", f"  {shown(known['words'])}\n"))
            out.append((style, f"{'>' if k == self.selected else ' '} {shown(x['host']):<20} "
                               f"code {x['code']}  {x['game']}  {x['seats_taken']}/"
                               f"{x['seats_total']} seats  {x['address']}:{x['port']}"
                               f"{_mark(known)}\n"))
        out.append(("", "\n"))
        if self.message:
            out.append(("class:status", self.message + "\n"))
        out.append(("class:hint", "↑/↓ choose · Enter join · q quit"))
        return out

    def pickable(self, found: list[dict]) -> list[dict]:
        """What may be picked of what `list` found (cli.ui.watch_picker picks running games)."""
        return open_lobbies(found)

    async def _search(self) -> None:
        while True:
            found = self.pickable(await self.lister())
            self.searches += 1
            keep = self.lobbies[self.selected]["name"] if self.lobbies else None
            self.lobbies = found
            names = [x["name"] for x in found]
            self.selected = names.index(keep) if keep in names else 0
            self.app.invalidate()
            await asyncio.sleep(0.5)

    async def run(self) -> dict | None:
        search = asyncio.ensure_future(self._search())
        try:
            await self.app.run_async()
        finally:
            search.cancel()
            # its subprocess is ended while this loop still runs (see the module's docstring)
            await asyncio.gather(search, return_exceptions=True)
        return self.choice


def pick_lobby(interfaces=()) -> dict | None:
    return asyncio.run(LobbyPicker(lambda: list_lan(2.0, interfaces)).run())
