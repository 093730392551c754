"""`lanboard join` without a name: the lobbies on the LAN as they appear, to pick one from.

Discovery is trio code (node.discovery); this asyncio app asks `lanboard list --json` in a
subprocess every few seconds instead of running a second event loop. No such subprocess outlives
the picker: one still listing when a lobby is picked is killed and waited for before the
picker's event loop closes (left behind, asyncio's child watcher and the transport's __del__
print "Event loop is closed" tracebacks over the game screen that follows).

A private table (`list --json`'s "private") is marked so; picking one asks for its code (unless
one was given, `join --code`), which must read as a table code before the picker closes: the
choice then holds it as "table_code", for `join` to prove at the host (a wrong one ends `join`
in words there, as `join --code` does). Esc gives up the code and goes back to the list.
"""
from __future__ import annotations

import asyncio
import json
import sys
from typing import Awaitable, Callable

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from protocol.peertext import shown
from protocol.table_code import CODE_CHARS, normal_code

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


def _private(lobby: dict) -> str:
    # right after the name: the end of a long line is cut at 80 columns
    return "private, code needed  " if lobby.get("private") else ""


class LobbyPicker:
    def __init__(self, lister: Lister = list_lan, code: str | None = None) -> None:
        self.lister = lister
        self.lobbies: list[dict] = []
        self.selected = 0
        self.searches = 0
        self.message = ""
        self.choice: dict | None = None
        self.code = code              # a private table's code given beforehand (join --code)
        self.asking: dict | None = None   # the private lobby picked, while its code is asked
        self.typed = ""
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
                self.message = self.NONE_YET
            elif self.pick(self.lobbies[self.selected]):
                event.app.exit()

        @kb.add("q")
        @kb.add("c-c")
        def _(event) -> None:
            event.app.exit()

        @kb.add(Keys.Any)
        def _(event) -> None:
            self.message = self.KEYS

        asking = Condition(lambda: self.asking is not None)
        self.app: Application = Application(
            layout=Layout(Window(FormattedTextControl(self.fragments, focusable=True,
                                                      show_cursor=False))),
            key_bindings=merge_key_bindings([ConditionalKeyBindings(kb, ~asking),
                                             ConditionalKeyBindings(self._code_keys(), asking)]),
            style=STYLE, full_screen=True)

    NONE_YET = "No open lobby yet: wait for one to appear, or q to give up."
    KEYS = "↑/↓ choose a lobby, Enter joins it, q gives up."

    def pick(self, picked: dict) -> bool:
        """Enter on `picked`: True when it is the choice (the picker ends), else False (a
        private table's code is asked first, or a message says why not)."""
        if picked.get("private") and self.code is None:
            self.asking, self.typed, self.message = picked, "", ""
            return False
        self.choice = dict(picked, table_code=self.code) if picked.get("private") else picked
        return True

    def _code_keys(self) -> KeyBindings:
        """The keys while a private table's code is asked: typing, Backspace, Enter, Esc."""
        kb = KeyBindings()

        @kb.add("enter")
        def _(event) -> None:
            code = normal_code(self.typed)
            if code is None:
                self.message = (f"'{shown(self.typed)}' is not a table code: {CODE_CHARS} "
                                "letters and digits as the host reads them out, e.g. K7Q-M3X")
                return
            self.choice = dict(self.asking, table_code=code)
            event.app.exit()

        @kb.add("escape", eager=True)
        def _(event) -> None:
            self.asking, self.typed, self.message = None, "", ""

        @kb.add("backspace")
        def _(event) -> None:
            self.typed = self.typed[:-1]

        @kb.add("c-c")
        def _(event) -> None:
            event.app.exit()

        @kb.add(Keys.Any)
        def _(event) -> None:
            text = event.data
            if text.isprintable() and len(self.typed) < 32:   # room for spaces as typed
                self.typed += text
                self.message = ""

        return kb

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
                               f"{_private(x)}code {x['code']}  {x['game']}  {x['seats_taken']}/"
                               f"{x['seats_total']} seats  {x['address']}:{x['port']}"
                               f"{_mark(known)}\n"))
        out.append(("", "\n"))
        if self.asking is not None:
            out.append(("class:bold", f"{shown(self.asking['host'])}'s table is private: type "
                                      "the code its host reads out (e.g. K7Q-M3X)\n"))
            out.append(("", "  table code: "))
            out.append(("class:selected", f"{shown(self.typed)}_\n\n"))
        if self.message:
            out.append(("class:status", self.message + "\n"))
        out.append(("class:hint", "Enter join · Backspace · Esc back to the list"
                    if self.asking is not None else "↑/↓ choose · Enter join · q quit"))
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


def pick_lobby(interfaces=(), code: str | None = None) -> dict | None:
    """The lobby picked ("table_code" in it for a private one), or None: given up."""
    return asyncio.run(LobbyPicker(lambda: list_lan(2.0, interfaces), code).run())
