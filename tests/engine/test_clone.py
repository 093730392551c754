"""A state's clone is an equal value with the same bytes that shares no mutable part with the
original (game_package.PlainState generates each class's clone from its field annotations, so
an annotation that says less than a field holds would show here), checked on states of whole
games of every game and variant."""
import dataclasses

import pytest

import engine
from engine.simulate import play

GAMES = [("overwatch-monopoly", 4, ()), ("overwatch-monopoly", 2, ("6v6",)),
         ("overwatch-monopoly", 4, ("mystery-heroes",)), ("mario-monopoly", 4, ()),
         ("mario-monopoly", 2, ("party",)), ("spiderman-monopoly", 4, ()),
         ("overwatch-tactics", 2, ())]


def mutable_parts(obj, out):
    if isinstance(obj, (list, dict)) or dataclasses.is_dataclass(obj):
        out.add(id(obj))
    if isinstance(obj, (list, tuple)):
        for x in obj:
            mutable_parts(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            mutable_parts(x, out)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            mutable_parts(getattr(obj, f.name), out)
    return out


@pytest.mark.parametrize("game,players,variants", GAMES)
def test_a_clone_is_an_equal_value_with_the_same_bytes_and_no_shared_mutable_part(
        game, players, variants):
    checked = []

    def check(state):
        if state.steps % 5:
            return
        c = state.clone()
        assert type(c) is type(state)
        assert c == state
        assert engine.encode_state(c) == engine.encode_state(state)
        assert not mutable_parts(c, set()) & mutable_parts(state, set())
        checked.append(state.steps)

    play(game, players, 2, "random", variants, on_step=check)
    assert len(checked) > 20


def test_a_subclass_of_a_state_class_clones_as_itself():
    from engine.games.overwatch_monopoly.state import Hero

    @dataclasses.dataclass(slots=True)
    class Marked(Hero):
        marks: list[int] = dataclasses.field(default_factory=list)

    Hero("ana").clone()          # the parent's clone is written first
    m = Marked("ana", True, [1])
    c = m.clone()
    assert type(c) is Marked and c == m and c.marks is not m.marks
