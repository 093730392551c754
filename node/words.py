"""The game's own words for the control API: option labels, the decision's context, a summary
of the state, what changed between two views, and the glossary a game's own screens draw with.

Every word and every piece of named data a screen shows comes from here, computed by the game's
words module (engine/games/*/words.py) in the node's process; the UI shows it and computes
nothing from the rules. They are only words: a game bug in them must never stop the node or the
match, so a failure falls back to the raw move (or no context, summary or narration) and is
logged. cli's replay uses these functions too, for a match file without a node.
"""
from __future__ import annotations

import logging
from typing import Any, Iterable, Mapping

import engine
from engine.games.game_package import SeatNames

log = logging.getLogger(__name__)

__all__ = ["SeatNames", "option_labels", "decision_words", "decision_data", "summary", "narration", "glossary",
           "board", "seat_names", "told", "result_words", "result_data"]


def _raw(move: Iterable[Any]) -> str:
    return " ".join(str(part) for part in move)


def option_labels(state: Any, options: Iterable[Any], names: SeatNames | None = None) -> list[str]:
    """One line per option of the pending decision, from the game's words."""
    game = engine.get_game(state.game)
    moves = [tuple(o) for o in options]
    describe = getattr(game, "describe_options", None)
    try:
        if describe is not None:
            return [str(label) for label in describe(state, moves, names)]
    except Exception:  # noqa: BLE001 - words must not stop the node
        log.exception("describe_options failed for %r", moves[:3])
    labels = []
    for move in moves:
        try:
            labels.append(str(game.describe_move(state, move)))
        except Exception:  # noqa: BLE001 - words must not stop the node
            log.exception("describe_move failed for %r", move)
            labels.append(_raw(move))
    return labels


def decision_words(state: Any, decision: Any, names: SeatNames | None = None) -> dict:
    """{"labels", "context"} of a pending Decision, as "pending" and the "decision" event
    carry them: the labels in option order, the context as the game's words module writes it
    ({} when it has none, or failed)."""
    labels = option_labels(state, decision.options, names)
    context: dict = {}
    own = getattr(engine.get_game(state.game), "decision_context", None)
    if own is not None:
        try:
            context = dict(own(state, decision, names))
        except Exception:  # noqa: BLE001 - words must not stop the node
            log.exception("decision_context failed for %r", decision.prompt)
    return {"labels": labels, "context": context}


def decision_data(seq: int, state: Any, decision: Any, names: SeatNames | None = None) -> dict:
    """A pending decision as `pending` answers it and the `decision` event says it: the seq of
    the log entry its answer will be, prompt, options, and their words."""
    return {"seq": seq, "prompt": decision.prompt,
            "options": [list(o) for o in decision.options],
            **decision_words(state, decision, names)}


def _own_words(game: Any, name: str) -> Any:
    """A function of the game's words module by `name`, None when it has none. Taken straight
    from the module, not through the packaged game: game_package.py is in every game's rules
    digest, and a words function needs no wiring there to change nothing of a state."""
    words = getattr(game, "_words", None)
    return words(name) if words is not None else None


def summary(state: Any, seat: int | None, names: SeatNames | None = None) -> list[str]:
    """The game's describe_state for `seat`: what that seat may know, in a few lines, naming
    the players by `names` where its words module takes them (as the side panel does)."""
    game = engine.get_game(state.game)
    own = _own_words(game, "describe_state") if names is not None else None
    try:
        lines = own(game, state, seat, names) if own is not None else \
            game.describe_state(state, seat)
        return [str(line) for line in lines]
    except Exception:  # noqa: BLE001 - words must not stop the node
        log.exception("describe_state failed")
        return []


def board(state: Any, seat: int | None,
          cards: Mapping[tuple[str, int], int] | None = None) -> dict | None:
    """The game's named data for drawing `state` as `seat` sees it (None: the game has none,
    or it failed, which is logged). `cards` are the hidden cards `seat`'s node alone decrypted
    ({(deck, position): card}, protocol.session's private_cards): what the seat's own hidden
    cards are worth is computed from them there, in the game's words, never by a screen."""
    game = engine.get_game(state.game)
    own = _own_words(game, "board")
    try:
        return own(game, state, seat, dict(cards or {})) if own is not None else None
    except Exception:  # noqa: BLE001 - words must not stop the node
        log.exception("board failed")
        return None


