"""A bug of ours in the UI's own code is said on the screen, never a screen that silently stops
following the node or a key that silently does nothing."""
import asyncio

from cli.ui import model as model_module
from cli.ui.app import GameUI
from cli.ui.model import Model


def test_an_error_while_following_the_node_is_said_not_a_screen_gone_stale(monkeypatch):
    async def call(sock, request):
        if request["cmd"] == "status":
            return {"ok": True, "phase": "lobby"}
        return {"ok": True, "decision": None, "timeout": None}

    async def events(sock):
        yield {"event": "state", "seq": 3, "kind": "move"}

    def broken(self, ev):
        raise RuntimeError("no words for this event")

    monkeypatch.setattr(model_module.client, "call", call)
    monkeypatch.setattr(model_module.client, "events", events)
    monkeypatch.setattr(Model, "on_event", broken)
    m = Model()
    asyncio.run(m.follow())
    assert m.gone.startswith("the screen stopped following the node: RuntimeError: no words")
    assert "a bug in lanboard" in m.gone


def test_an_error_in_what_a_key_started_is_said_on_the_screen():
    async def failing():
        raise ValueError("cannot send that")

    async def scenario():
        ui = GameUI(Model())
        ui._spawn(failing())
        await asyncio.sleep(0.01)
        return ui

    ui = asyncio.run(scenario())
    assert ui.model.message_is_error
    assert ui.model.message.startswith("that key's action failed: ValueError: cannot send that")
