"""What the hex screen shows of the board (words_board) is what the rules do, checked by playing
the moves in many states of seeded games on the real map (random and tactical bots, so levels,
terrain, overwatch tokens, boosts and semi-blocked sight all occur): a hero's reach is where its
step options lead in as many steps; the watchers named on a reachable hex are exactly those whose
overwatch fires when the hero steps onto it; a target's damage, and the reason given for it, are
what the attack deals; an area ability's option names whom it hits and heals. A rule copied
into the words that drifts from the rules fails here.

The states are a function of the seeds (the bots draw from seeded streams), so every run checks
the same ones."""
from __future__ import annotations

import functools

from engine.core import Decision
from engine.games.overwatch_tactics import rules
from engine.games.overwatch_tactics import words_board as wb
from engine.simulate import play as play_game
from tests.tactics.scenario import GAME

GAMES = [(("random", "random"), seed) for seed in (1, 2, 3)] + \
        [(("greedy", "random"), 4), (("random", "greedy"), 5)]
EVERY = 15          # one step-3 state in EVERY is checked by playing every shown figure
AREA_EVERY = 3      # applying an area ability costs less: one in AREA_EVERY for those


@functools.lru_cache(maxsize=1)
def _played() -> tuple:
    """The step-3 states of the seeded games, in the games' order."""
    out: list = []
    for bots, seed in GAMES:
        play_game("overwatch-tactics", 2, seed, bots,
                  on_step=lambda s: out.append(s) if s.phase == "act" else None)
    return tuple(out)


def _states() -> tuple:
    return _played()[EVERY - 1::EVERY]


def _options(s) -> tuple:
    p = GAME.pending(s)
    assert isinstance(p, Decision)
    return p.options


def _acting(s) -> list:
    return [h for h in s.heroes if h.side == s.active and h.placed and not h.overwatch]


def _without_watchers(s):
    """s with the enemies' overwatch tokens off: no shot stops a walk, and a token changes no
    step option, so this state's steps are the hero's steps in s."""
    c = s.clone()
    for w in c.heroes:
        if w.side != c.active:
            w.overwatch = False
    return c


def _walk(s, hid: str) -> dict:
    """{hex: (fewest steps, the state after walking there)} over the hero's own step options,
    applied one by one: the rules' reach, breadth first."""
    walked = {s.hero(hid).at: (0, s)}
    frontier = [s]
    while frontier:
        nxt = []
        for st in frontier:
            for o in _options(st):
                if o[0] == "step" and o[1] == hid and (o[2], o[3]) not in walked:
                    after = GAME.apply(st, o)
                    walked[(o[2], o[3])] = (walked[st.hero(hid).at][0] + 1, after)
                    nxt.append(after)
        frontier = nxt
    return walked


@functools.lru_cache(maxsize=1)
def _walks() -> tuple:
    """Per state of _states(): (what the screen shows of each hero by id, {hero id: _walk of
    it without watchers} for each hero that may act)."""
    out = []
    for s in _states():
        shown = {x["id"]: x for x in wb.board(GAME, s, s.active)["heroes"]}
        free = _without_watchers(s)
        out.append((shown, {h.id: _walk(free, h.id) for h in _acting(s)}))
    return tuple(out)


AXIAL = {tuple(wb.cell(h)): h for h in GAME.data.hexes}


def test_the_states_checked_hold_what_the_checks_need():
    states = _states()
    assert len(states) >= 40
    assert sum(any(w.overwatch and w.side != s.active for w in s.heroes) for s in states) >= 20
    assert any(h.boost for s in states for h in _acting(s))


def test_a_heros_shown_reach_is_where_its_step_options_lead_in_as_many_steps():
    checked = 0
    for s, (board, walks) in zip(_states(), _walks()):
        for h in _acting(s):
            walked = walks[h.id]
            shown = {AXIAL[tuple(x["cell"])]: x for x in board[h.id]["reach"]}
            assert {at: x["steps"] for at, x in shown.items()} == \
                {at: n for at, (n, _) in walked.items() if n}, (s.steps, h.id)
            for at, x in shown.items():   # each shown path is legal steps, one hex at a time
                before = AXIAL[tuple(x["path"][-2])] if len(x["path"]) > 1 else h.at
                assert ("step", h.id, *at) in _options(walked[before][1]), (s.steps, h.id, at)
            checked += len(shown)
    assert checked >= 1000


