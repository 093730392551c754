"""Every player's actions told, in every Monopoly-family game: whole seeded bot games are
played, and every change a step makes to a player's money (coins, webs, HP), to a figure's
space or to a space's owner must be told in that step's sentences (the words a node gives the
control API's `said`, node.words.told: the chosen move's words, then the narration of the
change), naming the player together with the amount, the space or the property.

The changes are derived from consecutive views of a seat (the views the sentences are made
from); `COUNTS` keeps how many were checked per game, for the report."""
from __future__ import annotations

import functools
import re

import pytest

import engine
from engine.canonical import to_data
from engine.games.family_words import amount
from engine.games.game_package import NOBODY
from engine.simulate import TableDealer, play, replay_step
from node.told import Record
from node.words import SeatNames, told

NAMES = ["Ann", "Bob", "Cy", "Di"]
GAMES = {  # game -> (money field, (players, variants) played, seeds)
    "mario-monopoly": ("coins", [(3, ()), (2, ()), (4, ("party",))], (1, 2)),
    "spiderman-monopoly": ("webs", [(3, ()), (2, ()), (4, ())], (1, 2)),
    "overwatch-monopoly": ("hp", [(3, ()), (2, ()), (4, ())], (1, 2)),
}
CURRENCY = {"coins": "coins", "webs": "webs", "hp": "HP"}
COUNTS: dict[str, int] = {}


def _positions(game_id: str, view: dict) -> list[tuple[int, int, bool]]:
    """(seat, space, jailed) of every figure."""
    if game_id == "mario-monopoly":
        return [(f["seat"], f["pos"], f["jailed"]) for f in view["figures"]]
    return [(seat, p["pos"], p["jailed"]) for seat, p in enumerate(view["players"])]


def _changes(game_id: str, money: str, before: dict, after: dict) -> list[tuple[str, ...]]:
    """What a step changed, each as the words its sentence must hold together."""
    game = engine.get_game(game_id)
    space = lambda i: game.data.spaces[i].name  # noqa: E731
    out = []
    for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
        if pa[money] != pb[money]:
            out.append((NAMES[seat], amount(abs(pa[money] - pb[money]), CURRENCY[money])))
    for (seat, pb, jb), (_, pa, ja) in zip(_positions(game_id, before),
                                           _positions(game_id, after)):
        if pa != pb:   # sent to jail: "went to jail" says where
            out.append((NAMES[seat], "went to jail") if ja and not jb else (NAMES[seat], space(pa)))
    for i, (ob, oa) in enumerate(zip(before["owners"], after["owners"])):
        if oa != ob:
            out.append((space(i), NAMES[oa] if oa != NOBODY else "bank"))
    return out


def _explained(change: tuple[str, ...], said: list[str]) -> bool:
    return any(all(word in line for word in change) for line in said)


@functools.lru_cache(maxsize=None)
def _told_steps(game_id: str) -> tuple:
    """Every step of the game's whole bot games: (players, seed, step, move or None, view
    before, view after, the step's sentences), as seat 0 is told them."""
    _, setups, seeds = GAMES[game_id]
    game = engine.get_game(game_id)
    out = []
    for players, variants in setups:
        names = SeatNames(NAMES[:players])
        for seed in seeds:
            sim = play(game_id, players, seed, variants=variants, keep_history=True)
            state = game.new(players, variants)
            for step, (kind, value) in enumerate(sim.history):
                after = replay_step(game, state, kind, value)
                move = list(value) if kind == "move" else None
                said = told([Record(step + 1, kind, state, after, move)], 0, names, players)
                out.append((players, seed, step, move, to_data(engine.view(state, 0)),
                            to_data(engine.view(after, 0)), said or []))
                state = after
    return tuple(out)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_change_of_money_position_and_owner_is_told_in_its_step(game_id):
    money = GAMES[game_id][0]
    checked, missing = 0, []
    for players, seed, step, _, before, after, said in _told_steps(game_id):
        changes = _changes(game_id, money, before, after)
        checked += len(changes)
        missing += [(players, seed, step, c, said) for c in changes if not _explained(c, said)]
    COUNTS[game_id] = checked
    print(f"{game_id}: {checked} changes checked, {checked - len(missing)} explained")
    assert checked > 500
    assert not missing, missing[:5]


def _top(view: dict) -> list:
    return list(view["agenda"][-1]) if view.get("agenda") else [""]


