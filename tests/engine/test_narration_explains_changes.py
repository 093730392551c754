"""Every player's actions told, in every Monopoly-family game: whole seeded bot games are
played (every variant among them), and
- every entry (each move of every seat, each chance resolution, each private draw and each
  disclosure) has at least one sentence in what its step tells;
- every change a player sees between two views has a sentence that explains it: a player's
  money (coins, webs, HP), a figure's space, a space's owner, and what else the table shows
  change: the characters and group leaders picked (and heroes eliminated or back), the cards
  and Loot Boxes held (and what each Loot Box scored once opened), the turn order, jail, the
  bosses beaten, the Symbol, Spider-Tech and bankruptcy, each told in that step's sentences
  (the words a node gives the control API's `said`, node.words.told: the chosen move's words,
  then the narration of the change), naming the player together with the amount, the space,
  the character or the card.

The changes are derived from consecutive views of seat 0 (the views the sentences are made
from; the true state only says who held a Loot Box opened at the end, which the disclosure
itself makes public); `COUNTS` keeps how many were checked per game, for the issue's closing
note (printed with `pytest -s`)."""
from __future__ import annotations

import collections
import copy
import functools
import re

import pytest

import engine
from engine.canonical import to_data
from engine.games.family_words import amount
from engine.games.game_package import NOBODY
from engine.games.spiderman_monopoly.words import kept_card_name, tech_words
from engine.simulate import TableDealer, play, replay_step
from node.told import Record
from node.words import SeatNames, told

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
GAMES = {  # game -> (money field, (players, variants) played, seeds)
    "mario-monopoly": ("coins", [(3, ()), (2, ()), (4, ("party",)), (2, ("party",))], (1, 2)),
    "spiderman-monopoly": ("webs", [(3, ()), (2, ()), (4, ()), (6, ("turn-limit",))], (1, 2)),
    "overwatch-monopoly": ("hp", [(3, ()), (2, ()), (4, ()), (2, ("6v6",)),
                                  (4, ("mystery-heroes",)), (3, ("lock-out", "no-limits"))],
                           (1, 2)),
}
CURRENCY = {"coins": "coins", "webs": "webs", "hp": "HP"}
COUNTS: dict[str, dict[str, int]] = {}


def _positions(game_id: str, view: dict) -> list[tuple[int, int, bool]]:
    """(seat, space, jailed) of every figure."""
    if game_id == "mario-monopoly":
        return [(f["seat"], f["pos"], f["jailed"]) for f in view["figures"]]
    return [(seat, p["pos"], p["jailed"]) for seat, p in enumerate(view["players"])]


def _changes(game_id: str, money: str, before: dict, after: dict,
             holders: dict[int, int]) -> list[tuple[str, ...]]:
    """What a step changed that a player sees, each as the words its sentence must hold
    together (`holders`: the seat holding each Loot Box, by deck position)."""
    game = engine.get_game(game_id)
    space = lambda i: game.data.spaces[i].name  # noqa: E731
    out = []
    for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
        if pa[money] != pb[money]:   # the change, or its parts told and where they left it
            who, now = NAMES[seat], pa[money]
            out.append(Either(((who, amount(abs(now - pb[money]), CURRENCY[money])),
                               (f"{who} now {now})",), (f"{who} now {now},",),
                               lambda line, who=who, now=now:
                               line.startswith(who) and line.endswith(f"(now {now})"))))
    for (seat, pb, jb), (_, pa, ja) in zip(_positions(game_id, before),
                                           _positions(game_id, after)):
        if pa != pb:   # sent to jail: "went to jail" says where
            out.append((NAMES[seat], "went to jail") if ja and not jb else (NAMES[seat], space(pa)))
        elif ja != jb:
            out.append((NAMES[seat], "jail"))
    for i, (ob, oa) in enumerate(zip(before["owners"], after["owners"])):
        if oa != ob:
            out.append((space(i), NAMES[oa] if oa != NOBODY else "bank"))
    order = "order" if game_id == "spiderman-monopoly" else "pick_order"
    if after[order] != before[order]:   # who goes (or chooses) first, and the whole order
        out.append((NAMES[after[order][0]], "first", ", ".join(NAMES[s] for s in after[order])))
    out += OWN_CHANGES[game_id](game, before, after, holders)
    return out


