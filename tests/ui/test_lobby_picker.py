"""`lanboard join` without a name: lobbies appear as they are found and one is picked by key."""
import asyncio
import subprocess
import sys

import pytest

from cli.ui.lobby_picker import LobbyPicker, open_lobbies
from tests.ui.harness import ROOT, terminal, until


def lobby(name, taken=1, total=4, phase="lobby"):
    return {"name": name, "host": name, "code": "ABCD-EFGH", "game": "overwatch-monopoly",
            "seats_taken": taken, "seats_total": total, "phase": phase,
            "address": "192.0.2.7", "port": 4000 + len(name)}


def test_full_or_running_games_are_not_offered():
    assert [x["name"] for x in open_lobbies([lobby("a"), lobby("b", 4, 4),
                                             lobby("c", phase="playing")])] == ["a"]


def test_lobbies_appear_as_found_and_enter_joins_the_selected_one():
    rounds = [[], [lobby("Ann")], [lobby("Ann"), lobby("Bob")]]

    async def lister():
        await asyncio.sleep(0.01)
        return rounds.pop(0) if len(rounds) > 1 else rounds[0]

    async def script():
        with terminal(80, 24) as (inp, out):
            picker = LobbyPicker(lister)
            task = asyncio.ensure_future(picker.run())
            await until(lambda: picker.app.is_running, 5, "the picker")
            inp.send_text("\r")   # nothing found yet: explained, not an error
            await until(lambda: "No open lobby yet" in picker.message, 5, "the explanation")
            await until(lambda: len(picker.lobbies) == 2, 10, "both lobbies")
            inp.send_text("\x1b[B")   # ↓ to Bob
            await until(lambda: picker.selected == 1, 5, "Bob selected")
            inp.send_text("\r")
            return await asyncio.wait_for(task, 5)

    chosen = asyncio.run(script())
    assert chosen["host"] == "Bob" and chosen["port"] == 4003


# A picker join in a process of its own, as `lanboard join` runs it: the first search finds a
# lobby, Enter picks it while the second search (a real `lanboard list` subprocess, 2 s long)
# is still running. Then, as the game screen's event loop would, the process lives on until
# asyncio's child watcher threads are done and the garbage is collected.
_PICKER_JOIN = """
import asyncio, gc, threading
from cli.ui.lobby_picker import LobbyPicker, list_lan
from tests.ui.harness import terminal, until

ann = {"name": "Ann", "host": "Ann", "code": "ABCD-EFGH", "game": "overwatch-monopoly",
       "seats_taken": 1, "seats_total": 4, "phase": "lobby", "address": "192.0.2.7",
       "port": 4000}
searches = []

async def lister():
    searches.append(1)
    return [ann] if len(searches) == 1 else await list_lan(2.0)

async def join():
    with terminal(80, 24) as (inp, out):
        picker = LobbyPicker(lister)
        task = asyncio.ensure_future(picker.run())
        await until(lambda: len(searches) >= 2, 20, "the second search")
        inp.send_text("\\r")
        return await asyncio.wait_for(task, 10)

assert asyncio.run(join())["host"] == "Ann"
for t in threading.enumerate():
    if "waitpid" in t.name:   # asyncio's child watcher, done once its child ended
        t.join(30)
gc.collect()
print("joined")
"""


@pytest.mark.slow
def test_a_picker_join_prints_nothing_over_the_screen_that_follows():
    done = subprocess.run([sys.executable, "-c", _PICKER_JOIN], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "joined"
    assert done.stderr == ""
