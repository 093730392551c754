"""What the screens say about the match itself: faults and desyncs by name, agreement, the end."""
import pytest

from cli.command_hint import lanboard
from cli.ui.screens import game_screen, over_screen
from tests.ui import states
from tests.ui.harness import text


def test_a_fault_stops_the_game_in_plain_words_naming_the_player():
    m = states.model_for(states.crowded_midgame())
    m.on_event({"event": "fault", "kind": "timed-out", "seats": [2], "reason": "no reveal in time"})
    screen = text(game_screen(m, 120, 40, lambda k: None))
    assert "The game stopped: Cy took too long" in screen
    assert "Your turn" not in screen   # no decision is offered once the game has stopped


def test_a_desync_report_names_the_diverging_player():
    m = states.model_for(states.crowded_midgame())
    m.on_event({"event": "divergence", "seq": 88, "seat": 3, "section": "players"})
    assert "DESYNC: Dee computed a different state" in text(game_screen(m, 120, 40, lambda k: None))


def test_state_agreement_is_shown_with_the_attested_step_and_hash():
    m = states.model_for(states.opening_four_players())
    m.on_event({"event": "attested", "seq": 57, "hash": "abcdef0123456789" * 4})
    assert "✓ agreed: step 57 #abcdef01" in text(game_screen(m, 80, 24, lambda k: None))


def test_the_final_screen_ranks_players_and_names_the_winner():
    m = states.model_for(states.crowded_midgame())
    m.on_event({"event": "over", "scores": [40, 90, 60, 10], "winners": [1], "hash": "00" * 32})
    screen = text(over_screen(m, 80, 24))
    assert "Winner: Bob" in screen
    ranks = [line.split(".")[1].split()[0] for line in screen.splitlines() if ". " in line[:8]]
    assert ranks == ["Bob", "Cy", "Ann", "Dee"]


def test_a_state_the_screens_cannot_read_is_reported_not_raised():
    from cli.ui.app import GameUI
    from tests.ui.harness import terminal
    m = states.model_for(states.crowded_midgame())
    del m.state["owners"]
    with terminal(80, 24):
        text = GameUI(m).screen_text()
    assert "lanboard cannot draw this screen (KeyError" in text


def test_every_style_class_drawn_is_defined_and_no_colour_assumes_a_background():
    from cli.ui.app import STYLE
    from cli.ui.screens import help_screen, lobby_screen
    defined = {name for names, _ in STYLE.style_rules for name in names.split()}
    used = set()
    for build in (states.crowded_midgame, states.auction_two_players, states.opening_four_players,
                  states.mario_midgame, states.spiderman_midgame, states.spiderman_auction):
        m = states.model_for(build())
        m.say("a message", error=True)
        m.on_event({"event": "attested", "seq": 1, "hash": "ab" * 32})
        game_screen = m.screens.game
        for lines in (game_screen(m, 80, 24, lambda k: None), game_screen(m, 120, 40, lambda k: None),
                      lobby_screen(m, 80, 24), help_screen(m, 80, 24, 0) if m.screens.help else []):
            for line in lines:
                for f in line:
                    used |= {c[len("class:"):] for c in f[0].split() if c.startswith("class:")}
    assert len(used) > 15 and used - defined == set()
    # Text colours only from the terminal's own palette, and no background colours: a fixed
    # white or black, or a painted background, is what turns unreadable on the other theme.
    for _, rule in STYLE.style_rules:
        words = rule.split()
        assert not any(w.startswith("bg:") or w in ("white", "black", "ansiwhite", "ansiblack",
                                                     "ansiyellow", "ansibrightwhite")
                       or w.startswith("#") for w in words), rule


def test_a_joiners_lobby_lists_the_seats_the_host_announced():
    from cli.ui.model import Model
    from cli.ui.screens import lobby_screen
    m = Model(status={"name": "Jo", "code": "JJJJ-JJJJ", "seat": None, "phase": "lobby",
                      "players": []})
    m.on_event({"event": "lobby", "seats": 4, "players": [
        {"name": "Hana", "code": "HHHH-HHHH"}, {"name": "Jo", "code": "JJJJ-JJJJ"}]})
    screen = text(lobby_screen(m, 80, 24))
    assert "1  Hana                     HHHH-HHHH" in screen
    assert "2  Jo (you)                 JJJJ-JJJJ" in screen and "2 more seat(s) free" in screen


