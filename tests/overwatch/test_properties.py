"""Properties of whole games (hypothesis): every game ends, HP stays within 0..25, no objective
has two owners, and replaying the same moves and chance bytes reproduces every state hash."""
import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine.games.overwatch_monopoly.rules import NOBODY
from engine.simulate import play, replay_step

GAME = engine.get_game("overwatch-monopoly")
MAX_STEPS = 20_000

setups = st.tuples(
    st.integers(0, 2 ** 32),
    st.sampled_from([2, 3, 4]),
    st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
    st.sampled_from([(), ("mystery-heroes",), ("no-limits",), ("lock-out",),
                     ("lock-out", "no-limits")]),
)


def check_invariants(state):
    cap = GAME.data.hp_cap
    for p in state.players:
        assert 0 <= p.hp <= cap, p
        assert p.barrier >= 0
        if state.turns:  # drafting is over: every team is complete for the whole game
            assert len(p.heroes) == (3 if "6v6" in state.variants else 2), p
            assert len(p.leaders) == (3 if "6v6" in state.variants else 1), p
    owned = [o for o in state.owners if o != NOBODY]
    assert all(0 <= o < len(state.players) for o in owned)
    for i, o in enumerate(state.owners):
        if o != NOBODY:
            assert GAME.data.spaces[i].kind == "objective"
    drafted = [h.id for p in state.players for h in p.heroes]
    assert len(drafted) == len(set(drafted)), "a character is in two teams"
    assert not set(drafted) & set(state.pool), "a drafted character is also undrafted"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups)
def test_any_seed_and_bot_mix_ends_within_bounds_with_hp_and_ownership_invariants(setup):
    seed, players, bots, variants = setup
    g = play("overwatch-monopoly", players, seed, bots[:players], variants,
             max_steps=MAX_STEPS, on_step=check_invariants)
    assert isinstance(GAME.pending(g.state), engine.Over)
    assert sum(len(p.loot) for p in g.state.players) == GAME.data.loot_boxes_by_players[players]
    assert g.steps < MAX_STEPS


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from(["random", "greedy"]))
def test_replaying_the_same_moves_and_chance_bytes_reproduces_every_state_hash(seed, bots):
    original_hashes = []
    g = play("overwatch-monopoly", 3, seed, bots, keep_history=True,
             on_step=lambda s: original_hashes.append(engine.state_hash(s)))
    state = GAME.new(3)
    replay_hashes = []
    for kind, value in g.history:
        state = replay_step(GAME, state, kind, value)
        replay_hashes.append(engine.state_hash(state))
    assert replay_hashes == original_hashes


def test_apply_never_changes_the_state_it_is_given():
    g = play("overwatch-monopoly", 4, 7, "random", keep_history=True)
    state = GAME.new(4)
    for kind, value in g.history[:400]:
        before = engine.state_hash(state)
        nxt = replay_step(GAME, state, kind, value)
        assert engine.state_hash(state) == before
        state = nxt


def test_same_seed_same_final_hash_across_processes_and_hash_seeds():
    code = ("from engine.simulate import play;"
            "print(play('overwatch-monopoly', 4, 42, 'random', ('no-limits',)).state_hash.hex())")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outs = set()
    for hash_seed in ("0", "12345"):   # and this process's own, compared below
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=root)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True, cwd=root)
        outs.add(out.stdout.strip())
    assert len(outs) == 1
    assert outs == {play("overwatch-monopoly", 4, 42, "random", ("no-limits",)).state_hash.hex()}


def test_every_kind_of_decision_is_reached_by_the_random_bot():
    expected = {"pick_leader", "draft", "turn", "capture", "auction", "eliminate", "sell",
                "sale_offer", "free_parking", "ultimate", "zarya", "level_up", "blink",
                "symmetra_pick", "trade_draft", "trade_answer"}
    prompts = set()

    def note(state):
        p = GAME.pending(state)
        if isinstance(p, engine.Decision):
            prompts.add(p.prompt)
    # up to 36 games, as many as it takes: today the first reaches every kind
    games = [(4, seed, ()) for seed in range(30)] + [(2, seed, ("6v6",)) for seed in range(6)]
    for players, seed, variants in games:
        play("overwatch-monopoly", players, seed, "random", variants, on_step=note)
        if expected <= prompts:
            break
    assert expected <= prompts, expected - prompts
