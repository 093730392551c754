"""The data file's verified/house marks and facts, the game's registration and rules files, the
words a generic interface shows (describe_move, describe_state), and the state's clone()."""
import dataclasses
import tomllib
from pathlib import Path

import engine
from engine.core import Decision
from engine.games.game_package import SeatNames
from engine.games.mario_monopoly.data import DATA_FILE
from engine.simulate import play
from node.words import summary

from .scenario import DATA, GAME, act, new_game, place, turn_roll


def test_every_value_in_the_data_file_is_marked_verified_or_house():
    doc = tomllib.loads(DATA_FILE.read_text("utf-8"))
    entries = [doc["meta"], doc["numbers"]] + doc["spaces"] + doc["bosses"] + doc["characters"]
    for entry in entries:
        for key, value in entry.items():
            if key in ("index", "id", "number"):
                continue
            assert isinstance(value, dict) and set(value) == {"value", "source"}, (key, value)
            assert value["source"] in ("verified", "house"), (key, value)


def test_the_verified_facts_are_as_the_research_page_gives_them():
    props = [s for s in DATA.spaces if s.kind == "property"]
    assert [s.index for s in props] == list(range(1, 32, 2))
    assert [s.name for s in props[:2]] == ["Acorn Plains", "Yoshi's Hill"]
    assert [s.name for s in props[-2:]] == ["Peach's Castle", "Bowser's Castle"]
    assert [DATA.spaces[i].kind for i in (0, 8, 24)] == ["go", "jail", "go_to_jail"]
    assert DATA.kind_spaces("pipe") == (2, 10, 18, 26) and DATA.kind_spaces("star") == (6, 14, 22, 30)
    assert DATA.kind_spaces("thwomp") == (12, 28) and DATA.kind_spaces("coin") == (4, 20)
    # the family ladder: prices 1 1 2 2 3 3 4 5, rent = price, points = 10 x price
    assert [DATA.spaces[i].price for i in range(1, 32, 4)] == [1, 1, 2, 2, 3, 3, 4, 5]
    assert all(s.rent == s.price and s.points == 10 * s.price for s in props)
    assert DATA.bosses[8].name == "Bowser" and DATA.bosses[8].points == 100
    assert (DATA.start_coins, DATA.go_coins, DATA.jail_fee, DATA.coins_in_box) == (10, 2, 5, 250)


def test_the_game_is_registered_and_its_rules_files_include_the_shared_ones():
    assert "mario-monopoly" in engine.game_ids()
    names = [p.name for p in GAME.rules_files()]
    assert names == ["__init__.py", "bot.py", "data.py", "data.toml", "rules.py", "state.py",
                     "monopoly_family.py", "gamedata.py", "family_bot.py", "game_package.py"]
    assert all(Path(p).exists() for p in GAME.rules_files())
    assert GAME.digest() != engine.get_game("overwatch-monopoly").digest()


def test_describe_move_names_the_property_and_its_price():
    s = new_game(setup=lambda s: place(s, f1=20, f2=20, f3=20))
    s = act(turn_roll(s, 5, "blooper"), "move")
    assert GAME.describe_move(s, ("buy",)) == "Buy Layer-Cake Desert for 1 coin"
    assert GAME.describe_move(s, ("auction",)) == "Auction Layer-Cake Desert, starting with you"


NAMES = SeatNames(["Ann", "Bob", "Cy", "Dee"], 0)


def test_a_forced_sale_and_a_trade_read_in_coins_with_the_buyers_characters():
    # the family's shared words (family_words.shared_option) in Mario's currency and names,
    # on the decisions that offer them: a turn (trades) and a forced sale
    s = new_game(setup=lambda s: place(s, f1=20, f2=20, f3=20))
    bob = GAME.describe_move(s, ("trade", 1), NAMES)
    assert bob.startswith("Propose a trade to Bob (") and bob.endswith(")")

    def short_of_rent(s):
        place(s, f0=5, f1=20, f2=20, f3=20)
        s.owners[9], s.owners[29] = 1, 0    # Bob's rent 2 ahead; Ann's property, price 5
        s.players[0].coins = 1
        s.bank += 9
    s = act(turn_roll(new_game(setup=short_of_rent), 4, "blooper"), "move")
    sale = GAME.pending(s)
    assert sale.prompt == "sell" and ("sell_bank", 29) in sale.options
    name = DATA.spaces[29].name
    assert GAME.describe_move(s, ("sell_bank", 29), NAMES) == f"Sell {name} to the bank for 5 coins"
    offer = next(o for o in sale.options if o[0] == "sell_to")
    buyer = GAME.describe_move(s, ("trade", offer[2]), NAMES)[len("Propose a trade to "):]
    coins = f"{offer[3]} coin{'s' if offer[3] != 1 else ''}"
    assert GAME.describe_move(s, offer, NAMES) == f"Offer {name} to {buyer} for {coins}"


