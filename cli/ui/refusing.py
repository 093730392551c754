"""The lobby's refuse key: the host refuses a seated player before the start (issue 30).

x asks which seat (its number, as the lobby lists it), then asks again naming the player and
their check code; only y then sends the control API's {"cmd": "refuse", "code": ...} (the node
frees the seat and tells the player they were refused by the host). Invariants: nothing is
sent before that confirmation; Esc (or n) at any point goes back to the lobby with nothing
changed; a player is named by the check code the node listed, so a seat that changed hands
meanwhile is not refused in its place (the node refuses only that code, or says it is gone).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from protocol.peertext import shown

from . import client
from .screens import Line, wrap

SEAT, CONFIRM = "seat", "confirm"
KEY = "x"


def refusable(model) -> list[tuple[int, dict]]:
    """(seat, player) of each joiner the host may refuse now: the lobby's seats but its own,
    each with a check code; none unless this node hosts a lobby."""
    st = model.status
    if model.state is not None or st.get("phase") != "lobby" or model.me != 0:
        return []
    return [(seat, p) for seat, p in enumerate(st.get("players", []))
            if seat != 0 and isinstance(p, dict) and p.get("code")]


@dataclass
class Refusing:
    step: str | None = None            # None: not asked; SEAT: which one; CONFIRM: sure?
    seat: int | None = None
    player: dict = field(default_factory=dict)   # the one to refuse, as the status listed it
    said: str = ""                     # why a key did nothing, or the node's refusal

    @property
    def open(self) -> bool:
        return self.step is not None

    def ask(self) -> None:
        self.step, self.seat, self.player, self.said = SEAT, None, {}, ""

    def cancel(self) -> None:
        self.step = None

    def pick(self, model, key: str) -> None:
        """A seat's number typed at the first question."""
        seats = dict(refusable(model))
        seat = int(key) - 1 if key.isdigit() else -1
        if seat not in seats:
            numbers = ", ".join(str(s + 1) for s in seats)
            self.said = (f"There is no player {key} to refuse: type {numbers}, or Esc."
                         if seats else "Nobody is seated to refuse any more: Esc goes back.")
            return
        self.step, self.seat, self.player, self.said = CONFIRM, seat, seats[seat], ""

    async def confirm(self, model) -> None:
        """Send the refusal; the lobby says how it went (the node's "dropped" event follows)."""
        name, code = shown(self.player.get("name", "?")), self.player.get("code", "")
        self.step = None
        try:
            reply = await client.call(model.socket, {"cmd": "refuse", "code": code,
                                                     "reason": ""})
        except client.NodeGone as e:
            model.say(str(e), error=True)
            return
        if reply.get("ok"):
            model.say(f"{name} ({code}) was refused: they are told so, and the seat is open "
                      "again.")
        else:
            model.say(f"{name} was not refused: {reply.get('error')}", error=True)
        await model.refresh()

    def lines(self, model, width: int) -> list[Line]:
        out: list[Line] = [[("class:title", "Refuse a player")], [("", "")]]
        if self.step == CONFIRM:
            name, code = shown(self.player.get("name", "?")), self.player.get("code", "")
            out += wrap(f"Refuse {name} (seat {self.seat + 1}, check code {code})? They are "
                        "told they were refused by the host, and their seat opens again.",
                        width - 2, "class:bold")
            out.append([("", "")])
            out.append([("class:selected", " y "), ("", f" Refuse {name}")])
            out.append([("class:selected", "Esc"), ("", f" Keep {name}: back to the lobby")])
        else:
            out += wrap("Which player do you refuse? Type their seat's number.", width - 2)
            out.append([("", "")])
            for seat, p in refusable(model):
                out.append([(f"class:token.p{seat}", f" {seat + 1} "),
                            ("", f" {shown(p.get('name', '?')):<24} "),
                            ("class:bold", p.get("code", ""))])
            out.append([("", "")])
            out.append([("class:selected", "Esc"), ("", " Back to the lobby: nobody is refused")])
        if self.said:
            out.append([("", "")])
            out += wrap(self.said, width - 2, "class:error")
        return out
