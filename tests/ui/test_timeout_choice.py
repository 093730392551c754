"""A player gone past the timeout: the UI asks wait / bot / end in words and sends the answer
with the control API's `choose` (against a scripted control socket, so no real timeout)."""
import asyncio
import json

from node.words import glossary
from tests.ui import states
from tests.ui.harness import drive, until


class FakeNode:
    """Answers the control API as a node whose seat 1 (Bob) timed out, asking seat 0 (Ann)."""

    def __init__(self) -> None:
        self.state = states.model_for(states.crowded_midgame()).state
        self.chosen: list[str] = []
        self.streams: list[asyncio.StreamWriter] = []

    async def serve(self, reader, writer) -> None:
        line = await reader.readline()
        req = json.loads(line)
        cmd = req["cmd"]
        asked = None if self.chosen else {"seq": 90, "seat": 1, "options": ["wait", "bot", "end"]}
        reply = {
            "status": {"ok": True, "seat": 0, "phase": "playing", "name": "Ann", "code": "X",
                       "players": [{"name": n} for n in states.NAMES]},
            "state": {"ok": True, "state": self.state},
            "glossary": {"ok": True, "glossary": glossary("overwatch-monopoly")},
            "pending": {"ok": True, "decision": None, "timeout": asked},
            "choose": {"ok": True},
            "events": {"ok": True},
        }[cmd]
        if cmd == "choose":
            self.chosen.append(req["choice"])
        writer.write(json.dumps(reply).encode() + b"\n")
        if cmd == "events":
            writer.write(json.dumps({"event": "timeout", "seq": 90, "seat": 1,
                                     "options": ["wait", "bot", "end"], "ask": True}).encode()
                         + b"\n")
            self.streams.append(writer)
            await writer.drain()
            await asyncio.sleep(3600)
        await writer.drain()
        writer.close()


def test_a_timed_out_player_is_named_and_the_choice_is_sent_with_choose(tmp_path):
    node = FakeNode()
    sock = tmp_path / "c.sock"

    async def main():
        server = await asyncio.start_unix_server(node.serve, path=str(sock))

        async def script(ui, inp, out):
            await until(lambda: ui.model.decision is not None, 5, "the question", ui)
            text = ui.screen_text()
            assert "Bob has been gone past the timeout" in text
            assert "Go on with a bot in their seat" in text and "End the game here" in text
            inp.send_text("2")
            await until(lambda: node.chosen, 5, "the choice to be sent", ui)
            await until(lambda: ui.model.decision is None, 5, "the question to go", ui)
        try:
            await drive(sock, script)
        finally:
            for w in node.streams:
                w.close()
            server.close()
    asyncio.run(main())
    assert node.chosen == ["bot"]
