"""The data file (every value marked verified or house; the verified facts of game-data.md),
the rules digest's files, state clones, the player's view, and the words for people."""
import tomllib
from pathlib import Path

import engine
from engine import state_hash
from engine.games.game_package import SeatNames
from node.words import summary

from .scenario import (DATA, GAME, SHOCKER, TOMBSTONE, act, both, new_game, own, place, roll)

PKG = Path(engine.__file__).resolve().parent / "games" / "spiderman_monopoly"


def marked_values(node, path=""):
    """Every {value, source} leaf of the TOML document, with its path."""
    if isinstance(node, dict):
        if "value" in node:
            yield path, node
            return
        for k, v in node.items():
            if k in ("index", "id", "deck"):
                continue
            yield from marked_values(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from marked_values(v, f"{path}[{i}]")
    else:
        raise AssertionError(f"{path} has no verified/house mark")


def test_every_data_value_is_marked_verified_or_house():
    doc = tomllib.loads((PKG / "data.toml").read_text())
    leaves = list(marked_values(doc))
    assert len(leaves) > 200
    for path, leaf in leaves:
        assert leaf["source"] in ("verified", "house"), path


def test_the_verified_facts_of_the_research_notes():
    assert (DATA.start_webs, DATA.go_webs, DATA.jail_fee) == (30, 2, 5)
    assert (DATA.tracers, DATA.bots, DATA.max_tracers) == (32, 12, 4)
    villains = [s for s in DATA.spaces if s.kind == "villain"]
    assert len(villains) == 22 and len({s.set for s in villains}) == 8
    assert [DATA.spaces[i].name for i in DATA.alliances] == ["Silver Sable", "Black Cat"]
    names = {s.name for s in villains}
    assert {"Tombstone", "Mr. Negative", "Morbius", "Lizard", "Doc Ock", "Shocker",
            "Electro"} <= names
    tomb = DATA.spaces[TOMBSTONE]
    assert (tomb.rents, tomb.tracer_cost, tomb.bot_cost) == ((1, 2, 3, 4, 5, 6, 10), 1, 1)
    assert len(DATA.deck("daily_bugle")) == len(DATA.deck("spider_sense")) == 15
    assert [h.id for h in DATA.heroes] == ["peter", "miles", "ghost", "silk", "ham", "2099"]


def test_the_rules_digest_covers_every_rules_file():
    names = [name for name, _ in GAME.digest_files()]
    game = "engine/games/spiderman_monopoly/"
    assert names == ["engine/__init__.py", "engine/agenda.py", "engine/canonical.py",
                     "engine/chance.py", "engine/core.py", "engine/games/decks.py",
                     "engine/games/family_bot.py", "engine/games/game_package.py",
                     "engine/games/gamedata.py", "engine/games/monopoly_family.py"] + [
        game + n for n in ("__init__.py", "bot.py", "data.py", "data.toml", "family.py",
                           "rules.py", "state.py")]
    assert all(p.exists() for _, p in GAME.digest_files())


def test_a_clone_is_equal_and_shares_nothing_mutable():
    s = new_game(3, seen_decks=False, setup=own(0, TOMBSTONE))
    c = s.clone()
    assert c == s and state_hash(c) == state_hash(s)
    c.players[0].cards.append("x")
    c.owners[1] = 2
    c.decks["daily_bugle"].put_bottom("x")
    c.decks["spider_sense"].unseen.pop()
    c.agenda.append(("x",))
    c.turn.offers = 2
    assert s.players[0].cards == [] and s.owners[1] == 0
    assert s.decks["daily_bugle"].returned == [] and len(s.decks["spider_sense"]) == 15
    assert s.turn.offers == 0 and ("x",) not in s.agenda


def test_the_view_shows_the_whole_state_as_the_decks_hold_no_hidden_order():
    s = new_game(3, seen_decks=False)
    v = GAME.view(s, 1)
    assert v["decks"]["daily_bugle"] == {"unseen": sorted(DATA.deck("daily_bugle")),
                                         "returned": []}
    assert v["players"][0]["webs"] == 30


def test_describe_move_words():
    s = new_game(3, setup=own(0, TOMBSTONE, 3))
    assert GAME.describe_move(s, ("tracer", TOMBSTONE)) == \
        "Attach a Spider-Tracer to Tombstone for 1 web"
    assert GAME.describe_move(s, ("roll",)) == "Roll both dice"
    s = roll(s, 2, 4)
    assert GAME.describe_move(s, ("buy",)) == "Buy Shocker for 3 webs"
    assert GAME.describe_move(s, ("auction",)) == "Don't buy Shocker: the bank auctions it"
    s = act(s, "auction")
    assert GAME.describe_move(s, ("bid", 2)) == "Bid 2 webs for Shocker"
    s = new_game(2, setup=place(0, 20))
    s = roll(s, 2, 3)
    assert GAME.describe_move(s, ("ride", 39)) == \
        "Ride the Subway to Green Goblin (unowned: price 10 webs; no GO, no Symbol on the way)"


def test_every_option_of_real_games_has_words():
    from engine.simulate import play
    seen = set()

    def look(s):
        p = GAME.pending(s)
        if isinstance(p, engine.Decision):
            for m in p.options[:3] + p.options[-3:]:
                text = GAME.describe_move(s, m)
                assert text and text != " ".join(str(x) for x in m), (p.prompt, m)
                seen.add(m[0])
            assert GAME.describe_state(s, p.player)
    play("spiderman-monopoly", 3, 3, ("random", "greedy", "random"), variants=["turn-limit"],
         max_steps=4000, on_step=look)
    assert {"roll", "buy", "bid", "pass", "end_turn"} <= seen


def test_describe_state_says_whose_turn_webs_places_holdings_and_the_symbol():
    s = new_game(2, setup=both(own(1, SHOCKER), place(1, 7),
                               lambda s: setattr(s, "symbol", 1)))
    lines = summary(s, 0, SeatNames(["Ann", "Bob"], 0))
    assert lines[0] == "Turn 1: Ann to play"
    assert lines[1] == "Symbol of Great Responsibility: Bob (Spider-Man (Miles Morales))"
    assert lines[2] == "Ann (you) Spider-Man (Peter Parker): 30 webs, on GO"
    assert lines[3] == "Bob Spider-Man (Miles Morales): 30 webs, on Daily Bugle; owns Shocker"
    assert lines[4] == "Bank supply: 32 Spider-Tracers, 12 Spider-Bots"


def test_an_illegal_move_is_explained_in_words():
    s = new_game(2, setup=own(0, TOMBSTONE, 3))
    p = GAME.pending(s)
    assert "complete colour set you own, evenly" in GAME.explain_illegal(s, p, ("tracer", SHOCKER))
    s = roll(s, 2, 4)
    s = act(s, "auction")
    p = GAME.pending(s)
    assert GAME.explain_illegal(s, p, ("bid", 99)) == (
        "a bid of 99 webs is not allowed: bids must beat the high bid and be at most your 30 webs")
    with_error = None
    try:
        GAME.apply(s, ("bid", 99))
    except engine.IllegalMove as e:
        with_error = str(e)
    assert with_error and with_error.startswith("a bid of 99 webs")


def test_options_and_titles_name_players_as_the_side_panel_does():
    names = SeatNames(["Ann", "Bob", "Cy"], 0)
    s = new_game(3)
    labels = GAME.describe_options(s, [("trade", 1), ("trade", 2)], names)
    assert labels == ["Propose a trade to Bob", "Propose a trade to Cy"]
    s = roll(s, 2, 4)
    title = GAME.decision_context(s, GAME.pending(s), names)["title"]
    assert title == "Shocker is for sale (3 webs): buy it or auction it"


def test_every_decision_met_in_games_has_a_title_in_words_not_its_task_id():
    from engine.simulate import play
    names = SeatNames(["Ann", "Bob", "Cy"], 0)

    seen = set()

    def look(s):
        p = GAME.pending(s)
        if isinstance(p, engine.Decision):
            seen.add(p.prompt)
            title = GAME.decision_context(s, p, names)["title"]
            assert not title.startswith("Your decision:"), title
    play("spiderman-monopoly", 3, 3, ("random", "greedy", "random"), variants=["turn-limit"],
         max_steps=4000, on_step=look)
    assert {"turn", "buy", "pick_hero"} <= seen, seen   # the check met real decisions
