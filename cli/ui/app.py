"""The full-screen application: one window redrawn from the Model at the terminal's size.

Live mode follows a node's control socket (`run_live`); replay mode steps through the states
of a verified match file (`run_replay`), or of a game being watched as its entries are checked
(LiveSteps, `lanboard watch`). Quitting only closes this process: the node plays on.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.styles import Style

from ..command_hint import lanboard
from .glossary import Glossary
from .history import History, on_wheel
from .history import keys as history_keys
from .leaving import ASK, EXPLAINED, Leaving
from .model import Model
from .refusing import CONFIRM, KEY as REFUSE_KEY, Refusing, refusable
from .screen_sets import screen_keys, what_happened
from .screens import (MIN_H, MIN_W, QUICK_KEY, RECLAIM_KEY, characters_in_play, first_option,
                      help_screen, options_shown, pad, quick_option, too_small)
from .words import bug_words

# Keys a person names by their label, in messages about them
KEY_NAMES = {"\r": "Enter", "\n": "Enter", "\t": "Tab", " ": "Space", "\x7f": "Backspace"}

# ANSI colour names follow the terminal's own palette, so they stay readable on light and dark
# backgrounds; no white or black text, and selection uses reverse video rather than a colour.
STYLE = Style.from_dict({
    "title": "bold", "bold": "bold", "dim": "ansibrightblack", "hint": "reverse",
    "selected": "reverse bold", "error": "ansired bold", "status": "ansiblue",
    "log": "", "hp": "bold", "leader": "bold", "strike": "strike",
    "hazard": "ansired bold", "set": "ansibrightblack",
    "space.objective": "", "space.go": "bold", "space.jail": "bold", "space.go_to_jail": "bold",
    "space.free_parking": "bold", "space.payload": "ansibrightblack",
    "space.health_pack": "ansigreen", "space.ultimate": "ansimagenta",
    "owner.p0": "ansired bold", "owner.p1": "ansiblue bold",
    "owner.p2": "ansigreen bold", "owner.p3": "ansimagenta bold",
    "token.p0": "reverse ansired bold", "token.p1": "reverse ansiblue bold",
    "token.p2": "reverse ansigreen bold", "token.p3": "reverse ansimagenta bold",
    "token.turn": "underline", "focus": "underline",
    # the other Monopoly boards' spaces (properties take their owner's colour once owned)
    "space.property": "", "space.villain": "", "space.alliance": "ansicyan",
    "space.pipe": "ansigreen", "space.coin": "ansibrightblack", "space.star": "ansimagenta",
    "space.thwomp": "ansibrightblack", "space.rest": "bold", "space.spider_sense": "ansimagenta",
    "space.daily_bugle": "ansibrightblack", "space.subway": "ansigreen",
    # the hex map: the digits say the levels; marks and the sides in the seat colours
    "hex.level0": "", "hex.level1": "", "hex.level2": "bold", "hex.level3": "bold",
    "hex.level4": "bold", "hex.terrain": "",
    "hex.route": "ansimagenta", "hex.checkpoint": "ansimagenta bold",
    "hex.end": "ansimagenta bold", "hex.payload": "reverse ansimagenta bold",
    "hex.barrier": "ansicyan bold", "hex.attack_spawn": "ansired", "hex.defence_spawn": "ansiblue",
    "hex.reach": "ansigreen bold", "hex.watched": "ansired bold", "hex.option": "underline",
    "hex.target": "reverse ansired",
    "hex.chosen": "bold underline", "hex.cursor": "reverse", "hex.selected": "bold",
    "side.p0": "ansired bold", "side.p1": "ansiblue bold",
})


class GameUI:
    def __init__(self, model: Model, *, replay: "ReplaySteps | None" = None) -> None:
        self.model = model
        self.replay = replay
        self.help_open = False
        self.help_index = 0
        self.help_scroll = 0   # the first line shown of a help page longer than the screen
        self.leaving = Leaving()   # the quit key's question, while it is asked
        self.refusing = Refusing()   # the host's refuse key's questions, while asked
        self._tasks: set[asyncio.Task] = set()
        self.history = History()   # the whole match told, over the screen while open
        model.on_change = self.invalidate
        self.control = FormattedTextControl(self.fragments, focusable=True, show_cursor=False)
        asking = Condition(lambda: self.leaving.open)
        reading = Condition(lambda: self.history.open)
        refusing = Condition(lambda: self.refusing.open)
        # a game's own screens may add keys; theirs come later, so they win where both bind
        own = merge_key_bindings([self._keys(), screen_keys(self)])
        keys = merge_key_bindings([ConditionalKeyBindings(own, ~asking & ~reading & ~refusing),
                                   ConditionalKeyBindings(self._refusing_keys(),
                                                          refusing & ~asking),
                                   ConditionalKeyBindings(history_keys(
                                       self.history, lambda: self.model.state is not None),
                                       ~asking),
                                   ConditionalKeyBindings(self._leaving_keys(), asking)])
        self.app: Application = Application(
            layout=Layout(Window(self.control, wrap_lines=False)), key_bindings=keys,
            style=STYLE, full_screen=True, mouse_support=True)

    def invalidate(self) -> None:
        if self.app.is_running:
            self.app.invalidate()

    # ------------------------------------------------------------ drawing
    def size(self) -> tuple[int, int]:
        s = self.app.output.get_size()
        return s.columns, s.rows

    def lines(self) -> list[list[tuple]]:
        try:
            return self._lines()
        except Exception as e:  # noqa: BLE001 - a drawing bug must not take the player's keys away
            return [[("class:error", f"lanboard cannot draw this screen ({type(e).__name__}: {e}).")],
                    [("", "The game goes on in the node; q then d detaches, "
                          f"`{lanboard('attach')}` retries.")]]

    def _lines(self) -> list[list[tuple]]:
        width, height = self.size()
        m = self.model
        shown = m.screens  # this game's own screens, or the generic ones
        if self.leaving.open:
            return self.leaving.lines(width, lobby=m.state is None)
        if self.refusing.open and m.state is not None:
            self.refusing.cancel()   # the game began meanwhile: no seat can be refused now
        if self.refusing.open:
            return self.refusing.lines(m, width)
        if width < MIN_W or height < MIN_H:
            return too_small(width, height)
        if self.help_open and shown.help:
            if shown.help_page is not None:
                return self._help_page(width, height)
            return help_screen(m, width, height, self.help_index)
        if self.history.open and m.state is not None:
            told = self.replay.history() if self.replay is not None else m.log
            return self.history.lines(told, width, height)
        if self.replay is not None and not self.replay.steps:
            return self.replay.waiting(width)   # a game watched live, before its first entry
        if self.replay is not None:
            rows = shown.below_rows(m, width, height, replay=True)
            return shown.game(m, width, height, self.choose, replay_info=self.replay.caption(),
                              below=self.replay.timeline(rows, width))
        if m.phase == "over" and not m.fault:
            return shown.over(m, width, height)
        if m.state is None:
            if m.gone:
                return [[("class:error", f"lanboard: {m.gone}")], [("", "q quit")]]
            return shown.lobby(m, width, height)
        return shown.game(m, width, height, self.choose)

    def _help_page(self, width: int, height: int) -> list[list[tuple]]:
        """The screen set's help page from `help_scroll` on, as much as fits, and the keys."""
        body = self.model.screens.help_page(self.model, width, self.help_index)
        room = height - 1
        top = max(0, min(self.help_scroll, len(body) - room))
        lines = [pad(x, width) for x in body[top:top + room]]
        lines += [[("", " " * width)]] * (room - len(lines))
        more = (f" · ↑/↓ PgUp/PgDn: scroll (lines {top + 1}-{min(len(body), top + room)} of "
                f"{len(body)})" if len(body) > room else "")
        hint = f"←/→ Tab: pages{more} · Esc or ?: back to the game"
        if len(hint) > width:
            hint = "←/→ pages" + (f" · ↑/↓ PgDn: lines {top + 1}-{top + room} of {len(body)}"
                                  if more else "") + " · Esc: back"
        return lines + [[("class:hint", hint[:width].ljust(width))]]

    def scroll_help(self, delta: int) -> None:
        """Scroll a help page by `delta` lines, within the page."""
        shown = self.model.screens
        if shown.help_page is None:
            return
        width, height = self.size()
        body = shown.help_page(self.model, width, self.help_index)
        self.help_scroll = max(0, min(self.help_scroll + delta, len(body) - (height - 1)))

    def fragments(self) -> StyleAndTextTuples:
        out: StyleAndTextTuples = []
        for k, line in enumerate(self.lines()):
            if k:
                out.append(("", "\n"))
            # the mouse wheel anywhere scrolls the history (a fragment's click stays its own)
            out.extend((f[0], f[1], on_wheel(self.history, f[2] if len(f) > 2 else None))
                       for f in line)
        return out

    def screen_text(self) -> str:
        """What the screen shows, without styles (for tests and debugging)."""
        return "\n".join("".join(f[1] for f in line).rstrip() for line in self.lines())

    # ------------------------------------------------------------ input
    def choose(self, k: int) -> None:
        d = self.model.decision
        if d is None or not 0 <= k < len(d["options"]):
            self.model.say("There is no decision of yours to take right now.", error=True,
                           until_decision=d is None)
            return
        self.model.selected = k
        self.model.say("sending…")
        self._spawn(self.model.choose(d["options"][k]))

    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(self._say_if_failed)

    def _say_if_failed(self, task: asyncio.Task) -> None:
        # An error in what a key started would otherwise vanish with its task, and the key
        # would look ignored.
        if not task.cancelled() and task.exception() is not None:
            self.model.say(bug_words("that key's action failed", task.exception()), error=True)
            self.model.on_change()

    def _keys(self) -> KeyBindings:
        kb = KeyBindings()
        m = self.model

        def count() -> int:
            return len(m.decision["options"]) if m.decision else 0

        def shown() -> list[int]:
            return options_shown(m)

        def at() -> int:
            """Where the highlighted option is in the list shown."""
            return shown().index(m.selected) if m.selected in shown() else 0

        def first_visible() -> int:
            width, height = self.size()
            return first_option(at(), len(shown()), m.screens.below_rows(m, width, height))

        def go(pos: int) -> None:
            opts = shown()
            if opts:
                m.selected = opts[max(0, min(len(opts) - 1, pos))]

        @kb.add("q")
        def _(event) -> None:
            if self.replay or m.socket is None or m.phase == "over" or m.gone or m.fault:
                event.app.exit()   # no game of ours goes on: nothing to detach from or leave
            else:
                self.leaving.ask()

        @kb.add("c-c")
        @kb.add("c-d")
        def _(event) -> None:
            event.app.exit()   # detaches: the node plays on

        @kb.add("?")
        @kb.add("h")
        def _(event) -> None:
            if not m.screens.help:
                m.say("This game has no help screen: each option says what it does.")
                return
            if m.screens.help_page is None and not characters_in_play(m):
                m.say("No characters to explain yet: help opens once leaders are offered.")
                return
            if not self.help_open:   # on what the cursor is on, not the page last seen
                start = m.screens.help_start
                self.help_index = start(m) if start is not None else 0
                self.help_scroll = 0
            self.help_open = not self.help_open

        @kb.add("escape", eager=True)
        def _(event) -> None:
            self.help_open = False

        # the next or previous help page where help is open, else replay step
        for keys, step in ((("right", "tab"), 1), (("left", "s-tab"), -1)):
            def turn(event, step=step) -> None:
                if self.help_open:
                    self.help_index += step
                    self.help_scroll = 0
                elif self.replay:
                    self.replay.step(step)
                else:
                    not_here(event)
            for key in keys:
                kb.add(key)(turn)

        @kb.add("pageup")
        def _(event) -> None:
            if self.help_open:
                self.scroll_help(-(self.size()[1] - 3))
            elif self.replay:
                self.replay.step(-20)
            else:
                go(at() - 8)

        @kb.add("pagedown")
        def _(event) -> None:
            if self.help_open:
                self.scroll_help(self.size()[1] - 3)
            elif self.replay:
                self.replay.step(20)
            else:
                go(at() + 8)

        @kb.add("home")
        def _(event) -> None:
            if self.replay:
                self.replay.step(-10 ** 9)
            go(0)

        @kb.add("end")
        def _(event) -> None:
            if self.replay:
                self.replay.step(10 ** 9)
            go(len(shown()) - 1)

        # the option above or below, round the list
        for keys, step in ((("up", "k"), -1), (("down", "j"), 1)):
            def select(event, step=step) -> None:
                if self.help_open:
                    self.scroll_help(step)
                elif count():
                    go((at() + step) % len(shown()))
                else:
                    not_here(event)
            for key in keys:
                kb.add(key)(select)

        @kb.add("enter")
        @kb.add(" ")
        def _(event) -> None:
            if self.help_open:
                self.help_open = False
            elif count():
                self.choose(m.selected)
            else:
                not_here(event)

        for digit in "123456789":
            @kb.add(digit)
            def _(event, digit=digit) -> None:
                k = first_visible() + int(digit) - 1
                if not count():
                    not_here(event)
                elif k >= len(shown()):
                    m.say(f"There is no option {digit}: the choices shown are numbered "
                          f"1 to {min(9, len(shown()) - first_visible())}.", error=True)
                else:
                    self.choose(shown()[k])

        @kb.add(QUICK_KEY)
        def _(event) -> None:
            # the option a long list would bury (end the turn, send the offer, pass)
            q = quick_option(m)
            if q is not None and not self.help_open and 0 <= q["option"] < count():
                self.choose(q["option"])
            else:
                not_here(event)

        @kb.add(RECLAIM_KEY)
        def _(event) -> None:
            if m.bot_plays_me and not self.replay:
                self._spawn(m.reclaim())
            else:
                not_here(event)

        @kb.add("s")
        def _(event) -> None:
            if m.status.get("can_start"):
                self._spawn(m.start_game())
            else:
                not_here(event)

        @kb.add(REFUSE_KEY)
        def _(event) -> None:
            if refusable(m) and not self.replay:
                self.refusing.ask()
            elif m.state is None and m.me == 0 and m.status.get("phase") == "lobby":
                m.say("Nobody has joined yet: there is no player to refuse.")
            else:
                not_here(event)

        @kb.add(Keys.Any)
        def not_here(event) -> None:
            key = event.key_sequence[0].data if event.key_sequence else "?"
            shown = KEY_NAMES.get(key) or (key if key.isprintable() and key.strip() else repr(key))
            if self.help_open:
                m.say(f"'{shown}' does nothing in help: Esc goes back to the game.")
            elif self.replay:
                m.say(f"'{shown}' does nothing here: ←/→ step through the match, q quits.")
            elif count():
                m.say(f"'{shown}' does nothing here: ↑/↓ and Enter, a number key or a click "
                      "choose an option" + ("; ? opens character help." if m.screens.help else "."),
                      error=True)
            else:
                m.say(f"'{shown}' does nothing now: it is not your decision. " +
                      ("? opens character help, " if m.screens.help else "") +
                      "q detaches (the game goes on) or leaves.", until_decision=True)

        return kb

    def _refusing_keys(self) -> KeyBindings:
        """The keys while the refuse key's questions are asked: a seat's number, then y (only
        then) refuses; Esc or n goes back to the lobby."""
        kb = KeyBindings()
        refusing, m = self.refusing, self.model

        for digit in "123456789":
            @kb.add(digit)
            def _(event, digit=digit) -> None:
                if refusing.step == CONFIRM:
                    refusing.said = "y refuses them, Esc keeps them."
                else:
                    refusing.pick(m, digit)

        @kb.add("y")
        def _(event) -> None:
            if refusing.step == CONFIRM:
                self._spawn(self._then_redraw(refusing.confirm(m)))
            else:
                refusing.said = "Type the seat's number first, or Esc."

        @kb.add("escape", eager=True)
        @kb.add("n")
        def _(event) -> None:
            refusing.cancel()

        @kb.add("c-c")
        @kb.add("c-d")
        def _(event) -> None:
            event.app.exit()   # detaches, as everywhere: the node plays on

        @kb.add(Keys.Any)
        def _(event) -> None:
            refusing.said = ("y refuses them, Esc keeps them." if refusing.step == CONFIRM
                             else "Type the seat's number of the player to refuse, or Esc.")

        return kb

    def _leaving_keys(self) -> KeyBindings:
        """The keys while the quit question is asked: d detaches, l says what leaving does,
        y (only then) leaves, Esc goes back."""
        kb = KeyBindings()
        leaving, socket = self.leaving, self.model.socket

        @kb.add("d")
        @kb.add("q")
        @kb.add("c-c")
        @kb.add("c-d")
        def _(event) -> None:
            event.app.exit()

        @kb.add("l")
        def _(event) -> None:
            if leaving.step == ASK:
                self._spawn(self._then_redraw(leaving.explain(socket)))

        @kb.add("y")
        def _(event) -> None:
            if leaving.step == EXPLAINED:
                self._spawn(self._leave())

        @kb.add("escape", eager=True)
        def _(event) -> None:
            leaving.cancel()

        @kb.add(Keys.Any)
        def _(event) -> None:
            pass   # the question shows the only keys that answer it

        return kb

    async def _then_redraw(self, coro) -> None:
        await coro
        self.invalidate()

    async def _leave(self) -> None:
        if await self.leaving.confirm(self.model.socket):
            self.app.exit()
        self.invalidate()

    # ------------------------------------------------------------ running
    async def run_live(self) -> None:
        follower = asyncio.ensure_future(self.model.follow())
        try:
            await self.app.run_async()
        finally:
            follower.cancel()
            for t in list(self._tasks):
                t.cancel()

    async def run_replay(self) -> None:
        await self.app.run_async()


