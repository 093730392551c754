"""The agenda machine finds each task kind's methods once per game object (agenda._task): a
method set on the object afterwards, or taken off again, is the one that runs."""
from engine.simulate import play
from engine.core import get_game


def test_a_task_method_set_on_the_game_object_runs_and_its_removal_restores_the_rule():
    game = get_game("overwatch-monopoly")
    game.walk = game.walk   # another method set on the object, the table filled, then taken
    before = play("overwatch-monopoly", 4, 5, "greedy").turn_hashes   # off: as many of its
    del game.walk                                      # own attributes once _do_land is set
    landed = []
    land = game._do_land

    def counting(s, frame):
        landed.append(frame[1])
        land(s, frame)

    game._do_land = counting
    try:
        assert play("overwatch-monopoly", 4, 5, "greedy").turn_hashes == before
        assert landed
        game._do_land = lambda s, frame: (landed.append("again"), land(s, frame))  # replaced
        assert play("overwatch-monopoly", 4, 5, "greedy").turn_hashes == before
        assert "again" in landed
    finally:
        del game._do_land
    count = len(landed)
    assert play("overwatch-monopoly", 4, 5, "greedy").turn_hashes == before
    assert len(landed) == count
