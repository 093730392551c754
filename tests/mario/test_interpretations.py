"""Readings of the rulebook where it is silent (RULES.md), each played out."""
from .scenario import act, coins, decider, new_game, options, place, roll, total_coins, turn_roll


def test_the_bank_pays_only_the_coins_it_has_left():
    def poor_bank(s):
        place(s, f1=20, f2=20, f3=20)
        s.players[1].coins += s.bank - 1
        s.bank = 1
    s = act(turn_roll(new_game(setup=poor_bank), 2, "coins"), "power")   # Mario: 4 asked
    assert coins(s)[0] == 11 and s.bank == 0 and total_coins(s) == 250


def test_the_jail_fee_goes_to_the_bank_not_to_the_visiting_area():
    def jail(s):
        s.figures[0].pos, s.figures[0].jailed = 8, True
        s.pot = 2
        s.bank -= 2
    s = new_game(setup=jail)
    bank = s.bank
    s = act(s, "pay_jail", 0)
    assert s.bank == bank + 5 and coins(s)[0] == 10 - 5 + 2 and s.pot == 0


def test_leaving_jail_after_two_failed_tries_also_takes_the_visiting_area():
    def jail(s):
        f = s.figures[0]
        f.pos, f.jailed, f.jail_tries = 8, True, 1
        s.pot = 3
        s.bank -= 3
    s = roll(act(new_game(setup=jail), "roll_jail", 0), 1)
    assert not s.figures[0].jailed and coins(s)[0] == 13 and s.pot == 0


def test_a_player_passing_go_outside_their_turn_gets_2_coins_but_calls_no_boss_fight():
    # Seat 0 lands on GO; in the fight, seat 1's Toad (on 29) beats Iggy, rolls the POW and
    # moves again over GO: 2 coins, and the next boss stays in the deck.
    def setup(s):
        place(s, f0=29, f1=29, f2=20, f3=20)
        s.boss_deck = [5, 6, 8]
    s = new_game(("mario", "toad", "yoshi", "donkey_kong"), setup=setup)
    s = act(act(turn_roll(s, 3, "blooper"), "move"), "end_turn")
    s = act(s, "pass")
    s = roll(act(s, "fight"), 6)                        # seat 1 beats Iggy
    s = roll(s, 5)                                      # the power-up die: POW
    s = act(s, "power")                                 # others drop 1; Toad rolls again
    s = roll(s, 4)                                      # 29 -> 1, over GO
    assert s.figures[1].pos == 1 and coins(s)[1] == 10 - 2 + 1 + 2  # Mario's drop on GO, GO
    assert decider(s) == (1, "buy")                     # the space's rules apply
    s = act(s, "auction")
    for _ in range(4):
        s = act(s, "pass")
    assert s.boss_deck == [6, 8] and s.turn.player == 1 and s.boss == 0


def test_diddy_kong_moving_back_collects_the_coins_on_the_spaces_he_passes():
    s = new_game(("diddy_kong", "peach", "yoshi", "mario"),
                 setup=lambda s: (place(s, f0=0, f1=20, f2=20, f3=20), s.owners.__setitem__(31, 1)))
    s = act(turn_roll(s, 6, "blooper"), "move")         # 0 -> 6: Super Star
    s = s.clone()
    s.board[4], s.bank = 3, s.bank - 3                  # coins lying behind him
    s = act(s, "step", -3)                              # back over 5 and 4 to 3
    assert coins(s)[0] == 13 and s.board[4] == 0 and s.figures[0].pos == 3
    assert decider(s) == (0, "buy")                     # and 3's rules apply


def test_diddy_kong_moving_forward_over_go_gets_2_coins_and_calls_the_boss_fight():
    s = new_game(("diddy_kong", "peach", "yoshi", "mario"),
                 setup=lambda s: (place(s, f0=27, f1=20, f2=20, f3=20), s.owners.__setitem__(31, 1)))
    s = act(act(turn_roll(s, 3, "blooper"), "move"), "step", 2)   # 30 -> 0 (GO)
    assert coins(s)[0] == 12
    s = act(s, "end_turn")
    assert decider(s) == (0, "boss_turn")


