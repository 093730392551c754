"""LINE OF SIGHT and Measuring RANGE: exact hex geometry (RULES.md "Line of sight")."""
from engine.games.overwatch_tactics import hexgrid as hx
from engine.games.overwatch_tactics.hexgrid import FULL, NONE, SEMI


def test_range_counts_hexes_whatever_the_path():
    assert hx.distance((0, 0), (4, 0)) == 4
    assert hx.distance((0, 0), (2, 2)) == 4      # no straight row of hexes between them
    assert hx.distance((0, 0), (3, -1)) == 3
    assert len(hx.within((5, 5), 2)) == 19
    assert all(hx.distance((5, 5), h) <= 2 for h in hx.within((5, 5), 2))


def test_neighbours_share_an_edge_of_two_integer_corners():
    for n in hx.neighbours((2, -1)):
        assert hx.distance((2, -1), n) == 1
        a, b = hx.shared_edge((2, -1), n)
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) in (2, 2)   # corners one edge apart


def test_clear_line_centre_to_centre_is_full_sight():
    assert hx.sight((0, 0), (5, 0), []) == FULL


def test_hero_in_the_middle_of_the_line_leaves_semi_blocked_sight():
    assert hx.sight((0, 0), (4, 0), [(2, 0)]) == SEMI


def test_wall_of_blockers_leaves_no_sight():
    assert hx.sight((0, 0), (4, 0), [(2, -1), (2, 0), (2, 1), (1, 1), (3, -1)]) == NONE


def test_adjacent_target_is_never_blocked():
    assert hx.sight((0, 0), (1, 0), [(0, 1), (1, -1)]) == FULL


def test_line_grazing_one_blockers_edge_is_full_sight():
    # centre (0,0) -> centre of (2,-1) runs exactly along the edge (1,0) shares with (1,-1)
    assert hx.sight((0, 0), (2, -1), [(1, 0)]) == FULL
    assert hx.sight((0, 0), (2, -1), [(1, -1)]) == FULL


def test_line_along_the_edge_between_two_blockers_is_blocked():
    assert hx.blocked(hx.centre((0, 0)), hx.centre((2, -1)), [(1, 0), (1, -1)])
    assert hx.sight((0, 0), (2, -1), [(1, 0), (1, -1)]) == NONE


def test_line_touching_one_blockers_corner_is_not_blocked():
    # (1,-1) in the integer plane is the corner where hexes (0,0), (1,0) and (1,-1) meet. The
    # line from (0,1) to (2,-3) passes through that corner, crossing (0,0) and (1,-1) but
    # only touching (1,0).
    a, b = (0, 1), (2, -3)
    assert not hx.enters(a, b, (1, 0))
    assert hx.segments_meet(a, b, (1, -1), (1, -1))
    assert not hx.blocked(a, b, [(1, 0)])
    assert hx.blocked(a, b, [(1, -1)])          # it does enter (1,-1)


def test_corner_line_starting_between_two_blockers_is_blocked():
    # A corner-to-corner line (semi-blocked sight) may start at the corner two blockers share:
    # it squeezes between them, so it is blocked; with one of them only, it is not.
    a, b = (1, -1), (0, 1)
    assert not hx.blocked(a, b, [(1, 0)])
    assert not hx.blocked(a, b, [(1, -1)])
    assert hx.blocked(a, b, [(1, 0), (1, -1)])


def test_line_entering_a_blocker_interior_is_blocked():
    assert hx.enters((0, 0), (4, 0), (1, 0))
    assert hx.blocked((0, 0), (4, 0), [(1, 0)])


def test_sight_is_symmetric_on_random_layouts():
    import random
    rng = random.Random(7)
    for _ in range(300):
        bl = [(rng.randrange(-3, 4), rng.randrange(-3, 4)) for _ in range(rng.randrange(0, 8))]
        a = (rng.randrange(-4, 5), rng.randrange(-4, 5))
        b = (rng.randrange(-4, 5), rng.randrange(-4, 5))
        assert hx.sight(a, b, bl) == hx.sight(b, a, bl)


def _enters_by_separating_axes(a, b, h):
    # The textbook test, written out slowly: some axis among the hexagon's edge normals and the
    # segment's normal on which the segment's and the corners' projections overlap at most in
    # a point means the segment misses the open interior.
    poly = hx.corners(h)
    axes = [(1, 0), (1, 1), (1, -1)] + ([(a[1] - b[1], b[0] - a[0])] if a != b else [])
    for nx, ny in axes:
        seg = [p[0] * nx + p[1] * ny for p in (a, b)]
        hexa = [p[0] * nx + p[1] * ny for p in poly]
        if max(seg) <= min(hexa) or max(hexa) <= min(seg):
            return False
    return True


def test_a_segment_enters_a_hex_exactly_when_no_separating_axis_parts_them():
    # enters() writes the hexagon's spans out; every segment between integer points near a hex
    # (corners, centres, grazing lines and points alike) agrees with the slow separating-axis
    # test.
    points = [(x, y) for x in range(-4, 5) for y in range(-5, 6)]
    for h in [(0, 0), (1, -1), (-1, 1)]:
        for a in points:
            for b in points[::3]:
                assert hx.enters(a, b, h) == _enters_by_separating_axes(a, b, h), (a, b, h)
