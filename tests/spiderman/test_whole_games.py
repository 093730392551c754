"""Property tests: whole games with random and greedy bots for 2..6 players end, and at every
step webs (bank + players), Spider-Tech (supply + board) and cards (decks + hands) are
conserved."""
import pytest

from engine import Over
from engine.simulate import play

from .scenario import DATA, GAME

BOT = 5


def check_conservation(total: int):
    def check(s):
        assert s.bank + sum(p.webs for p in s.players) == total
        on_board = sum(level for level in s.tech if level != BOT)
        bots = sum(1 for level in s.tech if level == BOT)
        assert s.tracers + on_board == DATA.tracers and s.bots + bots == DATA.bots
        assert all(s.tracers >= 0 and s.bots >= 0 and 0 <= level <= BOT for level in s.tech)
        cards = [c for d in s.decks.values() for c in d.cards()]
        assert sorted(cards + [c for p in s.players for c in p.cards]) == sorted(DATA.cards)
        assert all(d.unseen == sorted(d.unseen) for d in s.decks.values())
        assert all(p.webs >= 0 for p in s.players)
        for i, o in enumerate(s.owners):
            assert o == -1 or (DATA.spaces[i].is_property and not s.players[o].out)
    return check


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_greedy_games_end_with_one_player_standing_and_conserve_everything(players, seed):
    total = DATA.bank_webs
    g = play("spiderman-monopoly", players, seed, "greedy", max_steps=50_000,
             on_step=check_conservation(total))
    assert isinstance(GAME.pending(g.state), Over)
    alive = [i for i, p in enumerate(g.state.players) if not p.out]
    assert len(alive) == 1 and g.result.winners == (alive[0],)


@pytest.mark.parametrize("players,bots", [
    (2, ("random", "random")),
    (3, ("random", "greedy", "random")),
    (4, ("greedy", "random", "random", "greedy")),
    (6, ("random",) * 6),
])
def test_games_with_random_bots_end_by_the_house_turn_limit_and_conserve_everything(players,
                                                                                    bots):
    g = play("spiderman-monopoly", players, 5, bots, variants=["turn-limit"],
             max_steps=60_000, on_step=check_conservation(DATA.bank_webs))
    assert isinstance(GAME.pending(g.state), Over)
    assert g.state.turns <= DATA.turn_limit
    worth = g.result.scores
    standing = [i for i, p in enumerate(g.state.players) if not p.out]
    if len(standing) > 1:   # ended by the limit: the richest standing player(s) win
        assert g.state.turns == DATA.turn_limit
        best = max(worth[i] for i in standing)
        assert g.result.winners == tuple(i for i in standing if worth[i] == best)


def test_a_simulated_game_is_a_function_of_its_seed():
    a = play("spiderman-monopoly", 4, 11, ("greedy", "random", "greedy", "random"),
             variants=["turn-limit"])
    b = play("spiderman-monopoly", 4, 11, ("greedy", "random", "greedy", "random"),
             variants=["turn-limit"])
    assert a.turn_hashes == b.turn_hashes and a.state_hash == b.state_hash
