"""The generic screens: a game without screens of its own (the toy race in words) is shown by
the words its node sends, the summary and one label per option, and played with the same keys;
Overwatch keeps its own screens, and none of its data is read for another game."""
import asyncio
import re
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
import trio

import engine
from cli.ui.app import GameUI
from cli.ui.generic_screens import game_screen, over_screen
from cli.ui.model import Model
from cli.ui.screen_sets import GENERIC, OWN, screens_for, what_happened
from cli.ui.screens import lobby_screen
from node.control import serve_control
from node.runtime import Node
from node.words import option_labels, seat_names, summary
from protocol.codec import decode
from protocol.identity import Identity
from tests.ui.harness import drive, terminal, text, until
from tests.worded_toy import GAME, GAME_ID, TITLE


def toy_model(seat: int = 1) -> Model:
    """Bob (seat 2) to move after Ann rolled 7, filled as the control API fills it: the node's
    summary and labels, computed by the same functions the node answers with."""
    s = GAME.new(2)
    s = GAME.apply_chance(s, (0, 1))          # turn order: Ann, then Bob
    s = GAME.apply(s, ("roll", 2))
    s = GAME.apply_chance(s, (3, 4))          # Ann to square 7
    p = engine.pending(s)
    decision = None
    if isinstance(p, engine.Decision) and p.player == seat:
        decision = {"prompt": p.prompt, "options": [list(o) for o in p.options],
                    "labels": option_labels(s, p.options)}
    return Model(status={"players": [{"name": "Ann"}, {"name": "Bob"}], "seat": seat,
                         "phase": "playing", "game": GAME_ID, "title": TITLE, "name": "Bob",
                         "code": "ABCD-EFGH"},
                 state=engine.to_data(s), summary=summary(s, seat), decision=decision,
                 attested=(42, "9f" * 32), log=["the game has started"])


def test_the_generic_screen_shows_the_summary_and_the_options_by_their_labels():
    screen = text(game_screen(toy_model(), 80, 24, lambda k: None)).splitlines()
    assert screen[:4] == [
        "Toy race in words — you are Bob, seat 2   ✓ agreed: step 42 #9f9f9f9f",
        "Turn 2 of 40: seat 2 plays",
        "Seat 1: square 7 of 20, 3 coins",
        "Seat 2 (you): square 0 of 20, 3 coins",
    ]
    assert screen[4].startswith("── what happened ──") and screen[5] == "the game has started"
    assert screen[-6:-1] == [
        "Your decision: roll one or two dice, or rest",
        ">1 Roll one die",
        " 2 Roll two dice",
        " 3 Rest this turn (once per game)",
        "",
    ]
    assert screen[-1] == "↑↓ Enter, 1-9 or click: choose · q detach or leave"
    assert len(screen) == 24


def test_the_generic_screen_waits_in_words_when_the_decision_is_another_players():
    m = toy_model(seat=0)
    screen = text(game_screen(m, 80, 24, lambda k: None))
    assert "Not your decision — waiting for the other players (a choice or a dice roll)." in screen
    assert "Seat 1 (you): square 7 of 20, 3 coins" in screen


def test_a_long_option_list_scrolls_with_the_selection_on_the_generic_screen():
    m = toy_model()
    m.decision = {"prompt": "bid", "options": [["bid", k] for k in range(30)],
                  "labels": [f"Bid {k} coins" for k in range(30)]}
    m.selected = 20
    screen = text(game_screen(m, 80, 24, lambda k: None)).splitlines()
    chosen = [line for line in screen if line.startswith(">")]
    assert chosen == [">9 Bid 20 coins  (+9 more ↓)"]
    assert " 1 Bid 12 coins  (12 more ↑)" in screen
    assert " 2 Bid 13 coins" in screen and len(screen) == 24


def test_the_arrow_keys_and_j_k_move_the_selection_round_the_option_list():
    async def script():
        with terminal(80, 24) as (inp, out):
            ui = GameUI(toy_model())          # three options, the first selected
            task = asyncio.ensure_future(ui.run_replay())   # the app alone, no node behind it
            await until(lambda: ui.app.is_running, 5, "the app")
            seen = []
            for key in ("\x1b[A", "k", "j", "\x1b[B", "\x1b[B", "j"):   # ↑ k j ↓ ↓ j
                before = ui.model.selected
                inp.send_text(key)
                await until(lambda: ui.model.selected != before, 5, f"a move on {key!r}", ui)
                seen.append(ui.model.selected)
            assert seen == [2, 1, 2, 0, 1, 2]
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