def test_describe_move_gives_the_boosted_amounts():
    s = turn_roll(new_game(("peach", "mario", "yoshi", "donkey_kong"),
                           setup=lambda s: place(s, f1=9)), 2, "red_shell")
    assert GAME.describe_move(s, ("power", 1), NAMES) == \
        "Red Shell: Bob's Mario on Sparkling Waters drops 4 coins on their space"


def test_options_name_players_as_the_side_panel_does_not_by_seat_number():
    s = turn_roll(new_game(("peach", "mario", "yoshi", "donkey_kong")), 2, "red_shell")
    labels = GAME.describe_options(s, GAME.pending(s).options, NAMES)
    assert "Red Shell: Bob's Mario on GO drops 4 coins on their space" in labels
    assert not [label for label in labels if "P2" in label or "player 2" in label]


def test_the_move_option_says_from_where_to_where_in_plural_words():
    s = turn_roll(new_game(setup=lambda s: place(s, f0=9)), 1, "red_shell")
    assert GAME.describe_move(s, ("move",), NAMES) == \
        "Move your Mario 1 space, from Sparkling Waters to " + DATA.spaces[10].name + \
        " (warp on to the next Pipe)"
    s = turn_roll(new_game(setup=lambda s: place(s, f0=30)), 4, "red_shell")
    assert GAME.describe_move(s, ("move",), NAMES) == \
        f"Move your Mario 4 spaces, from {DATA.spaces[30].name} to {DATA.spaces[2].name}" \
        " (warp on to the next Pipe)"


def test_every_option_met_in_games_has_words_and_every_state_an_account():
    def check(s):
        p = GAME.pending(s)
        if isinstance(p, Decision):
            for o in p.options[:30]:
                text = GAME.describe_move(s, o)
                assert text and text != " ".join(map(str, o)), (p.prompt, o)
            lines = GAME.describe_state(s, p.player)
            assert any(line.startswith(f"player {p.player + 1} (you):") for line in lines)
    for players, variants in [(2, ()), (4, ("party",))]:
        for seed in range(3):
            play("mario-monopoly", players, seed, "random", variants, on_step=check)


def test_describe_state_shows_turn_players_coins_board_and_boss():
    def setup(s):
        place(s, f1=9, f2=20, f3=20)
        s.owners[9] = 1
        s.board[12] = 2
        s.bank -= 2
        s.players[1].bosses = [1]
        s.boss_deck = [2, 8]
    lines = summary(new_game(setup=setup), 1, SeatNames(["Ann", "Bob"], 1))
    assert lines[0] == "Turn 1: Ann (Mario) to play"
    assert lines[2] == "Bob (you): 10 coins; Peach on Sparkling Waters; Sparkling Waters; Larry"
    assert lines[-2] == "Coins on the board: Thwomp 2"
    assert lines[-1] == "Next boss: Lemmy (20 points); 2 left"


def test_clone_is_equal_and_shares_no_mutable_part():
    g = play("mario-monopoly", 2, 3, "random")
    s = g.state
    c = s.clone()
    assert c == s and engine.state_hash(c) == engine.state_hash(s)

    def mutable_ids(obj, out):
        if isinstance(obj, (list, dict)) or dataclasses.is_dataclass(obj):
            out.add(id(obj))
        if isinstance(obj, list):
            for x in obj:
                mutable_ids(x, out)
        elif dataclasses.is_dataclass(obj):
            for f in dataclasses.fields(obj):
                mutable_ids(getattr(obj, f.name), out)
        return out
    assert not mutable_ids(s, set()) & mutable_ids(c, set())
    assert [f.name for f in dataclasses.fields(type(s))] == [
        "game", "variants", "players", "figures", "owners", "board", "pot", "bank",
        "boss_deck", "boss", "boss_coins", "pick_order", "turn", "turns", "steps", "agenda",
        "forfeited"]


def test_illegal_moves_are_explained_in_words():
    import pytest
    s = new_game(setup=lambda s: place(s, f1=20, f2=20, f3=20))
    s = act(act(turn_roll(s, 5, "blooper"), "move"), "auction")
    with pytest.raises(engine.IllegalMove, match="a bid of 11 coins is not allowed: bids must "
                       "beat the high bid and be at most your 10 coins"):
        act(s, "bid", 11)
    with pytest.raises(engine.IllegalMove, match="the decision now is 'auction', with options "
                       "bid, pass"):
        act(s, "buy")


def test_unknown_variants_and_player_counts_are_refused():
    import pytest
    assert "unknown variant 'turbo'" in GAME.check_variants(3, ("turbo",))
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        GAME.new(5)


def test_every_decision_met_in_games_has_a_title_in_words_not_its_task_id():
    seen = set()

    def check(s):
        p = GAME.pending(s)
        if isinstance(p, Decision):
            seen.add(p.prompt)
            title = GAME.decision_context(s, p, NAMES)["title"]
            assert not title.startswith("Your decision:"), title
    for players, variants in [(2, ()), (4, ("party",))]:
        for seed in range(3):
            play("mario-monopoly", players, seed, "random", variants, on_step=check)
    # the games met the decisions the check is about, the party variant's own pick among them
    assert {"turn", "buy", "party_pick"} <= seen, seen
