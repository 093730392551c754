"""On attaching to a game already going on, the log starts with a short recap of what happened
last (from the node, in the game's words), not with the lobby as it was before the game."""
import asyncio
import random

from cli.ui import launch
from cli.ui import model as model_module
from cli.ui.model import RECAP_LINES, Model
from tests.overwatch.scenario import new_game

from .harness import attached_ui
from .test_what_happened_per_entry import HEADER, _NodeOfOurs

LOBBY = {"event": "lobby", "seats": 4, "players": [{"name": "Ana", "code": "ab12"},
                                                    {"name": "Bo", "code": "cd34"}]}


def test_attaching_mid_game_recaps_the_last_entries_in_the_games_words(monkeypatch):
    node = _NodeOfOurs(new_game())
    rng = random.Random(5)
    while node.session.state.turns < 6:
        node.play(1, rng)
    monkeypatch.setattr(model_module.client, "call", node.call)
    m = Model()
    asyncio.run(m.refresh())
    assert m.log[0].startswith("attached to") and m.log[1] == "what happened last:"
    recap = m.log[2:]
    assert 0 < len(recap) <= RECAP_LINES
    headers = [HEADER.fullmatch(line) for line in recap if HEADER.fullmatch(line)]
    assert headers and int(headers[-1][1]) == node.session.state.turns   # up to now


def test_attaching_says_no_stale_lobby_line_but_knows_the_check_codes(monkeypatch, tmp_path):
    m = Model(socket=tmp_path / "c.sock")

    attached_ui(monkeypatch, m, lobby=LOBBY, left=True)
    launch.open_ui(tmp_path / "c.sock")
    assert not any(line.startswith("lobby:") for line in m.log)
    assert m.codes == {"Ana": "ab12", "Bo": "cd34"}