def test_the_generic_final_screen_ranks_players_and_keeps_the_summary():
    m = toy_model()
    m.on_event({"event": "over", "scores": [7, 21], "winners": [1], "hash": "00" * 32})
    assert text(over_screen(m, 80, 24)).splitlines()[:11] == [
        "Toy race in words — game over — final scores",
        "",
        "Winner: Bob",
        "",
        " 2  1. Bob                    21 points",
        " 1  2. Ann                     7 points",
        "",
        "Turn 2 of 40: seat 2 plays",
        "Seat 1: square 7 of 20, 3 coins",
        "Seat 2 (you): square 0 of 20, 3 coins",
        "",
    ]


def test_the_lobby_screen_says_who_was_dropped_from_the_lobby_and_why():
    m = toy_model()
    m.status["phase"] = "lobby"
    m.on_event({"event": "dropped", "name": "Mo", "code": "ABCD-EFGH",
                "reason": "did not sign the genesis within 60 s"})
    assert "Mo was dropped from the lobby: did not sign the genesis within 60 s" in \
        text(lobby_screen(m, 80, 24))


def test_the_lobby_heading_names_the_game_from_the_status_once_known():
    m = toy_model()
    m.status["phase"] = "lobby"
    assert text(lobby_screen(m, 80, 24)).splitlines()[0] == "lanboard — Toy race in words — lobby"
    m.status.update(game=None, title=None)   # a joiner not yet welcomed: no game to name
    assert text(lobby_screen(m, 80, 24)).splitlines()[0] == "lanboard — lobby"
    m.status = {}                              # not connected yet: nothing from the node
    assert text(lobby_screen(m, 80, 24)).splitlines()[0] == "lanboard — lobby"
    m.status = {"game": "overwatch-monopoly", "title": "Monopoly Gamer: Overwatch"}
    assert text(lobby_screen(m, 80, 24)).splitlines()[0] == \
        "lanboard — Monopoly Gamer: Overwatch — lobby"


def test_the_game_id_in_the_status_picks_the_screens_and_overwatch_keeps_its_own():
    assert screens_for({"game": GAME_ID}) is GENERIC
    assert screens_for({"game": "overwatch-monopoly"}) is OWN["overwatch-monopoly"]
    assert screens_for({}) is OWN["overwatch-monopoly"]   # a node from before the field
    assert GENERIC.own is False and GENERIC.help is False


def test_the_generic_log_tells_the_summary_lines_that_changed():
    before = ["Turn 2 of 40: seat 2 plays", "Seat 1: square 7 of 20, 3 coins",
              "Seat 2 (you): square 0 of 20, 3 coins"]
    after = ["Turn 3 of 40: seat 1 plays", "Seat 1: square 7 of 20, 3 coins",
             "Seat 2 (you): square 9 of 20, 3 coins"]
    # the node sends no narration ("said": null) for a game without one
    assert what_happened({}, None, before, after) == [
        "Turn 3 of 40: seat 1 plays", "Seat 2 (you): square 9 of 20, 3 coins"]
    assert what_happened(None, None, [], after) == []   # the first state is no news
    assert what_happened({}, ["Ann rolled 3"], before, after) == ["Ann rolled 3"]


def test_a_game_without_its_own_screens_shows_no_overwatch_words():
    m = toy_model()
    with terminal(80, 24):
        ui = GameUI(m)
        playing = ui.screen_text()
        m.status["phase"], m.state = "lobby", None
        lobby = ui.screen_text()
        m.state, m.result = {}, {"scores": [7, 0], "winners": [0]}
        over = ui.screen_text()
    assert "Roll two dice" in playing and "Toy race in words — lobby" in lobby
    assert "Winner: Ann" in over
    for screen in (playing, lobby, over):
        assert "HP" not in screen and "Overwatch" not in screen
    assert not m.glossary.spaces   # nothing drawn from another game's glossary


