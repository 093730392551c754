"""Exact hex geometry: axial coordinates, distance, neighbours and line of sight in integers.

Hexes are pointy-top, addressed by axial (q, r) (Red Blob Games' convention, s = -q - r).
For straight lines the plane is mapped affinely so that every centre and corner is an integer
point: the centre of (q, r) is (X, Y) = (2q + r, 3r) and its corners are (X, Y±2) and (X±1, Y±1).
An affine map keeps lines straight and incidences (crossing, touching, grazing) where they are,
so every test below is a sign of an integer cross or dot product: no floats, no epsilon, and
every node decides every grazing case alike.

Line of sight (RULES.md, "Line of sight"):
- A segment is *blocked* by a blocking hex when it meets the hex's interior, or when it meets the
  edge two adjacent blocking hexes share (a line squeezing exactly between two blockers, through
  their common corner or along their common edge, has no gap to pass). Touching a single
  blocker's corner, or running along an edge of it whose other side is free, does not block.
- Full sight: the centre-to-centre segment is not blocked.
- Semi-blocked sight: not full, but some segment from a corner of the shooter's hex to a corner of
  the target's hex is not blocked.
- Otherwise: no sight.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

Hex = tuple[int, int]

# Axial directions in the order east, north-east, north-west, west, south-west, south-east.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Corner offsets from the centre in the integer plane, counter-clockwise in (X, Y) order
# (Y grows downwards on screen; the order only matters for being cyclic).
CORNERS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

FULL, SEMI, NONE = "full", "semi", "none"


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@lru_cache(maxsize=4096)   # pure, and asked for the same hexes all game long
def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


@lru_cache(maxsize=8192)   # pure, and asked for the same hexes all game long
def within(h: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex at distance <= radius of h, in (q, r) order."""
    q0, r0 = h
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append((q0 + dq, r0 + dr))
    out.sort()
    return tuple(out)


def rotate(h: Hex, turns: int) -> Hex:
    """h rotated by turns x 60 degrees about the origin."""
    q, r = h
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


def centre(h: Hex) -> tuple[int, int]:
    return 2 * h[0] + h[1], 3 * h[1]


@lru_cache(maxsize=4096)   # pure, and asked for the same hexes all game long
def corners(h: Hex) -> tuple[tuple[int, int], ...]:
    x, y = centre(h)
    return tuple((x + dx, y + dy) for dx, dy in CORNERS)


