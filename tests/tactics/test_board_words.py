"""The named data the hex map screen draws with (words_board): every figure is the engine's —
a hero's reach is where its step options lead, a target's sight and damage are what an attack
would do — and the narration says who shot whom on overwatch, why and for how much."""
import engine
from engine.games.overwatch_tactics import words_board as wb
from node.words import SeatNames
from tests.tactics.scenario import (ATTACK, DEFENCE, FLAT, GAME, board, full, least, options,
                                    play, through_setup)

NAMES = SeatNames(["Ann", "Bob"], 0)


def _hero(data, hid):
    return next(h for h in data["heroes"] if h["id"] == hid)


def _walkable(game, s, hid):
    """Every hex the hero can stand on after any sequence of its own step options (the
    engine's legal moves, applied one by one), keyed by the fewest steps it takes."""
    seen = {s.hero(hid).at: 0}
    frontier = [s]
    while frontier:
        nxt = []
        for st in frontier:
            for o in options(st, game):
                if o[0] == "step" and o[1] == hid:
                    after = game.apply(st, o)
                    at = after.hero(hid).at
                    if at not in seen:
                        seen[at] = seen[st.hero(hid).at] + 1
                        nxt.append(after)
        frontier = nxt
    del seen[s.hero(hid).at]
    return seen


def test_a_heros_reachable_hexes_are_where_its_step_options_lead_in_as_many_steps():
    s = through_setup(3)                      # the real map: levels, terrain, spawns, payload
    for h in s.heroes:
        if h.side != s.active or not h.placed:
            continue
        shown = {tuple(x["cell"]): x["steps"] for x in _hero(wb.board(GAME, s, 0), h.id)["reach"]}
        assert shown == {tuple(wb.cell(at)): n for at, n in _walkable(GAME, s, h.id).items()}
        assert shown, h.id


def test_every_shown_path_plays_as_legal_steps_to_its_hex():
    s = through_setup(3)
    hero = next(h for h in s.heroes if h.side == s.active and h.placed)
    axial = {tuple(wb.cell(h)): h for h in GAME.data.hexes}
    for x in _hero(wb.board(GAME, s, 0), hero.id)["reach"]:
        t = s
        for c in x["path"]:
            t = GAME.apply(t, ("step", hero.id, *axial[tuple(c)]))   # IllegalMove if not legal
        assert wb.cell(t.hero(hero.id).at) == x["cell"]


def test_a_target_behind_a_semi_blocking_hero_is_semi_blocked_with_the_disadvantage_damage():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1), "mercy": (ATTACK, 3, 1)},
              heights={(2, 1): 1})            # Tracer above Reaper, Mercy half in the way
    t = next(x for x in _hero(wb.board(FLAT, s, 0), "tracer")["targets"] if x["hero"] == "reaper")
    assert (t["sight"], t["damage"]) == ("semi", least("tracer"))
    assert t["why"].startswith("semi-blocked sight: disadvantage")
    shot = play(s, ("attack", "tracer", 0, "reaper"))
    assert shot.hero("reaper").hp == full("reaper") - t["damage"]   # what the attack does


def test_a_target_in_full_sight_from_above_shows_the_advantage_damage_the_attack_deals():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights={(2, 1): 1})
    t = _hero(wb.board(FLAT, s, 0), "tracer")["targets"][0]
    assert (t["sight"], t["why"]) == ("full", "higher with full sight: advantage, the maximum")
    assert play(s, ("attack", "tracer", 0, "reaper")).hero("reaper").hp == full("reaper") - t["damage"]


def test_an_enemy_out_of_sight_is_not_a_target():
    ring = {"mercy": (ATTACK, 3, 1), "ana": (DEFENCE, 3, 0), "soldier": (ATTACK, 2, 2)}
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1), **ring})
    assert all(t["hero"] != "reaper" for t in _hero(wb.board(FLAT, s, 0), "tracer")["targets"])


def test_each_option_names_the_cell_it_acts_on():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)})
    opts = options(s)
    cells, heroes = wb.option_cells(FLAT, s, opts)
    assert {"step", "attack", "end"} <= {o[0] for o in opts}   # every branch below is met
    for o, c, who in zip(opts, cells, heroes):
        if o[0] == "step":
            assert (c, who) == (wb.cell((o[2], o[3])), o[1])
        elif o[0] == "attack":
            assert (c, who) == (wb.cell(s.hero(o[3]).at), o[1])
        elif o[0] == "end":
            assert (c, who) == (None, None)


def _views(before, after):
    return engine.to_data(before), engine.to_data(after)


def test_an_overwatch_shot_is_told_with_who_whom_range_sight_and_how_much():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 2, 1)}, active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("end",), ("step", "tracer", 3, 1))
    after = play(s, ("step", "tracer", 4, 1))
    said = wb.narrate(FLAT, *_views(s, after), NAMES)
    shot = next(x for x in said if x.startswith("Overwatch:"))
    lost = full("tracer") - after.hero("tracer").hp
    assert shot.startswith(f"Overwatch: Reaper (defence) shot Tracer for {lost}: ")
    assert "range (2 of 2, Hellfire Shotguns)" in shot and "sight (full)" in shot
    assert f"at disadvantage: the minimum, {least('reaper')}" in shot