def test_help_key_says_the_generic_screen_has_no_character_help():
    async def script():
        with terminal(80, 24) as (inp, out):
            ui = GameUI(toy_model())
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            inp.send_text("?")
            await until(lambda: ui.model.message, 5, "an answer", ui)
            assert ui.model.message == "This game has no help screen: each option says what it does."
            assert not ui.help_open
            inp.send_text("x")
            await until(lambda: "does nothing here" in ui.model.message, 5, "an explanation", ui)
            assert ui.model.message == ("'x' does nothing here: ↑/↓ and Enter, a number key or a "
                                        "click choose an option.")
            ui.app.exit()
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


# ------------------------------------------------------------------ on a real node
@contextmanager
def toy_match(tmp_path: Path, game_id: str = GAME_ID):
    """Pat hosts the toy race in words for two in a trio thread (a greedy bot joins) and
    serves the control socket; yields (Pat's node, the socket). The UI runs on asyncio."""
    sock = tmp_path / "pat.sock"
    pat = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    bot = Node(Identity.generate(), "Bot", tmp_path / "bot", bot="greedy", listen_host="127.0.0.1")
    ready = threading.Event()
    held: dict = {}

    async def main():
        async with trio.open_nursery() as nursery:
            held["scope"], held["token"] = nursery.cancel_scope, trio.lowlevel.current_trio_token()
            await nursery.start(serve_control, pat, sock)
            port = await nursery.start(lambda task_status: pat.host(
                game_id, (), 2, task_status=task_status))
            nursery.start_soon(bot.join, "127.0.0.1", port)
            ready.set()

    def run():
        try:
            trio.run(main)
        except BaseException as e:  # noqa: BLE001 - shown by the test, not lost in the thread
            held["error"] = e
            ready.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10) and "error" not in held, held.get("error")
    try:
        yield pat, sock
    finally:
        if "token" in held:
            try:
                trio.from_thread.run_sync(held["scope"].cancel, trio_token=held["token"])
            except trio.RunFinishedError:
                pass
        thread.join(10)
    assert "error" not in held, held["error"]


def test_a_move_chosen_on_the_generic_screen_reaches_the_node(tmp_path):
    with toy_match(tmp_path) as (pat, sock):
        async def script(ui, inp, out):
            await until(lambda: ui.model.decision is not None, 30, "Pat's decision", ui)
            screen = ui.screen_text()
            assert screen.splitlines()[0].startswith("Toy race in words — you are Pat, seat 1")
            assert "Seat 1 (you): square 0 of 20, 3 coins" in screen   # the node's summary
            assert ">1 Roll one die" in screen and " 2 Roll two dice" in screen
            assert " 3 Rest this turn (once per game)" in screen        # labels via control API
            inp.send_text("3")
            await until(lambda: pat.session.state.rested[0], 10, "the rest to reach the node", ui)
            await until(lambda: "you chose: Rest this turn (once per game)" in ui.model.log, 5,
                        "the choice in the log", ui)
            assert "Not allowed" not in ui.model.message

        ui = asyncio.run(drive(sock, script))
    assert ui.model.screens is GENERIC


@pytest.mark.parametrize("game_id", ["mario-monopoly", "spiderman-monopoly"])
def test_the_other_monopoly_games_play_on_their_own_board_with_their_own_words(tmp_path, game_id):
    with toy_match(tmp_path, game_id) as (pat, sock):
        async def script(ui, inp, out):
            await until(lambda: ui.model.decision is not None, 30, "Pat's decision", ui)
            screen = ui.screen_text()
            state = pat.session.state
            first = screen.splitlines()[0]   # the board's top row: its spaces, named by the game
            assert first.startswith("Free") and first.rstrip().endswith(("Go to Jail", "ToJail"))
            assert "Pat (you)" in screen
            said = summary(state, pat.my_seat, seat_names(pat))
            assert said and said[0][:30] in screen                  # the game's own summary
            # as on the panel, never "player 1" (a power's "a player 1-5 spaces" is a distance)
            assert "Pat (you)" in " ".join(said)
            assert re.search(r"\bplayer \d\b(?![-\d])", screen) is None, screen
            labels = option_labels(state, engine.pending(state).options, seat_names(pat))
            assert ui.model.decision["labels"] == labels
            assert f">1 {labels[0][:30]}" in screen                 # its words for the options
            slot = pat.session.ledger.slot
            assert slot.kind == "move" and slot.authors == (pat.my_seat,)
            inp.send_text("1")
            await until(lambda: pat.session.ledger.seq > slot.seq, 10,
                        "the move to reach the node", ui)
            entry = decode(pat.session.log[slot.seq])
            assert entry["authors"] == [pat.my_seat] and entry["parts"][0] == \
                list(engine.pending(state).options[0])            # Pat's first option, signed
            assert "Not allowed" not in ui.model.message
            # the node tells what Pat's move did, in the game's sentences naming Pat
            await until(lambda: any(line.startswith("Pat ") for line in ui.model.log), 10,
                        "the move told", ui)
            assert not any(line.startswith("you chose") for line in ui.model.log)

        ui = asyncio.run(drive(sock, script))
    assert ui.model.screens is OWN[game_id]