@lru_cache(maxsize=4096)   # pure, and asked for the same hexes all game long
def shared_edge(a: Hex, b: Hex) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two corners adjacent hexes a and b have in common."""
    common = [c for c in corners(a) if c in corners(b)]
    if len(common) != 2:
        raise ValueError(f"{a} and {b} are not adjacent")
    return common[0], common[1]


Point = tuple[int, int]


def enters(a: Point, b: Point, h: Hex) -> bool:
    """True when the closed segment ab meets the open interior of hexagon h.

    Separating axes: a convex polygon's interior and a segment are disjoint exactly when some
    line parallel to an edge of either separates them weakly (touching allowed). The hexagon's
    spans are written out: along its edge normals (1, 0), (1, 1), (1, -1) its corners reach
    1, 2 and 2 either side of the centre; along the segment's normal n, max(2|ny|, |nx|+|ny|).
    (Line of sight asks this of every segment and hex near it, the tactics bot thousands of
    times a decision.)"""
    x = 2 * h[0] + h[1]
    y = 3 * h[1]
    ax, ay = a
    bx, by = b
    if ax <= bx:
        if bx <= x - 1 or x + 1 <= ax:
            return False
    elif ax <= x - 1 or x + 1 <= bx:
        return False
    c, s1, s2 = x + y, ax + ay, bx + by
    if s1 <= s2:
        if s2 <= c - 2 or c + 2 <= s1:
            return False
    elif s1 <= c - 2 or c + 2 <= s2:
        return False
    c, s1, s2 = x - y, ax - ay, bx - by
    if s1 <= s2:
        if s2 <= c - 2 or c + 2 <= s1:
            return False
    elif s1 <= c - 2 or c + 2 <= s2:
        return False
    if a != b:
        nx, ny = ay - by, bx - ax
        d = ax * nx + ay * ny          # b projects to the same value: n is normal to ab
        c = x * nx + y * ny
        m = max(2 * abs(ny), abs(nx) + abs(ny))
        if d <= c - m or c + m <= d:
            return False
    return True


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when the closed segments ab and cd have a point in common."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and _on_segment(a, b, c)) or (o2 == 0 and _on_segment(a, b, d))
            or (o3 == 0 and _on_segment(c, d, a)) or (o4 == 0 and _on_segment(c, d, b)))


def _bbox_hexes(a: Point, b: Point, blockers: Iterable[Hex]) -> list[Hex]:
    # A hexagon reaches 1 unit sideways and 2 up/down from its centre: cheap rejection first.
    x0, x1 = min(a[0], b[0]) - 1, max(a[0], b[0]) + 1
    y0, y1 = min(a[1], b[1]) - 2, max(a[1], b[1]) + 2
    out = []
    for h in blockers:
        x, y = 2 * h[0] + h[1], 3 * h[1]
        if x0 <= x + 1 and x - 1 <= x1 and y0 <= y + 2 and y - 2 <= y1:
            out.append(h)
    return out


def blocked(a: Point, b: Point, blockers: Iterable[Hex]) -> bool:
    """Whether the segment ab is blocked by the blocking hexes (see the module docstring)."""
    near = _bbox_hexes(a, b, blockers)
    for h in near:
        if enters(a, b, h):
            return True
    nearset = frozenset(near)  # membership only; never iterated
    for h in near:
        for n in neighbours(h):
            if n in nearset and h < n:
                c, d = shared_edge(h, n)
                if segments_meet(a, b, c, d):
                    return True
    return False


def near_box(shooter: Hex, target: Hex) -> tuple[int, int, int, int]:
    """(x0, x1, y0, y1): a hex whose centre lies outside this box meets none of the segments
    `sight` asks between the two hexes' centres and corners (a hexagon reaches 1 sideways and 2
    up or down from its centre, a corner as far from its own centre)."""
    (sx, sy), (tx, ty) = centre(shooter), centre(target)
    return min(sx, tx) - 3, max(sx, tx) + 3, min(sy, ty) - 6, max(sy, ty) + 6


def near(shooter: Hex, target: Hex, blockers: Iterable[Hex]) -> list[Hex]:
    """The blockers that can block a line between the two hexes (inside `near_box`), the two
    hexes themselves left out: what `sight` decides by."""
    x0, x1, y0, y1 = near_box(shooter, target)
    return [h for h in blockers if h != shooter and h != target
            and x0 <= 2 * h[0] + h[1] <= x1 and y0 <= 3 * h[1] <= y1]


def sight(shooter: Hex, target: Hex, blockers: Iterable[Hex]) -> str:
    """FULL, SEMI or NONE from shooter to target; shooter and target never block themselves."""
    return sight_near(shooter, target, near(shooter, target, blockers))


# sight_near's answers: line of sight is asked again and again for the same few hexes (the
# tactics bot scores every option by it, the search bot replays whole turns). The answer is a
# pure function of the key, so the memo changes no answer; it is emptied when it grows large.
_SIGHT_MEMO: dict[tuple, str] = {}
SIGHT_MEMO_MAX = 200_000


def sight_near(shooter: Hex, target: Hex, near_blockers: Iterable[Hex]) -> str:
    """`sight` given the blockers `near` keeps (any that lie outside its box are ignored;
    order and repeats do not matter)."""
    key = (shooter, target, frozenset(near_blockers))
    got = _SIGHT_MEMO.get(key)
    if got is not None:
        return got
    if len(_SIGHT_MEMO) >= SIGHT_MEMO_MAX:
        _SIGHT_MEMO.clear()
    got = _SIGHT_MEMO[key] = _sight(shooter, target, key[2])
    return got


def _sight(shooter: Hex, target: Hex, bl: Iterable[Hex]) -> str:
    bl = list(bl)
    if not blocked(centre(shooter), centre(target), bl):
        return FULL
    for c1 in corners(shooter):
        for c2 in corners(target):
            if not blocked(c1, c2, bl):
                return SEMI
    return NONE
