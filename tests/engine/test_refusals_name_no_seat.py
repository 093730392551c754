"""A refused move never names a seat by number ("player 3"): the screens name seats by the
players' names ("Bot 3" may sit in seat 2), and a move is refused to the player deciding."""
import re

import pytest

import engine
from engine import Decision
from engine.simulate import play


@pytest.mark.parametrize("game_id", ["overwatch-monopoly", "mario-monopoly", "spiderman-monopoly"])
def test_a_refused_move_names_no_seat_by_number(game_id):
    g = engine.get_game(game_id)
    said = []

    def refuse(state) -> None:
        p = engine.pending(state)
        if isinstance(p, Decision) and len(said) < 40:
            for wrong in (("capture",), ("buy",), ("bid", 0), ("nonsense", 1)):
                if wrong not in p.options:
                    with pytest.raises(engine.IllegalMove) as refused:
                        g.apply(state, wrong)
                    said.append(str(refused.value))
    play(game_id, 3, seed=5, on_step=refuse)
    assert said and not [s for s in said if re.search(r"player \d", s)], said[:3]
