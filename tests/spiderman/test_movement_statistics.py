"""Movement statistics: where turns end, simulated through the engine, against the exact
stationary distribution of the movement rules computed here as a Markov chain.

The rules modelled (independently of the engine's code): two dice; doubles roll again; a third
double in a row goes to jail without moving; Go to Jail; the Spider-Sense and Daily Bugle cards
that move you (advance to a space, to the nearest Subway / alliance, back 3, go to jail) and
chains of them (back 3 onto Go to Jail); jail with a fixed policy: always try for doubles; after
the third failed turn pay and roll again as a normal turn; doubles out of jail move you and end
the turn. The Subway is always declined (a fixed policy too).

Cards kept until used (Get Out of Jail Free, the Daily Bugle schemes) are never used by the
policy, so once each has been drawn the decks are the 14 Spider-Sense and 10 Daily Bugle cards
that are done at once. The chain draws each of those with equal probability; counting starts
once every kept card is out of the decks.
"""
from __future__ import annotations

from engine import Chance
from engine.simulate import chance_seed

from .scenario import DATA, GAME

N = DATA.board_size
JAIL_SPACE = DATA.jail_space
GO_TO_JAIL = DATA.of_kind("go_to_jail")[0]
KINDS = [sp.kind for sp in DATA.spaces]
DECKS = {deck: [DATA.cards[c].effect for c in DATA.deck(deck)
                if not DATA.cards[c].effect[0].startswith("keep_")]
         for deck in ("spider_sense", "daily_bugle")}
JAILED = "jail"


# ---------------------------------------------------------------- the chain
def landing(y: int) -> dict:
    """Where a token that comes to rest on y ends up: {space or JAILED: probability}."""
    if y == GO_TO_JAIL:
        return {JAILED: 1.0}
    if KINDS[y] not in DECKS:
        return {y: 1.0}
    cards = DECKS[KINDS[y]]
    out: dict = {}
    for eff in cards:
        kind = eff[0]
        if kind == "advance":
            sub = landing(eff[1])
        elif kind == "nearest":
            sub = landing(next((y + k) % N for k in range(1, N + 1)
                               if KINDS[(y + k) % N] == eff[1]))
        elif kind == "back":
            sub = landing((y - eff[1]) % N)
        elif kind == "jail":
            sub = {JAILED: 1.0}
        else:
            sub = {y: 1.0}
        for k, v in sub.items():
            out[k] = out.get(k, 0.0) + v / len(cards)
    return out


def add(out: dict, key, p: float) -> None:
    out[key] = out.get(key, 0.0) + p


def free_turn(x: int, doubles: int = 0) -> dict:
    """A turn (or its rest after `doubles` doubles) from space x: {end state: probability}."""
    out: dict = {}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            p = 1 / 36
            if d1 == d2 and doubles == 2:
                add(out, ("jail", 0), p)
                continue
            for dest, q in landing((x + d1 + d2) % N).items():
                if dest == JAILED:
                    add(out, ("jail", 0), p * q)
                elif d1 == d2:
                    for k, v in free_turn(dest, doubles + 1).items():
                        add(out, k, p * q * v)
                else:
                    add(out, ("free", dest), p * q)
    return out


def jail_turn(failed: int) -> dict:
    out: dict = {}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            p = 1 / 36
            if d1 == d2:
                for dest, q in landing((JAIL_SPACE + d1 + d2) % N).items():
                    add(out, ("jail", 0) if dest == JAILED else ("free", dest), p * q)
            elif failed + 1 == DATA.jail_turns:
                for k, v in free_turn(JAIL_SPACE).items():
                    add(out, k, p * v)
            else:
                add(out, ("jail", failed + 1), p)
    return out


STATES = [("free", x) for x in range(N) if x != GO_TO_JAIL] + \
         [("jail", f) for f in range(DATA.jail_turns)]


def chain() -> dict:
    return {st: free_turn(st[1]) if st[0] == "free" else jail_turn(st[1]) for st in STATES}


def step(dist: dict, rows: dict) -> dict:
    new = dict.fromkeys(STATES, 0.0)
    for st, p in dist.items():
        if p:
            for k, v in rows[st].items():
                new[k] += p * v
    return new


def stationary(rows: dict) -> dict:
    pi = dict.fromkeys(STATES, 1 / len(STATES))
    for _ in range(400):
        pi = step(pi, rows)
    assert abs(sum(pi.values()) - 1) < 1e-9
    assert max(abs(a - b) for a, b in zip(pi.values(), step(pi, rows).values())) < 1e-12
    return pi


