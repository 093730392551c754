"""The hex game's own screens: the map with the hero panel at 80x24, 120x40 and 200x60, the
draft, what the keys and clicks choose (terrain pieces by the cursor too), where the list stands
after each decision, the help pages, and `lanboard replay` on this screen. Every figure drawn
is the node's (board data from the game's words module); these tests compare what is drawn with
it and with the engine.

Set LANBOARD_UPDATE_SNAPSHOTS=1 to rewrite the snapshots after an intended change."""
import asyncio
import os
import re
import tomllib
from contextlib import contextmanager
from pathlib import Path

import pytest

import engine

from cli.ui.app import STYLE, GameUI
from cli.ui.tactics_screens import game_screen, gmap, layout, selected_hero, sheet_lines
from engine.core import Sealed
from engine.games.overwatch_tactics.data import DATA_FILE
from tests.tactics.scenario import ATTACK, DEFENCE, GAME, board, least, through_setup
from tests.ui.harness import screens_after, terminal, text, until
from tests.ui.tactics_states import model_for

SNAPSHOTS = Path(__file__).with_name("snapshots")
SIZES = [(80, 24), (120, 40), (200, 60)]
LOG = ["Round 1 of 10 begins.", "Ann (attack) to act."]


def first_turn():
    return model_for(through_setup(3), 0, log=LOG)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_hex_screen_fits_and_matches_its_snapshot(size):
    width, height = size
    m = first_turn()
    lines = game_screen(m, width, height, lambda k: None)
    shown = text(lines)
    # no overlap: exactly the window, every line within its width
    assert len(lines) == height
    assert all(sum(len(f[1]) for f in line) == width for line in lines)
    # the decision is reachable: its title and the highlighted first option are on screen
    assert "Activate your heroes" in shown and "\n>1 " in shown
    # every hero on the board stands on its hex with its side and initials
    for h in m.board["heroes"]:
        assert ("ad"[h["side"]] + h["short"]) in shown, h["id"]
    assert "round 1/10" in shown and "attack to act" in shown
    path = SNAPSHOTS / f"tactics-act-{width}x{height}.txt"
    if os.environ.get("LANBOARD_UPDATE_SNAPSHOTS"):
        path.write_text(shown + "\n", encoding="utf-8")
    assert shown + "\n" == path.read_text(encoding="utf-8"), f"screen differs from {path}"


@pytest.mark.parametrize("size", SIZES[1:], ids=["120x40", "200x60"])
def test_from_120x40_every_hero_name_and_the_selected_sheet_are_in_full(size):
    m = first_turn()
    shown = text(game_screen(m, *size, lambda k: None))
    for h in m.board["heroes"]:
        assert h["name"] in shown, h["name"]
    sel = m.board["heroes"][0]
    assert f"HP {sel['hp']}/{sel['hp_max']} · Speed {sel['speed_left']} of {sel['speed']} left" \
        in shown
    for w in sel["weapons"]:
        assert f"{w['name']} (range {w['range']}" in shown
    for a in sel["abilities"]:
        assert a["name"] + (" (ultimate)" if a["ultimate"] else "") in shown


def _data_map() -> dict[tuple[int, int], int]:
    """The map as the game's data.toml draws it: [column, row] -> level, one string a row."""
    levels = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))["map"]["levels"]["value"]
    return {(col, row): int(ch) for row, line in enumerate(levels) for col, ch in enumerate(line)}


def _unmarked(m) -> set[tuple[int, int]]:
    """Hexes drawn as their bare level: no route, spawn, payload, barrier, terrain or hero."""
    g, b = gmap(m), m.board
    marked = [*g["route"], *g["attacker_spawn"], *(c for z in g["defender_spawns"] for c in z),
              b["payload"]["cell"], *(x[:2] for x in b["barriers"]),
              *(c for t in b["terrain"] for c in t["cells"]), *(h["cell"] for h in b["heroes"])]
    return set(_data_map()) - {tuple(c) for c in marked}


