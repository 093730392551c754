"""The quit key on a live game: it asks, detaching leaves the node playing, and leaving says
first what happens (the node's own words, as `lanboard stop` prints them) and stops the node
only once confirmed. Real node processes, as `lanboard play` starts them."""
import pytest

from cli.ui import client
from tests.ui.harness import drive, until
from tests.ui.test_live_app import first_decision, game, run  # noqa: F401 - game is a fixture

# a real `host --headless` node process, as `play` starts
pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]
node_call = client.call


@pytest.fixture
def stops(monkeypatch):
    """Every stop request the UI sends its node, in order (the calls go through)."""
    sent = []

    async def watched(path, request):
        if request.get("cmd") == "stop":
            sent.append(dict(request))
        return await node_call(path, request)
    monkeypatch.setattr(client, "call", watched)
    return sent


def test_quit_asks_first_and_escape_goes_back_to_the_game_with_nothing_stopped(
        game, stops):  # noqa: F811
    proc, control, _ = game(bots=1)

    async def script(ui, inp, out):
        await first_decision(ui)
        inp.send_text("q")
        await until(lambda: "Detach" in ui.screen_text(), 5, "the quit question", ui)
        asked = ui.screen_text()
        assert " d  Detach: the game goes on in your node" in asked
        assert " l  Leave the game: says first what that means" in asked
        inp.send_text("1")                 # an option key does not choose behind the question
        inp.send_text("\x1b")
        await until(lambda: "Detach" not in ui.screen_text(), 5, "the game again", ui)
        assert ui.app.is_running and ui.model.decision is not None
        assert ui.screen_text().splitlines()[-1].endswith("q detach or leave")
    run(drive(control, script))
    assert stops == [] and proc.poll() is None


def test_leaving_says_what_happens_then_stops_the_node_only_when_confirmed(
        game, stops):  # noqa: F811
    proc, control, _ = game(bots=1)

    async def script(ui, inp, out):
        await first_decision(ui)
        said = (await node_call(control, {"cmd": "stop"}))["what_happens"]   # stops nothing
        inp.send_text("q")
        await until(lambda: "Detach" in ui.screen_text(), 5, "the quit question", ui)
        inp.send_text("l")
        await until(lambda: "Leave now" in ui.screen_text(), 5, "what leaving does", ui)
        assert " ".join(ui.screen_text().split()).count(" ".join(said.split())) == 1
        # what the screen says came from a stop that stops nothing; the node still plays
        assert stops == [{"cmd": "stop"}]
        assert (await node_call(control, {"cmd": "status"}))["phase"] == "playing"
        inp.send_text("y")
        await until(lambda: not ui.app.is_running, 10, "the app to close", ui)
        assert ui.leaving.left
        assert stops == [{"cmd": "stop"}, {"cmd": "stop", "confirm": True}]
    run(drive(control, script, columns=120, rows=40))
    proc.wait(15)                        # ended (an unfinished game's exit status is 1)
    assert not control.exists()          # cleanly: its control socket went with it