def narration(game_id: str, before: Any, after: dict, names: SeatNames,
              reveal: bool = False, players: int = 0) -> list[str] | None:
    """What changed from the view `before` to the view `after` (plain data), in the game's
    sentences; None when the game has no narrate (a screen then compares summaries). `before`
    comes from a client: anything it holds gives at worst no sentences."""
    own = getattr(engine.get_game(game_id), "narrate", None)
    if own is None or not isinstance(before, dict):
        return None if own is None else []
    try:
        return own(before, after, names, "reveal" if reveal else "", players)
    except Exception:  # noqa: BLE001 - words must not stop the node
        log.exception("narrate failed")
        return []


def told(records: Iterable[Any], seat: int | None, names: SeatNames,
         players: int = 0, cards: Mapping[tuple[str, int], int] | None = None) -> list[str] | None:
    """What each entry of `records` (node.told.Record) did, entry by entry in log order, as
    `seat` may see it: the game's words for the move chosen where they are news
    (`narrate_move`: which ability, say), then its narration of the change, for a disclosure
    whose cards were opened, held by whom (`narrate_disclose`: the Disclose names the
    holders, and the view after it holds the cards' values), then what the seat's own hidden
    cards drawn in it are (`narrate_own`, from `cards`: the cards `seat`'s node alone
    decrypted, as `board` takes them). None when the game has no narrate."""
    records = list(records)
    if not records:
        return []
    game = engine.get_game(records[0].after.game)
    if getattr(game, "narrate", None) is None:
        return None
    chosen = _own_words(game, "narrate_move")
    own = _own_words(game, "narrate_own") if cards else None
    views: dict[int, tuple[Any, dict]] = {}   # id(state) -> (state, view): an entry's after is
                                              # the next one's before
    def view(state: Any) -> dict:
        if id(state) not in views:
            views[id(state)] = (state, engine.to_data(engine.view(state, seat)))
        return views[id(state)][1]

    opened = _own_words(game, "narrate_disclose")
    out: list[str] = []
    for r in records:
        before, after = view(r.before), view(r.after)
        pending = engine.pending(r.before)
        if chosen is not None and r.move is not None:
            mover = getattr(pending, "player", None)
            try:
                out += [str(line) for line in chosen(game, before, mover, list(r.move), names)]
            except Exception:  # noqa: BLE001 - words must not stop the node
                log.exception("narrate_move failed for %r", r.move)
        out += narration(r.after.game, before, after, names, r.kind == "reveal", players) or []
        if opened is not None and isinstance(pending, engine.Disclose):
            try:   # whose cards were opened is public: every node derives it from the state
                out += [str(line) for line in
                        opened(game, before, after, [list(c) for c in pending.cards], names)]
            except Exception:  # noqa: BLE001 - words must not stop the node
                log.exception("narrate_disclose failed")
        if own is not None:
            try:
                out += [str(line) for line in own(game, before, after, seat, dict(cards), names)]
            except Exception:  # noqa: BLE001 - words must not stop the node
                log.exception("narrate_own failed")
    return out


def result_words(game_id: str, result: Any, names: SeatNames) -> list[str]:
    """The game's words for its final result beyond the scores (what each score is made of,
    once every hidden card is face up): its words module's `describe_result`, [] without one
    (or when it failed, which is logged)."""
    try:
        own = _own_words(engine.get_game(game_id), "describe_result")
    except KeyError:  # a game this node lacks
        return []
    try:
        return [str(line) for line in own(result, names)] if own is not None else []
    except Exception:  # noqa: BLE001 - words must not stop the node
        log.exception("describe_result failed")
        return []


def result_data(game_id: str, result: Any, names: SeatNames) -> dict:
    """A game's result as the control API, its event stream and a replay give it: "scores",
    "winners" (seats) and "said" (result_words)."""
    return {"scores": list(result.scores), "winners": list(result.winners),
            "said": result_words(game_id, result, names)}


def glossary(game_id: str | None) -> dict:
    """The plain data a game's own screens draw with ({} for an unknown game or none)."""
    try:
        own = getattr(engine.get_game(game_id), "glossary", None) if game_id else None
        return own() if own is not None else {}
    except KeyError:  # a game this node lacks
        return {}


def seat_names(node: Any) -> SeatNames:
    """The node's seats by the names their players chose, "you" for its own."""
    return SeatNames([seat.name for seat in node.seats], node.my_seat)
