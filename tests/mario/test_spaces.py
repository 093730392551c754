"""Rulebook section "Die Felder": properties (buying, the auction, rent), GO, Pipe, Thwomp
(Steinblock), Coin space, Just Visiting, Go to Jail and jail. Super Stars: test_characters.py."""
from tests.monopoly_scenario import own

from .scenario import DATA, act, coins, decider, new_game, options, pending, place, roll, turn_roll


def game(setup_fn=None, chars=("mario", "peach", "yoshi", "donkey_kong"), first=0, **pos):
    def setup(s):
        place(s, **pos)
        if setup_fn:
            setup_fn(s)
    return new_game(chars, first=first, setup=setup)


def end(s):
    return act(s, "end_turn")


# ---------------------------------------------------------------- free properties
def test_a_free_property_can_be_bought_at_its_price():
    s = act(turn_roll(game(f0=0), 5, "pow"), "move")      # 5: Layer-Cake Desert, price 1
    assert decider(s) == (0, "buy") and options(s) == (("buy",), ("auction",))
    s = act(s, "buy")
    assert s.owners[5] == 0 and coins(s)[0] == 10 - DATA.spaces[5].price


def test_the_auction_starts_with_the_lander_goes_round_to_the_left_and_the_highest_bid_pays():
    s = act(turn_roll(game(first=2, f2=25), 4, "pow"), "move")   # 29: Peach's Castle
    s = act(s, "auction")
    assert decider(s) == (2, "auction") and options(s)[0] == ("bid", 1)   # bids start at 1
    s = act(s, "bid", 1)
    assert decider(s)[0] == 3 and options(s)[0] == ("bid", 2)             # at least 1 higher
    s = act(s, "bid", 3)
    s = act(s, "pass")                        # seat 0 passes and is out
    s = act(s, "bid", 4)                      # seat 1
    s = act(s, "pass")                        # seat 2
    s = act(s, "pass")                        # seat 3: seat 1 is the last bidder standing
    bank = s.bank
    assert s.owners[29] == 1 and coins(s) == [10, 6, 10, 10] and bank == 210 + 4


def test_when_everybody_passes_nobody_gets_the_property():
    s = act(act(turn_roll(game(f0=0), 5, "pow"), "move"), "auction")
    for _ in range(4):
        s = act(s, "pass")
    assert s.owners[5] == -1 and coins(s) == [10, 10, 10, 10]


def test_a_property_you_cannot_afford_can_only_be_auctioned():
    s = game(lambda s: setattr(s.players[0], "coins", 4), f0=25)
    s = act(turn_roll(s, 6, "pow"), "move")   # 31: Bowser's Castle, price 5
    # "buy" is not offered; the only option (auction) is taken at once
    assert decider(s) == (0, "auction") and s.owners[31] == -1


# ---------------------------------------------------------------- owned properties
def test_rent_is_the_printed_rent_paid_to_the_owner():
    s = act(turn_roll(game(own((9, 1)), f0=5), 4, "pow"), "move")   # 9: price and rent 2
    assert coins(s)[:2] == [8, 12]


def test_rent_doubles_when_the_owner_has_both_properties_of_the_colour_group():
    s = act(turn_roll(game(own((9, 1), (11, 1)), f0=5), 4, "pow"), "move")
    assert coins(s)[:2] == [6, 14]


def test_landing_on_your_own_property_costs_nothing():
    s = act(turn_roll(game(own((9, 0)), f0=5), 4, "pow"), "move")
    assert coins(s)[0] == 10


def test_an_owner_in_jail_still_collects_rent():
    def jail(s):
        s.owners[9] = 1
        s.figures[1].pos, s.figures[1].jailed = 8, True
    s = act(turn_roll(game(jail, f0=5), 4, "pow"), "move")
    assert coins(s)[:2] == [8, 12]


# ---------------------------------------------------------------- GO, Pipe, Thwomp, Coin space
def test_pipe_moves_to_the_next_pipe_clockwise_and_stays_there_collecting_coins_on_the_way():
    def coins_on_path(s):
        s.board[5], s.board[10], s.board[11] = 2, 1, 3
        s.bank -= 6
    s = end(act(turn_roll(game(coins_on_path, f0=0), 2, "pow"), "move"))   # 2: Pipe -> 10
    assert s.figures[0].pos == 10 and coins(s)[0] == 10 + 2 + 1
    assert s.board[11] == 3 and s.turn.player == 1   # no further move from the Pipe


def test_a_pipe_over_go_pays_2_coins_and_calls_the_boss_fight():
    s = end(act(turn_roll(game(f0=23), 3, "pow"), "move"))   # 26: Pipe -> 2: Pipe, over GO
    assert s.figures[0].pos == 2 and coins(s)[0] == 12
    assert decider(s) == (0, "boss_turn") and s.boss == 1


def test_thwomp_makes_you_drop_2_coins_on_its_space():
    s = act(turn_roll(game(f0=9), 3, "pow"), "move")    # 12: Thwomp
    assert coins(s)[0] == 8 and s.board[12] == 2


