"""Rulebook sections "Go to Jail" and "How do I get out of Jail?" (pay 5, a card, doubles on up
to three turns, then pay 5 and roll again), and what a jailed player may still do."""
from engine import Chance

from .scenario import (DATA, JAIL, TOMBSTONE, act, both, decider, dice, new_game, options, own,
                       pending, roll, webs)


def jailed(seat=0, turns=0, cards=()):
    def change(s):
        p = s.players[seat]
        p.pos, p.jailed, p.jail_turns = JAIL, True, turns
        for c in cards:
            s.decks[DATA.cards[c].deck].returned.remove(c)
            p.cards.append(c)
    return change


def test_a_jailed_player_chooses_pay_card_or_roll_at_the_start_of_the_turn():
    s = new_game(2, setup=jailed(cards=("ss01",)))
    assert decider(s) == (0, "turn")
    assert ("pay_jail",) in options(s) and ("use_card", "ss01") in options(s)
    assert ("roll_jail",) in options(s) and ("roll",) not in options(s)


def test_paying_5_frees_you_then_you_roll_and_move_as_normal():
    s = new_game(2, setup=jailed())
    s = act(s, "pay_jail")
    assert webs(s)[0] == 25 and not s.players[0].jailed
    s = dice(s, 3, 3)                                   # 16 Mr. Negative; doubles count
    assert s.players[0].pos == 16 and s.turn.again


def test_paying_needs_5_webs():
    s = new_game(2, setup=both(jailed(cards=("ss01",)), lambda s: setattr(s.players[0], "webs", 4)))
    assert ("pay_jail",) not in options(s)


def test_a_get_out_of_jail_free_card_goes_to_the_bottom_of_its_deck():
    s = new_game(2, setup=jailed(cards=("db01",)))
    s = act(s, "use_card", "db01")
    assert not s.players[0].jailed and s.players[0].cards == []
    assert s.decks["daily_bugle"].returned[-1] == "db01" and len(s.decks["daily_bugle"]) == 15
    s = dice(s, 1, 2)
    assert s.players[0].pos == 13 and webs(s)[0] == 30


def test_doubles_free_you_you_move_by_them_and_the_turn_ends():
    s = new_game(2, setup=jailed(cards=("ss01",)))
    s = act(s, "roll_jail")
    s = dice(s, 2, 2)                                   # 14 Rhino
    assert s.players[0].pos == 14 and not s.players[0].jailed
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    assert not s.turn.again and ("roll",) not in options(s) and ("end_turn",) in options(s)


def test_a_failed_roll_keeps_you_in_jail_and_ends_the_turn():
    s = new_game(2, setup=jailed(cards=("ss01",)))
    s = act(s, "roll_jail")
    s = dice(s, 1, 2)
    p = s.players[0]
    assert p.jailed and p.pos == JAIL and p.jail_turns == 1
    assert ("roll_jail",) not in options(s) and ("end_turn",) in options(s)


def test_after_the_third_failed_turn_you_pay_5_then_roll_again_and_move():
    s = new_game(2, setup=jailed(turns=2, cards=("ss01",)))
    s = act(s, "roll_jail")
    s = dice(s, 1, 2)                                   # third failure
    assert not s.players[0].jailed and webs(s)[0] == 25
    assert isinstance(pending(s), Chance)               # roll again
    s = dice(s, 5, 6)
    assert s.players[0].pos == 21


def test_the_third_failure_with_too_few_webs_is_a_debt():
    s = new_game(2, setup=both(jailed(turns=2, cards=("ss01",)), own(0, TOMBSTONE),
                               lambda s: setattr(s.players[0], "webs", 3)))
    s = act(s, "roll_jail")
    s = dice(s, 1, 2)
    # one property: given back to the bank at once, settling the fee; then the roll
    assert s.owners[TOMBSTONE] == -1 and webs(s)[0] == 0
    assert isinstance(pending(s), Chance)


def test_jail_tries_are_counted_across_turns():
    s = new_game(2, setup=jailed(cards=("ss01",)))
    s = act(s, "roll_jail"); s = dice(s, 1, 2); s = act(s, "end_turn")
    s = roll(s, 1, 2)                                   # seat 1 to 3
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    s = act(s, "end_turn")
    assert s.turn.player == 0
    s = act(s, "roll_jail"); s = dice(s, 1, 2)
    assert s.players[0].jail_turns == 2 and s.players[0].jailed
