"""A player whose seat the log hands to the bot sees it on their screen with the key that takes
it back, and that key sends the control API's `reclaim` (against a scripted control socket)."""
import asyncio

from node.words import glossary
from tests.ui import states
from tests.ui.harness import ScriptedNode, until


def _bot_plays_ann() -> ScriptedNode:
    """The node of Ann (seat 0), whose seat a bot plays until she asks for it back."""
    state = states.model_for(states.crowded_midgame()).state

    def replies(req: dict) -> dict:
        return {
            "status": {"ok": True, "seat": 0, "phase": "playing", "name": "Ann", "code": "X",
                       "players": [{"name": n} for n in states.NAMES], "bots": [0],
                       "reclaim_asked": bool(node.sent("reclaim"))},
            "state": {"ok": True, "state": state},
            "glossary": {"ok": True, "glossary": glossary("overwatch-monopoly")},
            "pending": {"ok": True, "decision": None, "timeout": None},
        }.get(req["cmd"], {"ok": True})
    node = ScriptedNode(replies)
    return node


def _says(ui, words: str) -> bool:
    return words in " ".join(ui.screen_text().split())


def test_a_seat_the_bot_plays_says_so_and_t_asks_for_it_back(tmp_path):
    node = _bot_plays_ann()

    async def script(ui, inp, out):
        await until(lambda: _says(ui, "press t to take it back"), 5, "the offer", ui)
        assert _says(ui, "a bot plays your seat")
        inp.send_text("t")
        await until(lambda: node.sent("reclaim"), 5, "the reclaim to be sent", ui)
        await until(lambda: _says(ui, "you asked for your seat back"), 5, "the request", ui)
    asyncio.run(node.drive(tmp_path / "c.sock", script))
    assert node.sent("reclaim") == [{"cmd": "reclaim"}]