def test_the_map_grows_with_the_terminal_and_80x24_keeps_one_line_per_row():
    levels = _data_map()
    columns, rows = max(c for c, _ in levels) + 1, max(r for _, r in levels) + 1
    assert len(levels) == columns * rows            # a full grid of 16x10 in data.toml
    m = first_turn()
    cells = [layout(m, w, h)["cells"] for w, h in SIZES]
    assert all((c.columns, c.rows) == (columns, rows) for c in cells)
    assert cells[0].lines == 1
    # a bigger terminal gets bigger hexes, both wider and taller
    assert all(a.width < b.width and a.lines < b.lines for a, b in zip(cells, cells[1:]))
    plain = _unmarked(m)
    assert len(plain) > columns * rows // 2
    for (w, h), c in zip(SIZES, cells):
        assert c.map_width < w and c.map_height < h
        drawn = [text([line]) + " " * w for line in game_screen(m, w, h, lambda k: None)[1:]]
        # what each hex shows is the data's map: its level ("." for 0) where nothing else is,
        # in the odd-r layout (cells c.width apart, odd rows half a cell to the right)
        for col, row in plain:
            x, y = col * c.width + row % 2 * (c.width // 2), row * c.lines
            lv = levels[(col, row)]
            assert drawn[y][x:x + c.width - 1].strip() == (str(lv) if lv else "."), (col, row)


def _cells_styled(lines, cells, style):
    out = set()
    for y, line in enumerate(lines[1:1 + cells.map_height]):
        x = 0
        for f in line:
            for k in range(len(f[1])):
                if f"class:{style}" in f[0].split():
                    at = cells.at(x + k, y)
                    if at is not None:
                        out.add(at)
            x += len(f[1])
    return out


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hexes_marked_reachable_are_the_engines_reach_for_the_selected_hero(size):
    m = first_turn()
    lines = game_screen(m, *size, lambda k: None)
    cells = layout(m, *size)["cells"]
    hero = m.board["heroes"][0]
    assert hero["acting"] and hero["reach"]
    assert _cells_styled(lines, cells, "hex.reach") == {tuple(x["cell"]) for x in hero["reach"]}


def test_a_target_behind_a_semi_blocking_hero_is_shown_semi_blocked_with_the_disadvantage_damage():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1), "mercy": (ATTACK, 3, 1)},
              heights={(2, 1): 1}, game=GAME)
    m = model_for(s, 0)
    t = next(x for h in m.board["heroes"] if h["id"] == "tracer" for x in h["targets"])
    assert (t["hero"], t["sight"], t["damage"]) == ("reaper", "semi", least("tracer"))
    lines = game_screen(m, 200, 60, lambda k: None)
    shown = text(lines)   # the panel wraps the reason onto the next line
    assert f"Reaper ({t['hp']} HP): {least('tracer')} with Pulse Pistols, distance 2 (semi-blocked" \
        in shown and "sight: disadvantage, the minimum)" in shown
    assert _cells_styled(lines, layout(m, 200, 60)["cells"], "hex.target") == {tuple(t["cell"])}
    small = text(game_screen(m, 80, 24, lambda k: None))
    assert f"hits: Reaper {least('tracer')} semi" in small


def _draft():
    return _until("draft")


def _until(phase):
    """A real set-up, played by the tactical bot, up to its first state in `phase`."""
    s = GAME.new(2)
    while s.phase != phase:
        p = GAME.pending(s)
        if isinstance(p, Sealed):
            s = GAME.apply_sealed(s, [GAME.greedy_move(s, d, None) for d in p.decisions])
        elif hasattr(p, "options"):
            s = GAME.apply(s, GAME.greedy_move(s, p, None))
        else:
            s = GAME.resolve(s, b"seed")
    return s


def test_the_opponents_sealed_pick_is_not_on_the_draft_screen_before_it_opens():
    s = _draft()
    p = GAME.pending(s)
    assert isinstance(p, Sealed)
    picks = [d.options[0] for d in p.decisions]          # seat order: Ann, then Bob
    theirs = GAME.data.heroes[picks[1][1]].name
    before = text(game_screen(model_for(s, 0), 120, 40, lambda k: None))
    assert "The draft, round 1 of 4" in before and "Your hand (dealt)" in before
    assert theirs not in before                          # sealed: nowhere on the screen
    for hid in s.players[0].hand:
        assert GAME.data.heroes[hid].name in before      # my hand, each sheet in words
    opened = GAME.apply_sealed(s, picks)
    after = text(game_screen(model_for(opened, 0), 120, 40, lambda k: None))
    assert f"Bob's picks (each shown once it is opened)\n• {theirs}" in after
    assert "Your hand (passed by Bob)" in after


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_draft_screen_fits_and_shows_the_pick(size):
    s = _draft()
    lines = game_screen(model_for(s, 0), *size, lambda k: None)
    shown = text(lines)
    assert len(lines) == size[1] and all(sum(len(f[1]) for f in x) == size[0] for x in lines)
    assert "Draft a hero (sealed pick)" in shown and "\n>1 Draft " in shown