def test_a_defeat_by_overwatch_is_told_and_the_shot_too():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 2, 1)}, active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("end",), ("step", "tracer", 3, 1))
    s.hero("tracer").hp = least("reaper")          # the next shot defeats her
    after = play(s, ("step", "tracer", 4, 1))
    assert not after.hero("tracer").placed
    said = wb.narrate(FLAT, *_views(s, after), NAMES)
    assert any(x.startswith(f"Overwatch: Reaper (defence) shot Tracer for {least('reaper')}")
               for x in said)
    assert any(x.startswith("Tracer (attack) is defeated") for x in said)


def test_an_attack_is_told_with_who_whom_distance_sight_advantage_and_damage():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)}, heights={(2, 1): 1})
    after = play(s, ("attack", "tracer", 0, "reaper"))
    lost = full("reaper") - after.hero("reaper").hp
    assert (f"Tracer (attack) shot Reaper (defence) with Pulse Pistols for {lost}: distance 2 of "
            "4, higher with full sight: advantage, the maximum."
            in wb.narrate(FLAT, *_views(s, after), NAMES))


def test_an_attack_after_which_the_shooter_moved_is_told_without_a_guessed_reason():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 4, 1)})
    after = play(s, ("attack", "tracer", 0, "reaper"), ("step", "tracer", 2, 0))
    lost = full("reaper") - after.hero("reaper").hp
    assert f"Tracer hit Reaper (defence) for {lost}." in wb.narrate(FLAT, *_views(s, after), NAMES)


def test_an_ability_used_is_named():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 12, 0)})
    after = play(s, ("ability", "tracer", "blink", 4, 1))
    assert "Tracer (attack) used Blink." in wb.narrate(FLAT, *_views(s, after), NAMES)


def test_a_view_that_is_not_a_state_says_nothing():
    s = board({"tracer": (ATTACK, 2, 1)})
    assert wb.narrate(FLAT, {"nonsense": 1}, engine.to_data(s), NAMES) == []


def test_a_reachable_hex_is_marked_watched_exactly_where_the_engines_overwatch_shoots():
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 2, 1), "ana": (DEFENCE, 12, 0)},
              active=DEFENCE)
    s = play(s, ("overwatch", "reaper"), ("end",))
    reach = _hero(wb.board(FLAT, s, 0), "tracer")["reach"]
    axial = {tuple(wb.cell(h)): h for h in FLAT.data.hexes}
    assert any(x["watched_by"] for x in reach) and not all(x["watched_by"] for x in reach)
    told = set()
    for x in reach:
        # walked by the path shown, with the token unspent for the last step: overwatch fires
        # on the step that enters its range and sight, so a hex is marked for the step onto it
        # from the path's hex before it
        *way, last = [("step", "tracer", *axial[tuple(c)]) for c in x["path"]]
        t = play(s, *way)
        if not t.hero("tracer").placed:
            continue
        t.hero("reaper").shot, hp = [], t.hero("tracer").hp
        shot = play(t, last).hero("tracer").hp < hp
        assert shot == (x["watched_by"] == ["reaper"]), x["cell"]
        told.add(shot)
    assert told == {True, False}


def test_an_offensive_ability_that_hit_is_named_with_its_damage():
    s = board({"soldier": (ATTACK, 5, 1), "reaper": (DEFENCE, 4, 1)})
    after = play(s, ("ability", "soldier", "helix_rockets", 4, 1))
    lost = full("reaper") - after.hero("reaper").hp
    assert lost > 0
    assert (f"Soldier: 76's Helix Rockets hit Reaper (defence) for {lost}."
            in wb.narrate(FLAT, *_views(s, after), NAMES))


def test_several_damage_sources_read_as_a_list_in_words():
    assert wb.listed(["Widowmaker"]) == "Widowmaker"
    assert wb.listed(["Widowmaker", "Reaper"]) == "Widowmaker and Reaper"
    assert wb.listed(["Widowmaker", "Reaper", "Ana's Biotic Grenade"]) == \
        "Widowmaker, Reaper and Ana's Biotic Grenade"


def test_a_high_hex_the_walker_leaves_still_blocks_the_watchers_sight_as_the_rules_say():
    # Reaper (level 0) watches past three level-2 hexes; Tracer stands on one of them and steps
    # down off it. Her old hex leaves the blockers as a hero but stays an obstacle two levels
    # above Reaper, so no overwatch fires (the words once dropped the hex itself and said it did).
    s = board({"reaper": (DEFENCE, 6, 1), "tracer": (ATTACK, 5, 1)}, active=DEFENCE,
              heights={(5, 0): 2, (5, 1): 2, (4, 2): 2})
    s = play(s, ("overwatch", "reaper"), ("end",))
    reach = {tuple(x["cell"]): x for x in _hero(wb.board(FLAT, s, 0), "tracer")["reach"]}
    assert reach[tuple(wb.cell((4, 1)))]["watched_by"] == []
    after = play(s, ("step", "tracer", 4, 1))
    assert after.hero("tracer").hp == full("tracer") and after.hero("reaper").shot == []
