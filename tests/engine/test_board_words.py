"""The board data of the Monopoly games (each game's words `board`, computed in the node): what a
board screen shows beside the state, counted by the engine's own functions, as one seat may see
it. A Loot Box's worth is told to its holder alone, from the cards that holder's node
decrypted; a card of another seat's is in no value it returns."""
import engine
from engine.games.mario_monopoly import words as mario_words
from engine.games.overwatch_monopoly import words as overwatch_words
from engine.games.spiderman_monopoly import words as spiderman_words
from tests.mario import scenario as mario
from tests.overwatch import scenario as overwatch
from tests.spiderman import scenario as spiderman

LOOT = overwatch.DATA.loot_box_points
WORDS = {"overwatch-monopoly": overwatch_words, "mario-monopoly": mario_words,
         "spiderman-monopoly": spiderman_words}


def board(s, seat, cards=None) -> dict:
    """The game's words' board of `s` for `seat`, given the cards its node decrypted."""
    return WORDS[s.game].board(engine.get_game(s.game), s, seat, cards or {})


def overwatch_with_loot():
    """Four players: Ann holds the Loot Boxes at deck positions 0 and 1, Bob the one at 2."""
    def change(s):
        s.players[0].loot, s.players[1].loot = [0, 1], [2]
        s.loot_deck = s.loot_deck[3:]
    return overwatch.new_game(setup=change)


def test_a_loot_boxs_points_are_told_to_its_holder_alone_in_the_order_drawn():
    s = overwatch_with_loot()
    mine = {("loot", 0): 3, ("loot", 1): 7}          # what Ann's node decrypted
    seats = board(s, 0, mine)["seats"]
    assert seats[0]["loot_points"] == [LOOT[3], LOOT[7]] == [30, 50]
    assert [row["loot"] for row in seats] == [2, 1, 0, 0]    # how many: every seat sees it
    assert all("loot_points" not in row for row in seats[1:])


def test_another_seats_card_is_in_no_value_the_board_returns():
    s = overwatch_with_loot()
    mine = {("loot", 0): 3, ("loot", 1): 7}
    bobs = {("loot", 2): 0}    # Bob's Loot Box (10 points), as if it had reached Ann's node
    told = board(s, 0, mine)
    assert board(s, 0, {**mine, **bobs}) == told
    assert board(s, 0, bobs)["seats"][0]["loot_points"] == []
    as_bob = board(s, 1, mine)["seats"]     # Ann's cards given for Bob: none of them is his
    assert "loot_points" not in as_bob[0] and as_bob[1]["loot_points"] == []
    assert board(s, 1, {**mine, **bobs})["seats"][1]["loot_points"] == [LOOT[0]]


def test_a_replay_names_no_loot_boxs_worth_before_they_are_opened():
    seats = board(overwatch_with_loot(), None, {})["seats"]
    assert [row["loot"] for row in seats] == [2, 1, 0, 0]
    assert all("loot_points" not in row for row in seats)


def test_overwatch_counts_each_seats_objectives_their_points_and_the_loot_boxes_left():
    def change(s):
        s.owners[1] = s.owners[3] = 0
        s.owners[31] = 2
    s = overwatch.new_game(overwatch.DEFAULT_TEAMS[:3], setup=change)
    b = board(s, 1, {})
    assert [row["owned"] for row in b["seats"]] == [[1, 3], [], [31]]
    spaces = overwatch.DATA.spaces
    assert [row["points"] for row in b["seats"]] == \
        [spaces[1].points + spaces[3].points, 0, spaces[31].points]
    assert [row["points"] for row in b["seats"]] == \
        [overwatch.GAME.property_points(s, seat) for seat in range(3)]   # as the score counts
    assert b["loot_left"] == len(s.loot_deck) == overwatch.DATA.loot_boxes_by_players[3]


def test_mario_counts_each_seats_properties_and_the_bosses_left_to_fight():
    def change(s):
        s.owners[1] = s.owners[3] = 0
        s.owners[11] = 1
        s.players[2].bosses = [s.boss_deck.pop(0)]   # one boss beaten
    s = mario.new_game(setup=change)
    b = board(s, 0, {})
    assert [row["owned"] for row in b["seats"]] == [[1, 3], [11], [], []]
    assert b["bosses_left"] == len(mario.DATA.boss_deck(4)) - 1


def test_a_spider_man_deck_counts_the_cards_still_to_draw_those_put_back_included():
    s = spiderman.new_game(2, seen_decks=False)     # as the set-up leaves them: all unseen
    full = {d["deck"]: d["cards"] for d in board(s, 0, {})["decks"]}
    assert full and all(n == len(spiderman.DATA.deck(name)) for name, n in full.items())
    name = sorted(full)[0]

    def drawn(s):   # one card read and put back under the deck, one kept by a player
        deck = s.decks[name]
        deck.put_bottom(deck.unseen.pop(0))
        s.players[1].cards.append(deck.unseen.pop(0))
        s.owners[1] = 1
    b = board(spiderman.edit(s, drawn), 0, {})
    after = {d["deck"]: d["cards"] for d in b["decks"]}
    assert after == {**full, name: full[name] - 1}
    assert [d["deck"] for d in b["decks"]] == sorted(full)
    assert [row["owned"] for row in b["seats"]] == [[], [1]]


def test_a_game_without_hidden_cards_tells_every_seat_the_same_board():
    for s in (mario.new_game(), spiderman.new_game(2)):
        assert board(s, 0, {}) == board(s, 1, {("x", 0): 1}) == board(s, None)
