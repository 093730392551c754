"""The strong bot in Monopoly Gamer (Mario): its evaluation is a chance of finishing first
fitted to games of the greedy policy its rollouts play (coins worth more than their 2 points in a
stack while properties and boss fights are still to buy), and it sells properties for a rival's
coins when coins win the last boss fights (Bowser's 100 points)."""
import random

from engine import bots
from engine.observe import observe
from engine.search import Budget, search_move, trade_offers
from engine.search_values import position_value
from tests.mario.scenario import GAME, decider, new_game


def _bowser_left(s):
    """Only Bowser is left; seat 0 owns the two dearest sets and has 3 coins, seat 1 holds 30."""
    s.boss_deck = [8]
    for seat, spaces in enumerate(((25, 27, 29, 31), (1, 3, 5, 7), (9, 11, 13, 15),
                                   (17, 19, 21, 23))):
        for sp in spaces:
            s.owners[sp] = seat
    for p, c in zip(s.players, (3, 30, 4, 4)):
        s.bank += p.coins - c
        p.coins = c


def test_the_mario_evaluation_counts_early_coins_above_their_stack_points():
    """With every boss still to fight, 5 coins buy properties and fights: worth more than the
    10 points they make in a stack (the lead through tanh counted them as equal)."""
    s = new_game()
    s.players[0].coins += 5
    s.owners[1] = 1                       # 10 points
    assert len(s.boss_deck) == 8
    assert position_value(GAME, s, 0, {}) > position_value(GAME, s, 1, {})


def test_the_mario_evaluation_is_a_chance_of_finishing_first():
    s = new_game(setup=_bowser_left)
    values = [position_value(GAME, s, seat, {}) for seat in range(4)]
    assert abs(sum(values) - 1) < 1e-9 and max(values) == values[0]


def test_the_strong_bot_sells_a_property_for_a_rivals_coins_before_bowser_and_greedy_takes_it():
    s = new_game(setup=_bowser_left)
    assert decider(s) == (0, "turn")
    # the sale asks the most the greedy rival still takes (points, 2 a coin), leaving it 2
    assert ("offer", 1, (29,), (), 0, 24) in trade_offers(GAME, s, 0)
    bot = bots.make_bot("strong:hard", "mario-sale")
    for _ in range(8):
        d = GAME.pending(s)
        if d.prompt == "trade_answer":
            break
        assert d.player == 0
        s = GAME.apply(s, bot.choose_seen(observe(s, 0), d))
    frame = s.agenda[-1]
    assert (frame.partner, frame.take, frame.pay) == (1, (), 0)
    assert len(frame.give) == 1 and frame.ask >= 19
    answer = GAME.greedy_move(s, GAME.pending(s), random.Random(0))
    assert answer == ("accept",)
    s = GAME.apply(s, answer)
    assert s.players[0].coins == 3 + frame.ask and s.players[1].coins == 30 - frame.ask


def test_with_a_simulation_budget_the_mario_sale_is_a_function_of_the_seed():
    s = new_game(setup=_bowser_left)
    d = GAME.pending(s)
    moves = {search_move(observe(s, 0), d, random.Random(7), Budget(sims=40)) for _ in range(2)}
    assert len(moves) == 1


def _a_set_shared(s):
    """Seat 0 owns one property of the first set (10 points), seat 1 another; seat 0 has 12
    coins."""
    s.owners[1], s.owners[3] = 0, 1
    s.bank += s.players[0].coins - 12
    s.players[0].coins = 12


def test_a_purchase_the_strong_bot_drafts_in_mario_offers_what_a_greedy_rival_accepts():
    """A greedy player counts a coin as 2 points: it sells a 10-point property for 6 coins, not
    for its price (1) or half as much again, which every such offer paid before."""
    from engine.search import _draft
    s = new_game(setup=_a_set_shared)
    assert decider(s) == (0, "turn")
    buys = [o for o in trade_offers(GAME, s, 0) if o[3] == (3,)]
    assert buys == [("offer", 1, (), (3,), 6)]
    drafted = _draft(GAME, s, buys[0])
    assert GAME.pending(drafted).prompt == "trade_answer"
    assert GAME.greedy_move(drafted, GAME.pending(drafted), random.Random(0)) == ("accept",)