def test_the_watchers_named_on_a_reachable_hex_are_exactly_those_whose_overwatch_fires_there():
    fired_somewhere = watched_nowhere = 0
    for s, (board, walks) in zip(_states(), _walks()):
        for h in _acting(s):
            walked = walks[h.id]
            for x in board[h.id]["reach"]:
                at = AXIAL[tuple(x["cell"])]
                before = AXIAL[tuple(x["path"][-2])] if len(x["path"]) > 1 else h.at
                # one step short of the hex, with the tokens as they are in s (no shot spent on
                # the way): the step onto it fires exactly the overwatch of the hex itself
                t = walked[before][1].clone()
                for mine, theirs in zip(t.heroes, s.heroes):
                    mine.overwatch, mine.shot = theirs.overwatch, list(theirs.shot)
                after = GAME.apply(t, ("step", h.id, *at))
                fired = [w.id for w, was in zip(after.heroes, t.heroes)
                         if len(w.shot) > len(was.shot)]
                named = x["watched_by"]
                if after.hero(h.id).placed:
                    assert fired == named, (s.steps, h.id, at)
                else:                     # a defeat stops the shots that would follow it
                    assert fired and fired == named[:len(fired)], (s.steps, h.id, at)
                fired_somewhere += bool(fired)
                watched_nowhere += not named
    assert fired_somewhere >= 100 and watched_nowhere >= 100


# Each reason the words give for a damage figure, by its opening words: the sight it needs, how
# the shooter's level stands to the target's (as the board's levels show them), and the figure
# of the weapon it names.
REASONS = {
    "semi-blocked sight": ("semi", None, "least"),
    "full sight but lower": ("full", -1, "least"),
    "higher with full sight": ("full", 1, "most"),
    "full sight, same level": ("full", 0, "grid"),
}


def test_a_targets_shown_damage_and_its_reason_are_what_the_attack_deals():
    met = set()
    cells = [tuple(c) for c in wb.glossary(GAME)["map"]["cells"]]
    for s in _states():
        shown_board = wb.board(GAME, s, s.active)
        level = dict(zip(cells, shown_board["levels"]))
        for h in _acting(s):
            if h.attacked:
                continue
            shown = next(x for x in shown_board["heroes"] if x["id"] == h.id)
            targets = shown["targets"]
            attacks = [o for o in _options(s) if o[0] == "attack" and o[1] == h.id]
            assert [("attack", h.id, x["weapon"], x["hero"]) for x in targets] == attacks
            for x in targets:
                after = GAME.apply(s, ("attack", h.id, x["weapon"], x["hero"]))
                lost = s.hero(x["hero"]).hp - after.hero(x["hero"]).hp
                assert lost == min(x["damage"], s.hero(x["hero"]).hp), (s.steps, h.id, x)
                opening = next(k for k in REASONS if x["why"].startswith(k))
                sight, above, figure = REASONS[opening]
                weapon = GAME.sheet(h).weapons[x["weapon"]]
                base = (weapon.grid[x["distance"] - 1] if figure == "grid"
                        else getattr(weapon, figure))
                assert x["damage"] == base + h.boost, (s.steps, h.id, x)
                assert x["sight"] == sight, (s.steps, h.id, x)
                if above is not None:
                    mine, theirs = level[tuple(shown["cell"])], level[tuple(x["cell"])]
                    assert (mine > theirs) - (mine < theirs) == above, (s.steps, h.id, x)
                if figure == "grid":
                    assert x["why"].endswith(f"distance {x['distance']}"
                                             + (f", +{h.boost} boost" if h.boost else ""))
                assert x["why"].endswith(f", +{h.boost} boost") == bool(h.boost)
                met.add(opening)
    assert met == set(REASONS)


def test_every_damage_case_of_the_rules_has_its_reason_in_words():
    assert set(wb.DAMAGE_WHY) == set(rules.DAMAGE_CASES)
    assert {next(k for k in REASONS if why.startswith(k)) for why in wb.DAMAGE_WHY.values()} \
        == set(REASONS)


def test_an_area_abilitys_option_names_whom_the_ability_hits_and_heals():
    names = {sh.name: hid for hid, sh in GAME.data.heroes.items()}
    hits = heals = 0
    for s in _played()[::AREA_EVERY]:
        for o in _options(s):
            if o[0] != "ability" or GAME.sheet(s.hero(o[1])).ability(o[2]).effect != "area":
                continue
            said = GAME.describe_move(s, o).rsplit("from the payload): ", 1)[1]
            if said == "reaches nobody":
                continue
            told = [part.split(" ", 1) for part in said.split("; ")]
            after = GAME.apply(s, o)
            lost = [h.id for h, was in zip(after.heroes, s.heroes) if h.hp < was.hp]
            gained = [h.id for h, was in zip(after.heroes, s.heroes) if h.hp > was.hp]
            assert [names[n] for verb, n in told if verb == "hits"] == lost, (s.steps, o)
            healed = [names[n] for verb, n in told if verb == "heals"]
            assert set(gained) <= set(healed), (s.steps, o)
            assert all(s.hero(hid).hp == GAME.sheet(s.hero(hid)).hp
                       for hid in healed if hid not in gained), (s.steps, o)
            hits += bool(lost)
            heals += bool(gained)
    assert hits >= 50 and heals >= 20, (hits, heals)
