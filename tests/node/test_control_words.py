"""The control API carries the game's own words: the game id and title in status, the
describe_state summary with the state, a describe_move label per option and the decision's
context in pending and in the decision event, what changed since a state the client shows, whom
the game waits on, and the glossary a game's own screens draw with. A UI shows only these."""
from pathlib import Path

import trio

from engine.core import register
from node.control import call, serve_control
from node.runtime import Node
from protocol.identity import Identity
from tests.worded_toy import GAME, GAME_ID, TITLE, WordedToyRace

from .control_events import collect_events, joiner_status_in_lobby


async def _first_decision_of_a_person(tmp_path: Path, game_id: str = GAME_ID):
    """Pat hosts `game_id` for two and plays through the control socket; a bot joins. Returns
    the control answers at Pat's first decision and after Pat chose its first option."""
    pat = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    bot = Node(Identity.generate(), "Bot", tmp_path / "bot", bot="greedy", listen_host="127.0.0.1")
    sock = tmp_path / "pat.sock"
    seen: dict = {"events": []}
    async with trio.open_nursery() as nursery:
        await nursery.start(serve_control, pat, sock)
        port = await nursery.start(lambda task_status: pat.host(
            game_id, (), 2, task_status=task_status))
        seen["lobby"] = await call(sock, {"cmd": "status"})
        nursery.start_soon(collect_events, sock, seen["events"])
        nursery.start_soon(bot.join, "127.0.0.1", port)
        with trio.fail_after(30):
            while (await call(sock, {"cmd": "pending"}))["decision"] is None:
                await trio.sleep(0.01)
        seen["pending"] = await call(sock, {"cmd": "pending"})
        seen["state"] = await call(sock, {"cmd": "state"})
        seen["since"] = await call(sock, {"cmd": "state", "before": seen["state"]["state"]})
        seen["glossary"] = await call(sock, {"cmd": "glossary"})
        seen["status"] = await call(sock, {"cmd": "status"})
        seen["engine_state"] = pat.session.state
        seen["told"] = pat.told.since(0)
        seen["entries"] = pat.session.ledger.seq
        seen["since_0"] = await call(sock, {"cmd": "state", "since": 0})
        seen["slot"] = pat.session.ledger.slot.seq
        seen["move"] = await call(sock, {"cmd": "move",
                                         "move": seen["pending"]["decision"]["options"][0]})
        nursery.cancel_scope.cancel()
    return seen


def test_status_names_the_game_and_its_title_from_the_lobby_on(tmp_path):
    seen = trio.run(_first_decision_of_a_person, tmp_path)
    assert (seen["lobby"]["phase"], seen["lobby"]["game"], seen["lobby"]["title"]) == \
        ("lobby", GAME_ID, TITLE)
    assert (seen["status"]["game"], seen["status"]["title"]) == (GAME_ID, TITLE)


def test_pending_labels_each_option_with_the_games_describe_move(tmp_path):
    seen = trio.run(_first_decision_of_a_person, tmp_path)
    decision = seen["pending"]["decision"]
    assert decision["options"] == [["roll", 1], ["roll", 2], ["rest"]]
    assert decision["labels"] == ["Roll one die", "Roll two dice", "Rest this turn (once per game)"]
    assert seen["move"] == {"ok": True}
    # the decision event carries the same labels, for scripts that only listen
    events = [e for e in seen["events"] if e.get("event") == "decision"]
    assert events and events[0]["labels"] == decision["labels"]
    # both name the log entry the answer will be: a decision like the last one is still new
    assert events[0]["seq"] == decision["seq"] == seen["slot"]


def test_state_comes_with_the_games_summary_for_this_seat(tmp_path):
    seen = trio.run(_first_decision_of_a_person, tmp_path)
    state = seen["engine_state"]
    me = seen["status"]["seat"]
    assert seen["state"]["summary"] == GAME.describe_state(state, me)
    # the shuffled order puts Pat first or second: either way it is Pat's turn now
    assert seen["state"]["summary"][0] in (f"Turn 1 of 40: seat {me + 1} plays",
                                           f"Turn 2 of 40: seat {me + 1} plays")
    assert f"Seat {me + 1} (you): square 0 of 20, 3 coins" in seen["state"]["summary"]
    # the state itself is still there (the bot, when it played first, may have paid a trap)
    assert seen["state"]["state"]["coins"] == list(state.coins) and state.coins[me] == 3


