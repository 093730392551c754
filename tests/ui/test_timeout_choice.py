"""A player gone past the timeout: the UI asks wait / bot / end in words and sends the answer
with the control API's `choose` (against a scripted control socket, so no real timeout)."""
import asyncio

from node.words import glossary
from tests.ui import states
from tests.ui.harness import ScriptedNode, until


def _fake_node() -> ScriptedNode:
    """Answers the control API as a node whose seat 1 (Bob) timed out, asking seat 0 (Ann)."""
    state = states.model_for(states.crowded_midgame()).state

    def replies(req: dict) -> dict:
        asked = None if node.sent("choose") else \
            {"seq": 90, "seat": 1, "options": ["wait", "bot", "end"]}
        return {
            "status": {"ok": True, "seat": 0, "phase": "playing", "name": "Ann", "code": "X",
                       "players": [{"name": n} for n in states.NAMES]},
            "state": {"ok": True, "state": state},
            "glossary": {"ok": True, "glossary": glossary("overwatch-monopoly")},
            "pending": {"ok": True, "decision": None, "timeout": asked},
        }.get(req["cmd"], {"ok": True})
    node = ScriptedNode(replies, [{"event": "timeout", "seq": 90, "seat": 1,
                                   "options": ["wait", "bot", "end"], "ask": True}])
    return node


def test_a_timed_out_player_is_named_and_the_choice_is_sent_with_choose(tmp_path):
    node = _fake_node()

    async def script(ui, inp, out):
        await until(lambda: ui.model.decision is not None, 5, "the question", ui)
        text = ui.screen_text()
        assert "Bob has been gone past the timeout" in text
        assert "Go on with a bot in their seat" in text and "End the game here" in text
        inp.send_text("2")
        await until(lambda: node.sent("choose"), 5, "the choice to be sent", ui)
        await until(lambda: ui.model.decision is None, 5, "the question to go", ui)
    asyncio.run(node.drive(tmp_path / "c.sock", script))
    assert [r["choice"] for r in node.sent("choose")] == ["bot"]