def test_every_style_the_hex_screens_draw_is_defined():
    defined = {name for names, _ in STYLE.style_rules for name in names.split()}
    used = set()
    for m in (first_turn(), model_for(_draft(), 0)):
        for w, h in SIZES:
            for line in game_screen(m, w, h, lambda k: None):
                for f in line:
                    used |= {c[len("class:"):] for c in f[0].split() if c.startswith("class:")}
    assert {"hex.reach", "hex.cursor", "side.p0", "side.p1"} <= used
    assert used - defined == set()


def test_keys_select_a_hero_move_the_cursor_and_enter_chooses_the_step_there():
    m = first_turn()
    chosen = []

    async def script():
        with terminal(120, 40) as (inp, out):
            ui = GameUI(m)
            ui.choose = chosen.append           # what would be sent to the node
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            first = m.board["heroes"][0]
            inp.send_text("\t")                 # Tab: the next hero of mine
            await until(lambda: m.view.get("hero") not in (None, first["id"]), 5, "Tab", ui)
            inp.send_text("\x1b[Z")             # Shift-Tab: back to the first
            await until(lambda: m.view.get("hero") == first["id"], 5, "Shift-Tab", ui)
            start = tuple(first["cell"])
            ctx = m.decision["context"]
            step = next(k for k, o in enumerate(m.decision["options"])
                        if o[0] == "step" and o[1] == first["id"])
            target = tuple(ctx["cells"][step])
            keys = ("\x1b[C" * max(0, target[0] - start[0]) + "\x1b[D" * max(0, start[0] - target[0])
                    + "\x1b[B" * max(0, target[1] - start[1]) + "\x1b[A" * max(0, start[1] - target[1]))
            inp.send_text(keys)
            await until(lambda: m.view.get("cursor") == target, 5, "the cursor", ui)
            assert m.message.startswith("Enter: " + m.decision["labels"][m.selected])
            inp.send_text("\r")
            await until(lambda: chosen, 5, "a choice", ui)
            o = m.decision["options"][chosen[0]]
            assert o[0] == "step" and o[1] == first["id"] and tuple(ctx["cells"][chosen[0]]) == target
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


@contextmanager
def _recording():
    """The first turn on a GameUI whose choices are recorded instead of sent to a node."""
    m = first_turn()
    chosen: list[int] = []
    with terminal(120, 40):
        ui = GameUI(m)
        ui.choose = chosen.append
        yield m, chosen


def test_a_click_puts_the_cursor_on_a_hex_and_a_second_click_acts_there():
    with _recording() as (m, chosen):
        ctx = m.decision["context"]
        k = next(i for i, o in enumerate(m.decision["options"]) if o[0] == "step")
        cell = ctx["cells"][k]
        m.view["on_hex"](*cell)
        assert chosen == [] and m.view["cursor"] == tuple(cell)
        m.view["on_hex"](*cell)
        assert len(chosen) == 1 and tuple(ctx["cells"][chosen[0]]) == tuple(cell)


def test_enter_while_the_other_side_acts_says_so_until_our_decision_comes():
    """Enter with no decision of ours answers "not your decision now", an answer that lapses
    when our decision comes (Model.say(until_decision=True))."""
    from cli.ui.tactics_screens import HexKeys
    with _recording() as (m, chosen):
        m.decision = None
        HexKeys(GameUI(m)).enter()
        assert chosen == [] and m.message.startswith("Not your decision now")
        assert m.message_until_decision


@pytest.fixture(scope="module")
def tactics_match(tmp_path_factory):
    from cli.main import main
    path = tmp_path_factory.mktemp("replay") / "tactics.match"
    assert main(["sim", "--game", "overwatch-tactics", "--players", "2", "--seed", "2",
                 "--log", str(path)]) == 0
    return path


