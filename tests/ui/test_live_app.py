"""The terminal UI on a live node: lobby, a whole game against a bot, a bad key, a mouse click,
a resize, character help, and detaching and reattaching while the node plays on.

The lobby, the whole game and detaching start `lanboard host --headless --json` the way
`lanboard play` does (a detached process with its bots: marked slow); the keys, the mouse, the
size and help need only a decision of ours, from a node in a thread of this process on its
control socket (tests.node.control_events). Each drives the app through prompt-toolkit's pipe
input."""
import argparse
import asyncio
import json
import os
import subprocess
import sys

import pytest

from cli.cmd_play import host_argv
from engine.games.overwatch_monopoly.words_characters import ability_help
from cli.ui.launch import start_node
from tests.node.control_events import NodeInAThread
from tests.ui.harness import drive, stop, until, use_home

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
# the app attached to real node processes, as `play` runs it
on_node_processes = pytest.mark.slow


@pytest.fixture
def game(tmp_path, monkeypatch):
    """Start a node for 'Pat' with bots; yields (process, control socket, log); always stopped."""
    use_home(monkeypatch, tmp_path)
    procs = []

    def start(bots: int = 1, seats: int | None = None):
        argv = host_argv(argparse.Namespace(game="overwatch-monopoly", bots=bots,
                                            bot_kind="greedy", variant=[], name="Pat"))
        if seats is not None:
            argv[argv.index("--seats") + 1] = str(seats)
        proc, control, log = start_node(argv, "test")
        procs.append(proc)
        return proc, control, log

    yield start
    for p in procs:
        stop(p)


@pytest.fixture
def decision(tmp_path, monkeypatch):
    """The control socket of Pat's node, in a game of overwatch-monopoly against a bot, at
    Pat's first decision (choosing a group leader)."""
    use_home(monkeypatch, tmp_path)
    node = NodeInAThread(tmp_path, "overwatch-monopoly").start()
    yield node.sock
    node.stop()


def run(coro):
    return asyncio.run(coro)


async def first_decision(ui, timeout=30):
    await until(lambda: ui.model.decision is not None, timeout, "a decision of ours", ui)


