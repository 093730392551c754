"""Rulebook section "Häufige Irrtümer": the five common mistakes, each shown not to happen."""
from .scenario import GAME, act, coins, decider, edit, new_game, options, place, turn_roll


def test_mistake_1_going_broke_does_not_eliminate_you():
    def broke(s):
        place(s, f0=5, f1=15, f2=15, f3=15)
        s.owners[9] = 1
        s.bank += s.players[0].coins
        s.players[0].coins = 0
    s = act(turn_roll(new_game(setup=broke), 4, "blooper"), "move")
    s = act(s, "end_turn")
    # still seated, still in turn order, still scored
    for _ in range(3):
        s = act(turn_roll(s, 1, "blooper"), "move")
        s = act(s, "end_turn") if ("end_turn",) in options(s) else s
    assert s.turn.player == 0 and coins(s)[0] == 0 and len(GAME.result(s).scores) == 4


def test_mistake_2_go_pays_2_coins_not_200_and_calls_a_boss_fight():
    s = new_game(setup=lambda s: place(s, f0=30, f1=20, f2=20, f3=20))
    s = act(act(turn_roll(s, 2, "blooper"), "move"), "end_turn")
    assert coins(s)[0] == 12 and decider(s) == (0, "boss_turn")


def test_mistake_3_the_power_up_may_come_before_the_move():
    s = turn_roll(new_game(setup=lambda s: s.owners.__setitem__(31, 1)), 2, "coins")
    assert ("power",) in options(s) and ("move",) in options(s)
    s = act(s, "power")
    assert coins(s)[0] == 14 and s.figures[0].pos == 0 and ("move",) in options(s)


def test_mistake_4_boss_cards_are_never_traded():
    def holdings(s):
        s.players[0].bosses = [1, 3]
        s.players[1].bosses = [2]
    s = new_game(setup=holdings)
    # bosses alone open no trade, and a trade offers properties and coins only
    assert GAME.pending(s).sizes == (6, 6)
    s = new_game(setup=lambda s: (holdings(s), s.owners.__setitem__(1, 0)))
    s = act(s, "trade", 1)
    assert {o[0] for o in options(s)} == {"give", "pay", "ask", "cancel"}
    assert [o for o in options(s) if o[0] == "give"] == [("give", 1)]


def test_mistake_5_single_coins_do_not_score():
    s = edit(new_game(), lambda s: [setattr(p, "coins", 14) for p in s.players])
    assert GAME.result(s).scores == (20, 20, 20, 20)
