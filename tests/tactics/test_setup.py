"""SETUP: terrain, the sealed draft, ultimate cubes, the defender's spawn, hero placement."""
import pytest

from engine.core import Chance, Decision, IllegalMove, Sealed
from engine.simulate import chance_seed
from tests.tactics.scenario import ATTACK, DEFENCE, GAME, through_setup


def _terrain_done(s):
    while s.phase == "terrain":
        s = GAME.apply(s, GAME.pending(s).options[0])
    return s


def test_terrain_alternates_starting_with_the_defender_four_pieces_each():
    s = GAME.new(2)
    seats = []
    while s.phase == "terrain":
        p = GAME.pending(s)
        seats.append(p.player)
        s = GAME.apply(s, p.options[-1])
    assert seats == [DEFENCE, ATTACK] * 4
    assert [p.terrain for p in s.players] == [4, 4]
    assert [x[4] for x in s.pieces] == seats


def test_terrain_never_on_the_route_a_spawn_another_piece_or_off_the_map():
    s = GAME.new(2)
    d = GAME.data
    forbidden = set(d.route) | set(d.attacker_spawn) | {h for z in d.defender_spawns for h in z}
    opts = GAME.pending(s).options
    for o in opts:
        offs = dict(d.terrain[o[1]].placements())[o[4]]
        cells = [(o[2] + a, o[3] + b) for a, b in offs]
        assert all(c in GAME.index and c not in forbidden for c in cells)
    route_hex = d.route[5]
    assert ("terrain", "crate", *route_hex, 0) not in opts
    s = GAME.apply(s, ("terrain", "wall", 2, 0, 0))       # (2,0) and (3,0)
    assert ("terrain", "crate", 3, 0, 0) not in GAME.pending(s).options
    with pytest.raises(IllegalMove):
        GAME.apply(s, ("terrain", "crate", 3, 0, 0))


def test_terrain_raises_the_hexes_it_covers_by_its_height():
    s = GAME.apply(GAME.new(2), ("terrain", "wall", 2, 0, 0))
    assert GAME.elevation(s, (2, 0)) == GAME.data.levels[(2, 0)] + 2


def test_the_nine_sheets_are_shuffled_and_dealt_five_to_the_defender_four_to_the_attacker():
    s = _terrain_done(GAME.new(2))
    p = GAME.pending(s)
    assert isinstance(p, Chance) and p.kind == "perm" and p.sizes == (9,)
    s = GAME.apply_chance(s, tuple(range(9)))
    names = list(GAME.data.heroes)
    assert s.players[DEFENCE].hand == names[:5] and s.players[ATTACK].hand == names[5:]


def test_the_draft_picks_are_sealed_and_the_rest_passed_until_both_have_four():
    s = GAME.apply_chance(_terrain_done(GAME.new(2)), tuple(range(9)))
    rounds = 0
    while s.phase == "draft":
        p = GAME.pending(s)
        assert isinstance(p, Sealed) and [d.player for d in p.decisions] == [ATTACK, DEFENCE]
        hands = [list(side.hand) for side in s.players]
        picks = [d.options[-1] for d in p.decisions]
        s = GAME.apply_sealed(s, picks)
        rounds += 1
        if s.phase == "draft":   # each passes what it kept to the other
            assert s.players[DEFENCE].hand == [h for h in hands[ATTACK] if h != picks[0][1]]
            assert s.players[ATTACK].hand == [h for h in hands[DEFENCE] if h != picks[1][1]]
    assert rounds == 4 and [len(p.roster) for p in s.players] == [4, 4]
    assert not set(s.players[0].roster) & set(s.players[1].roster)


def test_ultimates_start_with_cubes_equal_to_their_number_other_abilities_ready():
    s = through_setup()
    for h in s.heroes:
        sheet = GAME.data.heroes[h.id]
        assert h.cubes == [a.cooldown if a.ultimate else 0 for a in sheet.abilities]


def test_the_defender_chooses_its_spawn_point_then_heroes_go_on_their_spawn_hexes():
    s = GAME.apply_chance(_terrain_done(GAME.new(2)), tuple(range(9)))
    while s.phase == "draft":
        s = GAME.apply_sealed(s, [d.options[0] for d in GAME.pending(s).decisions])
    p = GAME.pending(s)
    assert p.player == DEFENCE and p.options == (("spawn", 0), ("spawn", 1))
    s = GAME.apply(s, ("spawn", 1))
    zone = GAME.data.defender_spawns[1]
    while s.phase == "place":
        p = GAME.pending(s)
        mine = GAME.data.attacker_spawn if p.player == ATTACK else zone
        assert {(o[2], o[3]) for o in p.options} <= set(mine)
        s = GAME.apply(s, p.options[0])
    spots = [h.at for h in s.heroes]
    assert len(set(spots)) == 8        # never two on a hex
    assert all(h.at in (zone if h.side == DEFENCE else GAME.data.attacker_spawn) for h in s.heroes)
