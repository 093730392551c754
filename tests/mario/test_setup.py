"""Rulebook section "Aufbau" (set-up) and "Wer fängt an?"."""
import pytest

from .scenario import DATA, GAME, act, decider, new_game, options, pending, roll, total_coins


@pytest.mark.parametrize("players,deck", [(3, [3, 4, 5, 6, 7, 8]), (4, [1, 2, 3, 4, 5, 6, 7, 8])])
def test_each_player_gets_10_coins_and_the_boss_deck_lies_in_number_order(players, deck):
    s = GAME.new(players)
    assert [p.coins for p in s.players] == [10] * players        # 5 x 1 + 1 x 5
    assert s.boss_deck == deck                                    # 3 players: cards 3-8 only
    assert s.bank == 250 - 10 * players                           # 50 x 1 + 40 x 5 in the box
    assert [f.pos for f in s.figures] == [0] * players            # everybody on GO
    assert s.owners == [-1] * 32 and s.board == [0] * 32 and s.pot == 0


def test_the_highest_number_die_roll_begins_and_ties_roll_again():
    s = GAME.new(4)
    s = roll(s, 5, 6, 2, 6)                  # seats 1 and 3 tie on 6
    assert pending(s).sizes == (6, 6)        # only the two tied roll again
    s = roll(s, 3, 4)                        # seat 3 beats seat 1
    assert s.pick_order == [3, 0, 1, 2]
    assert decider(s) == (3, "pick")         # the first player chooses a figure first


def test_figures_are_chosen_in_turn_order_and_no_two_players_have_the_same():
    s = roll(GAME.new(3), 1, 6, 2)
    assert len(options(s)) == 12             # all twelve: base four and eight Power Packs
    s = act(s, "char", "luigi")
    assert decider(s)[0] == 2 and ("char", "luigi") not in options(s)
    s = act(s, "char", "toad")
    s = act(s, "char", "mario")
    assert [f.char for f in s.figures] == ["mario", "luigi", "toad"]
    assert s.turn.player == 1 and s.turns == 1


def test_all_twelve_characters_are_in_the_data_with_their_boost_faces():
    boosts = {c.id: c.boost for c in DATA.characters.values()}
    assert boosts == {
        "mario": "coins", "peach": "red_shell", "yoshi": "green_shell", "donkey_kong": "pow",
        "boo": "pow", "diddy_kong": "blooper", "fire_mario": "green_shell",
        "luigi": "red_shell", "rosalina": "coins", "tanooki_mario": "green_shell",
        "toad": "pow", "wario": "blooper"}


def test_coins_in_the_game_add_up_to_the_250_in_the_box():
    assert total_coins(new_game()) == 250
