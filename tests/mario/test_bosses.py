"""Rulebook section "Bosskampf": the order of fighters, paying to the bank or onto the card,
the roll, passing, the boss escaping, every boss's instant bonus, and the end of the game.

Boss cards are house data except Bowser's 100 points and place (data.toml): these tests read
cost, roll and points from the data so that printed values can replace them."""
from .scenario import (DATA, GAME, act, coins, decider, is_over, new_game, options, pending,
                       place, roll, total_coins, turn_roll)


def to_fight(deck, setup_fn=None, **pos):
    """Seat 0 lands on GO (+2 coins), ends the turn, and the top card of `deck` is revealed."""
    def setup(s):
        place(s, **{"f0": 29, "f1": 20, "f2": 20, "f3": 20, **pos})
        s.boss_deck = list(deck)
        if setup_fn:
            setup_fn(s)
    s = new_game(setup=setup)
    s = act(act(turn_roll(s, 3, "blooper"), "move"), "end_turn")
    assert s.boss == deck[0] and coins(s)[0] >= 2
    return s


def win(s, seat=0):
    assert decider(s) == (seat, "boss_turn")
    s = act(s, "fight")
    return roll(s, 6)


def test_the_player_who_reached_go_fights_first_then_the_left_neighbours():
    s = to_fight([1, 8])
    assert decider(s) == (0, "boss_turn") and options(s) == (("fight",), ("pass",))
    s = act(s, "pass")
    assert decider(s) == (1, "boss_turn")
    s = act(s, "pass")
    assert decider(s) == (2, "boss_turn")


def test_fighting_pays_the_cost_to_the_bank_and_a_high_enough_roll_wins_the_card():
    s = to_fight([1, 8])
    bank = s.bank
    s = act(s, "fight")
    assert coins(s)[0] == 12 - 1 and s.bank == bank + 1
    assert pending(s).label == "boss fight: Larry is beaten by 3 or more"
    s = roll(s, DATA.bosses[1].need)
    assert s.players[0].bosses == [1] and s.boss == 0 and s.boss_deck == [8]
    assert s.turn.player == 1                                # the game goes on with the next turn


def test_a_roll_below_the_need_loses_and_the_next_player_may_pay_and_fight():
    s = act(to_fight([1, 8]), "fight")
    s = roll(s, DATA.bosses[1].need - 1)
    assert s.players[0].bosses == [] and decider(s) == (1, "boss_turn")
    s = win(s, 1)
    assert s.players[1].bosses == [1] and coins(s)[1] == 10 - 1 + 3


def test_a_player_who_cannot_pay_must_pass():
    s = to_fight([6, 8], lambda s: setattr(s.players[1], "coins", 2))   # Roy costs 3
    s = act(s, "pass")
    assert decider(s) == (2, "boss_turn")                    # seat 1 passed: it had no choice


def test_when_everybody_passes_the_boss_escapes_to_the_box():
    s = to_fight([4, 8])                                      # Wendy: the cost goes on the card
    s = roll(act(s, "fight"), 1)
    assert s.boss_coins == 2 and coins(s)[0] == 10
    for _ in range(4):                                        # seats 1-3, then seat 0 again
        s = act(s, "pass")
    assert s.boss == 0 and s.boss_deck == [8] and all(p.bosses == [] for p in s.players)
    assert s.boss_coins == 0 and total_coins(s) == 250       # the card's coins went to the bank
    assert s.turn.player == 1


def test_only_passing_leaves_the_fight_a_loser_may_pay_and_fight_again_in_turn():
    # "Wer gepasst hat, kämpft gegen diesen Boss nicht mehr mit ... Sonst darf der Nächste
    # zahlen und kämpfen ... Passen alle, entkommt der Boss."
    s = to_fight([1, 8])
    s = roll(act(s, "fight"), 1)                              # seat 0 pays and loses
    s = act(s, "pass")                                        # seat 1 is out of this fight
    s = roll(act(s, "fight"), 2)                              # seat 2 pays and loses
    s = act(s, "pass")                                        # seat 3 is out
    assert decider(s) == (0, "boss_turn") and ("fight",) in options(s)
    s = act(s, "pass")                                        # seat 0 is out now
    assert decider(s) == (2, "boss_turn")                     # seat 2's turn came round again
    s = win(s, 2)
    assert s.players[2].bosses == [1] and s.players[1].bosses == []


