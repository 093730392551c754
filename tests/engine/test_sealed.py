"""engine.core.Sealed: several players choose at once; the contract checks of apply_sealed."""
import pytest

from engine.core import Decision, IllegalMove, Sealed, get_game
from engine.simulate import play

G = get_game("overwatch-tactics")


def _at_draft():
    s = G.new(2)
    while not isinstance(G.pending(s), Sealed):
        p = G.pending(s)
        s = G.apply(s, p.options[0]) if isinstance(p, Decision) else G.resolve(s, b"seed")
    return s


def test_sealed_node_needs_distinct_players_in_seat_order():
    d0, d1 = Decision(0, (("a",),)), Decision(1, (("b",),))
    assert Sealed((d0, d1)).decisions == (d0, d1)
    with pytest.raises(ValueError, match="seat order"):
        Sealed((d1, d0))
    with pytest.raises(ValueError, match="seat order"):
        Sealed((d0, d0))


def test_apply_sealed_takes_one_legal_move_per_player_and_applies_them_together():
    s = _at_draft()
    p = G.pending(s)
    assert [d.player for d in p.decisions] == [0, 1]
    picks = tuple(d.options[0] for d in p.decisions)
    nxt = G.apply_sealed(s, [list(m) for m in picks])     # lists, as CBOR/JSON decode them
    assert [side.roster for side in nxt.players] == [[picks[0][1]], [picks[1][1]]]
    assert s.players[0].roster == []                      # the given state is unchanged


def test_apply_sealed_refuses_wrong_counts_foreign_options_and_other_nodes():
    s = _at_draft()
    p = G.pending(s)
    with pytest.raises(IllegalMove, match="2 players choose now, not 1"):
        G.apply_sealed(s, [p.decisions[0].options[0]])
    # seat 0 naming a sheet only seat 1 holds
    with pytest.raises(IllegalMove, match="seat 0"):
        G.apply_sealed(s, [p.decisions[1].options[0], p.decisions[1].options[0]])
    with pytest.raises(IllegalMove, match="sealed moves at once"):
        G.apply(s, p.decisions[0].options[0])
    with pytest.raises(IllegalMove, match="no sealed choice"):
        G.apply_sealed(G.new(2), [("end",)])


def test_simulated_games_play_sealed_nodes_and_record_them():
    g = play("overwatch-tactics", 2, 3, "random", keep_history=True)
    sealed = [v for k, v in g.history if k == "sealed"]
    assert len(sealed) == 4 and all(len(v) in (1, 2) for v in sealed)
