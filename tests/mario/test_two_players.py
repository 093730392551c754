"""Rulebook section "Zu zweit": two figures each, 20 coins, boss cards 1, 2, 3, 5, 6, 8, the
figures take turns, "everyone" effects hit one figure of the opponent (who chooses), your own
figures are never hit, and a jailed figure's choice comes before the roll."""
from .scenario import GAME, act, coins, decider, new_game, options, place, roll

PAIRS = (("mario", "peach"), ("yoshi", "donkey_kong"))   # seat 0: figures 0, 1; seat 1: 2, 3


def game(setup_fn=None, chars=PAIRS, **pos):
    def setup(s):
        place(s, **pos)
        s.owners[31] = 1          # a trade is possible: the engine never moves on its own
        if setup_fn:
            setup_fn(s)
    return new_game(chars, setup=setup)


def test_two_players_get_two_figures_20_coins_and_boss_cards_1_2_3_5_6_8():
    s = GAME.new(2)
    assert len(s.figures) == 4 and [f.seat for f in s.figures] == [0, 0, 1, 1]
    assert [p.coins for p in s.players] == [20, 20] and s.bank == 250 - 40
    assert s.boss_deck == [1, 2, 3, 5, 6, 8]


def test_figures_are_chosen_alternately():
    s = roll(GAME.new(2), 2, 5)                  # seat 1 begins
    s = act(s, "char", "luigi")
    s = act(s, "char", "wario")
    s = act(s, "char", "toad")
    s = act(s, "char", "boo")
    assert [f.char for f in s.figures] == ["wario", "boo", "luigi", "toad"]


def test_after_rolling_you_choose_which_figure_moves_and_next_turn_the_other_must():
    s = game(f0=0, f1=10, f2=12, f3=12)
    s = roll(act(s, "roll"), 6, 6)
    assert decider(s) == (0, "choose_figure") and options(s) == (("figure", 0), ("figure", 1))
    s = act(act(act(s, "figure", 1), "move"), "end_turn")
    assert s.figures[1].pos == 16 and s.figures[0].pos == 0
    s = act(act(act(roll(act(s, "roll"), 4, 6), "figure", 2), "move"), "end_turn")  # seat 1
    s = roll(act(s, "roll"), 2, 6)               # seat 0 again: only figure 0 may move now
    assert s.turn.fig == 0 and decider(s) == (0, "turn")
    s = act(act(s, "move"), "end_turn")
    s = roll(act(s, "roll"), 4, 6)               # seat 1: only figure 3
    assert s.turn.fig == 3
    s = act(act(s, "move"), "end_turn")
    s = roll(act(s, "roll"), 1, 6)               # seat 0: both turned face up again: choose
    assert decider(s) == (0, "choose_figure")


def test_effects_on_everyone_hit_one_figure_of_the_opponent_who_chooses_which():
    s = game(f0=0, f1=10, f2=3, f3=25)
    s = act(roll(act(s, "roll"), 2, 5), "figure", 0)      # POW
    s = act(s, "power")
    assert decider(s) == (1, "drop_any") and options(s) == (("drop_at", 2), ("drop_at", 3))
    s = act(s, "drop_at", 3)
    assert coins(s) == [20, 19] and s.board[25] == 1 and s.board[3] == 0


def test_donkey_kongs_super_star_takes_3_from_the_opponent_once():
    s = game(f0=20, f1=3, f2=20, f3=25, chars=(("mario", "donkey_kong"), ("yoshi", "peach")))
    s = act(roll(act(s, "roll"), 3, 6), "figure", 1)
    s = act(s, "move")                                     # 3 -> 6: Super Star
    assert coins(s) == [23, 17]


