"""Every player's actions told in the hex game (Overwatch: The Board Game): whole seeded bot
games are played, and
- every entry (each terrain piece, the deal of the sheets, each sealed draft round, each move
  of either side, the end of its activations included) has at least one sentence;
- every change the hex map shows between two views has a sentence that explains it in that
  step: a hero's HP (hit by whom, or healed), its place (placed, moved, back at its spawn),
  its defeat, an ability used (a cube taken) and the boost it gives, an overwatch set and an
  overwatch shot (who shot whom), a barrier up or gone, the payload's move, the terrain, the
  draft's picks, the sheets dealt, the spawn point, the round, whose turn it is and the end.

The sentences are node.words.told's for each entry, as seat 0 is told them (the control API's
`said`, the history pane's lines and `replay`'s narration: one set of words); the changes are
derived from consecutive views. `COUNTS` keeps how many were checked, for the issue's closing
note (printed with `pytest -s`)."""
from __future__ import annotations

import collections
import functools

import engine
from engine.canonical import to_data
from engine.simulate import play, replay_step
from node.told import Record
from node.words import SeatNames, told

GAME = "overwatch-tactics"
NAMES = ["Ann", "Bob"]
SIDES = ("attack", "defence")
SEEDS = range(1, 9)
COUNTS: dict[str, int] = {}


def _cell(h) -> str:
    """A hex as the sentences name it: "column 3, row 6" (the odd-r column of data.toml)."""
    q, r = h
    return f"column {q + (r - (r & 1)) // 2}, row {r}"


@functools.lru_cache(maxsize=None)
def _told_steps() -> tuple:
    """Every step of the whole bot games: (seed, step, kind, move or None, view before, view
    after, the step's sentences)."""
    game = engine.get_game(GAME)
    names = SeatNames(NAMES)
    out = []
    for seed in SEEDS:
        sim = play(GAME, 2, seed, keep_history=True)
        state = game.new(2, ())
        for step, (kind, value) in enumerate(sim.history):
            after = replay_step(game, state, kind, value)
            move = list(value) if kind == "move" else None
            said = told([Record(step + 1, kind, state, after, move)], 0, names, 2)
            out.append((seed, step, kind, move, to_data(engine.view(state, 0)),
                        to_data(engine.view(after, 0)), said or []))
            state = after
    return tuple(out)


def _changes(before: dict, after: dict) -> list[tuple[str, ...]]:
    """What a step changed on the map, each as the words its sentence must hold together."""
    g = engine.get_game(GAME)
    name = {hid: sh.name for hid, sh in g.data.heroes.items()}
    out: list[tuple[str, ...]] = []
    if after["round"] != before["round"]:
        out.append((f"Round {after['round']} of",))
    if before["phase"] == "deal" and after["phase"] == "draft":
        out.append(("dealt", *(name[x] for p in after["players"] for x in p["hand"])))
    for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
        out += [(f"{NAMES[seat]} ({SIDES[seat]}) drafted", name[x])
                for x in pa["roster"][len(pb["roster"]):]]
    for p in after["pieces"][len(before["pieces"]):]:
        out.append((g.data.terrain[p[0]].name, _cell((p[1], p[2]))))
    if after["spawn"] != before["spawn"]:
        out.append((f"spawn point {after['spawn'] + 1}",))
    was = {h["id"]: h for h in before["heroes"]}
    for h in after["heroes"]:
        o = was.get(h["id"])
        if o is None:   # drafted in this step: the pick is told above
            continue
        who = f"{name[h['id']]} ({SIDES[h['side']]})"
        at = _cell((h["q"], h["r"]))
        if h["placed"] and (not o["placed"] or (h["q"], h["r"]) != (o["q"], o["r"])):
            out.append((who, at))
        if h["defeats"] > o["defeats"]:
            out.append((who, "is defeated"))
        elif h["hp"] < o["hp"]:   # an overwatch shot names its target without the side
            out.append((name[h["id"]], f"for {o['hp'] - h['hp']}"))
        elif h["hp"] > o["hp"] and o["placed"] and h["placed"]:
            out.append((who, f"healed {h['hp'] - o['hp']}"))
        out += [(who, "used", ab.name) for ab, c, c0 in
                zip(g.data.heroes[h["id"]].abilities, h["cubes"], o["cubes"]) if c > c0]
        if h["overwatch"] and not o["overwatch"]:
            out.append((who, "overwatch"))
        out += [("Overwatch:", name[h["id"]], f"shot {name[t]}") for t in h["shot"]
                if t not in o["shot"]]
        if h["boost"] != o["boost"]:
            out.append((who, "boost" if not h["boost"] else f"+{h['boost']} damage"))
    for bar in after["barriers"]:
        if bar not in before["barriers"]:
            out.append(("barrier", _cell((bar[0], bar[1]))))
    for bar in before["barriers"]:
        if bar not in after["barriers"]:
            out.append(("barrier", _cell((bar[0], bar[1])), "gone"))
    if after["payload"] != before["payload"]:
        out.append(("The payload moved", f"{after['payload'] + 1} of {len(g.data.route)}"))
    if after["phase"] == "act" and (after["turns"] != before["turns"] or before["phase"] != "act"):
        out.append((f"{NAMES[after['active']]} ({SIDES[after['active']]}) to act",))
    if after["phase"] == "over" and before["phase"] != "over":
        out.append((f"The {SIDES[after['winner']]} wins",))
    return out