def asymptotic_variance(rows: dict, pi: dict, group: tuple, lags: int = 40) -> float:
    """Var of the frequency of the states in `group` over n turns is about this / n (Markov
    chain CLT: p(1-p) + 2 sum over lags k of (P(in group now and k turns later) - p^2))."""
    p = sum(pi[st] for st in group)
    var = p * (1 - p)
    dist = {st: (pi[st] if st in group else 0.0) for st in STATES}
    for _ in range(lags):
        dist = step(dist, rows)
        var += 2 * (sum(dist[st] for st in group) - p * p)
    return var


# ---------------------------------------------------------------- the engine
PREFERENCE = ("roll_jail", "roll", "end_turn", "stay", "keep", "take")
KEPT = sum(1 for c in DATA.cards.values() if c.effect[0].startswith("keep_"))


def simulate(turns: int, seed: int) -> tuple[dict, dict]:
    """Where `turns` turns end (counts per state), and how often each state led to each other
    (a token moves only on its own turn: its turn starts where its previous turn ended)."""
    s = GAME.new(2)
    steps = 0
    while not (s.agenda and s.agenda[-1][0] in ("turn", "dice")):  # the set-up
        p = GAME.pending(s)
        s = GAME.resolve(s, chance_seed(seed, steps)) if isinstance(p, Chance) \
            else GAME.apply(s, p.options[0])
        steps += 1
    s = s.clone()
    for p in s.players:
        p.webs = 10 ** 9          # money never matters here
    s.tracers = s.bots = 0        # nothing to build: fewer decisions, same movement
    GAME._settle(s)
    counts: dict = {}
    moves: dict = {}
    last: dict = {}
    counted = 0
    while counted < turns:
        p = GAME.pending(s)
        mover, before = s.turn.player, s.turns
        if isinstance(p, Chance):
            s = GAME.resolve(s, chance_seed(seed, steps))
        else:
            s = GAME.apply(s, next((o for k in PREFERENCE for o in p.options if o[0] == k),
                                   p.options[0]))
        steps += 1
        if s.turns != before and sum(len(q.cards) for q in s.players) == KEPT:
            q = s.players[mover]
            key = ("jail", q.jail_turns) if q.jailed else ("free", q.pos)
            counts[key] = counts.get(key, 0) + 1
            if mover in last:
                moves[(last[mover], key)] = moves.get((last[mover], key), 0) + 1
            last[mover] = key
            counted += 1
    return counts, moves


def test_where_turns_end_matches_the_stationary_distribution_of_the_movement_rules():
    rows = chain()
    for st, row in rows.items():
        assert abs(sum(row.values()) - 1) < 1e-12, st
    pi = stationary(rows)
    turns = 36_000
    counts, moves = simulate(turns, seed=7)
    assert sum(counts.values()) == turns
    assert counts.get(("free", GO_TO_JAIL), 0) == 0    # nobody ever ends a turn there
    # Tolerance per state: 4.5 standard deviations of the sampling error (from the chain's
    # own asymptotic variance; the two tokens are treated as independent, 36 000 turns in
    # all) plus 5e-4 for the one thing the chain does not model: decks are cycled, not drawn
    # with replacement. An independent fast simulation of these rules with cycled decks
    # (two tokens, 20 shuffles x 200 000 turns) put that bias at most 2.2e-4 on any state.
    # The same test for all jail states together (about 13.7% of turn ends).
    groups = [(st,) for st in STATES] + [tuple(("jail", f) for f in range(DATA.jail_turns))]
    worst = []
    for group in groups:
        observed = sum(counts.get(st, 0) for st in group) / turns
        expected = sum(pi[st] for st in group)
        sd = (asymptotic_variance(rows, pi, group) / turns) ** 0.5
        tolerance = 4.5 * sd + 5e-4
        worst.append((abs(observed - expected) / tolerance, group, observed, expected))
    worst.sort(reverse=True)
    assert worst[0][0] <= 1, worst[:3]

    # A sharper check of one transition: how often a turn that starts free ends in jail (Go to
    # Jail, the two jail cards, back 3 onto Go to Jail, a third double). Given the states the
    # turns start from, turns are independent trials: binomial variance; one statistic, so 4
    # standard deviations (a correct engine fails with probability about 6e-5; the
    # deck-cycling bias is far smaller). This detects a missing jail card (7.5 sd here), not
    # reliably a missing third-double rule (3.8 sd), which test_setup_and_turn plays exactly.
    trials = expected = variance = observed = 0.0
    for (start, end), n in moves.items():
        if start[0] == "free":
            trials += n
            observed += n if end == ("jail", 0) else 0
    for start in STATES:
        if start[0] != "free":
            continue
        n = sum(k for (a, _), k in moves.items() if a == start)
        p = rows[start].get(("jail", 0), 0.0)
        expected += n * p
        variance += n * p * (1 - p)
    assert trials > 30_000
    assert abs(observed - expected) <= 4 * variance ** 0.5, (observed, expected, variance)
