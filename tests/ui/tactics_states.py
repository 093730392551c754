"""Hex game situations for screen tests, and the Model the control API would fill for them."""
from __future__ import annotations

import engine
from cli.ui.glossary import Glossary
from cli.ui.model import Model
from engine import Decision
from engine.core import Sealed
from node.words import SeatNames, board, decision_words, glossary

NAMES = ["Ann", "Bob"]


def model_for(state, seat: int = 0, log=()) -> Model:
    """A Model as the control API fills it for `seat` (the node's words, board and glossary);
    a sealed draft asks `seat` its own part of the round."""
    p = engine.pending(state)
    if isinstance(p, Sealed):
        p = next((d for d in p.decisions if d.player == seat), None)
    decision = None
    if isinstance(p, Decision) and p.player == seat:
        decision = {"prompt": p.prompt, "options": [list(o) for o in p.options],
                    **decision_words(state, p, SeatNames(NAMES, seat))}
    return Model(status={"players": [{"name": n} for n in NAMES], "seat": seat,
                         "phase": "playing", "game": state.game,
                         "title": engine.get_game(state.game).title, "name": NAMES[seat]},
                 state=engine.to_data(engine.view(state, seat)), decision=decision,
                 waiting_for=p.player if isinstance(p, Decision) else None,
                 board=board(state, seat), glossary=Glossary.of(glossary(state.game)),
                 attested=(42, "9f" * 32), log=list(log))
