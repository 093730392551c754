"""What happened is told entry by entry: the UI refreshes when it can, and several entries of
the log (a whole turn or more) may land between two refreshes; every turn's header, roll,
ability and effects must still come under that turn, in order, none dropped (issue 17)."""
import asyncio
import json
import random
import re
from types import SimpleNamespace

import engine
from cli.ui import model as model_module
from cli.ui.model import Model
from engine import Chance, Decision, Disclose, PrivateDraw
from node import control
from node.told import Told
from node.words import glossary
from tests.overwatch.scenario import GAME, new_game

NAMES = ["Ana", "Bo", "Cy", "Di"]
HEADER = re.compile(r"— turn (\d+): (.+) —")


def _step(s, rng):
    """One log entry's worth of play: (kind, move, next state), as a node's log applies it."""
    p = GAME.pending(s)
    if isinstance(p, Decision):
        move = GAME.greedy_move(s, p, rng)
        return "move", move, GAME.apply(s, move)
    if isinstance(p, Chance):
        return "reveal", None, GAME.apply_chance(s, [rng.randrange(n) + 1 for n in p.sizes])
    if isinstance(p, PrivateDraw):
        return "draw", None, GAME.apply_draw(s)
    assert isinstance(p, Disclose), p
    return "disclose", None, GAME.apply_disclose(s, [0] * len(p.cards))


class _NodeOfOurs:
    """What control._state reads of a node: its session's state and log count, its seats, and
    what each entry did (node.told), fed by a game the test plays entry by entry."""

    def __init__(self, state) -> None:
        self.session = SimpleNamespace(state=state, seq=0,
                                       private_cards=lambda: {})
        self.seats = [SimpleNamespace(name=n) for n in NAMES]
        self.my_seat = 0
        self.told = Told()
        self.told.start(0)

    def play(self, entries: int, rng) -> None:
        for _ in range(entries):
            before = self.session.state
            kind, move, after = _step(before, rng)
            self.told.record(self.session.seq, kind, before, after, move)
            self.session.state = after
            self.session.seq += 1

    async def call(self, sock, request):
        request = json.loads(json.dumps(request))   # what crosses the socket is JSON
        cmd = request["cmd"]
        if cmd == "status":
            return {"ok": True, "phase": "playing", "game": "overwatch-monopoly", "seat": 0,
                    "players": [{"name": n} for n in NAMES]}
        if cmd == "glossary":
            return {"ok": True, "glossary": glossary("overwatch-monopoly")}
        if cmd == "state":
            return {"ok": True, **control._state(self, request)}
        return {"ok": True, "decision": None, "timeout": None}


def _turns_told(monkeypatch, turns_between_refreshes: int, refreshes: int) -> tuple[list[str], int]:
    """The UI's log after `refreshes` refreshes with that many turns played before each, and
    the number of the turn going on at the end."""
    rng = random.Random(17)
    node = _NodeOfOurs(new_game())
    monkeypatch.setattr(model_module.client, "call", node.call)
    m = Model()

    async def scenario():
        await m.refresh()
        for _ in range(refreshes):
            goal = node.session.state.turns + turns_between_refreshes
            while node.session.state.turns < goal:
                node.play(1, rng)
            node.play(3, rng)   # and into the next turn's roll
            await m.refresh()

    asyncio.run(scenario())
    return m.log[1:], node.session.state.turns   # the log after "attached to ..."


def _sections(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    out = []
    for line in lines:
        h = HEADER.fullmatch(line)
        if h:
            out.append((int(h[1]), h[2], []))
        elif out:
            out[-1][2].append(line)
    return out


def test_every_turn_is_headed_once_and_in_order_when_turns_pass_between_refreshes(monkeypatch):
    lines, last = _turns_told(monkeypatch, turns_between_refreshes=3, refreshes=6)
    # the first turn began before the UI attached: every later one has its header
    assert [n for n, _, _ in _sections(lines)] == list(range(2, last + 1))


def test_every_turns_roll_is_told_under_that_turn_by_its_player(monkeypatch):
    lines, last = _turns_told(monkeypatch, turns_between_refreshes=3, refreshes=6)
    sections = _sections(lines)
    assert len(sections) == last - 1
    for n, who, told in sections[:-1]:    # the last turn is still going on
        rolls = [line for line in told if " rolled " in line]
        assert rolls and all(line.startswith(f"{who} rolled") for line in rolls), (n, who, told)


def test_the_ability_used_is_named_under_the_turn_of_its_user(monkeypatch):
    lines, _ = _turns_told(monkeypatch, turns_between_refreshes=3, refreshes=6)
    sections = _sections(lines)
    used = [(who, line) for _, who, lines in sections for line in lines if " used " in line]
    assert used
    assert all(line.startswith(f"{who} used ") for who, line in used), used
