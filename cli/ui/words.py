"""Words about the match itself, for every game: seats by name, faults, the timeout question,
a bug of ours.

No game's rules text lives here: a game's options, decisions and what happened come from its
node (the game's words module, over the control API) and are shown as they are. A name and a
fault's reason are other players' words: shown escaped (protocol.peertext).
"""
from __future__ import annotations

from typing import Sequence

from protocol.peertext import shown

from ..command_hint import lanboard

NOBODY = -1  # the control API's seat number for no seat (an unowned space)


class Names:
    """Seat numbers to the names people chose (falls back to 'player N')."""

    def __init__(self, names: Sequence[str] = (), me: int | None = None) -> None:
        self.names = list(names)
        self.me = me

    def plain(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return shown(self.names[seat])
        return f"player {seat + 1}"


def bot_words(player: dict) -> str:
    """A seat's bot as its node told it (the control API's "bot": kind, and a strong bot's
    level), as shown after its name: " (strong, hard)", " (greedy)"; "" for a person. The
    node checked it; escaped all the same, as every peer's word is."""
    bot = player.get("bot") if isinstance(player, dict) else None
    if not isinstance(bot, dict) or not bot.get("kind"):
        return ""
    said = ", ".join(str(bot[k]) for k in ("kind", "level") if bot.get(k))
    return f" ({shown(said)})"


TIMEOUT_CHOICES = {"wait": "Keep waiting for them", "bot": "Go on with a bot in their seat",
                   "end": "End the game here (scored as it stands)"}


def hurry_words(seconds: int) -> str:
    """The warning before our own decision times out (the node's "hurry" event)."""
    return (f"{seconds} s left to decide: after that the other players may record you as gone "
            "and hand your seat to a bot (t on this screen then takes it back).")


def timeout_title(seat: int, names: Names) -> str:
    return (f"{names.plain(seat)} has been gone past the timeout. What now? "
            "(every remaining player must agree, else the game waits)")


def fault_words(kind: str, seats: Sequence[int], reason: str, names: Names) -> str:
    who = " and ".join(names.plain(s) for s in seats) or "a player"
    what = {
        "timed-out": f"{who} took too long (timed out)",
        "equivocation": f"{who} signed two different moves for one step — cheating",
        "state-mismatch": f"{who} computed a different game state (desync)",
        "bad-signature": f"{who} sent a message with a bad signature",
        "illegal-move": f"{who} sent a move the rules do not allow",
        "bad-reveal": f"{who} revealed dice that do not match their commitment",
        "bad-claim": f"{who} claimed a timeout that was not due",
        "internal": "an internal error in lanboard",
        # a peer stopped the game accusing another, and this node has no proof either way
        "dispute": f"{who} disagree: one accuses the other of cheating, and neither can be "
                   "proven right",
    }.get(kind, f"{who}: {kind}")
    return f"The game stopped: {what}. ({shown(reason)})"


def bug_words(what: str, e: BaseException) -> str:
    """A bug of ours, said on the screen where it happened: the node (not the UI) plays the
    match, so it goes on, and attaching again shows it."""
    return (f"{what}: {type(e).__name__}: {e} (a bug in lanboard; the node plays on, and "
            f"`{lanboard('attach')}` shows it again)")


def decision_title(d: dict) -> str:
    """The node's title for a decision (its context's), else the engine's prompt."""
    return (d.get("context") or {}).get("title") or d.get("prompt") or "Your decision"


def option_words(d: dict, k: int) -> str:
    """The node's label for option k of a decision; the raw move only if it sent none."""
    move = d["options"][k]
    if d.get("prompt") == "timeout":
        return TIMEOUT_CHOICES.get(move[0], move[0])
    labels = d.get("labels") or []
    return labels[k] if k < len(labels) else " ".join(map(str, move))
