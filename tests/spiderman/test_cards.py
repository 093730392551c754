"""Rulebook section "Daily Bugle and Spider-Sense": the top card of the matching deck; cards to
keep are kept until used; the others are done at once and go to the bottom of their deck.
Card texts are house values (data.toml); each effect kind is played here."""

from .scenario import (DATA, ELECTRO, GO, JAIL, SABLE, SUBWAY3, TOMBSTONE, act, decider, new_game,
                       options, own, place, roll, total_webs, webs)


def test_each_deck_has_15_cards_with_one_get_out_of_jail_free():
    for deck in ("spider_sense", "daily_bugle"):
        ids = DATA.deck(deck)
        assert len(ids) == 15
        assert [DATA.cards[c].effect[0] for c in ids].count("keep_jail") == 1


def test_the_top_card_is_done_at_once_and_goes_to_the_bottom():
    s = new_game(2, db=["db08"], setup=place(0, 3))     # db08: collect 4
    start = total_webs(s)
    s = roll(s, 1, 3)                                   # 7 Daily Bugle
    assert webs(s)[0] == 34 and total_webs(s) == start
    deck = s.decks["daily_bugle"].returned
    assert deck[-1] == "db08" and deck[0] == "db01" and len(deck) == 15


def test_a_card_to_keep_is_kept_until_used_and_is_out_of_the_deck_meanwhile():
    s = new_game(2, setup=place(0, 3))                  # db01 on top: Get Out of Jail Free
    s = roll(s, 1, 3)
    assert s.players[0].cards == ["db01"] and "db01" not in s.decks["daily_bugle"].cards()
    assert len(s.decks["daily_bugle"]) == 14


def test_advance_to_go_pays_2_and_hands_over_the_symbol():
    s = new_game(2, ss=["ss02"])
    s = roll(s, 1, 1)                                   # 2 Spider-Sense
    assert s.players[0].pos == GO and webs(s)[0] == 32 and s.symbol == 0


def test_advance_past_go_collects_2():
    s = new_game(2, ss=["ss05"], setup=place(0, 31))    # Advance to Electro
    s = roll(s, 1, 1)                                   # 33 Spider-Sense
    assert s.players[0].pos == ELECTRO and webs(s)[0] == 32 and s.symbol == 0
    assert decider(s) == (0, "buy")


def test_go_back_3_spaces_follows_the_new_space():
    s = new_game(2, ss=["ss09"], setup=own(1, TOMBSTONE))
    s = roll(s, 1, 3)                                   # 4 Spider-Sense, back to Tombstone
    assert s.players[0].pos == TOMBSTONE and webs(s) == [29, 31]


def test_go_back_3_from_33_lands_on_go_to_jail():
    s = new_game(2, ss=["ss09"], setup=place(0, 30 - 1))
    s = roll(s, 1, 3)                                   # 33, back to 30
    assert s.players[0].pos == JAIL and s.players[0].jailed


def test_nearest_subway_then_the_subway_choice():
    s = new_game(2, ss=["ss06"], setup=place(0, 14))
    s = roll(s, 1, 2)                                   # 17 Spider-Sense -> 25 Subway
    assert s.players[0].pos == SUBWAY3 and decider(s) == (0, "subway")


def test_nearest_alliance_wraps_past_go():
    s = new_game(2, ss=["ss08"], setup=place(0, 30))
    s = roll(s, 1, 2)                                   # 33 -> Silver Sable (12) past GO
    assert s.players[0].pos == SABLE and webs(s)[0] == 32 and decider(s) == (0, "buy")


def test_go_to_jail_card():
    s = new_game(2, db=["db07"], setup=place(0, 3))
    s = roll(s, 2, 2)                                   # doubles onto 7, then jail
    assert s.players[0].jailed and s.players[0].pos == JAIL and s.turn.player == 1


def test_pay_the_bank_and_collect_from_or_pay_each_player():
    s = new_game(3, db=["db11"], setup=place(0, 3))
    s = roll(s, 1, 3)
    assert webs(s) == [28, 30, 30]
    s = new_game(3, db=["db13"], setup=place(0, 3))
    s = roll(s, 1, 3)
    assert webs(s) == [32, 29, 29]
    s = new_game(3, ss=["ss13"])
    s = roll(s, 1, 1)
    assert webs(s) == [28, 31, 31]


def test_repairs_count_tracers_and_bots():
    def built(s):
        for i in (11, 13, 14):
            s.owners[i] = 0
        s.tech[11], s.tech[13], s.tech[14] = 5, 4, 4
    s = new_game(2, ss=["ss14"], setup=built)
    s = roll(s, 1, 1)
    assert webs(s)[0] == 30 - (8 * 1 + 1 * 4)


def test_a_kept_daily_bugle_card_takes_webs_from_a_chosen_player_on_your_turn():
    def hold(s):
        s.decks["daily_bugle"].returned.remove("db02")
        s.players[0].cards.append("db02")
    s = new_game(3, setup=hold)
    assert ("play", "db02", 1) in options(s) and ("play", "db02", 2) in options(s)
    s = act(s, "play", "db02", 2)
    assert webs(s) == [32, 30, 28] and s.players[0].cards == []
    assert s.decks["daily_bugle"].returned[-1] == "db02"


def test_a_kept_daily_bugle_card_makes_a_player_skip_their_next_turn():
    def hold(s):
        s.decks["daily_bugle"].returned.remove("db04")
        s.players[0].cards.append("db04")
    s = new_game(3, setup=hold)
    s = act(s, "play", "db04", 1)
    assert s.players[1].skip
    s = roll(s, 1, 2)                                   # seat 0 to Hammerhead
    s = act(s, "auction")
    for _ in range(3):
        s = act(s, "pass")
    assert s.turn.player == 2 and not s.players[1].skip  # seat 1's turn was skipped
    assert s.turns == 3


def test_a_skipped_turn_in_jail_is_not_a_try_for_doubles():
    def setup(s):
        s.decks["daily_bugle"].returned.remove("db04")
        s.players[0].cards.append("db04")
        s.players[1].pos, s.players[1].jailed = JAIL, True
    s = new_game(2, setup=setup)
    s = act(s, "play", "db04", 1)
    s = roll(s, 1, 2)                                   # seat 0 to Hammerhead
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    # seat 1's turn was skipped; seat 0 plays again
    assert s.turn.player == 0 and s.turns == 3
    assert s.players[1].jailed and s.players[1].jail_turns == 0
