"""A player whose seat the log hands to the bot sees it on their screen with the key that takes
it back, and that key sends the control API's `reclaim` (against a scripted control socket)."""
import asyncio
import json

from node.words import glossary
from tests.ui import states
from tests.ui.harness import drive, until


class BotPlaysAnn:
    """Answers the control API as the node of Ann (seat 0), whose seat a bot plays."""

    def __init__(self) -> None:
        self.state = states.model_for(states.crowded_midgame()).state
        self.asked: list[dict] = []
        self.streams: list[asyncio.StreamWriter] = []

    async def serve(self, reader, writer) -> None:
        req = json.loads(await reader.readline())
        cmd = req["cmd"]
        reply = {
            "status": {"ok": True, "seat": 0, "phase": "playing", "name": "Ann", "code": "X",
                       "players": [{"name": n} for n in states.NAMES], "bots": [0],
                       "reclaim_asked": bool(self.asked)},
            "state": {"ok": True, "state": self.state},
            "glossary": {"ok": True, "glossary": glossary("overwatch-monopoly")},
            "pending": {"ok": True, "decision": None, "timeout": None},
            "reclaim": {"ok": True},
            "events": {"ok": True},
        }[cmd]
        if cmd == "reclaim":
            self.asked.append(req)
        writer.write(json.dumps(reply).encode() + b"\n")
        if cmd == "events":
            self.streams.append(writer)
            await writer.drain()
            await asyncio.sleep(3600)
        await writer.drain()
        writer.close()


def test_a_seat_the_bot_plays_says_so_and_t_asks_for_it_back(tmp_path):
    node = BotPlaysAnn()
    sock = tmp_path / "c.sock"

    async def main():
        server = await asyncio.start_unix_server(node.serve, path=str(sock))

        async def script(ui, inp, out):
            await until(lambda: "press t to take it back" in " ".join(ui.screen_text().split()),
                        5, "the offer to take the seat back", ui)
            assert "a bot plays your seat" in " ".join(ui.screen_text().split())
            inp.send_text("t")
            await until(lambda: node.asked, 5, "the reclaim to be sent", ui)
            await until(lambda: "you asked for your seat back" in
                        " ".join(ui.screen_text().split()), 5, "the request to show", ui)
        try:
            await drive(sock, script)
        finally:
            for w in node.streams:
                w.close()
            server.close()
    asyncio.run(main())
    assert node.asked == [{"cmd": "reclaim"}]
