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