def _mario_changes(game, before: dict, after: dict, holders: dict) -> list[tuple[str, ...]]:
    d, out = game.data, []
    for fb, fa in zip(before["figures"], after["figures"]):
        if fa["char"] != fb["char"]:
            out.append((NAMES[fa["seat"]], d.characters[fa["char"]].name))
    for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
        out += [(NAMES[seat], d.characters[c].name) for c in pa["team"][len(pb["team"]):]]
        out += [(NAMES[seat], d.bosses[n].name) for n in pa["bosses"][len(pb["bosses"]):]]
    return out


def _spiderman_changes(game, before: dict, after: dict, holders: dict) -> list[tuple[str, ...]]:
    d, out = game.data, []
    for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
        who = NAMES[seat]
        if pa["hero"] != pb["hero"]:
            out.append((who, d.hero(pa["hero"]).name))
        out += [(who, kept_card_name(d.cards[c].effect)) for c in pa["cards"]
                if c not in pb["cards"]]
        out += [(who, kept_card_name(d.cards[c].effect)) for c in pb["cards"]
                if c not in pa["cards"]]
        if pa["out"] and not pb["out"]:
            out.append((who, "bankrupt"))
    if after["symbol"] != before["symbol"]:
        out.append((NAMES[after["symbol"]], "Symbol") if after["symbol"] != NOBODY
                   else ("Symbol", "GO"))
    for i, (tb, ta) in enumerate(zip(before["tech"], after["tech"])):
        if ta != tb:
            out.append((d.spaces[i].name, tech_words(ta) if ta else "no Spider-Tech"))
    return out


def _overwatch_changes(game, before: dict, after: dict, holders: dict) -> list[tuple[str, ...]]:
    d, out = game.data, []
    name = lambda c: "Reaper" if c == "reaper" else d.characters[c].name  # noqa: E731
    count = lambda loot: loot if isinstance(loot, int) else len(loot)  # noqa: E731
    for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
        who = NAMES[seat]
        out += [(who, name(c)) for c in pa["leaders"][len(pb["leaders"]):]]
        for k, ha in enumerate(pa["heroes"]):
            hb = pb["heroes"][k] if k < len(pb["heroes"]) else None
            if hb is None or hb["id"] != ha["id"] or hb["active"] != ha["active"]:
                out.append((who, name(ha["id"])))
        if count(pa["loot"]) != count(pb["loot"]):
            out.append((who, "Loot Box"))
    points = d.loot_box_points
    for pos, (vb, va) in enumerate(zip(before["loot_open"], after["loot_open"])):
        if va != vb:
            out.append((NAMES[holders[pos]], "Loot Box", str(points[va])))
    return out


OWN_CHANGES = {"mario-monopoly": _mario_changes, "spiderman-monopoly": _spiderman_changes,
               "overwatch-monopoly": _overwatch_changes}


class Either(tuple):
    """A change explained by any of several sets of words: a player's money by the amount it
    changed, or by its parts ("paid Di 2 HP rent", "+5 HP") and what they left ("now 3")."""


def _explained(change: tuple, said: list[str]) -> bool:
    if isinstance(change, Either):
        return any(_explained(words, said) if isinstance(words, tuple) else
                   any(map(words, said)) for words in change)
    return any(all(word in line for word in change) for line in said)


def _holders(state) -> dict[int, int]:
    """The seat holding each Loot Box drawn, by deck position (Overwatch; {} elsewhere)."""
    return {pos: seat for seat, p in enumerate(state.players)
            for pos in (p.loot if isinstance(getattr(p, "loot", None), list) else [])}


