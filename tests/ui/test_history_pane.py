"""The history pane: `l` (or the mouse wheel) shows everything told since the screen attached,
at every size, scrolled with PgUp/PgDn, Home/End and the wheel; while it is open a game key
does nothing unseen; a replay's history is what every step up to the one shown told."""
import asyncio

import pytest

from cli.cmd_replay import load_steps
from cli.main import main
from cli.ui.app import GameUI
from tests.ui import states
from tests.ui.harness import replay_ui, terminal, until

TOLD = [f"sentence {k:03d}: Ann paid Bob {k} HP rent for Numbani, a line long enough to wrap "
        f"at the narrow sizes" for k in range(300)]
WHEEL_UP, WHEEL_DOWN = "\x1b[<64;20;10M", "\x1b[<65;20;10M"   # SGR mouse reports


def _shown(ui) -> list[int]:
    """The numbers of the sentences whose start is on the screen."""
    return [int(line.split()[1].rstrip(":")) for line in ui.screen_text().splitlines()
            if line.startswith("sentence ")]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (132, 43)])
def test_the_history_pane_scrolls_through_the_whole_match_at_every_size(size):
    async def script():
        with terminal(*size) as (inp, out):
            model = states.model_for(states.capture_two_players(), log=TOLD)
            ui = GameUI(model)
            chose = []
            ui.choose = chose.append
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            inp.send_text("l")
            await until(lambda: ui.screen_text().startswith("History of the match"), 5,
                        "the history", ui)
            assert _shown(ui)[-1] == 299 and len(_shown(ui)) >= 3   # the newest, whole
            assert ui.screen_text().splitlines()[-1].startswith("PgUp/PgDn")
            newest = _shown(ui)
            inp.send_text("\x1b[5~")                                # PgUp
            await until(lambda: _shown(ui) and _shown(ui)[-1] < newest[0] + 1, 5, "a page back", ui)
            inp.send_text("\x1b[H")                                 # Home: the oldest
            await until(lambda: _shown(ui)[:1] == [0], 5, "the first sentence", ui)
            inp.send_text("\x1b[6~")                                # PgDn
            await until(lambda: _shown(ui)[0] > 0, 5, "a page on", ui)
            inp.send_text("\r1")              # game keys do nothing while the history is open
            inp.send_text("\x1b[F")                                 # End: the newest again
            await until(lambda: _shown(ui)[-1] == 299, 5, "the newest again", ui)
            inp.send_text("\x1b")
            await until(lambda: not ui.history.open, 5, "the game again", ui)
            assert "History of the match" not in ui.screen_text() and chose == []
            inp.send_text(WHEEL_UP)           # the wheel opens it, scrolled back a little
            await until(lambda: ui.history.open and _shown(ui)[-1] < 299, 5, "the wheel", ui)
            inp.send_text(WHEEL_DOWN * 5)
            await until(lambda: _shown(ui)[-1] == 299, 5, "the wheel down", ui)
            inp.send_text("q")                # closes the history, then quits
            await until(lambda: not ui.history.open, 5, "closed", ui)
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


def test_sentences_arriving_keep_the_rows_in_view_of_a_history_scrolled_back():
    async def script():
        with terminal(80, 24) as (inp, out):
            model = states.model_for(states.capture_two_players(), log=TOLD[:100])
            ui = GameUI(model)
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            inp.send_text("l\x1b[5~")
            await until(lambda: _shown(ui) and _shown(ui)[-1] < 99, 5, "a page back", ui)
            before = _shown(ui)
            model.add_log(TOLD[100:110])
            model.on_change()
            await until(lambda: _shown(ui) == before, 5, "the same rows", ui)
            ui.app.exit()
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


def test_a_replays_history_is_every_sentence_told_up_to_the_step_shown(tmp_path):
    path = tmp_path / "game.match"
    assert main(["sim", "--players", "2", "--seed", "7", "--log", str(path)]) == 0
    steps, names = load_steps(str(path))
    told = [line for st in steps[:61] for line in st["narration"] or []]
    assert len(told) > 20 and any(line.startswith("— turn ") for line in told)

    async def script():
        with terminal(80, 24) as (inp, out):
            ui, task = await replay_ui(steps, names)
            model = ui.model
            inp.send_text("\x1b[C" * 60)
            await until(lambda: ui.replay.at == 60, 5, "sixty steps", ui)
            inp.send_text("l\x1b[H")
            await until(lambda: ui.history.open and ui.history.back > 0, 5, "the oldest", ui)
            lines = ui.screen_text().splitlines()
            assert lines[1].strip() and told[0].startswith(lines[1].strip())   # the first one
            inp.send_text("\x1b[F")
            await until(lambda: ui.history.back == 0, 5, "the newest", ui)
            body = " ".join(ui.screen_text().split())
            assert " ".join(told[-1].split()) in body
            inp.send_text("qq")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())