def test_a_loser_who_can_no_longer_pay_passes():
    s = to_fight([3, 8], lambda s: [setattr(p, "coins", 2) for p in s.players[1:]])
    s = roll(act(s, "fight"), 1)                              # seat 0: 12 -> 10
    for seat in (1, 2, 3):
        assert decider(s) == (seat, "boss_turn")
        s = roll(act(s, "fight"), 1)                          # each pays their last 2
    assert decider(s) == (0, "boss_turn")                     # the others could only pass
    assert coins(s)[1:] == [0, 0, 0]


def test_coins_on_the_card_go_to_the_winner():
    s = roll(act(to_fight([4, 8]), "fight"), 1)              # seat 0 puts 2 on Wendy and fails
    s = win(s, 1)                                            # seat 1 puts 2 more and wins
    assert coins(s)[:2] == [10, 10 - 2 + 4] and s.boss_coins == 0


def test_the_boss_deck_is_fought_in_number_order():
    s = to_fight([1, 2, 3, 4, 5, 6, 7, 8])
    for _ in range(4):
        s = act(s, "pass")
    assert s.boss_deck[0] == 2


# ---------------------------------------------------------------- instant bonuses
def test_larry_bonus_collects_3_coins():
    assert coins(win(to_fight([1, 8])))[0] == 12 - 1 + 3


def test_lemmy_bonus_takes_2_coins_from_each_other_player():
    assert coins(win(to_fight([2, 8]))) == [12 - 1 + 6, 8, 8, 8]


def test_morton_bonus_takes_the_cheapest_free_property():
    s = win(to_fight([3, 8], lambda s: s.owners.__setitem__(1, 2)))
    assert s.owners[3] == 0 and coins(s)[0] == 12 - 2        # free: nothing paid for it


def test_wendy_bonus_collects_the_coins_on_her_card():
    assert coins(win(to_fight([4, 8])))[0] == 12 - 2 + 2


def test_iggy_bonus_rolls_the_power_up_die_to_use_with_the_winners_boost():
    s = win(to_fight([5, 8]))
    assert pending(s).label == "Iggy's bonus: the power-up die"
    s = roll(s, 1)                                           # Coins: Mario's boost makes it 4
    assert decider(s) == (0, "iggy") and options(s) == (("power",), ("decline",))
    assert coins(act(s, "power"))[0] == 12 - 2 + 4


def test_roy_bonus_makes_every_other_player_drop_3_coins():
    s = win(to_fight([6, 8]))
    assert coins(s) == [12 - 3, 7, 7, 7] and s.board[20] == 9


def test_ludwig_bonus_collects_the_coins_on_his_card():
    s = roll(act(to_fight([7, 8]), "fight"), 1)
    s = win(s, 1)
    assert coins(s)[1] == 10 - 3 + 6


def test_bowser_is_worth_100_points_and_the_game_ends_right_after_the_last_fight():
    s = win(to_fight([8]))
    assert is_over(s) and s.players[0].bosses == [8]
    assert GAME.result(s).details["bosses"] == [100, 0, 0, 0]


def test_the_game_also_ends_when_the_last_boss_escapes():
    s = to_fight([8])
    for _ in range(4):
        s = act(s, "pass")
    assert is_over(s) and all(p.bosses == [] for p in s.players)


def test_the_boss_cards_are_the_research_pages_table():
    table = [(b.number, b.name, b.cost, b.cost_to, b.need, b.points, b.bonus)
             for b in DATA.bosses.values()]
    assert table == [
        (1, "Larry", 1, "bank", 3, 20, "coins3"), (2, "Lemmy", 1, "bank", 3, 20, "take2each"),
        (3, "Morton", 2, "bank", 4, 30, "free_property"), (4, "Wendy", 2, "card", 4, 30, "card_coins"),
        (5, "Iggy", 2, "bank", 4, 40, "powerup"), (6, "Roy", 3, "bank", 5, 40, "others_drop3"),
        (7, "Ludwig", 3, "card", 5, 50, "card_coins"), (8, "Bowser", 3, "bank", 5, 100, "none")]


def test_the_bot_fights_again_when_its_turn_comes_round_and_it_can_pay():
    import random
    s = roll(act(to_fight([1, 8]), "fight"), 1)               # seat 0 loses once
    for _ in range(3):
        s = act(s, "pass")
    assert decider(s) == (0, "boss_turn")
    assert GAME.greedy_move(s, pending(s), random.Random(0)) == ("fight",)
