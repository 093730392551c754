"""Screens for a game that has no screens of its own: the game's words, nothing computed.

Everything shown comes from the node: the summary lines (the game's describe_state for this
seat), the decision with one label per option (the game's describe_move), the scores at the
end. The state JSON is never read here, so nothing about any particular game's rules or data
can show up on another game's screen.
"""
from __future__ import annotations

from typing import Callable, Sequence

from .screens import (Line, after_game_lines, choice_lines, newest_whole, over_lines, pad,
                      quick_hint, wrap)
from .words import option_words

HINT = "↑↓ Enter, 1-9 or click: choose · {quick}q detach or leave"


def title_of(model) -> str:
    return model.status.get("title") or model.status.get("game") or "lanboard"


def header(model, width: int) -> Line:
    who = ""
    if model.me is not None:
        who = f" — you are {model.names.plain(model.me)}, seat {model.me + 1}"
    agreed = ""
    if model.attested:
        seq, h = model.attested
        agreed = f"   ✓ agreed: step {seq} #{h[:8]}"
    return pad([("class:title", f"{title_of(model)}{who}"), ("class:dim", agreed)], width)


def decision_height(model, height: int, replay: bool = False) -> int:
    """Rows below the summary and log for the decision: the prompt, every option, a message
    line, but never more than half the screen (the list scrolls beyond that). A replay's
    timeline takes that half."""
    if replay:
        return (height - 1) // 2
    d = model.decision
    want = 2 + (len(d["options"]) + (1 if d.get("prompt") == "timeout" else 0) if d else 0)
    return max(3, min(want, (height - 1) // 2))


def decision_lines(model, width: int, rows: int, choose: Callable[[int], None]) -> list[Line]:
    def title(d: dict) -> str:
        said = (d.get("context") or {}).get("title")  # the game's words for the decision
        prompt = d.get("prompt")  # else the engine's prompt: the game's own words too
        return said or (f"Your decision: {prompt}" if prompt else "Your decision")

    def waiting() -> str | None:
        if model.state is None:
            return None
        return " — waiting for the other players (a choice or a dice roll)"

    return choice_lines(model, width, rows, choose, waiting, title, option_words)


def game_screen(model, width: int, height: int, choose, replay_info: str | None = None,
                below: Sequence[Line] | None = None) -> list[Line]:
    """Header, the summary, what happened (newest last), then the decision (or, in a replay,
    the timeline given as `below`) and the key hint."""
    bottom = decision_height(model, height, replay=below is not None)
    top: list[Line] = [header(model, width)]
    if replay_info:
        top += wrap(replay_info, width, "class:title")
    if model.fault:
        top += wrap(model.fault, width, "class:error")
    summary: list[Line] = []
    for text in model.summary:
        summary += wrap(text, width - 2, "", "  ")
    top += summary[:max(1, (height - 1 - bottom) // 2 - len(top))]
    top.append([("class:dim", "── what happened " + "─" * max(0, width - 17))])
    room = height - 1 - bottom - len(top)
    lines = top + newest_whole(model.log, width - 2, room)
    lines += [[("", "")]] * max(0, height - 1 - bottom - len(lines))
    lower = list(below) if below is not None else decision_lines(model, width, bottom, choose)
    if model.message and below is not None:
        lower = lower[:max(0, bottom - 1)] + wrap(model.message, width, "class:status")
    lines += [pad(x, width) for x in lower[:bottom]]
    lines += [[("", "")]] * (height - 1 - len(lines))
    if replay_info:
        hint = "←/→ step · PgUp/PgDn 20 steps · Home/End · q quit"
    elif model.phase == "over" or model.gone:
        hint = "q quit"
    else:
        hint = HINT.format(quick=quick_hint(model))
    lines.append([("class:hint", hint[:width].ljust(width))])
    return [pad(x, width) for x in lines[:height - 1]] + lines[height - 1:height]


def over_screen(model, width: int, height: int) -> list[Line]:
    names = model.names
    r = model.result or {}
    scores = r.get("scores", [])
    winners = r.get("winners", [])
    lines: list[Line] = [[("class:title", f"{title_of(model)} — game over — final scores")],
                         [("", "")]]
    win = " and ".join(names.plain(w) for w in winners)
    lines.append([("class:bold", f"Winner: {win}" if win else "No winner")])
    lines.append([("", "")])
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    for rank, seat in enumerate(order, 1):
        lines.append([(f"class:token.p{seat}", f" {seat + 1} "),
                      ("class:bold" if seat in winners else "",
                       f" {rank}. {names.plain(seat):<20} {scores[seat]:>4} points")])
    if model.summary:
        lines.append([("", "")])
        for text in model.summary:
            lines += wrap(text, width - 2, "class:dim", "  ")
    lines.append([("", "")])
    if model.attested:
        lines.append([("class:dim", f"Final state agreed by every node: #{model.attested[1][:16]}")])
    return over_lines(model, lines + after_game_lines(model, width), width, height)