def test_every_entry_of_the_hex_game_is_told():
    """No entry passes in silence: the deal of the sheets and an end of activations that
    changes nothing else included."""
    silent = collections.Counter()
    steps = _told_steps()
    for seed, step, kind, move, _, _, said in steps:
        if not said:
            silent[(kind, move[0] if move else "")] += 1
    COUNTS["entries"] = len(steps)
    print(f"{GAME}: {len(steps)} entries, {len(steps) - sum(silent.values())} told")
    assert len(steps) > 1000
    assert not silent, silent


def test_every_change_on_the_hex_map_is_told_in_its_step():
    checked, missing, kinds = 0, [], collections.Counter()
    for seed, step, _, _, before, after, said in _told_steps():
        for change in _changes(before, after):
            checked += 1
            kinds[change[1] if change[0].endswith(")") else change[0]] += 1
            if not any(all(word in line for word in change) for line in said):
                missing.append((seed, step, change, said))
    COUNTS["changes"] = checked
    print(f"{GAME}: {checked} changes checked, {checked - len(missing)} explained")
    assert checked > 1000
    assert not missing, missing[:5]


def test_every_kind_of_change_on_the_hex_map_is_among_those_checked():
    """The games played reach every kind of change the sentences must explain, so a kind
    that no game reached cannot pass unnoticed: hits, defeats, heals, overwatch shots,
    abilities, boosts, barriers, the payload both ways."""
    text = [" ".join(change) for seed, step, _, _, b, a, _ in _told_steps()
            for change in _changes(b, a)]
    for kind in ("is defeated", " for ", "healed", "Overwatch:", " used ", "damage",
                 "boost", "barrier", "gone", "The payload moved", "Round ", "wins"):
        assert any(kind in t for t in text), kind


def test_an_ability_is_told_before_what_it_did_to_any_hero():
    """Ana's Nano Boost on Reinhardt was told "Reinhardt (defence) does +150 damage ..." before
    "Ana (defence) used Nano Boost." (heroes in draft order): the ability used comes first."""
    effects = 0
    for seed, step, _, _, _, _, said in _told_steps():
        used = [k for k, line in enumerate(said) if " used " in line]
        after = [k for k, line in enumerate(said) if "damage with its main weapon" in line
                 or " moved to " in line or " healed " in line]
        if used and after:
            effects += 1
            assert max(used) < min(after), (seed, step, said)
    assert effects > 20
