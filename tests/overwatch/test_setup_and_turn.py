"""Rulebook sections "Set It Up!", "Build Your Team!", "Who Goes First?", "On Your Turn",
"Why Does It Matter Which Die I Use First?" and "Leveling Up", played through the engine API."""
import pytest

from engine import Chance, Decision, IllegalMove, PrivateDraw

from .scenario import (DATA, GAME, act, decider, edit, end_turn, face, hp, new_game, options,
                       pending, roll, turn_roll)

KINGS_ROW = 31


@pytest.mark.parametrize("players,boxes", [(2, 5), (3, 7), (4, 9)])
def test_loot_box_deck_has_5_7_or_9_cards_by_player_count(players, boxes):
    # all 9 cards are shuffled unseen (a hidden deck); the first 5, 7 or 9 positions are drawn
    s = GAME.new(players)
    assert GAME.hidden_decks(players, ()) == (("loot", 9),)   # game-data.md: 9 Loot Box cards
    assert s.loot_deck == list(range(boxes))


def test_each_player_starts_with_10_hp_on_go():
    s = new_game()
    assert hp(s) == [10, 10, 10, 10]
    assert [p.pos for p in s.players] == [0, 0, 0, 0]


def test_highest_roller_chooses_group_leader_first_and_ties_roll_again():
    s = GAME.new(3)
    s = roll(s, 5, 5, 2)  # seats 0 and 1 tie on 5: they roll again
    p = pending(s)
    assert isinstance(p, Chance) and p.sizes == (6, 6)
    s = roll(s, 3, 4)  # seat 1 wins the re-roll
    assert decider(s) == (1, "pick_leader")
    s = act(s, "leader", "tracer")
    assert decider(s) == (2, "pick_leader")  # the choice moves to the left
    assert ("leader", "tracer") not in options(s)
    s = act(s, "leader", "dva")
    s = act(s, "leader", "mercy")
    # Leaders nobody chose go back in the box: they are never drafted or swapped in.
    assert set(s.leader_pool) == {"lucio", "reaper", "winston"}
    assert not set(s.pool) & set(DATA.leaders())


def test_draft_gives_each_team_one_damage_one_tank_one_support():
    s = GAME.new(2)
    s = roll(s, 6, 1)
    s = act(s, "leader", "tracer")       # seat 0: damage
    s = act(s, "leader", "winston")      # seat 1: tank
    assert decider(s) == (0, "draft")  # the first chooser also picks first
    roles = {DATA.role(o[1]) for o in options(s)}
    assert roles == {"tank", "support"}
    s = act(s, "hero", "reinhardt")
    assert {DATA.role(o[1]) for o in options(s)} == {"damage", "support"}
    s = act(s, "hero", "ana")
    assert {DATA.role(o[1]) for o in options(s)} == {"support"}  # seat 0 lacks only support
    s = act(s, "hero", "moira")
    assert {DATA.role(o[1]) for o in options(s)} == {"damage"}
    s = act(s, "hero", "genji")
    teams = [[p.leaders[0]] + [h.id for h in p.heroes] for p in s.players]
    assert teams == [["tracer", "reinhardt", "moira"], ["winston", "ana", "genji"]]
    for team in teams:
        assert sorted(DATA.role(c) for c in team) == ["damage", "support", "tank"]


def test_player_who_chose_final_character_last_goes_first():
    s = new_game(first=2)  # the set-up made seat 3 the highest roller: seat 2 picks last
    assert s.turn.player == 2
    assert s.pick_order == [3, 0, 1, 2]


def test_hp_never_exceeds_25():
    s = new_game()
    s = edit(s, lambda s: setattr(s.players[0], "hp", 24))
    s = turn_roll(s, 3, "support")
    s = act(s, "ability", "ana", "heal")  # +3 from 24 stops at the cap
    assert s.players[0].hp == 25


def _kings_row_example(use_ana_first: bool):
    """The rulebook's example: Tracer has 3 HP, rolls 4 and the support icon; Ana is her
    support; 4 spaces ahead is King's Row, uncaptured, 5 HP."""
    s = new_game()
    s = edit(s, lambda s: (setattr(s.players[0], "hp", 3),
                           setattr(s.players[0], "pos", KINGS_ROW - 4)))
    s = turn_roll(s, 4, "support")
    if use_ana_first:
        s = act(s, "ability", "ana", "heal")
    else:
        s = act(s, "move")
    assert s.players[0].pos == KINGS_ROW
    return s


def test_moving_first_leaves_tracer_unable_to_capture_kings_row():
    s = _kings_row_example(use_ana_first=False)
    # She cannot pay 5 with 3 HP: the only way on is the auction, which starts with her.
    assert decider(s) == (0, "auction")
    assert ("bid", 3) in options(s) and ("bid", 4) not in options(s)


def test_using_ana_first_funds_the_capture_of_kings_row():
    s = _kings_row_example(use_ana_first=True)
    assert decider(s) == (0, "capture")
    s = act(s, "capture")
    assert s.owners[KINGS_ROW] == 0 and s.players[0].hp == 1