@functools.lru_cache(maxsize=None)
def _told_steps(game_id: str) -> tuple:
    """Every step of the game's whole bot games: (players, seed, step, kind, move or None,
    view before, view after, the step's sentences, the Loot Boxes' holders), as seat 0 is
    told them."""
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
                out.append((players, seed, step, kind, move, to_data(engine.view(state, 0)),
                            to_data(engine.view(after, 0)), said or [], _holders(after)))
                state = after
    return tuple(out)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_entry_of_every_player_is_told(game_id):
    """No entry passes in silence: each move of each seat (a pick, a roll asked for, a step of
    a trade's draft, a choice to stay), each chance resolution (the roll for the turn order,
    a deal), each draw and each disclosure has at least one sentence."""
    silent = collections.Counter()
    example = {}
    steps = _told_steps(game_id)
    for players, seed, step, kind, move, before, _, said, _ in steps:
        if not said:
            what = (kind, _top(before)[0], move[0] if move else "")
            silent[what] += 1
            example.setdefault(what, (players, seed, step))
    COUNTS.setdefault(game_id, {})["entries"] = len(steps)
    print(f"{game_id}: {len(steps)} entries, {len(steps) - sum(silent.values())} told")
    assert len(steps) > 2000
    assert not silent, [(what, n, example[what]) for what, n in silent.items()]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_change_a_player_sees_is_told_in_its_step(game_id):
    money = GAMES[game_id][0]
    checked, missing = 0, []
    for players, seed, step, _, _, before, after, said, holders in _told_steps(game_id):
        changes = _changes(game_id, money, before, after, holders)
        checked += len(changes)
        missing += [(players, seed, step, c, said) for c in changes if not _explained(c, said)]
    COUNTS.setdefault(game_id, {})["changes"] = checked
    print(f"{game_id}: {checked} changes checked, {checked - len(missing)} explained")
    assert checked > 1000
    assert not missing, missing[:5]


def _top(view: dict) -> list:
    return list(view["agenda"][-1]) if view.get("agenda") else [""]


HEADER = re.compile(r"— turn \d+: .+ —")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_turns_header_comes_after_everything_its_step_did(game_id):
    """What the previous turn's last move did is never told under the next turn's header."""
    headed = 0
    for players, seed, step, _, _, _, _, said, _ in _told_steps(game_id):
        heads = [k for k, line in enumerate(said) if HEADER.fullmatch(line)]
        headed += len(heads)
        assert heads in ([], [len(said) - 1]), (players, seed, step, said)
    assert headed > 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_payment_is_told_after_the_move_that_caused_it(game_id):
    """Within a step, who moved where comes before who paid or got what (rent received is
    never told before the move onto the property)."""
    both = 0
    for players, seed, step, _, _, _, _, said, _ in _told_steps(game_id):
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
    for players, seed, step, _, _, before, after, said, _ in _told_steps(game_id):
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
    for players, seed, step, _, move, before, _, said, _ in _told_steps("spiderman-monopoly"):
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
    for players, seed, step, _, move, before, after, said, _ in _told_steps(game_id):
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



def test_a_step_of_a_trades_draft_is_told_with_the_terms_so_far_cards_included():
    """Each step of a draft is an entry of its own: told with the whole offer as it stands
    (the screen's words), a kept card by its name (the offer's words once left cards out)."""
    game = engine.get_game("spiderman-monopoly")
    jail = next(cid for cid, c in game.data.cards.items() if c.effect[0] == "keep_jail")
    frame = ["trade_draft", 0, 1, [], [11], 2, 0, [], []]
    said = told_move(game, {"agenda": [["turn"], frame]}, 0, ["give_card", jail])
    assert said == ["Ann's trade with Bob so far: Ann gives the Get Out of Jail Free card; "
                    "pays 2 webs; wants Electro"]