class ReplaySteps:
    """The states of a verified match file, one per log entry, for stepping back and forth."""

    def __init__(self, model: Model, steps: list[dict], names: list[str],
                 game: str | None = None, title: str | None = None,
                 glossary: dict | None = None) -> None:
        self.model = model
        # [{"index", "kind", "author", "state", "hash", "summary"?, "said"?, "narration"?}]:
        # the cli command words every step (the game's words, as a node would), the UI shows
        self.steps = steps
        self.at = 0
        self.begin(names, game, title, glossary)

    def begin(self, names: list[str], game: str | None = None, title: str | None = None,
              glossary: dict | None = None) -> None:
        """The players and the game (it picks the screens, as a live node's status does)."""
        self.names = names
        self.model.glossary = Glossary.of(glossary)
        self.model.status = {"players": [{"name": n} for n in names], "seat": None,
                             "phase": "playing"}
        if game is not None:
            self.model.status.update(game=game, title=title)
        self.show()

    def step(self, delta: int) -> None:
        self.at = max(0, min(len(self.steps) - 1, self.at + delta))
        self.show()

    def show(self) -> None:
        m = self.model
        if not self.steps:   # a game watched live, before its first entry
            m.on_change()
            return
        cur = self.steps[self.at]
        prev = self.steps[self.at - 1] if self.at else None
        m.state = cur["state"]
        m.summary = cur.get("summary") or []
        m.board = cur.get("board")
        # "agreed" is what an attest entry records: show the last one at or before this step
        signed = [s for s in self.steps[:self.at + 1] if s["kind"] == "attest"]
        m.attested = (signed[-1]["index"], signed[-1]["hash"]) if signed else None
        m.log = what_happened(prev["state"] if prev else None, cur.get("narration"),
                              prev.get("summary") or [] if prev else [], m.summary)
        over = cur.get("over")
        if over:   # the game is over at this step: say who won, as a live node's end does
            win = " and ".join(m.names.plain(w) for w in over["winners"])
            scores = ", ".join(f"{m.names.plain(seat)} {n}" for seat, n in enumerate(over["scores"]))
            m.log = m.log + [f"Game over: {'winner ' + win if win else 'no winner'} "
                             f"(scores: {scores})", *over.get("said", [])]
        m.log = m.log or ["(no visible change at this step)"]
        m.on_change()

    def history(self) -> list[str]:
        """What every step up to the one shown told, oldest first: the replay's history."""
        return [line for st in self.steps[:self.at + 1] for line in st.get("narration") or []]

    def timeline(self, rows: int, width: int) -> list[list[tuple]]:
        """The entries around the current one, the current one marked, moves by name."""
        # rows - 1 entries are shown (the last row is the message's): the newest among them
        # when it is the one shown, as when a watcher follows the game
        first = max(0, min(self.at - rows // 2, len(self.steps) - (rows - 1)))
        out = []
        for k in range(first, min(len(self.steps), first + rows - 1)):
            st = self.steps[k]
            who = st.get("author")
            by = f"{self.names[who]} " if isinstance(who, int) and 0 <= who < len(self.names) else ""
            text = f"{'>' if k == self.at else ' '}{st['index']:>5} {by}{st.get('said') or st['kind']}"
            out.append([("class:selected" if k == self.at else
                         "class:dim" if st["kind"] == "attest" else "", text[:width].ljust(width))])
        return out

    def caption(self) -> str:
        cur = self.steps[self.at]
        who = cur.get("author")
        by = f", {self.names[who]}" if isinstance(who, int) and 0 <= who < len(self.names) else ""
        said = cur.get("said") or cur["kind"]
        return f"replay: entry {cur['index']} of {self.steps[-1]['index']}{by}: {said}"


class LiveSteps(ReplaySteps):
    """A game being watched live (`lanboard watch` at a terminal): the replay's steps, each
    added once the watcher has checked its entry and the cli has worded it as for a file. The
    screen follows the newest step while the viewer is on it; one who stepped back stays there
    (End follows again). Nothing here runs the rules: the steps are plain data."""

    def __init__(self, model: Model, where: str) -> None:
        self.where = where          # what is watched, e.g. "Ann's game (10.0.0.1:4000)"
        self.note = "connecting…"   # the watcher's last word: a delay, the end, a refusal
        self.done = False           # watching is over: the steps are all there will be
        super().__init__(model, [], [])

    def add(self, step: dict) -> None:
        following = self.at >= len(self.steps) - 1
        self.steps.append(step)
        if following:
            self.at = len(self.steps) - 1
        self.show()

    def say(self, text: str, error: bool = False, done: bool = False) -> None:
        """The watcher's word, shown under the screen until the next one."""
        self.note, self.done = text, self.done or done
        self.model.say(text, error=error)

    def waiting(self, width: int) -> list[list[tuple]]:
        """The screen before the first entry: what is watched, and the watcher's word."""
        return [[("class:title", f"lanboard — watching {self.where}"[:width])], [("", "")],
                [("class:error" if self.model.message_is_error else "class:status",
                  self.note[:width])], [("", "")],
                [("class:hint", "q quits (a watcher's file goes on from where it was)"[:width])]]

    def caption(self) -> str:
        cur = self.steps[self.at]
        who = cur.get("author")
        by = f", {self.names[who]}" if isinstance(who, int) and 0 <= who < len(self.names) else ""
        newer = len(self.steps) - 1 - self.at
        where = "watched" if self.done else "live"
        ahead = f" ({newer} newer: End follows)" if newer else ""
        return (f"{where}: entry {cur['index']} of {self.steps[-1]['index']}{ahead}{by}: "
                f"{cur.get('said') or cur['kind']}")


def live_ui(socket: Path) -> GameUI:
    return GameUI(Model(socket=Path(socket)))
