"""The quit key's question: detach (the node plays on) or leave (the node stops).

Leaving says first what it means for the game, in the node's own words (the control API's
{"cmd": "stop"} without "confirm", the text `lanboard stop` prints), and only a second key
confirms it. Invariants: nothing is stopped before that confirmation; Esc at any point goes
back to the game with nothing changed; detaching never talks to the node at all.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..command_hint import lanboard
from . import client
from .screens import Line, wrap

ASK, EXPLAINED = "ask", "explained"


@dataclass
class Leaving:
    step: str | None = None        # None: not asked; ASK: detach or leave; EXPLAINED: confirm
    what_happens: str = ""         # the node's words for what leaving does
    refused: str = ""              # why the node will not stop, when it says so
    left: bool = False             # the node was asked to stop and agreed

    @property
    def open(self) -> bool:
        return self.step is not None

    def ask(self) -> None:
        self.step, self.refused = ASK, ""

    def cancel(self) -> None:
        self.step = None

    async def explain(self, socket) -> None:
        """Ask the node what leaving would do (it stops nothing yet)."""
        try:
            reply = await client.call(socket, {"cmd": "stop"})
        except client.NodeGone as e:
            self.refused = str(e)
            return
        if reply.get("ok"):
            self.what_happens, self.step = reply.get("what_happens", ""), EXPLAINED
        else:
            self.refused = f"the node will not stop: {reply.get('error')}"

    async def confirm(self, socket) -> bool:
        """Stop the node; True when it agreed (the UI then closes)."""
        try:
            reply = await client.call(socket, {"cmd": "stop", "confirm": True})
        except client.NodeGone as e:
            self.refused = str(e)
            return False
        self.left = bool(reply.get("ok"))
        if not self.left:
            self.refused = f"the node will not stop: {reply.get('error')}"
        return self.left

    def lines(self, width: int, lobby: bool) -> list[Line]:
        where = "lobby" if lobby else "game"
        out: list[Line] = [[("class:title", "Quit")], [("", "")]]
        if self.step == EXPLAINED:
            out += wrap(f"Leaving: {self.what_happens}", width - 2, "class:bold")
            out.append([("", "")])
            out.append([("class:selected", " y "), ("", " Leave now: your node stops")])
            out.append([("class:selected", " d "),
                        ("", f" Detach instead: the {where} goes on, `{lanboard('attach')}` comes "
                             "back")])
        else:
            out.append([("class:selected", " d "),
                        ("", f" Detach: the {where} goes on in your node; `{lanboard('attach')}` "
                             "brings this screen back")])
            out.append([("class:selected", " l "),
                        ("", f" Leave the {where}: says first what that means, then asks again")])
        out.append([("class:selected", "Esc"), ("", f" Back to the {where}")])
        if self.refused:
            out.append([("", "")])
            out += wrap(self.refused, width - 2, "class:error")
        return out