@on_node_processes
def test_the_lobby_lists_who_joined_with_their_check_codes_and_the_host_may_start_early(
        game, tmp_path):
    proc, control, log = game(bots=0, seats=3)  # a seat stays free: the lobby stays up
    port = next(json.loads(x)["port"] for x in log.read_text().splitlines() if '"listening"' in x)
    joiner = []

    async def script(ui, inp, out):
        await until(lambda: ui.model.phase == "lobby" and "Pat" in ui.screen_text(), 10,
                    "our own lobby", ui)
        assert "1  Pat" in ui.screen_text() and ui.model.status["code"] in ui.screen_text()
        # a player joins while we watch (the UI learns codes from the lobby events)
        env = dict(os.environ, LANBOARD_HOME=str(tmp_path / "joiner"))
        joiner.append(subprocess.Popen(
            [sys.executable, "-m", "cli.main", "join", "--peer", f"127.0.0.1:{port}", "--bot",
             "greedy", "--name", "Zoe", "--json", "--listen", "127.0.0.1"], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        await until(lambda: ui.model.codes.get("Zoe") and "Zoe" in ui.screen_text(), 20,
                    "Zoe in the lobby", ui)
        text = ui.screen_text()
        assert "Zoe" in text and ui.model.codes["Zoe"] in text
        # the host may start with the two seated instead of waiting for the third
        await until(lambda: "press s to start now with the 2 seated" in ui.screen_text(), 10,
                    "the start hint", ui)
        inp.send_text("s")
        await until(lambda: ui.model.phase == "playing", 20, "the game started with 2", ui)
        assert len(ui.model.status["players"]) == 2
    try:
        run(drive(control, script))
    finally:
        for p in joiner:
            stop(p)


@on_node_processes
def test_a_whole_game_against_a_bot_ends_on_the_final_score_screen(game):
    proc, control, log = game(bots=1)
    moves = 0
    refused = []

    async def script(ui, inp, out):
        nonlocal moves
        m = ui.model
        while m.result is None:
            await until(lambda: m.decision is not None or m.result is not None or m.gone,
                        60, "our turn or the end", ui)
            assert m.gone is None or m.result is not None, m.gone
            if m.decision is not None and m.result is None:
                before = m.decision
                m.message = ""
                inp.send_text("\r")
                moves += 1
                await until(lambda: m.decision != before or m.result is not None or
                            m.message.startswith("Not allowed"), 20, "the move to land", ui,
                            log)
                if m.message.startswith("Not allowed"):
                    refused.append(m.message)
                    await asyncio.sleep(0.05)
        await until(lambda: "Game over — final scores" in ui.screen_text(), 10, "the score screen", ui)
        text = ui.screen_text()
        assert "Winner:" in text and "Pat" in text and "Bot 2" in text   # named after its seat
        assert "points" in text and "Final state agreed by every node" in text
    ui = run(drive(control, script))
    over = [json.loads(x) for x in log.read_text().splitlines() if '"over"' in x]
    assert over and ui.model.result["scores"] == over[0]["scores"]
    assert moves > 10
    assert len(refused) <= 2, refused   # a stale option can race the bot, never more


def test_a_bad_key_is_explained_and_changes_nothing(decision):
    control = decision

    async def script(ui, inp, out):
        await first_decision(ui)
        before = ui.model.decision
        inp.send_text("z")
        await until(lambda: "'z' does nothing here" in ui.model.message, 5, "an explanation", ui)
        assert ui.model.message_is_error and ui.app.is_running
        assert "'z' does nothing here" in ui.screen_text()
        count = len(before["options"])
        if count < 9:
            inp.send_text("9")
            await until(lambda: "There is no option 9" in ui.model.message, 5, "no option 9", ui)
        assert ui.model.decision == before  # nothing was sent
        inp.send_text("\r")
        await until(lambda: ui.model.decision != before, 20, "the real choice to go through", ui)
    run(drive(control, script))


def test_a_mouse_click_on_an_option_chooses_it(decision):
    control = decision

    async def script(ui, inp, out):
        await first_decision(ui)
        picked = []
        real_choose = ui.choose
        ui.choose = lambda k: (picked.append(k), real_choose(k))
        ui.app.invalidate()
        await asyncio.sleep(0.2)   # let the app draw, so it knows where the options are
        lines = ui.screen_text().splitlines()
        row = next(i for i, line in enumerate(lines) if line.startswith(" 2 "))
        label = lines[row][3:].strip()
        before = ui.model.decision
        # SGR mouse: press and release of the left button at column 5 of that row (1-based)
        inp.send_text(f"\x1b[<0;5;{row + 1}M\x1b[<0;5;{row + 1}m")
        await until(lambda: ui.model.decision != before, 20, f"the click on {label!r}", ui)
        assert picked == [1] and not ui.model.message_is_error
    run(drive(control, script))


def test_a_resize_redraws_for_the_new_size_and_a_tiny_window_says_so(decision):
    control = decision

    async def script(ui, inp, out):
        await first_decision(ui)
        small = ui.screen_text().splitlines()
        assert len(small) == 24 and max(map(len, small)) <= 80
        out.size = out.size._replace(columns=120, rows=40)
        ui.app._on_resize()
        big = ui.screen_text().splitlines()
        assert len(big) == 40 and max(map(len, big)) > 100
        assert "Volskaya" in ui.screen_text()          # full names fit in the larger cells
        out.size = out.size._replace(columns=60, rows=20)
        ui.app._on_resize()
        assert "lanboard needs 80x24" in ui.screen_text()
        out.size = out.size._replace(columns=80, rows=24)
        ui.app._on_resize()
        back = ui.screen_text().splitlines()
        assert len(back) == 24 and max(map(len, back)) <= 80 and "Volskay" in back[0]
    run(drive(control, script))


def test_character_help_shows_the_rulebook_text_one_key_away(decision):
    control = decision

    async def script(ui, inp, out):
        await first_decision(ui)   # choosing a group leader: help explains the candidates
        first_offer = ui.model.decision["options"][0][1]
        inp.send_text("?")
        await until(lambda: "Character help —" in ui.screen_text(), 5, "help", ui)
        first = ui.screen_text()
        assert ability_help(first_offer)[-1][:40] in first.replace("\n  ", " ")
        inp.send_text("\t")
        await until(lambda: ui.screen_text() != first, 5, "the next character", ui)
        inp.send_text("\x1b")
        await until(lambda: "Character help" not in ui.screen_text(), 5, "back to the game", ui)
        assert ui.model.decision is not None   # help chose nothing
    run(drive(control, script))


@on_node_processes
def test_detaching_leaves_the_node_playing_and_reattaching_picks_up(game):
    proc, control, _ = game(bots=1)
    seen = {}

    async def first(ui, inp, out):
        await first_decision(ui)
        before = ui.model.decision
        inp.send_text("\r")
        await until(lambda: ui.model.decision != before, 20, "a move", ui)
        seen["decision"] = ui.model.decision
        inp.send_text("q")
        await until(lambda: "Detach" in ui.screen_text(), 5, "the quit question", ui)
        inp.send_text("d")
        await until(lambda: not ui.app.is_running, 5, "the app to close", ui)

    run(drive(control, first))
    assert proc.poll() is None, "quitting the UI must not end the node"

    async def second(ui, inp, out):
        await first_decision(ui)
        if seen["decision"] is not None:   # the node kept our pending decision for us
            assert ui.model.decision == seen["decision"]
        text = ui.screen_text()
        assert "Pat (you)" in text and "Bot 2" in text   # the bot in seat 2
        before = ui.model.decision
        inp.send_text("\r")
        await until(lambda: ui.model.decision != before, 20, "a move after reattaching", ui)
        assert not ui.model.message_is_error

    run(drive(control, second))
    assert proc.poll() is None