HEADER = re.compile(r"— turn \d+: .+ —")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_turns_header_comes_after_everything_its_step_did(game_id):
    """What the previous turn's last move did is never told under the next turn's header."""
    headed = 0
    for players, seed, step, _, _, _, said in _told_steps(game_id):
        heads = [k for k, line in enumerate(said) if HEADER.fullmatch(line)]
        headed += len(heads)
        assert heads in ([], [len(said) - 1]), (players, seed, step, said)
    assert headed > 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_payment_is_told_after_the_move_that_caused_it(game_id):
    """Within a step, who moved where comes before who paid or got what (rent received is
    never told before the move onto the property)."""
    both = 0
    for players, seed, step, _, _, _, said in _told_steps(game_id):
        paid = [k for k, line in enumerate(said) if "(now " in line]
        moved = [k for k, line in enumerate(said) if " moved to " in line or " landed on " in line]
        if paid and moved:
            both += 1
            assert max(moved) < min(paid), (players, seed, step, said)
    assert both > 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_auction_won_is_told_with_its_winner_lot_and_price(game_id):
    game = engine.get_game(game_id)
    money = GAMES[game_id][0]
    won = 0
    for players, seed, step, _, before, after, said in _told_steps(game_id):
        if _top(before)[0] != "auction":
            continue
        for i, (ob, oa) in enumerate(zip(before["owners"], after["owners"])):
            if ob == NOBODY and oa != NOBODY:
                won += 1
                price = before["players"][oa][money] - after["players"][oa][money]
                sentence = (f"{NAMES[oa]} won the auction of {game.data.spaces[i].name} for "
                            f"{amount(price, CURRENCY[money])}")
                assert sentence in said, (players, seed, step, sentence, said)
    assert won > 0


def test_a_trade_offered_accepted_or_refused_is_told_to_everyone():
    """Spider-Man's bots trade (the family's trade words are shared): every offer sent and
    every answer is told, with the proposer's name and the terms, from any seat's view."""
    answers = {"accept": 0, "refuse": 0}
    for players, seed, step, move, before, _, said in _told_steps("spiderman-monopoly"):
        frame = _top(before)
        if move and frame[0] == "trade_answer":
            answers[move[0]] += 1
            verb = "accepted" if move[0] == "accept" else "refused"
            assert any(f"{NAMES[frame[2]]} {verb} the trade {NAMES[frame[1]]} offered" in line
                       for line in said), (players, seed, step, said)
        if move and frame[0] == "trade_draft" and move[0] == "offer":
            assert any(line.startswith(f"{NAMES[frame[1]]} offered {NAMES[frame[2]]} a trade: ")
                       for line in said), (players, seed, step, said)
    assert answers["accept"] and answers["refuse"]


SECOND_ROLLS = {"jail_roll": "in jail", "blink_roll": "Blinked again", "boss_roll": "",
                "symmetra_roll": "Teleporter"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_roll_in_jail_or_a_second_roll_is_told(game_id):
    """A jail turn's roll (Spider-Man's dice for doubles too), Blink's and the Teleporter's
    second rolls and a boss fight's roll each get a sentence naming whom it was for."""
    rolls = 0
    for players, seed, step, move, before, after, said in _told_steps(game_id):
        frame = _top(before)
        jailed = frame[0] == "dice" and before["players"][before["turn"]["player"]]["jailed"]
        if move is None and (frame[0] in SECOND_ROLLS or jailed):
            rolls += 1
            words = "in jail" if jailed else SECOND_ROLLS[frame[0]]
            assert said and words in said[0] and said[0].startswith(tuple(NAMES)), \
                (players, seed, step, said)
    assert rolls > 0


def test_no_seat_is_told_what_another_seat_is_not_about_a_hidden_loot_box():
    """Overwatch's Loot Boxes are drawn privately: from the views alone (no decrypted card
    given), every seat, the holder too, and a spectator are told the same sentences (a Loot
    Box taken, by count), so none reveals a card."""
    game = engine.get_game("overwatch-monopoly")
    sim = play("overwatch-monopoly", 3, 1, keep_history=True)
    state, names, draws = game.new(3, ()), SeatNames(NAMES[:3]), 0
    for step, (kind, value) in enumerate(sim.history):
        after = replay_step(game, state, kind, value)
        record = Record(step + 1, kind, state, after, list(value) if kind == "move" else None)
        said = [told([record], seat, names, 3) for seat in (None, 0, 1, 2)]
        assert all(s == said[0] for s in said), (step, said)
        draws += kind == "draw"
        state = after
    assert draws > 0


def test_a_loot_box_drawn_is_told_with_its_points_to_its_holder_alone():
    """The holder's node knows its own Loot Boxes (the cards it decrypted): told what each new
    one scores; a seat given every card (as no node is) is still told only its own."""
    game = engine.get_game("overwatch-monopoly")
    points = game.data.loot_box_points
    sim = play("overwatch-monopoly", 3, 1, keep_history=True)
    state, names = game.new(3, ()), SeatNames(NAMES[:3])
    dealer = TableDealer.shuffled(game, state, (1).to_bytes(8, "big", signed=True))
    every = {("loot", pos): dealer.card("loot", pos) for pos in range(len(state.loot_deck))}
    drawn = 0
    for step, (kind, value) in enumerate(sim.history):
        after = replay_step(game, state, kind, value)
        record = Record(step + 1, kind, state, after, list(value) if kind == "move" else None)
        for seat in range(3):
            new = [pos for pos in after.players[seat].loot if pos not in state.players[seat].loot]
            said = [line for line in told([record], seat, names, 3, every) or []
                    if "Loot Box is worth" in line]
            assert said == [f"{NAMES[seat]}'s new Loot Box is worth {points[every['loot', pos]]} "
                            "points (only you see this)" for pos in new], (step, seat, said)
            drawn += len(new)
        assert not any("worth" in line for line in told([record], None, names, 3, every) or [])
        state = after
    assert drawn > 0
