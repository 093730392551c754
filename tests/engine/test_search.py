"""The observer (engine/observe.py) and the strong bot (engine/search.py, engine/bots.py): a
seat's observation holds its own hidden cards only, a determinization agrees with it, the bot
decides from the observation alone, is a function of its seed with a simulation budget, plays
the best move so far when time is up, and bad specs are refused naming what is allowed."""
import random

import pytest

from engine import bots
from engine.core import Decision, Over, Sealed, get_game
from engine.observe import determinize, observe
from engine.search import Budget, candidates, search_move
from engine.simulate import TableDealer

GAME = "overwatch-monopoly"


def _searched(state, decision) -> None:
    """The bot really searches this decision: more than one candidate (with one it plays it at
    once, and a test of what search does would pass without any)."""
    game = get_game(GAME)
    greedy = game.greedy_move(state, decision, random.Random(0))
    assert len(candidates(game, state, decision, greedy)) > 1


def _mid_game(seed=3):
    """An Overwatch Monopoly game played by greedy bots until at least two seats hold Loot
    Boxes and one of them is to decide: (state, dealer, that seat)."""
    game = get_game(GAME)
    state = game.new(4)
    dealer = TableDealer.shuffled(game, state, b"observer")
    agents = [bots.make_bot("greedy", f"{seed}/{i}") for i in range(4)]
    rng = random.Random(seed)
    for _ in range(20_000):
        p = game.pending(state)
        holders = {seat for seat in dealer.holders.values()}
        if isinstance(p, Decision) and len(holders) >= 2 and p.player in holders \
                and len(p.options) > 1:
            return state, dealer, p.player
        assert not isinstance(p, Over)
        if isinstance(p, Decision):
            state = game.apply(state, agents[p.player].choose(state, p))
        elif hasattr(p, "sizes"):
            state = game.resolve(state, rng.randbytes(16))
        else:
            state, _ = dealer.deal(state)
    raise AssertionError("no such state")


def _other_deal(dealer, seat):
    """The same table with every card `seat` has not seen dealt otherwise (reversed)."""
    mine = {pos for (deck, pos), s in dealer.holders.items() if s == seat}
    order = list(dealer.orders["loot"])
    hidden = [i for i in range(len(order)) if i not in mine]
    for i, j in zip(hidden, reversed(hidden)):
        order[i] = dealer.orders["loot"][j]
    other = TableDealer(dealer.game, {"loot": tuple(order)})
    other.holders = dict(dealer.holders)
    assert other.orders != dealer.orders
    return other


def test_two_deals_differing_only_in_what_a_seat_has_not_seen_give_it_the_same_observation():
    state, dealer, seat = _mid_game()
    other = _other_deal(dealer, seat)
    mine = dealer.observation(state, seat)
    assert mine.cards and mine == other.observation(state, seat)
    # ...while another seat holding a card that changed sees the difference
    changed = [s for (deck, pos), s in dealer.holders.items()
               if s != seat and dealer.card(deck, pos) != other.card(deck, pos)]
    assert changed
    assert dealer.observation(state, changed[0]) != other.observation(state, changed[0])
    # the observation never holds another seat's card
    assert all(dealer.holders[key] == seat for key, _ in mine.cards)


def test_the_strong_bots_move_is_the_same_from_both_deals_with_the_same_seed():
    state, dealer, seat = _mid_game()
    other = _other_deal(dealer, seat)
    decision = get_game(GAME).pending(state)
    _searched(state, decision)
    moves = [bots.make_bot("strong", "same").choose_seen(d.observation(state, seat), decision)
             for d in (dealer, other)]
    assert moves[0] == moves[1] and moves[0] in decision.options


def test_a_determinization_keeps_every_card_the_seat_has_seen_and_deals_a_whole_deck():
    state, dealer, seat = _mid_game()
    obs = dealer.observation(state, seat)
    size = dict(get_game(GAME).hidden_decks_of(state))["loot"]
    worlds = set()
    for k in range(20):
        order = determinize(obs, random.Random(k))["loot"]
        assert sorted(order) == list(range(size))
        assert all(order[pos] == card for (deck, pos), card in obs.cards)
        worlds.add(order)
    assert len(worlds) > 1        # the unseen cards really are dealt at random
    assert determinize(obs, random.Random(1)) == determinize(obs, random.Random(1))


