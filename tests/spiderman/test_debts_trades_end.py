"""Rulebook sections "HELP! I CAN'T PAY!" (selling Spider-Tech, giving a property, bankruptcy,
cards to the creditor or back to the decks), "DEALS & TRADES" and "THE END OF THE GAME"; the
house turn-limit variant."""

from engine import Chance

from .scenario import (BEETLE, CHAMELEON, DATA, ELECTRO, GAME, HAMMERHEAD, RHINO, SCORPION,
                       SHOCKER, TOMBSTONE, act, both, decider, dice, is_over, new_game, options,
                       own, pending, place, roll, total_webs, webs)


def poor(seat, n):
    return lambda s: setattr(s.players[seat], "webs", n)


def holding(seat, *cards):
    def change(s):
        for c in cards:
            s.decks[DATA.cards[c].deck].returned.remove(c)
            s.players[seat].cards.append(c)
    return change


def built(seat, spaces, levels):
    def change(s):
        for i, level in zip(spaces, levels):
            s.owners[i] = seat
            s.tech[i] = level
    return change


SET3 = (ELECTRO, SCORPION, RHINO)


def test_short_of_webs_you_sell_spider_tech_first_evenly_until_you_can_pay():
    # seat 0: 0 webs, Tracers 2/2/1 on set 3 (cost 2, sold for 1 each); lands on Shocker,
    # whose owner has the full set: rent 2
    s = new_game(2, setup=both(poor(0, 0), built(0, SET3, (2, 2, 1)),
                               own(1, SHOCKER, BEETLE, CHAMELEON)))
    start = total_webs(s)
    s = roll(s, 2, 4)
    assert decider(s) == (0, "raise")
    assert options(s) == (("sell", ELECTRO), ("sell", SCORPION))  # the fullest first
    s = act(s, "sell", SCORPION)
    # 1 web for 2 owed: the only even sale left (Electro) was made without asking
    assert [s.tech[i] for i in SET3] == [1, 1, 1]
    assert webs(s) == [0, 32] and total_webs(s) == start


def test_with_no_tech_left_one_property_settles_a_debt_to_a_player():
    s = new_game(2, setup=both(poor(0, 1), own(0, TOMBSTONE, ELECTRO),
                               own(1, SHOCKER, BEETLE, CHAMELEON)))
    s = roll(s, 2, 4)                                   # rent 2, has 1
    assert decider(s) == (0, "surrender")
    assert options(s) == (("give", TOMBSTONE), ("give", ELECTRO))
    s = act(s, "give", ELECTRO)
    assert s.owners[ELECTRO] == 1 and s.owners[TOMBSTONE] == 0
    assert webs(s) == [0, 31]                           # the web it had, then the property


def test_a_debt_to_the_bank_returns_one_property_to_the_bank():
    s = new_game(2, db=["db15"], setup=both(poor(0, 2), own(0, TOMBSTONE, ELECTRO), place(0, 3)))
    s = roll(s, 1, 3)                                   # Daily Bugle: pay 3
    s = act(s, "give", TOMBSTONE)
    assert s.owners[TOMBSTONE] == -1 and s.owners[ELECTRO] == 0 and webs(s)[0] == 0


def test_tech_must_be_sold_before_a_property_is_given():
    s = new_game(2, db=["db15"], setup=both(poor(0, 0), built(0, (TOMBSTONE, HAMMERHEAD), (1, 1)),
                                            own(0, ELECTRO), place(0, 3)))
    s = roll(s, 1, 3)                                   # owes 3; Tracers sell for 1 each
    assert decider(s) == (0, "raise")
    s = act(s, "sell", TOMBSTONE)
    # Hammerhead's Tracer went too (single option); 2 webs for 3 owed: now a property
    assert decider(s) == (0, "surrender") and s.tech[HAMMERHEAD] == 0
    s = act(s, "give", ELECTRO)
    assert webs(s)[0] == 0 and s.owners[ELECTRO] == -1


def test_bankrupt_player_gives_cards_to_the_creditor_and_leaves_the_game():
    s = new_game(3, setup=both(poor(0, 0), own(1, SHOCKER), holding(0, "ss01", "db02")))
    s = act(s, "roll")
    s = dice(s, 2, 4)
    assert s.players[0].out and s.players[1].cards == ["ss01", "db02"]
    assert webs(s) == [0, 30, 30]
    assert s.turn.player == 1                           # the bankrupt player's turn ended
    assert not is_over(s)


def test_bankrupt_to_the_bank_returns_cards_to_the_bottom_of_their_decks():
    s = new_game(3, db=["db15"], setup=both(poor(0, 0), place(0, 3), holding(0, "ss01")))
    s = act(s, "roll")
    s = dice(s, 1, 3)
    assert s.players[0].out and s.decks["spider_sense"].returned[-1] == "ss01"
    assert len(s.decks["spider_sense"]) == 15