def test_coins_dropped_on_a_thwomp_stay_for_the_next_player_who_passes():
    s = end(act(turn_roll(game(f0=9, f1=10), 3, "pow"), "move"))
    assert s.board[12] == 2
    s = act(turn_roll(s, 3, "pow"), "move")             # Peach passes 12 on her way to 13
    assert s.figures[1].pos == 13 and coins(s)[1] == 12 and s.board[12] == 0


def test_coin_space_pays_the_number_die_rolled_there_from_the_bank():
    s = act(turn_roll(game(f0=0), 4, "pow"), "move")    # 4: Coin space
    assert pending(s).label.startswith("coin space")
    s = roll(s, 5)
    assert coins(s)[0] == 15 and s.bank == 210 - 5


def test_just_visiting_does_nothing():
    s = act(turn_roll(game(f0=5), 3, "pow"), "move")
    assert s.figures[0].pos == 8 and not s.figures[0].jailed and coins(s)[0] == 10


def test_free_parking_does_nothing():
    s = end(act(turn_roll(game(f0=12), 4, "pow"), "move"))
    assert s.figures[0].pos == 16 and coins(s)[0] == 10 and s.turn.player == 1


# ---------------------------------------------------------------- Go to Jail and jail
def test_go_to_jail_sends_you_to_jail_at_once_collecting_nothing_and_ends_the_turn():
    def coins_on_the_way(s):
        s.board[30] = 3
        s.bank -= 3
    s = act(turn_roll(game(coins_on_the_way, f0=21), 3, "coins"), "move")
    assert s.figures[0].pos == 8 and s.figures[0].jailed
    assert coins(s)[0] == 10 and s.board[30] == 3         # nothing on the way to jail
    assert s.turn.player == 1                              # the unused power-up is lost too


def test_go_to_jail_after_passing_go_cancels_the_boss_fight():
    # Boo's boosted POW from 30 takes him over GO to the space behind Peach (on 25): 24.
    s = game(chars=("boo", "peach", "yoshi", "mario"), f0=30, f1=25, f2=25, f3=25)
    s = act(turn_roll(s, 1, "pow"), "power", "move")
    assert s.figures[0].jailed and coins(s)[0] == 10 + 2  # GO was passed on the way: its 2 stay
    assert s.turn.player == 1 and s.boss == 0 and s.boss_deck[0] == 1


def jailed(seat=0, tries=0):
    def f(s):
        fig = s.figures[seat]
        fig.pos, fig.jailed, fig.jail_tries = 8, True, tries
    return f


def test_in_jail_pay_5_before_rolling_and_play_normally():
    s = game(jailed())
    assert options(s) == (("pay_jail", 0), ("roll_jail", 0))
    s = act(s, "pay_jail", 0)
    assert not s.figures[0].jailed and coins(s)[0] == 5 and pending(s).sizes == (6, 6)
    s = act(turn_roll(s, 3, "pow"), "move")
    assert s.figures[0].pos == 11


def test_in_jail_a_6_on_the_number_die_frees_you_to_play_normally():
    s = roll(act(game(jailed()), "roll_jail", 0), 6)
    assert not s.figures[0].jailed and pending(s).sizes == (6, 6) and coins(s)[0] == 10


def test_in_jail_any_other_roll_ends_the_turn():
    s = roll(act(game(jailed()), "roll_jail", 0), 5)
    assert s.figures[0].jailed and s.figures[0].jail_tries == 1 and s.turn.player == 1


def test_after_two_failed_tries_you_are_free_and_roll_normally_next_turn():
    s = roll(act(game(jailed(tries=1)), "roll_jail", 0), 2)
    assert not s.figures[0].jailed and s.figures[0].pos == 8 and s.turn.player == 1


def test_without_5_coins_you_can_only_roll_in_jail():
    s = game(lambda s: (jailed()(s), setattr(s.players[0], "coins", 4)))
    assert pending(s).label == "jail: a 6 gets out"     # the only option was taken at once


def test_coins_you_give_up_in_jail_go_to_the_visiting_area_and_to_the_next_player_leaving():
    def setup(s):
        jailed(seat=1)(s)
        s.figures[2].pos, s.figures[2].jailed = 8, True
        s.owners[31] = 3
    s = turn_roll(game(setup), 2, "red_shell")
    s = act(s, "power", 1)                     # Peach is in jail: her 3 coins go to the pot
    assert s.pot == 3 and s.board[8] == 0 and coins(s)[1] == 7
    s = end(act(s, "move"))
    s = act(s, "roll_jail", 1)
    s = roll(s, 6)                             # Peach leaves jail and takes the pot
    assert coins(s)[1] == 10 and s.pot == 0


def test_a_jailed_player_bids_in_auctions():
    s = act(act(turn_roll(game(jailed(seat=1), f0=0), 5, "pow"), "move"), "auction")
    s = act(s, "pass")
    assert decider(s) == (1, "auction")


def test_a_jailed_player_fights_no_boss():
    s = end(act(turn_roll(game(jailed(seat=1), f0=29), 3, "pow"), "move"))
    assert decider(s) == (0, "boss_turn")
    s = act(s, "pass")
    assert decider(s) == (2, "boss_turn")       # seat 1 is skipped
