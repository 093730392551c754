"""Rulebook sections "SET IT UP! PLAY!", "Who goes first?", "On your turn" (doubles, three
doubles to jail) and the set-up values of game-data.md."""
import pytest

from engine import Chance

from .scenario import (DATA, GAME, JAIL, act, decider, dice, end_turn, new_game, options, pending,
                       roll, webs)


def test_two_to_six_players_and_no_more():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for n in range(2, 7):
        assert len(GAME.new(n).players) == n
    with pytest.raises(ValueError):
        GAME.new(7)
    with pytest.raises(ValueError):
        GAME.new(1)


def test_everyone_starts_with_30_webs_on_go_with_the_full_spider_tech_supply():
    s = new_game(4)
    assert webs(s) == [30] * 4 and [p.pos for p in s.players] == [0] * 4
    assert (s.tracers, s.bots) == (32, 12)
    assert s.symbol == -1
    assert len(s.decks["spider_sense"]) == len(s.decks["daily_bugle"]) == 15


def test_both_decks_start_with_every_card_unseen_and_no_shuffle_at_set_up():
    s = GAME.new(3)
    for deck in ("spider_sense", "daily_bugle"):
        assert s.decks[deck].unseen == sorted(DATA.deck(deck)) and s.decks[deck].returned == []
    p = pending(s)
    assert isinstance(p, Chance) and p.sizes == (6, 6) * 3   # the first chance: who goes first


def test_the_highest_roller_of_both_dice_goes_first_and_play_moves_to_the_left():
    s = GAME.new(4)
    # totals 7, 8, 11, 5: both dice are added, so seat 2 (5+6) starts
    s = GAME.apply_chance(s, (3, 4, 6, 2, 5, 6, 1, 4))
    assert s.order == [2, 3, 0, 1]
    assert decider(s) == (2, "pick_hero")


def test_tied_highest_rollers_roll_again_among_themselves():
    s = GAME.new(3)
    s = GAME.apply_chance(s, (6, 4, 1, 1, 5, 5))   # seats 0 and 2 tie on 10
    p = pending(s)
    assert isinstance(p, Chance) and p.sizes == (6, 6, 6, 6)  # only the two tied roll
    s = GAME.apply_chance(s, (1, 2, 2, 2))          # seat 2 (second of the tied) wins
    assert s.order == [2, 0, 1]


def test_heroes_are_chosen_in_turn_order_each_once_and_the_last_is_given():
    s = GAME.new(6)
    s = GAME.apply_chance(s, (1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1))  # seat 4 first
    picks = ["ham", "2099", "peter", "miles", "ghost"]
    for k, hero in enumerate(picks):
        seat, prompt = decider(s)
        assert (seat, prompt) == ((4 + k) % 6, "pick_hero")
        assert ("hero", hero) in options(s) and len(options(s)) == 6 - k
        s = act(s, "hero", hero)
    # the sixth player (seat 3) had one card left, Silk: it was given without asking
    assert [p.hero for p in s.players] == ["peter", "miles", "ghost", "silk", "ham", "2099"]
    assert s.turn.player == 4


def test_a_roll_moves_clockwise_by_the_total_and_the_turn_passes_left():
    s = new_game(3)
    s = roll(s, 2, 6)                    # 8: Beetle, unowned
    assert s.players[0].pos == 8 and decider(s) == (0, "buy")
    s = act(s, "buy")
    assert decider(s) == (0, "turn") and ("end_turn",) in options(s)
    assert ("roll",) not in options(s)
    s = end_turn(s)
    assert s.turn.player == 1 and s.turns == 2


def test_doubles_roll_again():
    s = new_game(2)
    s = roll(s, 3, 3)                    # 6: Shocker
    s = act(s, "auction")
    s = act(s, "pass")
    s = act(s, "pass")
    assert s.players[0].pos == 6 and s.turn.again
    # nothing else to do: the second roll is due at once (a single option is taken)
    assert isinstance(pending(s), Chance) and s.turn.player == 0
    s = dice(s, 1, 3)                    # 10: Just Visiting
    assert s.players[0].pos == 10 and not s.players[0].jailed
    # no double: no third roll; with nothing else to do the turn ended by itself
    assert s.turn.player == 1 and s.turns == 2


def test_a_third_double_in_a_row_goes_to_jail_at_once_without_moving():
    s = new_game(2, setup=lambda s: setattr(s.players[0], "pos", 20))  # Free Parking
    s = roll(s, 1, 1)                    # 22 Daily Bugle: card db01 kept
    s = roll(s, 2, 2)                    # 26 Morbius
    s = act(s, "auction"); s = act(s, "pass"); s = act(s, "pass")
    s = roll(s, 5, 5)                    # third double: would be 36, goes to jail instead
    p = s.players[0]
    assert p.pos == JAIL and p.jailed and p.jail_turns == 0
    assert webs(s)[0] == 30              # no GO, nothing at 36
    assert decider(s) == (0, "turn") and ("end_turn",) in options(s)
    assert ("roll",) not in options(s)
    s = end_turn(s)
    assert s.turn.player == 1


def test_doubles_in_separate_turns_do_not_add_up():
    s = new_game(2, setup=lambda s: setattr(s.players[0], "pos", 20))
    s = roll(s, 1, 1)
    s = roll(s, 1, 2)                    # 25 subway
    s = act(s, "stay")
    s = end_turn(s)
    s = roll(s, 1, 3)                    # seat 1 to 4 (Spider-Sense: ss01 kept)
    s = end_turn(s)
    s = roll(s, 2, 2)                    # seat 0: 29 Hobgoblin; one double this turn
    assert s.turn.doubles == 1 and s.players[0].pos == 29
