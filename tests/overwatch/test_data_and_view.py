"""The game data file marks every value verified or house; view() hides what the rules hide."""
import tomllib

from engine.games.overwatch_monopoly.data import DATA_FILE

from .scenario import DATA, GAME, new_game


def test_every_value_in_the_data_file_is_marked_verified_or_house():
    doc = tomllib.loads(DATA_FILE.read_text("utf-8"))
    entries = [doc["meta"]] + doc["spaces"] + doc["characters"]
    for entry in entries:
        for key, value in entry.items():
            if key in ("index", "id"):
                continue
            assert isinstance(value, dict) and set(value) == {"value", "source"}, (key, value)
            assert value["source"] in ("verified", "house"), (key, value)


def test_the_verified_facts_are_as_the_research_page_gives_them():
    assert DATA.spaces[1].name == "Marketplace" and DATA.spaces[31].name == "King's Row"
    assert DATA.spaces[31].price == 5
    assert DATA.loot_boxes_by_players[2:] == (5, 7, 9)
    assert sorted(DATA.leaders()) == ["dva", "lucio", "mercy", "reaper", "tracer", "winston"]
    assert len(DATA.characters) == 27
    roles = [c.role for c in DATA.characters.values() if not c.leader]
    assert (roles.count("damage"), roles.count("tank"), roles.count("support")) == (13, 4, 4)


def test_view_hides_other_players_loot_boxes_and_the_deck():
    s = new_game(setup=lambda s: (s.players[0].loot.append(50), s.players[1].loot.append(20)))
    v = GAME.view(s, 0)
    assert v["players"][0]["loot"] == [50]      # your own cards: you may look at them
    assert v["players"][1]["loot"] == 1          # theirs: only how many
    assert v["loot_deck"] == 9