def test_replay_of_a_hex_match_shows_the_hex_screen_with_the_same_keys(tactics_match):
    from cli.cmd_replay import load_match
    from cli.ui.app import ReplaySteps
    from cli.ui.model import Model
    from node.words import glossary
    steps, names, game = load_match(str(tactics_match))
    assert game == "overwatch-tactics" and all(s["board"] for s in steps)

    async def script():
        with terminal(120, 40) as (inp, out):
            model = Model()
            ui = GameUI(model)
            ui.replay = ReplaySteps(model, steps, names, game, "Overwatch: The Board Game",
                                    glossary(game))
            task = asyncio.ensure_future(ui.run_replay())
            await until(lambda: ui.app.is_running, 5, "the app")
            inp.send_text("\x1b[F")                # End: the last entry
            await until(lambda: ui.replay.at == len(steps) - 1, 5, "the end", ui)
            shown = ui.screen_text()
            assert "<P>" in shown and "replay: entry" in shown and "round " in shown
            for h in model.board["heroes"]:
                assert h["name"] in shown
            inp.send_text("\x1b[D")                # ← one step back
            await until(lambda: ui.replay.at == len(steps) - 2, 5, "a step back", ui)
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


def _local(state, seat=0):
    """A Model whose moves are applied by the engine in this process, as the node would apply
    them, so a walk's steps are checked for legality one by one."""
    m = model_for(state, seat)
    m.sent = []
    m.engine_state = state

    async def choose(option):
        m.sent.append(option)
        m.engine_state = GAME.apply(m.engine_state, tuple(option))   # IllegalMove if not legal
        await refresh()

    async def refresh():
        fresh = model_for(m.engine_state, seat)
        m.state, m.board, m.decision = fresh.state, fresh.board, fresh.decision

    m.choose, m.refresh = choose, refresh
    return m


def _walk(m, hero, cell):
    from cli.ui.tactics_screens import HexKeys
    with terminal(120, 40):
        hk = HexKeys(GameUI(m))
        path = hk.path_to(cell)
        asyncio.run(hk.walk(hero, path))
    return path


def test_a_walk_to_a_far_hex_sends_the_nodes_path_as_legal_steps():
    s = board({"tracer": (ATTACK, 0, 1), "reaper": (DEFENCE, 12, 0)}, game=GAME)
    m = _local(s)
    m.view["hero"] = "tracer"
    far = max(m.board["heroes"][0]["reach"], key=lambda x: x["steps"])
    path = _walk(m, "tracer", tuple(far["cell"]))
    assert len(path) == far["steps"] >= 3
    assert [o[0] for o in m.sent] == ["step"] * len(path)
    shown = next(h for h in m.board["heroes"] if h["id"] == "tracer")
    assert shown["cell"] == far["cell"]


def test_a_walk_stops_where_an_overwatch_shot_hits_the_hero():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 0, 1)}, active=DEFENCE, game=GAME)
    s = GAME.apply(GAME.apply(s, ("overwatch", "reaper")), ("end",))
    m = _local(s)
    m.view["hero"] = "tracer"
    axial = {tuple(c): h for c, h in zip(m.glossary.table("map")["cells"], GAME.data.hexes)}
    for x in m.board["heroes"][1]["reach"]:          # a path the engine shoots before its end
        t, shot_at = s, None
        for k, c in enumerate(x["path"]):
            t = GAME.apply(t, ("step", "tracer", *axial[tuple(c)]))
            if t.hero("tracer").hp < s.hero("tracer").hp:
                shot_at = k + 1
                break
        if shot_at is not None and shot_at < len(x["path"]):
            break
    else:
        raise AssertionError("no path in this position is shot before its end")
    _walk(m, "tracer", tuple(x["cell"]))
    assert len(m.sent) == shot_at                     # not a step after the shot
    assert m.message.startswith("The walk stopped: Tracer was hit")


def test_the_cursor_on_a_hex_only_another_hero_acts_on_leaves_the_selected_heros_choice():
    with _recording() as (m, chosen):
        me = m.board["heroes"][0]["id"]
        ctx = m.decision["context"]
        mine = {tuple(c) for c, h in zip(ctx["cells"], ctx["heroes"]) if h == me and c}
        other = next(tuple(c) for c, h in zip(ctx["cells"], ctx["heroes"])
                     if c and h != me and tuple(c) not in mine
                     and all(tuple(x["cell"]) != tuple(c) for x in m.board["heroes"] if x["cell"]))
        m.view["hero"] = me
        m.view["on_hex"](*other)
        assert m.selected == 0 and not m.message.startswith("Enter: ")
        m.view["on_hex"](*other)                     # a second click: nothing of another's
        assert all(ctx["heroes"][k] == me for k in chosen)


