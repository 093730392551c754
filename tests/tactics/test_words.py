"""The generic screen's words for the hex game: until the map has a screen, a person plays from
these labels alone, so each must name its hex as the map is drawn and say what the choice does."""
from engine.games.overwatch_tactics import hexgrid as hx
from engine.games.overwatch_tactics import words
from engine.games.overwatch_tactics.data import axial
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, board, full, options


def test_a_hex_is_named_by_the_column_and_row_the_map_is_drawn_with():
    for r in range(10):
        for col in range(16):
            assert words.hex_name(axial(col, r)) == f"column {col}, row {r}"


def test_each_step_says_its_compass_direction_on_the_drawn_map():
    s = board({"tracer": (ATTACK, 5, 1), "reaper": (DEFENCE, 12, 0)})
    said = {}
    for o in options(s):
        if o[0] == "step" and o[1] == "tracer":
            said[words.describe_move(FLAT, s, o).split(" to ")[0]] = (o[2] - 5, o[3] - 1)
    # x = 2q + r grows east, y = 3r grows south: the six neighbours, each named once
    assert said == {"Tracer: step east": (1, 0), "Tracer: step west": (-1, 0),
                    "Tracer: step north-east": (1, -1), "Tracer: step north-west": (0, -1),
                    "Tracer: step south-east": (0, 1), "Tracer: step south-west": (-1, 1)}


def test_an_area_ability_says_whom_it_hits_and_heals():
    s = board({"soldier": (ATTACK, 5, 1), "mercy": (ATTACK, 6, 1), "reaper": (DEFENCE, 4, 1),
               "tracer": (DEFENCE, 12, 0)})
    field = ("ability", "soldier", "biotic_field", 5, 1)     # radius 1 round Soldier himself
    rockets = ("ability", "soldier", "helix_rockets", 4, 1)  # radius 0 on Reaper's hex
    assert field in options(s) and rockets in options(s)
    assert words.describe_move(FLAT, s, field).endswith("heals Soldier: 76; heals Mercy")
    assert words.describe_move(FLAT, s, rockets).endswith(": hits Reaper")
    far = ("ability", "soldier", "helix_rockets", 8, 1)
    assert words.describe_move(FLAT, s, far).endswith(": reaches nobody")


def test_the_state_says_which_side_the_seat_plays_and_where_the_payload_is():
    s = board({"tracer": (ATTACK, 5, 1), "reaper": (DEFENCE, 12, 0)}, payload=3)
    route = FLAT.data.route
    for seat, verb in ((ATTACK, "You attack"), (DEFENCE, "You defend")):
        lines = words.describe_state(FLAT, s, seat)
        assert f"payload at 4 of {len(route)} ({words.hex_name(route[3])}" in lines[0]
        assert lines[1].strip().startswith(verb)
    gap = hx.distance((5, 1), route[3])
    assert any(f"Tracer ({full('tracer')} HP) on column 5, row 1 (level 0, {gap} from the payload)" in line
               for line in words.describe_state(FLAT, s, None))


def test_a_draft_option_shows_the_sheet_a_person_chooses_from():
    text = words.describe_move(FLAT, board({}), ("pick", "tracer"))
    sheet = FLAT.data.heroes["tracer"]
    assert text.startswith(f"Draft Tracer: {sheet.hp} HP, Speed {sheet.speed}; "
                           "Pulse Pistols range 4, 50-300")   # the rulebook's 50 and 300
    assert "Blink" in text and "Pulse Bomb (ultimate)" in text


def test_a_spawn_point_choice_says_where_on_the_map_it_is():
    from engine.games.overwatch_tactics import words_board as wb
    for k, zone in enumerate(FLAT.data.defender_spawns):
        cells = [wb.cell(h) for h in zone]
        cols, rows = sorted(c for c, _ in cells), sorted(r for _, r in cells)
        assert words.describe_move(FLAT, board({}), ("spawn", k)) == (
            f"Defend from spawn point {k + 1} (columns {cols[0]}-{cols[-1]}, rows {rows[0]}-{rows[-1]})")
