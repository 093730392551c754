"""`lanboard watch` at a terminal: the game's own screens follow the game live, as `replay` shows
a file (the same steps, made as each entry is checked: cli.cmd_watch.screen_watch, cli.ui.app.
LiveSteps); the screen follows the newest entry unless the viewer stepped back; without a NAME a
live picker offers the games being played (cli.ui.watch_picker). The node is served over memory
streams inside the watcher's own trio run; the terminal is prompt-toolkit's pipe input."""
import asyncio

import pytest
import trio

from cli.cmd_replay import load_steps
from cli.cmd_watch import screen_watch
from cli.ui.app import LiveSteps
from cli.ui.model import Model
from cli.ui.watch_picker import WatchPicker, running_games
from tests.node.memnet import MemoryNetwork
from tests.node.test_watch import _serve_log, _Served, honest_game  # noqa: F401 (a fixture)
from tests.ui.harness import terminal, until


@pytest.fixture(scope="module")
def played(honest_game):
    """A finished 3-player Overwatch Monopoly game's log items (the hidden Loot Boxes too)."""
    return honest_game[0]


class _ServedHere:
    """A watcher's transport whose node serves `items` from the watcher's own trio run (the
    watcher runs in a thread of its own: a memory network lives in one run)."""

    def __init__(self, items):
        self.net, self.table, self.port = MemoryNetwork(), _Served(items, []), None

    async def connect(self, host, port, *args, **kwargs):
        if self.port is None:
            started = trio.Event()

            async def node():   # cancelled with the run, as system tasks are
                async with trio.open_nursery() as nursery:
                    self.port = await nursery.start(_serve_log, self.net, self.table)
                    started.set()
            trio.lowlevel.spawn_system_task(node)
            await started.wait()
        return await self.net.connect(host, self.port, *args, **kwargs)


def test_watch_at_a_terminal_follows_the_game_on_its_own_screens_and_keeps_its_file(
        tmp_path, played):
    said = []
    holder = []

    async def script():
        with terminal(100, 30) as (inp, out):
            task = asyncio.ensure_future(screen_watch(
                [("node", 0)], "Ann's game (node:0)", tmp_path, said,
                transport=_ServedHere(played), shown_ui=holder.append))
            await until(lambda: holder and holder[0].app.is_running, 10, "the screen")
            ui = holder[0]
            live = ui.replay
            await until(lambda: live.done, 120, "the game's end", ui)
            end = ui.screen_text()
            assert live.at == len(live.steps) - 1 == len(played) - 2   # following the newest
            inp.send_text("\x1b[D" * 3)                                  # ← three times
            await until(lambda: live.at == len(live.steps) - 4, 5, "three steps back", ui)
            back = ui.screen_text()
            inp.send_text("\x1b[F")                                      # End
            await until(lambda: live.at == len(live.steps) - 1, 5, "the newest again", ui)
            inp.send_text("q")
            return await asyncio.wait_for(task, 10), end, back

    status, end, back = asyncio.run(script())
    assert status == 0
    # the game's own screen (the Overwatch board), the caption saying what is shown
    assert f"watched: entry {len(played) - 1} of {len(played) - 1}" in end
    assert "Volskaya" in end and "Play of the Game" in end   # the board, the game's end words
    assert "the game is over; its checked file: " in end
    assert f"entry {len(played) - 4} of {len(played) - 1} (3 newer: End follows)" in back
    (kept,) = (tmp_path / "watched" / "matches").glob("*.match")
    assert kept.read_bytes() == b"".join(played)
    assert said[-1] == (str(kept), False)   # printed once the screen is closed


def test_the_screen_follows_the_newest_entry_unless_the_viewer_stepped_back(played, tmp_path):
    path = tmp_path / "game.match"
    path.write_bytes(b"".join(played))
    steps, names = load_steps(str(path))
    model = Model()
    live = LiveSteps(model, "Ann's game")
    assert live.waiting(80)[0][0][1] == "lanboard — watching Ann's game"
    live.begin(names, "overwatch-monopoly", "Overwatch")
    for step in steps[:10]:
        live.add(step)
    assert live.at == 9 and model.state == steps[9]["state"]
    live.step(-4)
    for step in steps[10:20]:   # the viewer stepped back: the screen stays there
        live.add(step)
    assert live.at == 5 and model.state == steps[5]["state"]
    assert "(14 newer: End follows)" in live.caption() and live.caption().startswith("live: ")
    live.step(10 ** 9)          # End: following again
    live.add(steps[20])
    assert live.at == 20 and model.state == steps[20]["state"]
    # the newest entry, followed, is in the timeline, marked (it was cut off below it)
    marked = [line for line in live.timeline(8, 80) if line[0][1].startswith(">")]
    assert len(marked) == 1 and marked[0][0][1].split()[1] == str(steps[20]["index"])


def _game(host, watch="0/8", phase="playing", **more):
    return {"name": f"{host} X", "host": host, "code": "ABCD-EFGH", "game": "mario-monopoly",
            "seats_taken": 3, "seats_total": 3, "phase": phase, "watch": watch,
            "address": "192.0.2.7", "port": 4000 + len(host), "match": "ab" * 32, **more}


def test_the_watch_picker_offers_games_being_played_and_enter_watches_the_selected_one():
    found = [_game("Ann", watch="no"), _game("Bob", watch="2/8", delay=3),
             _game("Cyd", phase="lobby")]
    assert [x["host"] for x in running_games(found)] == ["Bob", "Ann"]   # watchable first

    async def lister():
        await asyncio.sleep(0.01)
        return found

    async def script():
        with terminal(100, 30) as (inp, out):
            picker = WatchPicker(lister)
            task = asyncio.ensure_future(picker.run())
            await until(lambda: len(picker.lobbies) == 2, 10, "both games")
            shown = "".join(t for _, t in picker.fragments())
            assert "watch 2/8, 3 turns behind" in shown and "takes no watchers" in shown
            assert "Cyd" not in shown   # in its lobby: nothing to watch yet
            inp.send_text("\x1b[B")     # ↓ to Ann, who takes no watchers
            await until(lambda: picker.selected == 1, 5, "Ann selected")
            inp.send_text("\r")
            await until(lambda: "takes no watchers" in picker.message, 5, "the refusal")
            inp.send_text("x")
            await until(lambda: "Enter watches it" in picker.message, 5, "the keys")
            inp.send_text("\x1b[A\r")   # ↑ to Bob, Enter
            return await asyncio.wait_for(task, 5)

    chosen = asyncio.run(script())
    assert chosen["host"] == "Bob"