def test_your_own_figures_are_never_hit():
    s = game(f0=0, f1=2, f2=9, f3=25)
    s = roll(act(s, "roll"), 2, 3)                         # Green Shell
    s = act(s, "figure", 0)
    # the nearest figure ahead is seat 0's own on 2: the shell goes to the opponent's on 9
    assert [o for o in options(s) if o[0] == "power"] == [("power", 2, 3)]
    s2 = roll(act(game(f0=0, f1=2, f2=9, f3=25), "roll"), 2, 4)   # Red Shell
    s2 = act(s2, "figure", 0)
    assert [o for o in options(s2) if o[0] == "power"] == [("power", 2), ("power", 3)]


def test_landing_on_a_property_of_your_other_figure_costs_nothing():
    s = game(lambda s: s.owners.__setitem__(3, 0), f0=0, f1=20, f2=20, f3=20)
    s = act(act(roll(act(s, "roll"), 3, 6), "figure", 0), "move")
    assert coins(s) == [20, 20]


def test_with_a_figure_in_jail_you_decide_before_rolling_whether_to_pay_or_roll():
    # "Sitzt eine Figur im Gefängnis, entscheidest du vor dem Würfeln über Zahlen oder
    # Würfeln": pay or try for a 6; the other figure does not move instead without it.
    def jail(s):
        s.figures[0].pos, s.figures[0].jailed = 8, True
    s = game(jail, f1=10, f2=20, f3=20)
    assert options(s)[:2] == (("pay_jail", 0), ("roll_jail", 0))
    assert ("roll",) not in options(s)
    paid = act(s, "pay_jail", 0)
    assert not paid.figures[0].jailed and coins(paid)[0] == 15
    paid = roll(paid, 2, 6)
    assert options(paid) == (("figure", 0), ("figure", 1))     # and then choose as usual
    tried = roll(act(s, "roll_jail", 0), 3)                     # no 6: the turn is over
    assert tried.turn.player == 1 and tried.figures[0].jailed and tried.figures[0].jail_tries == 1


def test_a_jailed_figure_that_moved_last_turn_waits_and_the_other_must_move():
    # "im nächsten Zug muss die andere ziehen": the jailed figure's decision waits for a turn
    # in which it may move.
    def jail(s):
        s.figures[0].pos, s.figures[0].jailed = 8, True
        s.players[0].flipped = [0]
    s = game(jail, f1=10, f2=20, f3=20)
    assert options(s)[0] == ("roll",) and not [o for o in options(s) if "jail" in o[0]]
    s = roll(act(s, "roll"), 2, 6)
    assert s.turn.fig == 1 and s.figures[0].jailed


def test_party_with_two_players_follows_the_two_player_rules():
    # "zu zweit gelten die Zweierregeln": two figures each on the board (the first two of
    # the team), 20 coins, boss cards 1, 2, 3, 5, 6, 8; a third teammate may be swapped in.
    assert GAME.check_variants(2, ("party",)) is None
    s = new_game((("mario", "peach", "toad"), ("yoshi", "donkey_kong")), variants=["party"])
    assert [f.char for f in s.figures] == ["mario", "peach", "yoshi", "donkey_kong"]
    assert [p.coins for p in s.players] == [20, 20] and s.boss_deck == [1, 2, 3, 5, 6, 8]
    swaps = [o for o in options(s) if o[0] == "swap"]
    assert swaps == [("swap", "toad", 0), ("swap", "toad", 1)]
    s = act(s, "swap", "toad", 1)
    assert [f.char for f in s.figures] == ["mario", "toad", "yoshi", "donkey_kong"]
    s = act(roll(s, 2, 1), "figure", 1)                        # Toad moves this turn
    assert not [o for o in options(s) if o[0] == "swap"]       # one swap per turn


def test_party_with_two_players_keeps_both_figures_on_the_board_unlike_the_others():
    s = roll(GAME.new(2, ["party"]), 6, 1)                     # seat 0 chooses first
    s = act(act(s, "char", "mario"), "char", "yoshi")
    assert ("char", "yoshi") not in options(s)                 # seat 0's second board figure
    s = act(act(s, "char", "peach"), "char", "luigi")
    assert ("char", "yoshi") in options(s) and options(s)[-1] == ("done",)