def told_move(game, before: dict, seat: int, move: list) -> list[str]:
    return game._words("narrate_move")(game, before, seat, move, SeatNames(NAMES[:2]))


RENT = re.compile(r"^(\w+) paid \w+ .* rent for ")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_payment_is_called_rent_only_when_the_payer_landed_or_rolled_for_it(game_id):
    """A power-up or a card that makes a player pay another is not rent because the payer
    happens to stand on the payee's property (Mario's Blooper was told as "rent for ...")."""
    rents = 0
    for players, seed, step, _, _, before, _, said, _ in _told_steps(game_id):
        for line in said:
            m = RENT.match(line)
            if not m:
                continue
            rents += 1
            moved = any(l.startswith(m.group(1)) and (" moved to " in l or " landed on " in l)
                        for l in said)
            assert moved or _top(before)[:2] == ["dice", "rent"], (players, seed, step, said)
    assert rents > 20



def test_an_ability_told_to_the_table_names_its_user_not_you():
    """An option's words speak to its chooser ("all other players pay you 1 HP"); told to the
    table, the sentence names the user instead ("pay Ann 1 HP"), or every reader would
    think they were meant."""
    abilities = 0
    for players, seed, step, _, _, _, _, said, _ in _told_steps("overwatch-monopoly"):
        for line in said:
            if " used " in line:
                abilities += 1
                assert not re.search(r"\byour?\b", line), (players, seed, step, line)
    assert abilities > 500



def test_hp_collected_at_go_is_told_and_what_was_paid_on_landing_matches_its_payee():
    """Overwatch pays GO's HP on the way, from no pool the views hold: told as such and taken
    out of the mover's change, so rent paid on landing after passing GO is told as rent to
    its owner (it read "Bot 4: +2 HP" alone, the mover's +2 -2 hiding both payments)."""
    cap = engine.get_game("overwatch-monopoly").data.hp_cap
    reached = rents = 0
    for players, seed, step, _, _, before, after, said, _ in _told_steps("overwatch-monopoly"):
        tb, ta = before["turn"], after["turn"]
        seat = ta["player"]
        if not (ta["level_up"] and not tb["level_up"] and seat == tb["player"]
                and before["players"][seat]["hp"] < cap):
            continue
        reached += 1
        assert any(line.startswith(f"{NAMES[seat]} collected ") and "reaching GO" in line
                   for line in said), (players, seed, step, said)
        pos = after["players"][seat]["pos"]
        owner = after["owners"][pos]
        if owner not in (NOBODY, seat) and \
                after["players"][owner]["hp"] > before["players"][owner]["hp"]:
            rents += 1
            space = engine.get_game("overwatch-monopoly").data.spaces[pos].name
            assert any(line.startswith(f"{NAMES[seat]} paid {NAMES[owner]} ") and
                       f"rent for {space}" in line for line in said), (players, seed, step, said)
    assert reached > 20 and rents


def test_rent_paid_on_landing_is_told_as_rent_whatever_else_changed_the_payers_hp():
    """An entry may change the lander's HP otherwise too (an ability that collects HP, GO on
    the way): the owner's gain of exactly the rent due is still told as that rent ("Bot 4:
    +2 HP at Junkertown" and "Tester: +2 HP" were told for Mercy's +4 and a rent of 2)."""
    game = engine.get_game("overwatch-monopoly")
    spaces = game.data.spaces
    rents = mixed = 0
    for players, seed, step, _, _, before, after, said, _ in _told_steps("overwatch-monopoly"):
        gain = [pa["hp"] - pb["hp"] for pb, pa in zip(before["players"], after["players"])]
        for seat, (pb, pa) in enumerate(zip(before["players"], after["players"])):
            pos, owners = pa["pos"], after["owners"]
            owner = owners[pos]
            if pos == pb["pos"] or pa["jailed"] or owner in (NOBODY, seat):
                continue
            whole = all(owners[i] == owner for i, sp in enumerate(spaces)
                        if sp.kind == "objective" and sp.set == spaces[pos].set)
            due = spaces[pos].rent * (2 if whole else 1)
            if gain[owner] != due or any(gain[o] == -due for o in range(players)
                                         if o not in (owner, seat)):
                continue   # not paid in this entry, or perhaps by another (Particle Barrier)
            rents += 1
            mixed += gain[seat] != -due
            assert any(line.startswith(f"{NAMES[seat]} paid {NAMES[owner]} {due} HP rent for "
                                       f"{spaces[pos].name}") for line in said), \
                (players, seed, step, said)
    print(f"overwatch-monopoly: {rents} rents paid on landing, {mixed} with other changes")
    assert rents > 50 and mixed > 5