def test_two_player_a_player_fights_bosses_unless_both_figures_are_in_jail():
    def setup(s):
        place(s, f0=29, f1=10, f2=8, f3=20)
        s.figures[2].jailed = True                       # one of seat 1's two figures is jailed
        s.owners[31] = 1
    s = new_game((("mario", "peach"), ("yoshi", "donkey_kong")), setup=setup)
    s = act(act(act(roll(act(s, "roll"), 3, 6), "figure", 0), "move"), "end_turn")
    s = act(s, "pass")
    assert decider(s) == (1, "boss_turn")
    def both(s):
        setup(s)
        s.figures[3].pos, s.figures[3].jailed = 8, True
    s = new_game((("mario", "peach"), ("yoshi", "donkey_kong")), setup=both)
    s = act(act(act(roll(act(s, "roll"), 3, 6), "figure", 0), "move"), "end_turn")
    s = act(s, "pass")                                   # seat 1 is all in jail: the boss escapes
    assert s.boss == 0 and s.boss_deck == [2, 3, 5, 6, 8] and s.turn.player == 1


def test_boo_is_not_offered_the_move_when_he_is_already_right_behind_the_next_player():
    s = new_game(("boo", "peach", "yoshi", "mario"),
                 setup=lambda s: (place(s, f0=4, f1=5, f2=20, f3=20), s.owners.__setitem__(31, 1)))
    s = turn_roll(s, 2, "pow")
    assert [o for o in options(s) if o[0] == "power"] == [("power",)]


def test_fire_marios_super_star_in_a_two_player_game_hits_the_one_opponent_once():
    s = new_game((("fire_mario", "peach"), ("yoshi", "donkey_kong")),
                 setup=lambda s: (place(s, f0=3, f1=20, f2=7, f3=9), s.owners.__setitem__(31, 1)))
    s = act(act(roll(act(s, "roll"), 3, 6), "figure", 0), "move")
    assert coins(s) == [20, 16] and s.board[7] == 4 and s.board[9] == 0


def test_a_blooper_on_a_jailed_player_gives_the_coins_to_the_thief_not_the_visiting_area():
    def setup(s):
        place(s, f2=20, f3=20)
        s.figures[1].pos, s.figures[1].jailed = 8, True
        s.owners[31] = 3
    s = act(turn_roll(new_game(setup=setup), 2, "blooper"), "power", 1, 2)
    assert coins(s)[:2] == [12, 8] and s.pot == 0


def test_a_green_shell_with_everybody_on_your_space_cannot_be_used():
    s = new_game(setup=lambda s: s.owners.__setitem__(31, 3))
    s = turn_roll(s, 2, "green_shell")
    assert not [o for o in options(s) if o[0] == "power"]


def test_tanooki_marios_super_star_does_nothing_when_every_property_is_owned():
    def setup(s):
        place(s, f0=3, f1=20, f2=20, f3=20)
        for i in range(1, 32, 2):
            s.owners[i] = 1
    s = act(turn_roll(new_game(("tanooki_mario", "peach", "yoshi", "mario"), setup=setup),
                      3, "blooper"), "move")
    assert s.figures[0].pos == 6 and decider(s) == (0, "turn") and coins(s)[0] == 10


def test_morton_gives_nothing_when_no_property_is_free():
    from .test_bosses import to_fight, win
    s = win(to_fight([3, 8], lambda s: [s.owners.__setitem__(i, 1) for i in range(1, 32, 2)]))
    assert s.players[0].bosses == [3] and s.owners.count(0) == 0


def test_wario_drops_at_most_the_coins_he_has():
    s = new_game(("wario", "peach", "yoshi", "mario"),
                 setup=lambda s: (place(s, f0=3, f1=20, f2=20, f3=20),
                                  setattr(s.players[0], "coins", 4), setattr(s, "bank", s.bank + 6)))
    s = act(turn_roll(s, 3, "pow"), "move")
    assert options(s) == tuple(("drop", k) for k in range(5))