def test_a_bankrupt_player_is_skipped_and_loses_the_symbol():
    s = new_game(3, setup=both(poor(0, 0), own(1, SHOCKER), lambda s: setattr(s, "symbol", 0)))
    s = roll(s, 2, 4)
    assert s.symbol == -1
    s = roll(s, 1, 2)                                   # seat 1
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    s = act(s, "end_turn")
    s = roll(s, 1, 3)                                   # seat 2 (4: Spider-Sense, ss01 kept)
    s = act(s, "end_turn")
    assert s.turn.player == 1


def test_the_last_player_standing_wins():
    s = new_game(2, setup=both(poor(0, 0), own(1, SHOCKER)))
    s = roll(s, 2, 4)
    assert is_over(s)
    r = pending(s).result
    assert r.winners == (1,) and r.details["bankrupt"] == [True, False]


def test_trade_property_for_webs():
    s = new_game(2, setup=own(0, TOMBSTONE))
    s = act(s, "trade", 1)
    assert decider(s) == (0, "trade_draft")
    s = act(s, "give", TOMBSTONE)
    s = act(s, "ask", 7)
    s = act(s, "offer")
    assert decider(s) == (1, "trade_answer")
    s = act(s, "accept")
    assert s.owners[TOMBSTONE] == 1 and webs(s) == [37, 23]


def test_a_refused_trade_changes_nothing_and_offers_are_limited_to_3_per_turn():
    s = new_game(2, setup=own(0, TOMBSTONE))
    for k in range(3):
        s = act(s, "trade", 1)
        s = act(s, "give", TOMBSTONE)
        s = act(s, "ask", 7)
        s = act(s, "offer")
        s = act(s, "refuse")
    assert s.owners[TOMBSTONE] == 0 and webs(s) == [30, 30]
    # no fourth offer: rolling was the only option left, and it was taken
    assert s.turn.offers == 3 and isinstance(pending(s), Chance)


def test_buying_a_get_out_of_jail_free_card_from_another_player():
    s = new_game(2, setup=holding(1, "ss01"))
    s = act(s, "trade", 1)
    s = act(s, "take_card", "ss01")
    s = act(s, "pay", 3)
    s = act(s, "offer")
    s = act(s, "accept")
    assert s.players[0].cards == ["ss01"] and webs(s) == [27, 33]


def test_spider_tech_is_never_traded_and_a_built_set_must_be_sold_first():
    s = new_game(2, setup=both(built(0, (TOMBSTONE, HAMMERHEAD), (1, 0)), own(0, ELECTRO)))
    s = act(s, "trade", 1)
    gives = [m for m in options(s) if m[0] == "give"]
    assert gives == [("give", ELECTRO)]                 # not Tombstone nor Hammerhead
    s = act(s, "cancel")
    s = act(s, "sell", TOMBSTONE)
    s = act(s, "trade", 1)
    gives = [m for m in options(s) if m[0] == "give"]
    assert gives == [("give", TOMBSTONE), ("give", HAMMERHEAD), ("give", ELECTRO)]


def test_a_jailed_player_may_trade():
    def jailed(s):
        s.players[0].pos, s.players[0].jailed = 10, True
    s = new_game(2, setup=both(jailed, own(0, TOMBSTONE)))
    assert ("trade", 1) in options(s) and ("roll_jail",) in options(s)


def test_turn_limit_variant_ends_the_game_and_the_richest_player_wins():
    assert "turn-limit" in GAME.variants and DATA.turn_limit == 400
    s = new_game(2, variants=["turn-limit"],
                 setup=both(lambda s: setattr(s, "turns", DATA.turn_limit), own(1, TOMBSTONE)))
    s = roll(s, 1, 2)                                   # Hammerhead
    s = act(s, "buy")
    s = act(s, "end_turn")
    assert is_over(s)
    r = pending(s).result
    # net worth: webs + prices (+ tech cost): seat 0 27 + 3, seat 1 30 + 2
    assert r.scores == (30, 32) and r.winners == (1,)


def test_without_the_variant_the_game_goes_on_past_the_limit():
    s = new_game(2, setup=lambda s: setattr(s, "turns", DATA.turn_limit))
    s = roll(s, 1, 2)
    s = act(s, "buy")
    s = act(s, "end_turn")
    assert not is_over(s) and s.turn.player == 1


def test_a_forfeiting_seat_never_wins():
    s = new_game(2, setup=poor(1, 0))
    s = GAME.forfeit(s, 0)
    r = pending(s).result
    assert r.winners == (1,)


def test_webs_for_webs_is_not_a_trade():
    s = new_game(2, setup=own(0, TOMBSTONE))
    s = act(s, "trade", 1)
    s = act(s, "pay", 3)
    s = act(s, "ask", 5)
    assert ("offer",) not in options(s)
    s = act(s, "give", TOMBSTONE)
    assert ("offer",) in options(s)


def test_the_rest_of_a_bankrupt_players_payments_are_dropped():
    # pay each player 1 with nothing: bankrupt on the first payment, the second is not made
    s = new_game(3, ss=["ss13"], setup=poor(0, 0))
    s = roll(s, 1, 1)
    assert s.players[0].out and webs(s) == [0, 30, 30]