def test_hexes_where_enemy_overwatch_would_shoot_are_marked_apart_and_the_walk_warns():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 2, 1), "ana": (DEFENCE, 12, 0)},
              active=DEFENCE, game=GAME)
    s = GAME.apply(GAME.apply(s, ("overwatch", "reaper")), ("end",))
    m = model_for(s, 0)
    tracer = next(h for h in m.board["heroes"] if h["id"] == "tracer")
    watched = {tuple(x["cell"]) for x in tracer["reach"] if x["watched_by"]}
    assert watched
    lines = game_screen(m, 120, 40, lambda k: None)
    assert _cells_styled(lines, layout(m, 120, 40)["cells"], "hex.watched") == watched
    with terminal(120, 40):
        GameUI(m)
        far = next(x for x in tracer["reach"] if x["steps"] > 1
                   and any(tuple(c) in watched for c in x["path"]))
        m.view["hero"] = "tracer"
        m.view["on_hex"](*far["cell"])
        assert m.message.startswith(f"Enter: walk Tracer {far['steps']} hexes here — under "
                                    "overwatch by Reaper on the way")


def test_the_header_names_whose_decision_it_is_in_the_set_up():
    spawn = text(game_screen(model_for(_until("spawn"), 1), 80, 24, lambda k: None))
    assert "defence to act" in spawn.splitlines()[0]     # the defence chooses its spawn point
    assert "Defend from spawn point 1 (columns " in spawn
    draft = text(game_screen(model_for(_draft(), 0), 80, 24, lambda k: None))
    assert "both pick, sealed" in draft.splitlines()[0]


def test_heroes_not_placed_yet_are_not_shown_as_defeated():
    shown = text(game_screen(model_for(_until("place"), 1), 120, 40, lambda k: None))
    assert "✗" not in shown and "not placed yet" in shown


def test_enter_after_a_new_decision_first_says_what_it_does_on_the_cursors_hex():
    with _recording() as (m, chosen):
        m.decision["seq"] = 7
        ctx = m.decision["context"]
        k = next(i for i, o in enumerate(m.decision["options"]) if o[0] == "step")
        m.view["on_hex"](*ctx["cells"][k])         # the cursor on a step's hex: highlighted
        m.decision = dict(m.decision, seq=8)       # the node moved on; the list reset to 0
        m.selected = 0
        m.view["on_hex"](*ctx["cells"][k])         # a second click, meant for the old hint
        assert chosen == [] and m.message.startswith("Enter: ")
        m.view["on_hex"](*ctx["cells"][k])         # now it does what it said
        assert len(chosen) == 1 and tuple(ctx["cells"][chosen[0]]) == tuple(ctx["cells"][k])


def test_a_defeated_hero_is_struck_out_in_the_roster_and_off_the_map():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE,)}, game=GAME)
    s.hero("reaper").defeats, s.hero("reaper").hp = 1, 0
    lines = game_screen(model_for(s, 0), 120, 40, lambda k: None)
    shown = text(lines)
    assert "d Reaper 0 ✗" in shown and "dRp" not in shown
    assert any("class:strike" in f[0] and "Reaper" in f[1] for line in lines for f in line)


def test_the_cursor_on_an_enemy_hero_names_it_and_a_broken_key_is_said_not_fatal():
    m = first_turn()
    enemy = next(h for h in m.board["heroes"] if h["side"] != m.me and h["placed"])

    async def script():
        with terminal(120, 40) as (inp, out):
            ui = GameUI(m)
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            start = m.board["heroes"][0]["cell"]
            m.view["cursor"] = (enemy["cell"][0] - 1, enemy["cell"][1])
            inp.send_text("\x1b[C")                  # → onto the enemy's hex
            await until(lambda: m.message.startswith(f"{enemy['name']} (defence, "), 5,
                        "the enemy named", ui)
            m.board["heroes"] = None                  # a board the keys cannot read
            inp.send_text("\t")
            await until(lambda: "that key failed" in m.message, 5, "the bug said", ui)
            assert ui.app.is_running
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_hex_games_end_is_one_key_away_whatever_the_selected_hero(size):
    m = first_turn()
    end = next(k for k, o in enumerate(m.decision["options"]) if o[0] == "end")
    assert end > 9, "the scenario must bury End below the first screenful"

    async def script():
        chosen = []
        with terminal(*size) as (inp, out):
            ui = GameUI(m)
            ui.choose = chosen.append
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            assert "e: end turn" in ui.screen_text().splitlines()[-1]
            inp.send_text("\t")                 # another hero selected: End is the turn's
            await until(lambda: m.view.get("hero") is not None, 5, "Tab", ui)
            inp.send_text("e")
            await until(lambda: chosen, 5, "a choice", ui)
            assert chosen == [end]
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


