"""An option that lands somewhere says what happens there, in each Monopoly game's words: whose
the space is and the rent to pay (the rules' own rent: a whole set's doubled), its price while
unowned, or what a space that is no property does. Counts read in the singular for one."""
import engine
from engine import Decision
from engine.games.game_package import SeatNames
from tests.mario import scenario as mario
from tests.overwatch import scenario as overwatch
from tests.spiderman import scenario as spiderman

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def labels(game_id: str, s) -> dict[tuple, str]:
    g = engine.get_game(game_id)
    p = g.pending(s)
    assert isinstance(p, Decision), p
    return dict(zip(p.options, g.describe_options(s, p.options, SeatNames(NAMES, p.player))))


def test_an_overwatch_move_names_the_owner_and_the_whole_sets_double_rent_where_it_lands():
    def setup(s):
        s.owners[1] = s.owners[3] = 1      # Marketplace and Numbani: set 1, Bob's whole
    s = overwatch.turn_roll(overwatch.new_game(setup=setup), 3)
    assert labels("overwatch-monopoly", s)[("move",)] == \
        "Move 3 spaces to Numbani (Bob's: rent 2 HP, a whole set)"


def test_an_overwatch_move_of_one_space_to_a_free_objective_says_space_and_its_price():
    s = overwatch.turn_roll(overwatch.new_game(), 1)
    assert labels("overwatch-monopoly", s)[("move",)] == \
        "Move 1 space to Marketplace (unowned: price 1 HP)"


def test_an_overwatch_move_onto_a_space_that_is_no_objective_says_what_it_does():
    s = overwatch.turn_roll(overwatch.new_game(), 2)
    assert labels("overwatch-monopoly", s)[("move",)] == \
        "Move 2 spaces to Push the Payload (push the payload on to the next Push space)"


def test_a_mario_move_names_the_owner_and_rent_where_it_lands():
    def setup(s):
        s.owners[1] = 2                    # Acorn Plains: Cy's, set 1 not whole
    s = mario.turn_roll(mario.new_game(setup=setup), 1)
    label = labels("mario-monopoly", s)[("move",)]
    assert label.endswith("1 space, from GO to Acorn Plains (Cy's: rent 1 coin)"), label


def test_a_subway_ride_names_the_owner_and_rent_where_it_ends():
    s = spiderman.new_game(2, setup=spiderman.both(spiderman.place(0, 20),
                                                   spiderman.own(1, spiderman.TOMBSTONE)))
    s = spiderman.roll(s, 2, 3)
    label = labels("spiderman-monopoly", s)[("ride", spiderman.TOMBSTONE)]
    assert label.startswith("Ride the Subway to Tombstone (Bob's: rent 1 web;"), label


def test_symmetras_pick_of_a_roll_says_where_each_roll_lands():
    from tests.overwatch.test_abilities import TANK_DVA, ability, situation
    s = situation([("mercy", "symmetra", "roadhog"), TANK_DVA[:1] + ("genji", "zenyatta")],
                  pos=[3, 20], owners={5: 1})              # Hollywood: Bob's
    s = overwatch.roll(ability(overwatch.turn_roll(s, 5, "damage"), "symmetra"), 2)
    said = labels("overwatch-monopoly", s)
    assert said[("use", 2)] == "By the roll of 2: move 2 spaces to Hollywood (Bob's: rent 1 HP)"
    assert said[("use", 5)].startswith("By the roll of 5: move 5 spaces to ")
