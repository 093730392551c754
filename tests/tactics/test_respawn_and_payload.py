"""RESPAWNING and step 5: the payload, backwards for defenders, checkpoints, contest."""
from tests.tactics.scenario import ATTACK, DEFENCE, FLAT, board, options, play

ROUTE = FLAT.data.route


def _beside(i, k):
    """The k-th free neighbour of route hex i that is not on the route."""
    from engine.games.overwatch_tactics.hexgrid import neighbours
    return [n for n in neighbours(ROUTE[i]) if n not in ROUTE and n in FLAT.index][k]


def _with(heroes, payload, active=ATTACK):
    return board({hid: (side, *_beside(payload, k)) for k, (hid, side) in enumerate(heroes)},
                 payload=payload, active=active)


def test_a_defeated_hero_leaves_the_board_at_once_and_respawns_at_full_hp_in_step_4():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE, 3, 1)}, active=ATTACK)
    s.hero("reaper").hp = 100
    s = play(s, ("attack", "tracer", 0, "reaper"))
    assert not s.hero("reaper").placed
    s = play(s, ("end",))                  # the defender's turn: it plays without Reaper...
    assert s.active == DEFENCE and not s.hero("reaper").placed
    s = play(s, ("end",))                  # ... and places him in its own step 4
    assert s.phase == "respawn"
    zone = FLAT.data.defender_spawns[s.spawn]
    assert {(o[2], o[3]) for o in options(s)} == set(zone)
    s = play(s, ("respawn", "reaper", *zone[0]))
    assert s.hero("reaper").placed and s.hero("reaper").hp == 500 and s.active == ATTACK


def test_respawn_keeps_everything_else_unchanged():
    s = board({"tracer": (ATTACK, 2, 1), "reaper": (DEFENCE,)}, active=DEFENCE)
    s.hero("reaper").hp, s.hero("reaper").cubes = 0, [1, 4]
    s = play(s, ("end",))
    zone = FLAT.data.defender_spawns[s.spawn]
    s = play(s, ("respawn", "reaper", *zone[0]))
    assert s.hero("reaper").cubes == [1, 4]


def test_the_payload_moves_one_hex_per_adjacent_attacker():
    s = _with([("tracer", ATTACK), ("reaper", ATTACK)], payload=3)
    s = play(s, ("end",))
    assert s.payload == 5


def test_defenders_move_it_back_but_never_past_a_checkpoint():
    cp = FLAT.data.checkpoints[0]
    s = _with([("tracer", DEFENCE), ("reaper", DEFENCE)], payload=cp + 1, active=DEFENCE)
    s = play(s, ("end",))
    assert s.payload == cp


def test_defenders_never_move_it_past_its_start():
    s = _with([("tracer", DEFENCE), ("reaper", DEFENCE)], payload=1, active=DEFENCE)
    s = play(s, ("end",))
    assert s.payload == 0


def test_contested_payload_does_not_move():
    s = _with([("tracer", ATTACK), ("reaper", ATTACK), ("mercy", DEFENCE)], payload=3)
    s = play(s, ("end",))
    assert s.payload == 3


def test_the_payload_moves_on_the_defenders_turn_too():
    s = _with([("tracer", ATTACK)], payload=3, active=DEFENCE)
    s = play(s, ("end",))
    assert s.payload == 4


def test_a_hero_on_the_route_ahead_stops_the_payload():
    # two attackers push (two hexes) but a third stands two hexes ahead on the route
    s = board({"tracer": (ATTACK, *_beside(3, 0)), "reaper": (ATTACK, *_beside(3, 1)),
               "ana": (ATTACK, *ROUTE[5])}, payload=3)
    s = play(s, ("end",))
    assert s.payload == 4