def test_ability_is_optional_and_lost_when_the_turn_ends():
    s = new_game()
    s = turn_roll(s, 1, "support")
    s = act(s, "move")
    s = act(s, "capture")  # Marketplace, 1 HP
    assert ("end_turn",) in options(s)
    assert any(o[0] == "ability" for o in options(s))
    s = act(s, "end_turn")
    assert s.turn.player == 1
    assert s.players[0].hp == 9  # no heal was taken


def test_ability_can_be_used_after_moving():
    s = new_game()
    s = turn_roll(s, 1, "support")
    s = act(s, "move")
    s = act(s, "capture")
    s = act(s, "ability", "ana", "heal")
    assert s.players[0].hp == 12
    # Owning an objective, she may still trade before she ends her turn.
    assert decider(s) == (0, "turn") and ("end_turn",) in options(s)


def test_eliminated_character_gives_no_ability():
    s = new_game()
    s = edit(s, lambda s: setattr(s.players[0].heroes[1], "active", False))  # Ana out
    s = turn_roll(s, 1, "support")
    # No ability to offer: moving is all there is, so the move was made at once.
    assert s.players[0].pos == 1 and decider(s) == (0, "capture")
    s = act(s, "capture")
    assert not any(o[0] == "ability" for o in options(s))


def test_group_leader_role_on_ability_die_activates_the_leaders_ability():
    s = new_game()  # Tracer (damage) leads seat 0
    s = turn_roll(s, 2, "damage")
    assert ("ability", "tracer") in options(s)


def test_passing_go_gives_2_hp_at_once_and_a_loot_box_at_end_of_turn():
    s = new_game()
    s = edit(s, lambda s: setattr(s.players[0], "pos", 30))
    s = turn_roll(s, 3, "damage")  # 30 -> 1 (Marketplace), passing GO
    s = act(s, "move")
    assert s.players[0].hp == 12          # collected on passing
    assert s.players[0].loot == []         # the Loot Box waits for the end of the turn
    s = act(s, "capture")
    s = act(s, "end_turn")
    p = pending(s)   # "Take the top Loot Box card. You may look at it, but keep it a secret."
    assert isinstance(p, PrivateDraw) and (p.player, p.deck, p.position) == (0, "loot", 0)
    s = GAME.apply_draw(s)
    assert s.players[0].loot == [0]        # the position it holds; the card is not in the state
    assert len(s.loot_deck) == 8


def test_landing_on_go_levels_up():
    s = new_game()
    s = edit(s, lambda s: setattr(s.players[0], "pos", 29))
    s = turn_roll(s, 3, "damage")
    s = act(s, "move")
    assert s.players[0].pos == 0 and s.players[0].hp == 12
    s = end_turn(s)  # Tracer has no ability after moving: it may end by itself
    assert len(s.players[0].loot) == 1


def test_level_up_respawns_eliminated_and_swaps_for_undrafted_of_the_same_role():
    s = new_game()
    s = edit(s, lambda s: (setattr(s.players[0], "pos", 31),
                           setattr(s.players[0].heroes[0], "active", False)))  # Reinhardt out
    s = turn_roll(s, 1, "damage")
    s = act(s, "move")
    s = end_turn(s)  # Tracer has no ability after moving: it may end by itself
    assert decider(s) == (0, "level_up")
    opts = options(s)
    assert ("respawn", "reinhardt") in opts
    assert ("respawn", "ana") not in opts          # Ana is active: nothing to respawn
    swaps = {o for o in opts if o[0] == "swap"}
    assert ("swap", "ana", "brigitte") in swaps     # support for support
    assert ("swap", "reinhardt", "zarya") in swaps  # tank for tank, eliminated or not
    assert not any(o[2] == "genji" for o in swaps)  # drafted by another player
    assert not any(o[1] == "tracer" for o in swaps)  # never the group leader
    assert all(DATA.role(o[1]) == DATA.role(o[2]) for o in swaps)
    s = act(s, "respawn", "reinhardt")
    s = act(s, "swap", "ana", "brigitte")  # both slots changed: "done" is the only option left
    team = [(h.id, h.active) for h in s.players[0].heroes]
    assert team == [("reinhardt", True), ("brigitte", True)]
    assert "ana" in s.pool and "brigitte" not in s.pool
    assert s.turn.player == 1


def test_a_swapped_in_hero_replaces_an_eliminated_one_active():
    s = new_game()
    s = edit(s, lambda s: (setattr(s.players[0], "pos", 31),
                           setattr(s.players[0].heroes[1], "active", False)))
    s = turn_roll(s, 1, "damage")
    s = act(s, "move")
    s = end_turn(s)
    s = act(s, "swap", "ana", "brigitte")
    assert s.players[0].heroes[1].id == "brigitte" and s.players[0].heroes[1].active


def test_illegal_move_is_refused_with_a_reason_and_the_state_is_unchanged():
    s = new_game()
    s = turn_roll(s, 1, "support")
    before = s.clone()
    with pytest.raises(IllegalMove, match="the decision now is 'turn'"):
        act(s, "capture")
    s2 = act(s, "move")
    with pytest.raises(IllegalMove, match="at most your 10 HP"):
        act(act(s2, "auction"), "bid", 11)
    assert s == before


def test_chance_outcome_outside_the_die_is_refused():
    s = new_game()
    s = act(s, "roll") if isinstance(pending(s), Decision) else s
    with pytest.raises(IllegalMove, match="not on a 6-sided die"):
        roll(s, 7, face("damage"))