def test_with_a_simulation_budget_the_strong_bots_move_is_a_function_of_its_seed():
    state, dealer, seat = _mid_game(5)
    decision = get_game(GAME).pending(state)
    _searched(state, decision)
    obs = dealer.observation(state, seat)
    moves = {search_move(obs, decision, random.Random(9), Budget(sims=12)) for _ in range(3)}
    assert len(moves) == 1


def test_a_strong_bot_whose_time_is_up_plays_the_best_move_found_so_far_never_none():
    state, dealer, seat = _mid_game()
    decision = get_game(GAME).pending(state)
    move = search_move(dealer.observation(state, seat), decision, random.Random(1),
                       Budget(deadline=0.0))    # spent before the first simulation
    assert move in decision.options


def test_a_strong_bot_thinking_by_the_clock_begins_no_rollout_it_cannot_finish_in_time(
        monkeypatch):
    """The time budget caps the decision: on a clock where every rollout takes 0.15 s, a bot
    given 1 s ends its search by then (a rollout begun at 0.9 s would end at 1.05 s)."""
    import types

    import engine.search as search
    state, dealer, seat = _mid_game()
    decision = get_game(GAME).pending(state)
    _searched(state, decision)
    clock = [0.0]
    monkeypatch.setattr(search, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    played = []
    slow_rollout = search.rollout

    def rollout(*args):
        played.append(clock[0])
        clock[0] += 0.15
        return slow_rollout(*args)
    monkeypatch.setattr(search, "rollout", rollout)
    budget = Budget(deadline=1.0)
    move = search_move(dealer.observation(state, seat), decision, random.Random(1), budget)
    assert move in decision.options
    assert len(played) >= 2 and clock[0] <= 1.0
    # The next decision starts from that estimate: 0.1 s fits no 0.15 s rollout, so none is
    # begun and the move is the greedy one, in time.
    played.clear()
    start = clock[0]
    move = search_move(dealer.observation(state, seat), decision, random.Random(1),
                       Budget(deadline=start + 0.1, rollout=budget.rollout))
    assert move in decision.options and played == [] and clock[0] == start


def test_a_strong_bot_carries_its_rollout_estimate_from_one_decision_to_the_next():
    state, dealer, seat = _mid_game()
    decision = get_game(GAME).pending(state)
    _searched(state, decision)
    bot = bots.make_bot("strong:hard@0.05", "carry")
    bot.choose_seen(dealer.observation(state, seat), decision)
    from engine.search_values import profile
    assert bot._rollout > 0
    assert bot._budget(profile(get_game(GAME))).rollout == bot._rollout


def test_a_public_observation_holds_no_hidden_card():
    state, dealer, _ = _mid_game()
    assert observe(state, None, {k: dealer.card(*k) for k in dealer.holders},
                   dealer.holders).cards == ()


@pytest.mark.parametrize("spec,named", [
    ("clever", "known: random, greedy, strong"), ("strong:expert", "known: easy, normal, hard"),
    ("greedy:hard", "only the strong bot"), ("strong@0", "more than 0 and at most 60"),
    ("strong@-1", "more than 0"), ("strong@1e9", "at most 60"), ("strong@nan", "more than 0"),
    ("strong@soon", "a number of seconds")])
def test_a_bad_bot_spec_is_refused_naming_what_is_allowed(spec, named):
    with pytest.raises(ValueError, match=named):
        bots.make_bot(spec, 1)


def test_levels_and_think_times_make_the_bot_they_name():
    easy = bots.make_bot("strong:easy", 1)
    hard = bots.make_bot("strong:hard@0.5", 1)
    assert (easy.level, easy.think) == ("easy", None)
    assert (hard.level, hard.think) == ("hard", 0.5)
    assert bots.live_spec("strong") == f"strong:normal@{bots.THINK_DEFAULT:g}"
    assert bots.live_spec("greedy") == "greedy"


def test_the_strong_bot_picks_at_a_sealed_draft_without_seeing_the_other_pick():
    """overwatch-tactics drafts by sealed picks: the other seat's pick is not in the state, the
    bot models it (greedy) and picks one of its own options."""
    game = get_game("overwatch-tactics")
    state = game.new(2)
    greedy = bots.make_bot("greedy", 1)
    rng = random.Random(4)
    for _ in range(500):
        p = game.pending(state)
        if isinstance(p, Sealed):
            break
        if isinstance(p, Decision):
            state = game.apply(state, greedy.choose(state, p))
        else:
            state = game.resolve(state, rng.randbytes(16))
    assert isinstance(p, Sealed)
    for d in p.decisions:
        move = search_move(observe(state, d.player), d, random.Random(2), Budget(sims=4))
        assert move in d.options
