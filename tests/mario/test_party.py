"""Rulebook section "Varianten: Party": teams of two or three figures, one of them on the board,
one swap per turn (a figure may move and another use the power-up), and never the same figure
on the board for two players."""
from .scenario import GAME, act, coins, new_game, options, place, roll, turn_roll

TEAMS = (("mario", "peach"), ("yoshi", "mario", "toad"), ("luigi", "wario"))


def game(setup_fn=None, teams=TEAMS, **pos):
    def setup(s):
        place(s, **pos)
        if setup_fn:
            setup_fn(s)
    return new_game(teams, variants=["party"], setup=setup)


def test_teams_of_two_or_three_are_chosen_and_the_first_choice_stands_on_the_board():
    s = game()
    assert [p.team for p in s.players] == [list(t) for t in TEAMS]
    assert [f.char for f in s.figures] == ["mario", "yoshi", "luigi"]
    assert [p.coins for p in s.players] == [10, 10, 10]


def test_the_first_figure_cannot_be_one_another_player_already_has_on_the_board():
    s = roll(GAME.new(3, ["party"]), 6, 1, 1)
    s = act(s, "char", "mario")
    assert ("char", "mario") not in options(s)           # seat 1's first pick
    s = act(s, "char", "yoshi")
    s = act(s, "char", "luigi")
    assert ("char", "mario") not in options(s)           # already in seat 0's team
    s = act(s, "char", "peach")
    assert ("char", "mario") in options(s)               # a teammate off the board: allowed
    s = act(s, "char", "mario")
    s = act(s, "char", "wario")
    assert options(s)[-1] == ("done",)                   # the third figure is optional


def test_one_swap_per_turn_and_a_figure_may_move_while_another_uses_the_power_up():
    s = game(f0=12, f1=9, f2=20)
    s = turn_roll(s, 4, "red_shell")
    assert ("swap", "peach") in options(s)
    s = act(s, "move")                                   # Mario moves to 16
    s = act(s, "swap", "peach")                          # Peach takes his place
    assert s.figures[0].char == "peach" and s.figures[0].pos == 16
    assert not [o for o in options(s) if o[0] == "swap"]  # one swap per turn
    s = act(s, "power", 1)                               # Peach's boost: 4
    assert s.board[9] == 4 and coins(s)[1] == 6


def test_a_character_on_the_board_for_another_player_cannot_be_swapped_in():
    s = game(f0=12, f1=9, f2=20)
    s = act(act(turn_roll(s, 4, "blooper"), "move"), "end_turn")   # seat 0 moves 12 -> 16
    assert s.turn.player == 1
    # seat 1 has Yoshi on the board; Mario is on the board for seat 0, Toad is free
    assert [o for o in options(s) if o[0] == "swap"] == [("swap", "toad")]


def test_party_is_for_three_or_four_players():
    assert GAME.check_variants(3, ("party",)) is None and GAME.check_variants(4, ("party",)) is None
