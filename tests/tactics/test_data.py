"""House data (data.toml): every value marked, and the map the rules rely on."""
import dataclasses

import pytest

from engine.games.overwatch_tactics import data as D
from engine.games.overwatch_tactics.hexgrid import distance


def test_every_value_carries_a_source_mark():
    doc = D.gamedata.read(D.DATA_FILE)[1]
    def walk(t, where):
        for k, v in t.items():
            if k == "id":
                continue
            if isinstance(v, list) and v and isinstance(v[0], dict):
                for i, x in enumerate(v):
                    walk(x, f"{where}.{k}[{i}]")
            elif isinstance(v, dict) and "value" not in v:
                walk(v, f"{where}.{k}")
            else:
                assert isinstance(v, dict) and v["source"] in ("house", "verified"), f"{where}.{k}"
    walk(doc, "")


def test_map_has_levels_0_to_2_a_route_of_15_to_25_two_checkpoints_and_three_spawns():
    d = D.load()
    assert set(d.levels.values()) == {0, 1, 2}
    assert 15 <= len(d.route) <= 25
    assert all(distance(a, b) == 1 for a, b in zip(d.route, d.route[1:]))
    assert len(d.checkpoints) == 2 and len(d.defender_spawns) == 2
    assert not set(d.route) & set(d.attacker_spawn)


def test_tracer_pulse_pistols_and_blink_as_the_rulebook_gives_them():
    t = D.load().heroes["tracer"]
    pistols = t.weapons[0]
    assert (pistols.name, pistols.range, pistols.most, pistols.least) == ("Pulse Pistols", 4, 300, 50)
    assert list(pistols.grid) == sorted(pistols.grid, reverse=True)   # more the closer
    assert t.ability("blink").cooldown == 2


def test_nine_sheets_including_tracer_reaper_mercy_with_every_kind_of_effect():
    d = D.load()
    assert len(d.heroes) == 9 and {"tracer", "reaper", "mercy"} <= set(d.heroes)
    effects = {a.effect for h in d.heroes.values() for a in h.abilities}
    assert effects == set(D.EFFECTS)
    assert any(h.lifesteal for h in d.heroes.values()) and any(h.regeneration for h in d.heroes.values())
    assert all(sum(a.ultimate for a in h.abilities) == 1 for h in d.heroes.values())


def test_validation_refuses_a_broken_route_and_a_spawn_on_the_route():
    d = D.load()
    with pytest.raises(D.DataError, match="not adjacent"):
        D.validate(dataclasses.replace(d, route=d.route[:5] + ((0, 0),) + d.route[6:]))
    with pytest.raises(D.DataError, match="on the payload route"):
        D.validate(dataclasses.replace(d, attacker_spawn=d.attacker_spawn + (d.route[3],)))
    with pytest.raises(D.DataError, match="grid"):
        bad = dataclasses.replace(d.heroes["tracer"], weapons=(D.Weapon("x", 3, (1, 2)),))
        D.validate(dataclasses.replace(d, heroes={**d.heroes, "tracer": bad}))
