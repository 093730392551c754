"""What the screen shows, kept up to date from a node's control socket.

The model holds only what the node said (status, the seat's view of the state, the pending
decision with its labels and context, what happened, the game's glossary, events); it never
computes rules. Screens read it; keys change `selected` and send
moves through `choose`.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Awaitable, Callable

from protocol.peertext import shown

from ..command_hint import lanboard
from . import client
from .glossary import Glossary
from .screen_sets import ScreenSet, screens_for, what_happened
from .words import Names, bug_words, fault_words, hurry_words

LOG_KEEP = 20_000   # lines of what happened kept: the history pane scrolls through the whole match
RECAP_ENTRIES = 256  # entries of the log told on attaching (all the node keeps: node.told) ...
RECAP_LINES = 2000   # ... in at most this many lines (the history pane shows them all)


@dataclass
class Model:
    socket: Path | None = None
    status: dict = field(default_factory=dict)
    state: dict | None = None
    summary: list[str] = field(default_factory=list)         # the game's words for the state
    board: dict | None = None                                # the game's data to draw it
                                                             #  with, as this seat sees it
    decision: dict | None = None
    waiting_for: int | None = None                           # the seat the game waits on
    glossary: Glossary = field(default_factory=Glossary)     # what the game's screens draw with
    codes: dict[str, str] = field(default_factory=dict)      # player name -> check code
    lobby: dict = field(default_factory=dict)                # the last lobby event
    log: list[str] = field(default_factory=list)
    attested: tuple[int, str] | None = None                  # last turn all nodes signed
    fault: str | None = None
    result: dict | None = None
    gone: str | None = None        # why the node is no longer reachable
    stopped: bool = False          # ... and it ended cleanly (stopped, not crashed)
    message: str = ""              # the answer to the last key: an explanation or an error
    message_is_error: bool = False
    # the message says it is not our decision: true only until a decision of ours arrives
    message_until_decision: bool = False
    selected: int = 0
    view: dict = field(default_factory=dict)   # a game screen's own cursor and selection
    last_move: list | None = None  # the move this UI sent last (a screen set's list follows it)
    last_kind: str = ""
    saw_reveal: bool = False
    seq: int | None = None         # the node's entry count the shown state and log reflect
    on_change: Callable[[], None] = lambda: None
    # why the node ended, in its own words, once it has (cli.ui.launch.last_words): a joiner
    # the host refused reads that, not a guess at a stop
    last_words: Callable[[], Awaitable[str | None]] | None = None
    # One refresh at a time: the follower's and a move's refresh would otherwise interleave,
    # and the one that asked the node first could finish last and put back what it saw then
    # (no decision yet: the Enter that came next found nothing to choose and was lost).
    _refreshing: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)

    # ------------------------------------------------------------ derived
    @property
    def phase(self) -> str:
        if self.result is not None:
            return "over"
        return self.status.get("phase", "connecting")

    @property
    def me(self) -> int | None:
        return self.status.get("seat")

    @property
    def screens(self) -> ScreenSet:
        """The game's own screens, or the generic ones (chosen by the game id in the status)."""
        return screens_for(self.status)

    @property
    def names(self) -> Names:
        return Names([p["name"] for p in self.status.get("players", [])], self.me)

    @property
    def bot_plays_me(self) -> bool:
        """Whether the log hands our seat to the bot (the others recorded us as gone)."""
        return self.phase == "playing" and self.me is not None and \
            self.me in (self.status.get("bots") or [])

    def say(self, text: str, error: bool = False, until_decision: bool = False) -> None:
        """The answer to a key, shown until the next one; `until_decision`: an answer that
        holds only while no decision is ours ("not your decision now"), gone when one comes."""
        self.message, self.message_is_error = text, error
        self.message_until_decision = until_decision
        self.on_change()

    def add_log(self, lines: list[str]) -> None:
        if lines:
            self.log.extend(lines)
            del self.log[:-LOG_KEEP]

    # ------------------------------------------------------------ live updates
    async def refresh(self) -> None:
        async with self._refreshing:
            await self._refresh()

    async def _refresh(self) -> None:
        for _ in range(2):
            if not await self._fetch_status_and_state():
                return
            pend = await client.call(self.socket, {"cmd": "pending"})
            decision = pend.get("decision") if pend.get("ok") else None
            asked = pend.get("timeout") if pend.get("ok") else None
            if self.state is not None or (decision is None and asked is None):
                break
            # The game started between the status and the pending call: ask once more for
            # the state the decision is about, so no screen shows one without the other.
        if asked:
            # A player is gone past the timeout and the game waits for our say: that question
            # comes before any move (the log admits nothing else until every player answers).
            decision = {"prompt": "timeout", "seat": asked["seat"],
                        "options": [[o] for o in asked["options"]]}
        if decision != self.decision:
            self.selected = 0
            self.decision = decision
            if decision is not None and self.message_until_decision:
                self.message, self.message_is_error, self.message_until_decision = "", False, False
            follow = getattr(self.screens, "follow_decision", None)
            if follow is not None and decision is not None:
                follow(self)   # e.g. the hex game's list stays on the hero that acted
        self.decision = decision
        self.on_change()

    async def _fetch_status_and_state(self) -> bool:
        status = await client.call(self.socket, {"cmd": "status"})
        if not status.get("ok"):
            return False
        self.status = status
        if status.get("result"):
            self.result = status["result"]
        if status.get("fault") and self.fault is None:
            f = status["fault"]
            self.fault = fault_words(f["kind"], f["seats"], f["reason"], self.names)
        if status.get("phase") in ("playing", "over"):
            if self.screens.own and not (self.glossary.spaces or self.glossary.tables):
                words = await client.call(self.socket, {"cmd": "glossary"})
                self.glossary = Glossary.of(words.get("glossary"))
            request: dict = {"cmd": "state"}
            if self.state is None:   # just attached: what happened last, from the node
                request["recap"] = RECAP_ENTRIES
            else:
                # the node says what each entry since the last answer did, in order ("since");
                # the difference from what we show is its fallback ("before")
                request.update(before=self.state, reveal=self.saw_reveal)
                if self.seq is not None:
                    request["since"] = self.seq
            reply = await client.call(self.socket, request)
            if reply.get("ok"):
                new = reply["state"]
                summary = reply.get("summary") or []
                if self.state is None:
                    recap = reply.get("said") or []
                    self.add_log([f"attached to {status.get('name')}'s node, seat "
                                  f"{(status.get('seat') or 0) + 1} (l or the mouse wheel: "
                                  "the whole history)"]
                                 + (["what happened last:"] + recap[-RECAP_LINES:]
                                    if recap else []))
                self.add_log(what_happened(self.state, reply.get("said"), self.summary, summary))
                self.saw_reveal = False
                self.seq = reply.get("seq")
                self.state = new
                self.summary = summary
                self.waiting_for = reply.get("waiting_for")
                self.board = reply.get("board")
        return True

    def knew_lobby(self, ev: dict) -> None:
        """The lobby as a "lobby" event told it (who sat, with check codes), not news: the
        last one the node printed before we attached (the log tells what happened since)."""
        self.lobby = ev
        for p in ev.get("players", []):
            self.codes[p["name"]] = p["code"]

    def on_event(self, ev: dict) -> None:
        kind = ev.get("event")
        names = self.names
        if kind == "lobby":
            self.knew_lobby(ev)
            self.add_log([f"lobby: {len(ev['players'])} of {ev['seats']} seats taken"])
        elif kind == "dropped":
            self.add_log([shown(f"{ev['name']} was dropped from the lobby: {ev['reason']}")])
        elif kind == "wrong code":   # someone guessing at a private table's door
            self.add_log([shown(f"a wrong table code: {ev['said']}")])
        elif kind == "started":
            self.add_log(["the game has started"])
        elif kind == "state":
            self.last_kind = ev.get("kind", "")
            # dice come only from a reveal entry signed by every player: say so on the roll
            self.saw_reveal = self.saw_reveal or self.last_kind == "reveal"
        elif kind == "attested":
            self.attested = (ev["seq"], ev["hash"])
        elif kind == "divergence":
            self.add_log([f"DESYNC: {names.plain(ev['seat'])} computed a different state "
                          f"(first difference in '{ev['section']}')"])
        elif kind == "fault":
            self.fault = fault_words(ev["kind"], ev["seats"], ev["reason"], names)
            self.add_log([self.fault])
        elif kind == "peer":
            if ev.get("state") == "gone":
                self.add_log([f"{names.plain(ev['seat'])} lost connection ({ev.get('reason', '')})"])
            elif ev.get("state") == "connected":
                self.add_log([f"{names.plain(ev['seat'])} is connected"])
        elif kind == "timeout":
            self.add_log([f"{names.plain(ev['seat'])} has been gone past the timeout"
                          + (": your choice is asked" if ev.get("ask") else "")])
        elif kind == "choice":
            who = names.plain(ev["seat"])
            self.add_log([{"bot": f"all agreed: a bot plays {who}'s seat from now on",
                           "end": "all agreed to end the game here",
                           }.get(ev.get("outcome"), f"the game keeps waiting for {who}")])
        elif kind == "over":
            self.result = {"scores": ev["scores"], "winners": ev["winners"],
                           "said": ev.get("said") or []}
        elif kind == "reclaimed":
            self.add_log(["you took your seat back from the bot: your decisions are yours again"
                          if ev["seat"] == self.me else
                          f"{names.plain(ev['seat'])} took their seat back from the bot"])
        elif kind == "hurry":
            if ev.get("seat") == self.me:   # shown where the answer to a key is, in red
                self.message, self.message_is_error = hurry_words(ev["seconds"]), True
                self.message_until_decision = False
        elif kind == "stalled":
            who = " and ".join(names.plain(x) for x in ev["seats"])
            self.add_log([f"{who} are all gone: the game waits until all but one of them are "
                          "back (a departure cannot be told from a network split, and going on "
                          "without them could fork the match)"])
        elif kind == "alone":
            who = " and ".join(names.plain(x) for x in ev["seats"])
            self.add_log([f"nobody reachable for {ev['seconds']} s: {who} may have finished or "
                          "left, or the network is down. Your match so far verifies with "
                          f"`{lanboard('verify', '--partial', ev['file'])}`; your node keeps "
                          "trying and goes on when one is back"])
        elif kind == "resumed":
            self.add_log(["the node resumed the match from its file"])

    async def follow(self) -> None:
        """Mirror the node until it ends: events as they come, a full refresh after each burst
        (and every second, so nothing missed between attach and subscribe stays stale)."""
        wake = asyncio.Event()

        async def listen() -> None:
            async for ev in client.events(self.socket):
                self.on_event(ev)
                wake.set()

        listener = asyncio.ensure_future(listen())
        try:
            await self.refresh()
            while not listener.done():
                try:
                    await asyncio.wait_for(wake.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
                wake.clear()
                await asyncio.sleep(0.02)  # let a burst of events arrive before one refresh
                await self.refresh()
            listener.result()
            self.gone = "the node has finished" if self.result else "the node has stopped"
        except client.NodeGone as e:
            self.gone = str(e)
        except Exception as e:  # noqa: BLE001 - a bug of ours: said, not a screen gone stale
            self.gone = bug_words("the screen stopped following the node", e)
        finally:
            listener.cancel()
        said = None
        if self.result is None and self.fault is None and self.last_words is not None and \
                self.socket is not None and not Path(self.socket).exists():
            said = await self.last_words()
        if said:   # the node's own words for its end (the lobby refused us)
            self.gone = said
            self.add_log([shown(said)])
        elif self.result is None and self.fault is None:
            if self.socket is not None and not Path(self.socket).exists():
                # A node removes its control socket only when it ends cleanly (`lanboard stop`,
                # Ctrl-C in its terminal); one that crashed leaves it behind.
                self.stopped = True
                self.gone = ("your node was stopped; its match file is kept: "
                             f"`{lanboard('resume', *resume_name(self.status))}` continues the "
                             "match")
                self.add_log([self.gone])
            else:
                self.add_log([f"{self.gone}: if it crashed, `{lanboard('resume')}` continues the "
                              "match"])
        self.on_change()

    async def start_game(self) -> None:
        """The host starts with the players seated so far."""
        await self._request({"cmd": "start"}, "", "Not started")

    async def reclaim(self) -> None:
        """Ask our node to take our seat back from the bot that plays it."""
        await self._request({"cmd": "reclaim"}, "Asked for your seat back: it comes back at the "
                             "next move of a player who has not moved yet.", "Not taken back")

    async def _request(self, request: dict, done: str, refused: str) -> None:
        """Send `request` to the node and say how it went: `done`, or `refused` and why."""
        try:
            reply = await client.call(self.socket, request)
        except client.NodeGone as e:
            self.say(str(e), error=True)
            return
        self.say(done if reply.get("ok") else f"{refused}: {reply.get('error')}",
                 error=not reply.get("ok"))
        await self.refresh()

    async def choose(self, option: list) -> None:
        if self.gone:
            self.say("the node is gone: no move can be sent", error=True)
            return
        decision = self.decision
        if decision and decision.get("prompt") == "timeout":
            request = {"cmd": "choose", "choice": option[0]}
        else:
            request = {"cmd": "move", "move": option}
            self.last_move = list(option)
        try:
            reply = await client.call(self.socket, request)
        except client.NodeGone as e:
            self.say(str(e), error=True)
            return
        if reply.get("ok"):
            self.say("")
            if not self.screens.narrated and request["cmd"] == "move":
                # a log without the node's narration tells only what the summary shows
                self.add_log([f"you chose: {chosen_label(decision, option)}"])
        else:
            self.say(f"Not allowed: {reply.get('error')}", error=True)
        await self.refresh()


def resume_name(status: dict) -> list[str]:
    """[NAME] of the match file the node's status names ([] without one)."""
    file = status.get("file")
    return [Path(file).stem[:16]] if file else []  # as `lanboard games` names it


def chosen_label(decision: dict | None, option: list) -> str:
    """The node's label for an option of the decision (the raw move if it sent none)."""
    options = (decision or {}).get("options", [])
    labels = (decision or {}).get("labels") or []
    k = options.index(option) if option in options else -1
    return labels[k] if 0 <= k < len(labels) else " ".join(map(str, option))