def test_a_node_alone_names_who_cannot_be_reached_and_the_file_to_verify():
    m = states.model_for(states.crowded_midgame())
    m.on_event({"event": "alone", "seats": [1, 2, 3], "seconds": 10, "file": "/h/ab.match"})
    line = m.log[-1]
    assert line.startswith("nobody reachable for 10 s: Bob and Cy and Dee may have finished")
    assert f"`{lanboard('verify', '--partial', '/h/ab.match')}`" in line
    assert "goes on when one is back" in line
    assert "nobody reachable for 10 s" in text(game_screen(m, 120, 40, lambda k: None))


def test_a_seat_sees_its_own_loot_box_points_and_only_how_many_the_others_hold():
    def change(s):
        s.players[0].loot, s.players[1].loot = [0, 1], [2]
    s = states.new_game(states.DEFAULT_TEAMS[:4], setup=change)
    # what the node's state answer carries: the cards this seat alone decrypted
    m = states.model_for(s, seat=0, cards=[{"deck": "loot", "position": 0, "card": 3},
                                           {"deck": "loot", "position": 1, "card": 7}])
    screen = text(game_screen(m, 120, 40, lambda k: None))
    assert "2 loot (30+50)" in screen
    assert "1 loot" in screen and "1 loot (" not in screen


def _help_after_question_mark(m, width=80, height=24) -> tuple[str, str]:
    """The game screen's hint line, then the screen `?` opens, on a 80x24 terminal."""
    import asyncio
    from cli.ui.app import GameUI
    from tests.ui.harness import terminal, until

    async def script():
        with terminal(width, height) as (inp, out):
            ui = GameUI(m)
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            hint = ui.screen_text().splitlines()[-1]
            inp.send_text("?")
            await until(lambda: ui.help_open, 5, "the help screen", ui)
            shown = ui.screen_text()
            inp.send_text("\x1b")
            await until(lambda: not ui.help_open, 5, "back to the game", ui)
            ui.app.exit()
            await asyncio.wait_for(task, 5)
            return hint, shown
    return asyncio.run(script())


@pytest.mark.parametrize("state", [states.mario_midgame, states.spiderman_midgame],
                         ids=["mario-boost-and-super-star", "spider-man-spider-power"])
def test_question_mark_shows_each_characters_powers_in_the_family_games(state):
    m = states.model_for(state())
    hint, shown = _help_after_question_mark(m)
    assert "? character help" in hint
    first = next(iter(m.glossary.characters.values()))
    assert f"Character help — {first['name']}" in shown
    words = " ".join(shown.split())
    assert first["help"] and all(" ".join(line.split()[:5]) in words for line in first["help"])


def test_mario_pick_options_say_each_characters_power():
    from engine import Decision
    from tests.mario.scenario import GAME
    from node.words import option_labels
    s = GAME.apply_chance(GAME.new(3, ()), (6, 1, 1))
    p = GAME.pending(s)
    assert isinstance(p, Decision) and p.prompt == "pick"
    labels = option_labels(s, p.options)
    peach = labels[[o[1] for o in p.options].index("peach")]
    assert peach.startswith("Play as Peach: boost Red Shell: the player hit drops 4")
    assert "Super Star: the bank pays the rent" in peach


@pytest.mark.parametrize("width", [80, 100, 200])
def test_the_key_hint_shows_every_key_in_whole_words_at_any_width(width):
    m = states.model_for(states.crowded_midgame())
    m.decision["context"]["quick"] = {"option": 0, "word": "end turn"}   # an "e" key too
    hint = text(game_screen(m, width, 24, lambda k: None)).splitlines()[-1].rstrip()
    assert "e: end turn" in hint and "? " in hint and "…" not in hint
    assert hint.endswith(("q detach or leave", "q detach/leave")), hint


def test_a_window_too_small_says_so_in_whole_words():
    from cli.ui.screens import too_small
    lines = [text([line]) for line in too_small(70, 20)]
    assert all(len(line) <= 70 for line in lines)
    words = " ".join(lines).split()
    assert words == ("The window is 70x20; lanboard needs 80x24. Make it larger (the game goes "
                     "on meanwhile), or press q to detach or leave.").split()


