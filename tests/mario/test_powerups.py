"""Rulebook section "Der Power-Up-Würfel": every face without and with each character's boost.

In these scenarios somebody owns Bowser's Castle, so a trade is always possible and the engine
never takes the move on its own: every power-up is seen before the figure moves."""
import pytest

from .scenario import DATA, GAME, act, coins, edit, new_game, options, pending, place, turn_roll


def game(chars, **pos):
    def setup(s):
        place(s, **pos)
        s.owners[31] = len(chars) - 1
    return new_game(chars, setup=setup)


def powers(s):
    return [o for o in options(s) if o[0] == "power"]


def test_power_up_die_faces_are_coins_twice_green_red_pow_blooper():
    assert DATA.powerup_die == ("coins", "coins", "green_shell", "red_shell", "pow", "blooper")


# ---------------------------------------------------------------- Coins
def test_coins_take_3_from_the_bank():
    s = turn_roll(game(("peach", "mario", "yoshi", "donkey_kong")), 2, "coins")
    bank = s.bank
    s = act(s, "power")
    assert coins(s)[0] == 13 and s.bank == bank - 3


def test_coins_with_marios_boost_take_4():
    s = turn_roll(game(("mario", "peach", "yoshi", "donkey_kong")), 2, "coins")
    assert powers(s) == [("power",)]
    assert coins(act(s, "power"))[0] == 14


def test_coins_with_rosalinas_boost_may_take_one_propertys_rent_from_the_bank_instead():
    s = game(("rosalina", "peach", "yoshi", "donkey_kong"))
    s = edit(s, lambda s: (s.owners.__setitem__(5, 0), s.owners.__setitem__(7, 0)))
    s = turn_roll(s, 2, "coins")
    assert powers(s) == [("power",), ("power", 5), ("power", 7)]
    assert coins(act(s, "power", 5))[0] == 12   # rent 1, doubled: she owns the whole set
    assert coins(act(s, "power"))[0] == 13


# ---------------------------------------------------------------- Red Shell
def test_red_shell_makes_a_chosen_other_player_drop_3_on_their_space():
    s = game(("mario", "peach", "yoshi", "donkey_kong"), f1=3, f2=9, f3=25)
    s = turn_roll(s, 2, "red_shell")
    assert powers(s) == [("power", 1), ("power", 2), ("power", 3)]
    s = act(s, "power", 2)
    assert s.board[9] == 3 and coins(s) == [10, 10, 7, 10]


def test_red_shell_with_peachs_boost_drops_4():
    s = game(("peach", "mario", "yoshi", "donkey_kong"), f2=9)
    s = act(turn_roll(s, 2, "red_shell"), "power", 2)
    assert s.board[9] == 4 and coins(s)[2] == 6


def test_red_shell_with_luigis_boost_drops_3_and_the_victim_skips_their_next_power_up_roll():
    s = game(("luigi", "mario", "yoshi", "donkey_kong"), f1=9)
    s = act(turn_roll(s, 2, "red_shell"), "power", 1)
    assert s.board[9] == 3 and coins(s)[1] == 7 and s.players[1].skip_powerup
    s = act(s, "move")
    s = act(s, "end_turn") if ("end_turn",) in options(s) else s
    assert s.turn.player == 1
    s = act(s, "roll")
    assert pending(s).sizes == (6,)             # the number die only
    s = GAME.apply_chance(s, (3,))
    assert s.turn.face == "" and not s.players[1].skip_powerup


# ---------------------------------------------------------------- Green Shell
@pytest.mark.parametrize("chars, pos, offered, hit, space, left", [
    pytest.param(("mario", "peach", "yoshi", "donkey_kong"), dict(f0=5, f1=9, f2=9, f3=3),
                 [("power", 1, 3), ("power", 2, 3)], (2, 3), 9, 7,
                 id="the_nearest_player_ahead_and_a_tie_is_the_rollers_choice"),
    pytest.param(("yoshi", "peach", "mario", "donkey_kong"), dict(f0=10, f1=12, f2=20, f3=8),
                 [("power", 1, 3), ("power", 3, 3)], (3, 3), 8, 7,
                 id="with_yoshis_boost_the_nearest_player_behind_instead"),
    pytest.param(("tanooki_mario", "peach", "mario", "donkey_kong"),
                 dict(f0=5, f1=6, f2=20, f3=20), [("power", 1, 3), ("power", 1, 6)], (1, 6), 6, 4,
                 id="with_tanookis_boost_a_player_on_the_next_space_may_drop_6"),
])
def test_green_shell_hits_one_of_the_players_it_offers_who_drops_coins_on_their_space(
        chars, pos, offered, hit, space, left):
    s = turn_roll(game(chars, **pos), 2, "green_shell")
    assert powers(s) == offered
    s = act(s, "power", *hit)
    seat, drop = hit
    assert s.board[space] == drop and coins(s)[seat] == left


