"""Rulebook "Superstern" and the character cards: each of the twelve Super Star abilities.

The figure under test is seat 0 and lands on the Super Star at 6 from 3 with the number die;
the power-up (a Blooper) is left unused."""
from .scenario import act, coins, decider, new_game, options, pending, place, roll, turn_roll

OTHERS = ("peach", "yoshi", "donkey_kong")


def star(char, setup_fn=None, others=OTHERS, **pos):
    def setup(s):
        place(s, **{"f0": 3, "f1": 20, "f2": 20, "f3": 20, **pos})
        if setup_fn:
            setup_fn(s)
    s = new_game((char, *others), setup=setup)
    return act(turn_roll(s, 3, "blooper"), "move")


def test_mario_rolls_the_number_die_and_takes_the_roll_plus_5_from_the_bank():
    s = star("mario")
    assert pending(s).label == "Mario's Super Star: the roll plus 5 coins"
    s = roll(s, 4)
    assert coins(s)[0] == 19 and s.bank == 210 - 9


def test_peach_is_paid_rent_by_the_bank_for_each_of_her_properties():
    def owns(s):
        s.owners[1] = s.owners[3] = s.owners[9] = 0      # set 1 complete (1+1, doubled), 9: 2
    s = star("peach", owns, others=("mario", "yoshi", "donkey_kong"))
    assert coins(s)[0] == 10 + 2 + 2 + 2


def test_yoshi_takes_all_coins_lying_on_the_board_the_jails_visiting_area_included():
    # "alle Münzen nehmen, die auf dem Plan liegen": the visiting area is part of the board.
    def lay(s):
        s.board[10], s.board[25], s.board[31] = 3, 1, 2
        s.pot = 4
        s.bank -= 10
    s = star("yoshi", lay, others=("mario", "peach", "donkey_kong"))
    assert coins(s)[0] == 20 and sum(s.board) == 0 and s.pot == 0


def test_donkey_kong_takes_3_coins_from_each_other_player():
    s = star("donkey_kong", others=("mario", "peach", "yoshi"))
    assert coins(s) == [19, 7, 7, 7]


def test_donkey_kong_takes_what_a_player_without_properties_has_and_nobody_is_eliminated():
    s = star("donkey_kong", lambda s: setattr(s.players[2], "coins", 1),
             others=("mario", "peach", "yoshi"))
    assert coins(s) == [17, 7, 0, 7]


def test_boo_may_drop_3_coins_to_use_another_characters_super_star():
    s = star("boo", others=("mario", "peach", "yoshi"))
    assert decider(s) == (0, "star_boo")
    assert options(s) == (("copy", "mario"), ("copy", "peach"), ("copy", "yoshi"), ("decline",))
    s = act(s, "copy", "mario")
    assert s.board[6] == 3 and coins(s)[0] == 7
    s = roll(s, 2)
    assert coins(s)[0] == 7 + 2 + 5


def test_boo_without_3_coins_cannot_copy():
    s = star("boo", lambda s: setattr(s.players[0], "coins", 2), others=("mario", "peach", "yoshi"))
    assert decider(s) == (0, "turn") and coins(s)[0] == 2   # the only option, decline, was taken


def test_diddy_kong_moves_up_to_3_spaces_forward_or_back_and_follows_that_space():
    s = star("diddy_kong")
    assert options(s) == tuple(("step", k) for k in (-3, -2, -1, 1, 2, 3)) + (("stay",),)
    s = act(s, "step", -2)                                   # back to 4, the Coin space
    assert s.figures[0].pos == 4 and pending(s).label.startswith("coin space")
    s2 = act(star("diddy_kong"), "step", 3)                  # forward to 9, a free property
    assert decider(s2) == (0, "buy")


def test_fire_mario_makes_the_next_two_players_ahead_drop_4_each():
    s = star("fire_mario", f1=7, f2=9, f3=20)
    assert coins(s) == [10, 6, 6, 10] and s.board[7] == 4 and s.board[9] == 4


def test_luigi_makes_all_others_skip_their_next_power_up_roll():
    s = star("luigi")
    assert [p.skip_powerup for p in s.players] == [False, True, True, True]


def test_rosalina_may_drop_5_coins_to_take_another_players_cheapest_property():
    def owns(s):
        s.owners[9], s.owners[1], s.owners[31] = 2, 2, 1
    s = star("rosalina", owns)
    assert options(s) == (("take", 1), ("take", 2), ("decline",))
    s = act(s, "take", 2)
    assert s.owners[1] == 0 and s.owners[9] == 2 and s.board[6] == 5 and coins(s)[0] == 5


def test_tanooki_mario_advances_to_the_next_free_property_and_may_buy_it():
    def owns(s):
        s.owners[7], s.owners[9] = 1, 2
        s.board[8] = 2
        s.bank -= 2
    s = star("tanooki_mario", owns)
    assert s.figures[0].pos == 11 and coins(s)[0] == 12     # the coins on 8 on the way
    assert decider(s) == (0, "tanooki_buy") and options(s) == (("buy",), ("decline",))
    s = act(s, "buy")
    assert s.owners[11] == 0 and coins(s)[0] == 12 - 2


def test_tanooki_mario_may_decline_and_the_property_is_not_auctioned():
    s = act(star("tanooki_mario"), "decline")
    assert s.figures[0].pos == 7 and s.owners[7] == -1 and decider(s) == (0, "turn")


def test_toad_takes_5_coins_then_rolls_and_moves_again():
    s = star("toad")
    assert coins(s)[0] == 15 and pending(s).label == "Toad: roll and move again"
    s = roll(s, 2)                                           # 6 -> 8
    assert s.figures[0].pos == 8


def test_wario_may_drop_up_to_8_coins_and_move_that_many_spaces():
    s = star("wario")
    assert options(s) == tuple(("drop", k) for k in range(9))
    s = act(s, "drop", 3)                                    # to 9, a free property
    assert s.board[6] == 3 and coins(s)[0] == 7 and decider(s) == (0, "buy")


def test_wario_moving_8_onto_the_next_super_star_does_not_use_a_second_one_that_turn():
    s = act(star("wario"), "drop", 8)                        # 6 -> 14, another Super Star
    assert s.figures[0].pos == 14 and decider(s) == (0, "turn")   # no second Super Star


def test_a_copied_super_star_works_for_boos_player():
    s = act(star("boo", others=("donkey_kong", "yoshi", "mario")), "copy", "donkey_kong")
    assert coins(s) == [10 - 3 + 9, 7, 7, 7] and s.board[6] == 3