def test_a_warning_before_the_timeout_shows_on_the_deciding_players_own_screen():
    m = states.model_for(states.crowded_midgame())            # Ann's screen, her decision
    m.on_event({"event": "hurry", "seq": 42, "seat": 1, "seconds": 10})   # not hers
    assert "left to decide" not in text(game_screen(m, 80, 24, lambda k: None))
    m.on_event({"event": "hurry", "seq": 42, "seat": 0, "seconds": 10})
    screen = " ".join(text(game_screen(m, 80, 24, lambda k: None)).split())
    assert "10 s left to decide: after that the other players may record you as gone" in screen


def test_question_mark_opens_on_the_highlighted_options_character_not_the_one_last_viewed():
    from engine import Decision
    from tests.mario.scenario import GAME
    from tests.ui.harness import screens_after
    s = GAME.apply_chance(GAME.new(3, ()), (6, 1, 1))
    p = GAME.pending(s)
    assert isinstance(p, Decision) and p.prompt == "pick"
    m = states.model_for(s, seat=p.player)
    name = {cid: c["name"] for cid, c in m.glossary.characters.items()}
    offered = [o[1] for o in m.decision["options"]]

    def select(k):
        return lambda: setattr(m, "selected", k)
    heads = [x.splitlines()[0] for x in screens_after(
        m, [(select(2), "?"), (None, "\t"), (None, "\x1b"), (select(0), "?")])]
    assert heads[0].startswith(f"Character help — {name[offered[2]]}")
    assert not heads[1].startswith(f"Character help — {name[offered[2]]}")   # viewed another
    assert heads[3].startswith(f"Character help — {name[offered[0]]}")


@pytest.mark.parametrize("height", [24, 12])
def test_the_game_over_screen_ends_with_its_keys_and_names_the_match_file(height):
    """Issue 26: the game-over screen had no key hint (a summary as long as the screen would
    have hidden it anyway); it names the keys that work there and the file to verify."""
    from cli.ui.generic_screens import over_screen as generic_over
    m = states.model_for(states.crowded_midgame())
    m.status["file"] = "/home/ann/matches/abc.match"
    m.on_event({"event": "over", "scores": [40, 90, 60, 10], "winners": [1], "hash": "00" * 32})
    m.summary = ["a long line of what the scores are made of"] * 30
    for screen in (over_screen(m, 80, height), generic_over(m, 80, height)):
        lines = text(screen).splitlines()
        assert len(lines) <= height
        assert lines[-1].split() == "l the whole match told · q quit".split()
    assert "/home/ann/matches/abc.match" in text(over_screen(m, 80, 40))


def _with_bots(m):
    """The control API's players with Bob a strong bot at hard and Dee a greedy one, as the
    node tells them (node.lobby: each bot's node says what it plays as)."""
    bots = {1: {"kind": "strong", "level": "hard"}, 3: {"kind": "greedy"}}
    for seat, p in enumerate(m.status["players"]):
        if seat in bots:
            p["bot"] = bots[seat]
    return m


def test_the_lobby_shows_each_bots_kind_and_level_beside_its_name():
    from cli.ui.model import Model
    from cli.ui.screens import lobby_screen
    m = Model(status={"name": "Hana", "code": "HHHH-HHHH", "seat": 0, "phase": "lobby",
                      "players": []})
    m.on_event({"event": "lobby", "seats": 4, "players": [
        {"name": "Hana", "code": "HHHH-HHHH"},
        {"name": "Bot 2", "code": "BBBB-BBBB", "bot": {"kind": "strong", "level": "hard"}},
        {"name": "Bot 3", "code": "CCCC-CCCC", "bot": {"kind": "greedy"}}]})
    screen = text(lobby_screen(m, 80, 24))
    assert "1  Hana (you)" in screen
    assert "2  Bot 2 (strong, hard)     BBBB-BBBB" in screen
    assert "3  Bot 3 (greedy)           CCCC-CCCC" in screen


@pytest.mark.parametrize("make", [states.crowded_midgame, states.mario_midgame,
                                  states.spiderman_midgame])
def test_the_side_panel_shows_each_bots_kind_and_level_and_nothing_for_a_person(make):
    m = _with_bots(states.model_for(make()))
    screen = text(m.screens.game(m, 160, 50, lambda k: None))
    assert "Bob (strong, hard)" in screen and "Dee (greedy)" in screen
    assert "Ann (you)" in screen
    assert not any(f"{name} ({kind}" in screen for name in ("Ann", "Cy")
                   for kind in ("strong", "greedy", "random"))
