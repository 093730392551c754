"""The UI mirrors the node by asking it (status, state, pending). Two refreshes can overlap (the
follower's, and the one after a move); the answer asked for first must never land last."""
import asyncio

from cli.ui import model as model_module
from cli.ui.model import Model

DECISION = {"prompt": "turn", "seq": 188, "options": [["roll_jail"], ["trade", 1]]}


def test_an_older_refresh_never_overwrites_what_a_newer_one_saw(monkeypatch):
    asked = []
    slow = asyncio.Event()

    async def call(sock, request):
        if request["cmd"] == "status":
            return {"ok": True, "phase": "lobby"}
        asked.append(request["cmd"])
        if len(asked) == 1:
            await slow.wait()   # the first answer (no decision yet) is slow to come back
            return {"ok": True, "decision": None, "timeout": None}
        return {"ok": True, "decision": DECISION, "timeout": None}

    monkeypatch.setattr(model_module.client, "call", call)

    async def scenario():
        m = Model()
        older = asyncio.ensure_future(m.refresh())
        await asyncio.sleep(0.01)
        newer = asyncio.ensure_future(m.refresh())
        await asyncio.sleep(0.01)
        slow.set()
        await asyncio.gather(older, newer)
        return m

    m = asyncio.run(scenario())
    assert m.decision == DECISION


def test_a_decision_is_never_shown_without_the_state_it_is_about(monkeypatch):
    # The game starts between the UI's status call (still the lobby, so no state is asked for)
    # and its pending call (already a decision): the refresh asks again for the state.
    statuses = iter([{"ok": True, "phase": "lobby"}, {"ok": True, "phase": "playing"}])
    asked = []

    async def call(sock, request):
        asked.append(request["cmd"])
        if request["cmd"] == "status":
            return next(statuses)
        if request["cmd"] == "state":
            return {"ok": True, "state": {"turn": 1}, "summary": []}
        return {"ok": True, "decision": DECISION, "timeout": None}

    monkeypatch.setattr(model_module.client, "call", call)
    m = Model()
    monkeypatch.setattr(Model, "screens", property(lambda self: _NoWords()))
    asyncio.run(m.refresh())
    assert m.decision == DECISION and m.state == {"turn": 1}
    assert asked == ["status", "pending", "status", "state", "pending"]


class _NoWords:
    own = False   # screens without a glossary to fetch


def test_not_your_decision_is_no_longer_said_once_a_decision_of_yours_arrives(monkeypatch):
    """A key pressed while another player decides is answered "not your decision now"; that
    answer must not stand beside the options once the decision is ours. Any other answer (an
    error a move got) stays until the next key."""
    pending = iter([{"ok": True, "decision": None, "timeout": None},
                    {"ok": True, "decision": DECISION, "timeout": None},
                    {"ok": True, "decision": None, "timeout": None},
                    {"ok": True, "decision": DECISION, "timeout": None}])

    async def call(sock, request):
        if request["cmd"] == "status":
            return {"ok": True, "phase": "playing"}
        if request["cmd"] == "state":
            return {"ok": True, "state": {"turn": 1}, "summary": []}
        return next(pending)

    monkeypatch.setattr(model_module.client, "call", call)
    monkeypatch.setattr(Model, "screens", property(lambda self: _NoWords()))
    m = Model()
    m.say("'x' does nothing now: it is not your decision.", until_decision=True)
    asyncio.run(m.refresh())            # still not ours: the answer stands
    assert m.decision is None and m.message.startswith("'x' does nothing now")
    asyncio.run(m.refresh())
    assert m.decision == DECISION and m.message == "" and not m.message_is_error
    m.say("That move is refused: not enough HP.", error=True)
    asyncio.run(m.refresh())            # no decision of ours: the error still stands
    asyncio.run(m.refresh())            # ours again: an error about a move is no such answer
    assert m.message == "That move is refused: not enough HP."
