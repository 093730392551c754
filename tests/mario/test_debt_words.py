"""A player told to sell a property to pay is told what takes the coins (issue 17: "You owe
coins: sell a property (still owed: 3 coins)" left them guessing that Donkey Kong's Super Star
took 3 coins from each player)."""
from engine.games.game_package import SeatNames

from .scenario import GAME, act, new_game, pending, place, turn_roll


def test_a_forced_sale_says_whose_super_star_takes_the_coins():
    def setup(s):
        place(s, f0=3, f1=20, f2=20, f3=20)
        s.players[1].coins = 1
        s.owners[1] = 1                    # something to sell
    s = new_game(("donkey_kong", "mario", "peach", "yoshi"), setup=setup)
    s = act(turn_roll(s, 3, "blooper"), "move")   # onto the Super Star
    p = pending(s)
    assert (p.player, p.prompt) == (1, "sell")
    ctx = GAME.decision_context(s, p, SeatNames(["Ann", "Bo", "Cy", "Di"], 1))
    assert ctx["title"] == ("You owe coins (Ann used Donkey Kong's Super Star): sell a property "
                            "(still owed: 3 coins)")
    assert ctx["owed"] == 3


def test_a_debt_no_power_caused_is_said_owed_to_its_creditor():
    from engine.games.mario_monopoly.words import debt_cause
    s = new_game(("donkey_kong", "mario", "peach", "yoshi"))
    names = SeatNames(["Ann", "Bo", "Cy", "Di"], 1)
    space = next(sp for sp in GAME.data.spaces if sp.kind == "property")
    assert not s.turn.stars and not s.turn.face       # nobody's Super Star or power-up this turn
    assert debt_cause(GAME, s, ("seat", 2), names) == "owed to Cy"
    assert debt_cause(GAME, s, ("space", space.index), names) == f"{space.name} takes them"
    assert debt_cause(GAME, s, ("fig", 1), names).startswith("dropped where ")
    assert debt_cause(GAME, s, None, names) == "owed to the bank"
