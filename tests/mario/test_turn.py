"""Rulebook section "So läuft ein Zug ab": both dice together, moving and the power-up in either
order, coins picked up on the way, GO, the boss fight at the end of the turn, forgotten coins."""
from .scenario import act, coins, decider, new_game, options, pending, place, turn_roll


def at(**pos):
    return lambda s: place(s, **pos)


def test_the_number_die_and_the_power_up_die_are_rolled_together():
    p = pending(new_game())
    assert p.kind == "dice" and p.sizes == (6, 6)


def test_green_shell_before_moving_makes_the_player_ahead_drop_coins_you_then_collect():
    # The rulebook's example: use the green shell first, then pick up what the player dropped.
    def setup(s):
        place(s, f0=5, f1=7, f2=20, f3=20)
        s.owners[31] = 2                      # somebody owns a property: trades keep the turn open
    s = new_game(setup=setup)
    s = turn_roll(s, 3, "green_shell")
    assert ("power", 1, 3) in options(s) and ("move",) in options(s)
    s = act(s, "power", 1, 3)                 # Peach, 2 spaces ahead, drops 3 on her space
    assert s.board[7] == 3 and coins(s)[1] == 7
    s = act(s, "move")                        # Mario passes 6, 7 and lands on 8
    assert coins(s)[0] == 13 and s.board[7] == 0 and s.figures[0].pos == 8


def test_with_nothing_else_to_decide_the_move_follows_the_power_up_at_once():
    s = new_game(setup=at(f0=5, f1=7, f2=20, f3=20))
    s = turn_roll(s, 3, "green_shell")
    s = act(s, "power", 1, 3)                 # the only option left is the move: it is made
    assert s.figures[0].pos == 8 and coins(s)[:2] == [13, 7] and s.turn.player == 1


def test_the_power_up_may_also_be_used_after_moving():
    s = new_game(setup=at(f0=5, f1=7, f2=20, f3=21))
    s = turn_roll(s, 3, "green_shell")
    s = act(s, "move")                        # now Peach is behind; Yoshi is the nearest ahead
    assert [o for o in options(s) if o[0] == "power"] == [("power", 2, 3)]
    s = act(s, "power", 2, 3)
    assert s.board[20] == 3 and coins(s)[2] == 7


def test_coins_on_the_starting_space_stay_and_coins_passed_or_landed_on_are_collected():
    def setup(s):
        place(s, f0=5, f1=20, f2=20, f3=20)
        s.board[5], s.board[6], s.board[8] = 4, 1, 2
        s.bank -= 7
    s = new_game(setup=setup)
    s = turn_roll(s, 3, "coins")
    s = act(s, "move")                        # over 6 and 7 to 8 (Just Visiting)
    assert s.board[5] == 4 and s.board[6] == 0 and s.board[8] == 0
    assert coins(s)[0] == 10 + 1 + 2


def test_a_power_up_not_used_before_the_turn_ends_is_lost_and_forgotten_coins_stay():
    def setup(s):
        place(s, f0=5, f1=20, f2=20, f3=20)
        s.owners[1] = 0                        # an owner makes trades possible: no auto end
        s.board[13] = 3
        s.bank -= 3
    s = new_game(setup=setup)
    s = turn_roll(s, 3, "coins")
    s = act(s, "move")
    assert ("power",) in options(s)
    s = act(s, "end_turn")
    assert coins(s)[0] == 10 and s.board[13] == 3 and s.turn.player == 1


def test_passing_go_pays_2_coins_and_the_boss_fight_comes_at_the_end_of_the_turn():
    s = new_game(setup=at(f0=30, f1=20, f2=20, f3=20))
    s = turn_roll(s, 3, "coins")
    s = act(s, "move")                        # over GO to space 1, an unowned property
    assert coins(s)[0] == 12 and decider(s) == (0, "buy")
    s = act(s, "buy")
    assert s.boss == 0                         # no fight yet: the turn is not over
    s = act(s, "power")
    s = act(s, "end_turn")
    assert s.boss == 1 and decider(s) == (0, "boss_turn")


def test_landing_exactly_on_go_pays_2_coins_and_calls_a_boss_fight():
    s = new_game(setup=at(f0=29, f1=20, f2=20, f3=20))
    s = turn_roll(s, 3, "coins")
    s = act(s, "move")
    s = act(s, "power")                        # the end of the turn follows at once
    assert s.figures[0].pos == 0 and coins(s)[0] == 10 + 4 + 2   # Mario's Coins boost: 4
    assert decider(s) == (0, "boss_turn") and s.boss == 1


def test_a_turn_that_does_not_reach_go_calls_no_boss_fight():
    s = new_game(setup=at(f0=12, f1=21, f2=21, f3=21))
    s = turn_roll(s, 4, "coins")
    s = act(s, "move")
    s = act(s, "power")
    assert s.turn.player == 1 and s.boss == 0 and s.boss_deck[0] == 1


def test_the_dice_go_to_the_left_neighbour():
    s = new_game(first=3, setup=at(f3=14))
    s = turn_roll(s, 2, "coins")
    s = act(s, "move")
    s = act(s, "power")
    assert s.turn.player == 0 and s.turns == 2