def test_the_options_shown_are_the_selected_heros_with_the_turns_end():
    m = first_turn()
    heroes_of = m.decision["context"]["heroes"]
    labels = m.decision["labels"]
    end = next(k for k, o in enumerate(m.decision["options"]) if o[0] == "end")

    async def script():
        with terminal(120, 40) as (inp, out):
            ui = GameUI(m)
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            inp.send_text("\t")                 # Tab: another hero, and the list its options
            await until(lambda: m.view.get("hero") not in (None, heroes_of[0]), 5, "Tab", ui)
            tabbed = m.view["hero"]
            names = {h["id"]: h["name"] for h in m.board["heroes"]}
            assert selected_hero(m)["id"] == tabbed == heroes_of[m.selected]
            assert names[tabbed] in ui.screen_text().splitlines()[1]   # the sheet's head
            listed = [k for k in range(len(labels)) if labels[k] in ui.screen_text()]
            assert listed and all(heroes_of[k] in (tabbed, None) for k in listed)
            inp.send_text("\x1b[F")             # the End key: the list's last, the turn's End
            await until(lambda: m.selected == end, 5, "the turn's End in the list", ui)
            assert labels[end] in ui.screen_text() and selected_hero(m)["id"] == tabbed
            inp.send_text("j")                  # round the list: back to the hero's first
            await until(lambda: m.selected != end, 5, "j", ui)
            assert heroes_of[m.selected] == tabbed
            inp.send_text("q")
            await asyncio.wait_for(task, 5)
    asyncio.run(script())


@pytest.mark.parametrize("name", ["Ann", "player", "Bartholomew Fitzgerald-Longname the Third"])
def test_no_number_on_the_title_line_is_cut_at_80x24_whatever_the_players_name(name):
    m = first_turn()
    m.status["players"][0]["name"] = name
    head = text(game_screen(m, 80, 24, lambda k: None)).splitlines()[0]
    b = m.board
    assert head.rstrip().endswith(f"payload {b['payload']['index'] + 1}/{b['payload']['of']}")
    assert f"round {b['round']}/{b['rounds']}" in head and len(head) <= 80
    assert "Overwatch" in head or name[:20] in head   # the words shorten, the numbers do not


@pytest.mark.parametrize("width", [30, 36, 40, 60])
def test_where_a_hero_is_is_never_cut_on_its_sheet_it_moves_to_a_line_of_its_own(width):
    m = model_for(_until("place"), 1)
    h = next(x for x in m.board["heroes"] if x["where"] == "not placed yet")
    lines = ["".join(f[1] for f in line) for line in sheet_lines(m, h, width)]
    assert any(line.rstrip().endswith("not placed yet") for line in lines[:2]), lines[:2]
    assert all(len(line) <= width for line in lines[:2])


def test_the_replay_says_each_opened_sealed_pick_by_player_and_hero_name(tactics_match):
    from cli.cmd_replay import load_match
    steps, names, _ = load_match(str(tactics_match))
    opened = [s["said"] for s in steps if s["kind"] == "open"]
    assert opened and all(f"{names[0]}: Draft " in said and f"; {names[1]}: Draft " in said
                          for said in opened), opened[:1]
    assert not any(" pick " in said for said in opened)   # not the raw move ['pick', 'ana']


def test_question_mark_opens_the_hex_games_help_scrolled_and_paged_at_80x24():
    m = first_turn()
    shots = screens_after(m, [(None, "?"), (None, "\x1b[6~"), (None, "\x1b[6~"),
                              (None, "\x1b[C"), (None, "\x1b[C"), (None, "\x1b")])
    first, *down, readings, keys, back = shots
    assert first.splitlines()[0].startswith("Help — How to play  [1/")
    assert "lines 1-23 of" in first.splitlines()[-1]
    assert re.search(r"lines \d+-(\d+) of \1 ", down[-1].splitlines()[-1])   # the page's end
    page = " ".join(" ".join(x.splitlines()[:-1]) for x in [first, *down])
    words = " ".join(page.split())
    for topic in ("The payload.", "Overwatch.", "Abilities and cubes.", "Sight.", "Height."):
        assert topic in words, topic
    assert all(len(line) <= 80 for s in shots for line in s.splitlines())
    assert readings.splitlines()[0].startswith("Help — Where lanboard decides")
    assert "never hidden" in " ".join(readings.split())
    assert keys.splitlines()[0].startswith("Help — Keys and the map")
    assert "Activate your heroes" in back and "? help" in back.splitlines()[-1]


