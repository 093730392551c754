"""Properties of whole games played by the random and greedy bots, for 2, 3 and 4 players and
every variant: every game ends, coins are conserved between the bank, the players, the board,
the visiting area and the boss card, and the same moves and dice reproduce every state hash.
Also `lanboard sim --log` followed by `lanboard verify` on a Mario match."""
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from cli.main import main
from engine.simulate import play

from .scenario import DATA, GAME

MAX_STEPS = 20_000
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETUPS = [(2, ()), (3, ()), (3, ("party",)), (4, ()), (4, ("party",))]


def check_invariants(s):
    assert s.bank + sum(p.coins for p in s.players) + sum(s.board) + s.pot + s.boss_coins \
        == DATA.coins_in_box
    assert s.bank >= 0 and s.pot >= 0 and s.boss_coins >= 0
    assert all(p.coins >= 0 for p in s.players) and all(c >= 0 for c in s.board)
    for i, o in enumerate(s.owners):
        assert o == -1 or (0 <= o < len(s.players) and DATA.spaces[i].kind == "property")
    won = [b for p in s.players for b in p.bosses]
    assert len(won) == len(set(won)) and not set(won) & set(s.boss_deck)
    for f in s.figures:
        assert 0 <= f.pos < 32 and (not f.jailed or f.pos == DATA.jail_space)
    if s.turns:
        on_board = [f.char for f in s.figures]
        assert len(on_board) == len(set(on_board)), "one character on the board twice"
        if "party" in s.variants:
            assert all(2 <= len(p.team) <= 3 for p in s.players)
            assert all(f.char in s.players[f.seat].team for f in s.figures)


@pytest.mark.parametrize("players,variants", SETUPS)
@pytest.mark.parametrize("bots", ["random", "greedy", "mixed"])
def test_many_games_end_with_coins_conserved(players, variants, bots):
    kinds = {"random": "random", "greedy": "greedy",
             "mixed": ("random", "greedy", "greedy", "random")[:players]}[bots]
    for seed in range(6):
        g = play("mario-monopoly", players, seed, kinds, variants, max_steps=MAX_STEPS,
                 on_step=check_invariants)
        assert isinstance(GAME.pending(g.state), engine.Over) and g.steps < MAX_STEPS
        assert g.state.boss_deck == [] and g.state.boss == 0   # it ended after the last boss
        assert len(g.result.scores) == players and g.result.winners


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.sampled_from(SETUPS),
       st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4))
def test_any_seed_and_bot_mix_ends_with_the_invariants_held(seed, setup, bots):
    players, variants = setup
    g = play("mario-monopoly", players, seed, bots[:players], variants, max_steps=MAX_STEPS,
             on_step=check_invariants)
    assert isinstance(GAME.pending(g.state), engine.Over)


@pytest.mark.parametrize("players,variants", [(2, ()), (4, ("party",))])
def test_replaying_the_same_moves_and_chance_bytes_reproduces_every_state_hash(players, variants):
    original = []
    g = play("mario-monopoly", players, 77, "random", variants, keep_history=True,
             on_step=lambda s: original.append(engine.state_hash(s)))
    state = GAME.new(players, variants)
    replay = []
    for kind, value in g.history:
        nxt = GAME.resolve(state, value) if kind == "chance" else GAME.apply(state, value)
        replay.append(engine.state_hash(nxt))
        state = nxt
    assert replay == original


def test_apply_never_changes_the_state_it_is_given():
    g = play("mario-monopoly", 4, 7, "random", keep_history=True)
    state = GAME.new(4)
    for kind, value in g.history:
        before = engine.state_hash(state)
        nxt = GAME.resolve(state, value) if kind == "chance" else GAME.apply(state, value)
        assert engine.state_hash(state) == before
        state = nxt


def run_cli(*args, hash_seed="0"):
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "cli.main", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True)


def test_lanboard_sim_log_then_verify_accepts_a_mario_match(tmp_path, capsys):
    # in process: the separate processes are tests/cli/test_sim_command.py's, the hash seed's
    # the test below
    log = tmp_path / "x.cbor"
    assert main(["sim", "--game", "mario-monopoly", "--players", "4", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log)]) == 0
    out = capsys.readouterr().out
    assert "game mario-monopoly" in out and "engine replayed" in out


def test_the_same_seed_gives_the_same_hash_in_processes_with_different_hash_seeds():
    a = run_cli("sim", "--game", "mario-monopoly", "--players", "3", "--variant", "party",
                "--seed", "4", "--json", hash_seed="1")
    b = run_cli("sim", "--game", "mario-monopoly", "--players", "3", "--variant", "party",
                "--seed", "4", "--json", hash_seed="777")
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout and '"state_hash"' in a.stdout
