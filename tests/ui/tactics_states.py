"""Hex game situations for screen tests, and the Model the control API would fill for them."""
from __future__ import annotations

import engine
from cli.ui.glossary import Glossary
from cli.ui.model import Model
from engine import Decision
from engine.core import Sealed
from node.words import SeatNames, board, decision_data, decision_words, glossary

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


class EngineNode:
    """The control API's answers (status, glossary, state, pending, move) for one seat, from a
    state the engine plays in this process: what Model.refresh and Model.choose talk to, with
    no node process (install with monkeypatch.setattr(cli.ui.model.client, "call", ...call))."""

    def __init__(self, state, seat: int = 0) -> None:
        self.state, self.seat, self.seq = state, seat, 1
        self.moves: list[list] = []

    async def call(self, sock, request: dict) -> dict:
        cmd, st, seat = request["cmd"], self.state, self.seat
        names = SeatNames(NAMES, seat)
        if cmd == "status":
            return {"ok": True, "players": [{"name": n} for n in NAMES], "seat": seat,
                    "phase": "playing", "game": st.game, "name": NAMES[seat],
                    "title": engine.get_game(st.game).title}
        if cmd == "glossary":
            return {"ok": True, "glossary": glossary(st.game)}
        if cmd == "state":
            p = engine.pending(st)
            return {"ok": True, "state": engine.to_data(engine.view(st, seat)), "summary": [],
                    "seq": self.seq, "board": board(st, seat),
                    "waiting_for": p.player if isinstance(p, Decision) else None}
        if cmd == "pending":
            p = engine.pending(st)
            mine = isinstance(p, Decision) and p.player == seat
            return {"ok": True, "timeout": None,
                    "decision": decision_data(self.seq, st, p, names) if mine else None}
        if cmd == "move":
            self.moves.append(request["move"])
            self.state = engine.apply(st, tuple(request["move"]))
            self.seq += 1
            return {"ok": True}
        return {"ok": False, "error": f"no {cmd} here"}