def test_question_mark_opens_on_the_hero_under_the_cursor_not_the_page_last_viewed():
    m = first_turn()
    a, b = [h for h in m.board["heroes"] if h["placed"]][:2]

    def put(cell):
        return lambda: m.view.__setitem__("cursor", tuple(cell))
    heads = [x.splitlines()[0] for x in screens_after(
        m, [(None, "?"), (None, "\x1b"), (put(a["cell"]), "?"), (None, "\x1b[C"), (None, "\x1b"),
            (put(b["cell"]), "?")])]
    assert heads[0].startswith("Help — How to play")     # a cursor never put: how to play
    assert heads[2].startswith(f"Help — {a['name']} (")  # the hero under the cursor
    assert not heads[3].startswith(f"Help — {a['name']} (")   # → another page viewed
    assert heads[5].startswith(f"Help — {b['name']} (")  # then the cursor's hero, not that


def _live(monkeypatch, state, seat=0):
    """(node, model): a Model whose refresh and choose talk to an EngineNode playing `state`."""
    from cli.ui import model as model_module
    from cli.ui.model import Model
    from tests.ui.tactics_states import EngineNode
    node = EngineNode(state, seat)
    monkeypatch.setattr(model_module.client, "call", node.call)
    return node, Model(socket=Path("/nonexistent"))


def _enter_does_what_it_says(m) -> None:
    """The message says what Enter does on the hex screen, and Enter chooses that option."""
    from cli.ui.tactics_screens import HexKeys
    assert m.message == "Enter: " + m.decision["labels"][m.selected]
    with terminal(80, 24):
        ui = GameUI(m)
        chosen = []
        ui.choose = chosen.append
        HexKeys(ui).enter()
    assert chosen == [m.selected]


def _second_hero(m) -> str:
    """A hero of the decision that is not the list's first."""
    return [h for h in dict.fromkeys(m.decision["context"]["heroes"]) if h][1]


def test_after_an_action_the_list_stays_on_the_hero_acting(monkeypatch):
    from cli.ui.tactics_screens import options_shown
    node, m = _live(monkeypatch, through_setup(3))

    async def script():
        await m.refresh()
        second = _second_hero(m)
        step = next(k for k, o in enumerate(m.decision["options"])
                    if o[0] == "step" and o[1] == second)
        await m.choose(m.decision["options"][step])          # Model.choose refreshes
        heroes = m.decision["context"]["heroes"]
        assert heroes[m.selected] == second and selected_hero(m)["id"] == second
        assert {heroes[k] for k in options_shown(m)} <= {second, None}
        await m.choose(["overwatch", second])                # it can do nothing more:
        heroes = m.decision["context"]["heroes"]
        order = [h["id"] for h in m.board["heroes"]]
        after = order[order.index(second) + 1:] + order[:order.index(second)]
        assert heroes[m.selected] == next(h for h in after if h in heroes)   # the next one's
        return m, second
    m, second = asyncio.run(script())
    assert [o[1] for o in node.moves] == [second, second]


def _many_targets():
    """Widowmaker (range 7) with four enemies in range and sight: a long sheet."""
    s = board({"widowmaker": (ATTACK, 6, 1), "soldier": (ATTACK, 3, 0), "reaper": (DEFENCE, 8, 1),
               "ana": (DEFENCE, 4, 3), "pharah": (DEFENCE, 6, 4), "mercy": (DEFENCE, 9, 0)},
              game=GAME)
    m = model_for(s, 0)
    m.view["hero"] = "widowmaker"
    return m


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_a_long_sheet_is_shown_whole_by_scrolling_it(size):
    m = _many_targets()
    width = layout(m, *size)["side_w"] if size[0] >= 120 else size[0]
    whole = ["".join(f[1] for f in line).rstrip()
             for line in sheet_lines(m, selected_hero(m), width)]
    assert len(m.board["heroes"][0]["targets"]) == 4

    async def script():
        seen = set()
        with terminal(*size) as (inp, out):
            ui = GameUI(m)
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            for _ in range(len(whole)):
                shown = ui.screen_text()
                assert "more lines (the options" not in shown
                seen.update(line.strip() for line in shown.splitlines())
                seen.update(x.strip() for line in shown.splitlines() for x in line.split("  "))
                m.message = ""
                inp.send_text("]")
                await until(lambda: m.message, 5, "]", ui)
            ui.app.exit()
            await asyncio.wait_for(task, 5)
        return seen
    seen = asyncio.run(script())
    text = "\n".join(seen)
    assert all(line.strip() in text for line in whole), [x for x in whole if x.strip() not in text]


