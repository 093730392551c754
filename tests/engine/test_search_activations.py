"""The strong bot in the hex game (its search_activations.py): it decides from its seat's
observation, which in this game is the whole state; with a simulation budget its move is a
function of the state; when time is up it plays the tactical move, never none; the activation
it chooses is judged no worse than the tactical policy's own turn; an activation chosen goes
on without searching again; and decisions other than a turn's actions are the tactical
policy's."""
import random

from engine import bots
from engine.core import Decision, clone, get_game
from engine.observe import observe
from engine.search import Budget
from engine.games.overwatch_tactics.search_activations import (
    HexPlanner, activations, base_policy, rollout)

GAME = get_game("overwatch-tactics")


def _mid_game(turn=5, seed=3):
    """A game of tactical bots played to the first action decision of turn `turn`."""
    state = GAME.new(2)
    greedy = bots.make_bot("greedy", 1)
    rng = random.Random(seed)
    for _ in range(5000):
        p = GAME.pending(state)
        if isinstance(p, Decision):
            if p.prompt == "act" and state.turns >= turn:
                return state, p
            state = GAME.apply(state, greedy.choose(state, p))
        elif hasattr(p, "decisions"):
            state = GAME.apply_sealed(state, [greedy.choose(state, d) for d in p.decisions])
        else:
            state = GAME.resolve(state, rng.randbytes(16))
    raise AssertionError("no such state")


def test_the_hex_game_hides_nothing_a_seat_observes_but_the_state_itself():
    state, decision = _mid_game()
    obs = observe(state, decision.player)
    assert obs.cards == () and obs.state is state and not GAME.hidden_decks_of(state)


def test_with_a_simulation_budget_the_hex_move_is_a_function_of_the_state():
    state, decision = _mid_game()
    moves = {HexPlanner().choose(observe(clone(state), decision.player), decision,
                                 Budget(sims=6)) for _ in range(2)}
    assert len(moves) == 1 and next(iter(moves)) in decision.options


def test_a_hex_search_whose_time_is_up_plays_the_tactical_move_never_none():
    state, decision = _mid_game()
    move = HexPlanner().choose(observe(state, decision.player), decision, Budget(deadline=0.0))
    assert move == GAME.greedy_move(state, decision, None)


def test_the_chosen_activation_is_judged_no_worse_than_the_tactical_policys_turn():
    state, decision = _mid_game()
    seat = decision.player
    planner = HexPlanner()
    hid, moves = planner.plan(GAME, state, seat, Budget(sims=40))
    assert planner.rollouts > 1                # it searched: there was a choice

    def judged(hero, moves):
        s = clone(state)
        for m in moves:
            GAME._apply(s, m)
        return rollout(GAME, s, seat, {hero} if hero != "base" else set())

    base = (base_policy(GAME, state, seat, set()),)
    assert judged(hid, moves) >= judged("base", base)


def test_an_activation_chosen_goes_on_without_searching_again():
    state, decision = _mid_game()
    seat = decision.player
    planner = HexPlanner()
    obs = observe(state, seat)
    while True:                         # until it picks an activation of several moves
        move = planner.choose(obs, decision, Budget(sims=40))
        state = GAME.apply(state, move)
        decision = GAME.pending(state)
        obs = observe(state, seat)
        if planner.queue or decision.player != seat:
            break
    assert planner.queue, "no activation of more than one move was chosen"
    searched = planner.rollouts
    queued = planner.queue[0]
    assert planner.choose(obs, decision, Budget(sims=40)) == queued
    assert planner.rollouts == searched


def test_every_activation_offered_is_made_of_moves_the_rules_allow_in_turn():
    state, decision = _mid_game()
    cands = activations(GAME, state, decision.player, set(), 6)
    assert len({hid for hid, _ in cands}) > 1
    for hid, moves in cands:
        s = clone(state)
        for m in moves:
            assert m in GAME._pending(s).options, (hid, moves, m)
            GAME._apply(s, m)
            if not s.hero(hid).placed:
                break                   # defeated on the way by overwatch: the rest is moot


def test_decisions_other_than_a_turns_actions_are_the_tactical_policys():
    state = GAME.new(2)
    strong = bots.make_bot("strong:hard", 1)
    for _ in range(3):                  # terrain placements
        p = GAME.pending(state)
        assert p.prompt == "terrain"
        move = strong.choose_seen(observe(state, p.player), p)
        assert move == GAME.greedy_move(state, p, None)
        state = GAME.apply(state, move)


def test_an_activation_whose_move_was_not_played_is_given_up():
    """In live play a slot may pass while the bot thinks (its move is then not played): at its
    next decision the rest of that activation is not played from a state it was not planned
    for, and its hero, which did nothing, is free again."""
    state, decision = _mid_game()
    seat = decision.player
    planner = HexPlanner()
    while True:
        move = planner.choose(observe(state, seat), decision, Budget(sims=40))
        if planner.queue and not state.hero(planner.going).moved:
            break
        state = GAME.apply(state, move)
        decision = GAME.pending(state)
        assert decision.player == seat, "no activation of several moves by a fresh hero"
    hero = planner.going
    other = next(o for o in decision.options if o != move and o[0] == "step" and o[1] != hero)
    state = GAME.apply(state, other)        # something else was played instead
    planner.choose(observe(state, seat), GAME.pending(state), Budget(sims=0))  # judges nothing
    assert hero not in planner.done and planner.queue == []