# ------------------------------------------------------------------ replay
def test_replay_of_a_game_without_its_own_screens_says_moves_by_their_labels(tmp_path):
    from cli.cmd_replay import load_match
    from cli.main import main
    from cli.ui.app import ReplaySteps
    path = tmp_path / "toy.match"
    assert main(["sim", "--game", GAME_ID, "--players", "2", "--seed", "3", "--log", str(path)]) == 0
    steps, names, game = load_match(str(path))
    assert game == GAME_ID
    said = {s["said"] for s in steps if s["kind"] == "move"}
    assert said and said <= {"chose: Roll one die", "chose: Roll two dice",
                             "chose: Rest this turn (once per game)"} | \
        {f"chose: Pay a coin to stay on square {k}" for k in (5, 11, 17)} | \
        {f"chose: Step back to square {k}" for k in (2, 8, 14)}
    assert steps[-1]["summary"][-2:] == [f"Seat {k}: square {pos} of 20, {coins} coins"
                                         for k, (pos, coins) in enumerate(
                                             zip(steps[-1]["state"]["players"],
                                                 steps[-1]["state"]["coins"]), 1)]
    with terminal(80, 24):
        model = Model()
        ui = GameUI(model)
        ui.replay = ReplaySteps(model, steps, names, game, TITLE)
        # the first move after an attestation (entries are attested once per turn)
        attested = next(k for k, s in enumerate(steps) if s["kind"] == "attest")
        first_move = next(k for k, s in enumerate(steps) if s["kind"] == "move" and k > attested)
        ui.replay.step(first_move)
        screen = ui.screen_text().splitlines()
    # a replay has no seat of its own; the last agreement at or before this entry is shown
    assert screen[0].startswith("Toy race in words   ✓ agreed: step ")
    assert screen[1].startswith(f"replay: entry {first_move + 1} of {len(steps)}, ")
    assert screen[1].endswith(steps[first_move]["said"])
    assert any(line.startswith(f">{first_move + 1:>5} ") for line in screen)  # the timeline
    assert screen[-1] == "←/→ step · PgUp/PgDn 20 steps · Home/End · q quit"


def test_the_final_screen_says_a_bot_finished_a_seat_and_where_the_log_is():
    m = toy_model()
    m.status.update(bots=[0], file="/home/ann/.local/share/lanboard/matches/ab12.match")
    m.on_event({"event": "over", "scores": [7, 21], "winners": [1], "hash": "00" * 32})
    said = " ".join(text(over_screen(m, 80, 24)).split())   # wrapped at 80 columns
    assert "A bot played Ann from the moment the others recorded that seat as gone past the " \
           "timeout." in said
    assert "lanboard verify /home/ann/.local/share/lanboard/matches/ab12.match" in said


def test_a_key_pressed_when_it_is_not_your_decision_is_named_as_a_person_names_it():
    """Enter pressed while another player decides was said as "''\\r'' does nothing now" (seen
    playing on the virtual LAN); keys without a printable face are named by their label."""
    async def script():
        with terminal(80, 24) as (inp, out):
            ui = GameUI(toy_model(seat=0))          # Ann's screen: Bob is deciding
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            inp.send_text("\r")
            await until(lambda: "does nothing now" in ui.model.message, 5, "an explanation", ui)
            assert ui.model.message.startswith("'Enter' does nothing now: it is not your decision")
            ui.app.exit()
            await asyncio.wait_for(task, 5)
    asyncio.run(script())