def test_green_shell_never_hits_a_player_on_your_own_space():
    s = game(("mario", "peach", "yoshi", "donkey_kong"), f0=5, f1=5, f2=11, f3=5)
    assert powers(turn_roll(s, 2, "green_shell")) == [("power", 2, 3)]


def test_green_shell_with_fire_marios_boost_drops_5_when_the_next_player_is_4_or_more_ahead():
    far = game(("fire_mario", "peach", "mario", "donkey_kong"), f0=5, f1=9, f2=20, f3=20)
    assert powers(turn_roll(far, 2, "green_shell")) == [("power", 1, 5)]
    near = game(("fire_mario", "peach", "mario", "donkey_kong"), f0=5, f1=8, f2=20, f3=20)
    assert powers(turn_roll(near, 2, "green_shell")) == [("power", 1, 3)]


def test_green_shell_without_tanooki_gives_no_6_option():
    s = game(("mario", "peach", "yoshi", "donkey_kong"), f0=5, f1=6, f2=20, f3=20)
    assert powers(turn_roll(s, 2, "green_shell")) == [("power", 1, 3)]


# ---------------------------------------------------------------- POW Block
def test_pow_block_makes_every_other_player_drop_1_on_their_space():
    s = game(("mario", "peach", "yoshi", "donkey_kong"), f1=3, f2=9, f3=25)
    s = act(turn_roll(s, 2, "pow"), "power")
    assert coins(s) == [10, 9, 9, 9] and (s.board[3], s.board[9], s.board[25]) == (1, 1, 1)


def test_pow_block_with_donkey_kongs_boost_drops_2():
    s = game(("donkey_kong", "peach", "yoshi", "mario"), f1=3, f2=9, f3=25)
    s = act(turn_roll(s, 2, "pow"), "power")
    assert coins(s) == [10, 8, 8, 8] and (s.board[3], s.board[9], s.board[25]) == (2, 2, 2)


def test_pow_block_with_boos_boost_may_move_behind_the_next_player_and_follow_that_space():
    s = game(("boo", "peach", "yoshi", "mario"), f0=1, f1=5, f2=9, f3=25)
    s = turn_roll(s, 2, "pow")
    assert powers(s) == [("power",), ("power", "move")]
    s = act(s, "power", "move")               # others drop 1, then Boo goes to 4 (a coin space)
    assert s.figures[0].pos == 4 and pending(s).label.startswith("coin space")
    s = GAME.apply_chance(s, (5,))
    assert coins(s) == [15, 9, 9, 9] and s.board[5] == 1   # the drop at 5 lies ahead of him


def test_pow_block_with_toads_boost_rolls_and_moves_again():
    s = game(("toad", "peach", "yoshi", "mario"), f0=10, f1=3, f2=9, f3=25)
    s = act(turn_roll(s, 2, "pow"), "power")
    assert pending(s).label == "Toad: roll and move again"
    s = GAME.apply_chance(s, (6,))            # from 10 to 16 (Free Parking)
    assert s.figures[0].pos == 16 and coins(s) == [10, 9, 9, 9]
    assert ("move",) in options(s)            # the turn's own move is still to come


# ---------------------------------------------------------------- Blooper
def test_blooper_takes_2_coins_from_a_chosen_player():
    s = game(("mario", "peach", "yoshi", "donkey_kong"), f1=3, f2=9, f3=25)
    s = turn_roll(s, 2, "blooper")
    assert powers(s) == [("power", 1, 2), ("power", 2, 2), ("power", 3, 2)]
    assert coins(act(s, "power", 3, 2)) == [12, 10, 10, 8]


def test_blooper_with_diddy_kongs_boost_may_steal_4_from_a_player_up_to_5_spaces_behind():
    s = game(("diddy_kong", "peach", "yoshi", "mario"), f0=10, f1=5, f2=4, f3=12)
    s = turn_roll(s, 2, "blooper")
    assert ("power", 1, 4) in powers(s) and ("power", 2, 4) not in powers(s)
    assert coins(act(s, "power", 1, 4)) == [14, 6, 10, 10]


def test_blooper_with_warios_boost_may_steal_5_from_a_player_on_his_space():
    s = game(("wario", "peach", "yoshi", "mario"), f0=10, f1=10, f2=4, f3=12)
    s = turn_roll(s, 2, "blooper")
    assert ("power", 1, 5) in powers(s) and ("power", 2, 5) not in powers(s)
    assert coins(act(s, "power", 1, 5)) == [15, 5, 10, 10]


def test_a_boost_only_counts_on_its_own_face():
    # Wario's boost is the Blooper: on a Red Shell he drops 3 like anybody else.
    s = game(("wario", "peach", "yoshi", "mario"), f1=9)
    s = act(turn_roll(s, 2, "red_shell"), "power", 1)
    assert s.board[9] == 3