def test_an_overwatch_decision_comes_with_its_context_and_the_screens_glossary(tmp_path):
    import engine
    seen = trio.run(_first_decision_of_a_person, tmp_path, "overwatch-monopoly")
    decision = seen["pending"]["decision"]
    me = seen["status"]["seat"]
    p = engine.pending(seen["engine_state"])
    assert decision["prompt"] == p.prompt and p.player == me
    # the title is the game's words for the decision (never the bare prompt id)
    assert decision["context"]["title"] and decision["context"]["title"] != p.prompt
    assert len(decision["labels"]) == len(decision["options"])
    assert all(label != " ".join(map(str, o)) for label, o in
               zip(decision["labels"], decision["options"]))
    events = [e for e in seen["events"] if e.get("event") == "decision"]
    assert events and events[0]["context"] == decision["context"]
    assert seen["state"]["waiting_for"] == me and seen["state"]["said"] is None
    assert seen["since"]["said"] == []   # nothing changed since the state we sent back
    spaces = seen["glossary"]["glossary"]["spaces"]
    assert seen["glossary"]["game"] == "overwatch-monopoly"
    assert spaces[0]["kind"] == "go" and len(spaces) == 32
    assert seen["glossary"]["glossary"]["characters"]["ana"]["role"] == "support"


def test_a_game_without_narration_or_glossary_says_so(tmp_path):
    seen = trio.run(_first_decision_of_a_person, tmp_path)
    assert seen["since"]["said"] is None           # the UI compares summaries instead
    assert seen["glossary"]["glossary"] == {}
    assert seen["pending"]["decision"]["context"] == {}


class BrokenWords(WordedToyRace):
    """A game whose words raise: the match must go on, with the raw moves as labels."""
    id = "toy-broken-words"

    def describe_move(self, state, move):
        raise RuntimeError("no words today")

    def describe_state(self, state, seat):
        raise RuntimeError("no words today")


register(BrokenWords())


def test_a_game_whose_words_fail_still_plays_with_the_raw_moves_as_labels(tmp_path):
    seen = trio.run(_first_decision_of_a_person, tmp_path, "toy-broken-words")
    assert seen["pending"]["decision"]["labels"] == ["roll 1", "roll 2", "rest"]
    assert seen["state"]["summary"] == []
    assert seen["move"] == {"ok": True}


def test_a_joiner_learns_the_game_from_the_hosts_welcome_while_still_in_the_lobby(tmp_path):
    _, _, before, status = trio.run(joiner_status_in_lobby, tmp_path, GAME_ID)
    assert (before["game"], before["title"]) == (None, None)   # no lobby yet: no game
    assert (status["phase"], status["game"], status["title"]) == ("lobby", GAME_ID, TITLE)


def test_a_sealed_pick_is_asked_and_answered_like_any_decision(tmp_path):
    """In toy-sealed both players bid at once from the first round: `pending` offers Pat's own
    decision of the Sealed node, and `move` commits to the answer (only a commitment leaves
    the node; the bid opens once both commitments are in the log)."""
    import tests.protocol.sealedtoy  # noqa: F401  (registers "toy-sealed")
    seen = trio.run(_first_decision_of_a_person, tmp_path, "toy-sealed")
    decision = seen["pending"]["decision"]
    assert decision["options"] == [["bid", 1], ["bid", 2], ["bid", 3]]
    assert decision["seq"] == seen["slot"] == 1 and seen["move"] == {"ok": True}
    events = [e for e in seen["events"] if e.get("event") == "decision"]
    assert events and events[0]["options"] == decision["options"]


def test_every_state_changing_entry_is_recorded_with_the_states_around_it(tmp_path):
    # what lets a screen tell entry by entry what happened (node.told): no entry missing
    # between the match's start and now, each one's state the next one's start
    seen = trio.run(_first_decision_of_a_person, tmp_path, "overwatch-monopoly")
    told = seen["told"]
    assert told and told[-1].after is seen["engine_state"]
    assert all(a.after is b.before for a, b in zip(told, told[1:]))
    assert [r.seq for r in told] == sorted({r.seq for r in told}) and told[-1].seq < seen["entries"]
    assert seen["since_0"]["seq"] == told[-1].seq + 1 and isinstance(seen["since_0"]["said"], list)


def test_mario_and_spiderman_entries_are_told_through_the_control_api(tmp_path):
    # `said` was null for these games (no narration): a screen could show only "you chose"
    for game_id in ("mario-monopoly", "spiderman-monopoly"):
        seen = trio.run(_first_decision_of_a_person, tmp_path / game_id, game_id)
        assert isinstance(seen["since_0"]["said"], list), game_id
        assert seen["since"]["said"] == []   # nothing changed since the state we sent back