def _hp_changed(view: dict, changes: dict[int, int]) -> dict:
    after = copy.deepcopy(view)
    for seat, d in changes.items():
        after["players"][seat]["hp"] += d
    return after


def test_every_other_player_paying_one_the_same_amount_is_told_as_one_payment():
    """Moira's "all other players pay you 1 HP" read as four sentences of "-1 HP" and "+3 HP";
    told once: who paid whom how much each. Two players paying the bank while a third gains
    the sum by another cause (an elimination's HP while the others pay an ultimate) are no
    such payment: only every other player paying counts."""
    from engine.games.overwatch_monopoly.words_narration import narrate
    game = engine.get_game("overwatch-monopoly")
    state = play("overwatch-monopoly", 4, 1, max_steps=200_000).state
    view = to_data(engine.view(state, 0))
    names = SeatNames(NAMES[:4])
    said = narrate(game, view, _hp_changed(view, {0: -1, 1: -1, 2: -1, 3: 3}), names)
    hp = [p["hp"] for p in view["players"]]
    assert said == [f"Ann, Bob and Cy paid Di 1 HP each (Ann now {hp[0] - 1}, Bob now "
                    f"{hp[1] - 1}, Cy now {hp[2] - 1}, Di now {hp[3] + 3})"]
    said = narrate(game, view, _hp_changed(view, {0: -2, 1: -2, 3: 4}), names)
    assert not any(" each " in line for line in said), said


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_auction_is_told_as_it_opens_with_its_lot(game_id):
    """A lander who cannot pay has only the auction, which the rules take at once: nobody's
    move said it, and the first thing told was a bid ("Tester moved to Ilios", "Tester bid 1
    HP"). Every auction opened is told with its lot, chosen or not."""
    game = engine.get_game(game_id)
    opened = forced = 0
    for players, seed, step, _, _, before, after, said, _ in _told_steps(game_id):
        frame = _top(after)
        if frame[0] != "auction" or _top(before)[0] == "auction":
            continue
        opened += 1
        forced += _top(before)[0] not in ("buy", "capture")
        space = frame[2] if isinstance(frame[1], str) else frame[1]
        assert any(game.data.spaces[space].name in line and "goes up for auction" in line
                   for line in said), (players, seed, step, said)
    assert opened > 5 and forced > 3


def test_a_shield_ending_as_its_holders_turn_begins_is_not_told_as_hp_it_took():
    """Overwatch clears a shield, an immunity and a Particle Barrier at the start of their
    holder's next turn: that ended "Tester's shield took 2 HP and is gone" though nothing hit
    it (seen in a played match). Told as ending; a shield that took a payment says so."""
    ended = 0
    for players, seed, step, _, _, before, after, said, _ in _told_steps("overwatch-monopoly"):
        seat = after["turn"]["player"]
        pb, pa = before["players"][seat], after["players"][seat]
        if after["turns"] != before["turns"] and pb["barrier"] and not pa["barrier"]:
            ended += 1
            assert f"{NAMES[seat]}'s shield of {pb['barrier']} HP ends as their turn begins" \
                in said and not any("shield took" in line for line in said), \
                (players, seed, step, said)
    assert ended > 10