def test_terrain_is_placed_with_the_cursor_the_list_holding_only_the_pieces_covering_its_hex():
    from cli.ui.screens import options_shown
    m = model_for(GAME.new(2), 1)                   # the defence places the first piece
    options, covers = m.decision["options"], m.decision["context"]["covers"]
    assert len(options) > 700
    target = (6, 5)                                 # a free hex of the map, off the route

    async def script():
        chosen = []
        with terminal(80, 24) as (inp, out):
            ui = GameUI(m)
            ui.choose = chosen.append
            task = asyncio.ensure_future(ui.app.run_async())
            await until(lambda: ui.app.is_running, 5, "the app")
            start = tuple(covers[0][0])
            keys = ("\x1b[C" * (target[0] - start[0]) + "\x1b[D" * (start[0] - target[0])
                    + "\x1b[B" * max(0, target[1] - start[1]) + "\x1b[A" * max(0, start[1] - target[1]))
            inp.send_text(keys)
            await until(lambda: m.view.get("cursor") == target, 5, "the cursor", ui)
            shown = options_shown(m)
            assert 1 < len(shown) <= 20
            assert all(target in map(tuple, covers[k]) for k in shown)   # each covers the hex
            assert m.message.startswith("Enter: " + m.decision["labels"][m.selected])
            screen = ui.screen_text()
            assert screen.count("###") == len(covers[m.selected])   # the piece drawn
            first = m.selected
            inp.send_text("j")                          # another piece covering the hex
            await until(lambda: m.selected != first, 5, "j", ui)
            assert m.selected in shown
            inp.send_text("\r")
            await until(lambda: chosen, 5, "a choice", ui)
            ui.app.exit()
            await asyncio.wait_for(task, 5)
        return chosen
    chosen = asyncio.run(script())
    assert len(chosen) == 1 and target in map(tuple, covers[chosen[0]])
    assert options[chosen[0]][0] == "terrain"


def test_placing_terrain_again_the_cursor_and_the_list_stay_where_the_last_piece_went(monkeypatch):
    from cli.ui.tactics_screens import covers, terrain_at
    node, m = _live(monkeypatch, GAME.new(2), 1)
    target = (6, 5)

    async def script():
        await m.refresh()
        m.view["cursor"] = target
        crate = next(k for k in terrain_at(m, target) if len(covers(m)[k]) == 1)
        await m.choose(m.decision["options"][crate])
        p = engine.pending(node.state)                      # the attack's piece, far away
        node.state = engine.apply(node.state, p.options[0])
        await m.refresh()
        return m
    m = asyncio.run(script())
    c = m.view["cursor"]
    assert abs(c[0] - target[0]) + abs(c[1] - target[1]) == 1   # the nearest free hex
    assert m.selected in terrain_at(m, c)                        # the list shows its pieces
    _enter_does_what_it_says(m)                                  # Enter places it


def test_placing_heroes_the_cursor_is_on_the_highlighted_hex_and_enter_places_there(monkeypatch):
    node, m = _live(monkeypatch, _until("place"), 1)

    async def script():
        m.view["cursor"] = (2, 6)                   # where the terrain phase left it
        m.view["hero"] = next(h.id for h in node.state.heroes if h.side == 0)   # a sheet shown
        await m.refresh()
        return m
    m = asyncio.run(script())
    cell = m.decision["context"]["cells"][m.selected]
    assert m.decision["prompt"] == "place" and m.view["cursor"] == tuple(cell)
    assert selected_hero(m)["id"] == m.decision["context"]["heroes"][m.selected]
    _enter_does_what_it_says(m)


def test_a_new_turn_keeps_the_list_and_the_sheet_on_the_same_hero(monkeypatch):
    from cli.ui.screens import options_shown
    node, m = _live(monkeypatch, through_setup(3))

    async def script():
        await m.refresh()
        second = _second_hero(m)
        m.view["hero"] = second                             # Tab to another hero's sheet
        await m.choose(["end"])
        while engine.pending(node.state).player != 0:       # the defence's turn, ended
            node.state = engine.apply(node.state, ("end",))
        await m.refresh()
        return m, second
    m, second = asyncio.run(script())
    heroes = m.decision["context"]["heroes"]
    assert selected_hero(m)["id"] == second == heroes[m.selected]
    assert len(options_shown(m)) < len(heroes)                # the hero's, not every option
