"""The history pane: every sentence the screen was told (the node's words for each entry, in
log order, under each turn's header), over the whole screen, scrolled with PgUp/PgDn, ↑/↓,
Home/End and the mouse wheel; `l` opens and closes it, Esc closes it.

Invariants kept here:
- It shows only words it is given (a live model's log, a replay's narration up to the step
  shown): it computes nothing from the rules and adds nothing a seat may not see.
- Every size the game screens accept shows it whole: a title row, the sentences wrapped to
  the width (never cut), a key hint row; the rows between hold as much of the history as fit.
- Its place is counted in rows back from the newest, so sentences arriving while it is open
  never move what is in view unless the newest is shown (then the newest stay in view).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings
from prompt_toolkit.mouse_events import MouseEventType

from .screens import Line, wrap

HINT = "PgUp/PgDn ↑/↓ or wheel: scroll · Home/End: oldest/newest · l or Esc: back"
WHEEL_ROWS = 3   # rows one turn of the mouse wheel scrolls


@dataclass
class History:
    open: bool = False
    back: int = 0       # rows scrolled back from the newest (0: the newest are shown)
    page: int = 10      # rows a PgUp/PgDn scrolls: the rows shown, as last drawn
    _seen: int = 0      # how many rows the history had when last drawn

    def scroll(self, rows: int) -> None:
        """Back (rows > 0) towards the oldest, or forward (rows < 0) towards the newest."""
        self.back = max(0, self.back + rows)

    def lines(self, texts: Sequence[str], width: int, height: int) -> list[Line]:
        rows = [row for text in texts for row in wrap(text, width, "class:log", "  ")]
        if self.back and len(rows) > self._seen:
            self.back += len(rows) - self._seen   # keep in view what was in view
        self._seen = len(rows)
        room = max(1, height - 2)
        self.page = max(1, room - 1)
        self.back = min(self.back, max(0, len(rows) - room))
        end = len(rows) - self.back
        start = max(0, end - room)
        shown = rows[start:end]
        where = f"rows {start + 1}-{end} of {len(rows)}" if rows else "nothing told yet"
        more = " · older above" if start else ""
        title = f"History of the match ({where}{more})"
        body = shown + [[("", "")]] * (room - len(shown))
        return ([[("class:title", title[:width])]] + body
                + [[("class:hint", HINT[:width].ljust(width))]])


def keys(history: History, active: Callable[[], bool]) -> ConditionalKeyBindings:
    """The keys while the history is open (the app turns the game's keys off meanwhile: a
    game key pressed there must not act unseen); `l` opens it wherever `active` says a game
    screen is shown, and l, q or Esc close it."""
    kb = KeyBindings()
    is_open = Condition(lambda: history.open)

    @kb.add("l", filter=Condition(active) | is_open)
    def _(event) -> None:
        history.open = not history.open
        history.back = 0

    @kb.add("escape", eager=True, filter=is_open)
    @kb.add("q", filter=is_open)
    def _(event) -> None:
        history.open = False

    for key, rows in (("pageup", None), ("pagedown", None), ("up", 1), ("down", -1),
                      ("k", 1), ("j", -1)):
        def scroll(event, key=key, rows=rows) -> None:
            history.scroll(rows if rows is not None else
                           history.page * (1 if key == "pageup" else -1))
        kb.add(key, filter=is_open)(scroll)

    @kb.add("home", filter=is_open)
    def _(event) -> None:
        history.back = 10 ** 9

    @kb.add("end", filter=is_open)
    def _(event) -> None:
        history.back = 0

    @kb.add("<any>", filter=is_open)
    def _(event) -> None:
        pass   # the hint says which keys work here
    return ConditionalKeyBindings(kb)


def on_wheel(history: History, handler=None):
    """A fragment's mouse handler: the wheel opens the history and scrolls it; anything else
    goes to the fragment's own `handler` (a click on an option)."""
    def handle(ev):
        if ev.event_type == MouseEventType.SCROLL_UP:
            if not history.open:
                history.open, history.back = True, 0
            history.scroll(WHEEL_ROWS)
            return None
        if ev.event_type == MouseEventType.SCROLL_DOWN:
            if history.open:
                history.scroll(-WHEEL_ROWS)
            return None
        return handler(ev) if handler is not None else NotImplemented
    return handle
