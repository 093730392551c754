"""Overwatch's decisions and options in words (its words module, sent by the node): every kind
the engine pends is explained, targets by name, and each decision has a context of named data."""
import copy

import engine
from engine import Decision
from engine.games.game_package import SeatNames as Names
from engine.games.overwatch_monopoly.words import option_label
from engine.games.overwatch_monopoly.words_narration import narrate
from engine.simulate import play
from node.words import decision_words
from tests.ui import states

NAMES = Names(["Ann", "Bob", "Cy", "Dee"], me=0)
GAME = engine.get_game("overwatch-monopoly")


def context(state, names=NAMES) -> dict:
    return decision_words(state, engine.pending(state), names)["context"]


def raw(option) -> str:
    return " ".join(map(str, option))


def test_every_option_in_whole_games_is_described_in_words():
    seen_prompts: set[str] = set()
    unexplained: set[str] = set()

    def check(state) -> None:
        p = engine.pending(state)
        if not isinstance(p, Decision):
            return
        seen_prompts.add(p.prompt)
        view = engine.to_data(engine.view(state, p.player))
        names = Names(["Ann", "Bob", "Cy", "Dee"], me=p.player)
        assert context(state, names)["title"]
        for o in p.options:
            if option_label(p.prompt, o, view, names) == raw(o):
                unexplained.add(f"{p.prompt}: {raw(o)}")

    for seed, players, variants in ((1, 4, ()), (2, 3, ()), (3, 2, ("6v6",)), (4, 4, ("no-limits",))):
        play("overwatch-monopoly", players, seed, bots="random", variants=variants, on_step=check)
    assert not unexplained, sorted(unexplained)[:20]
    assert {"turn", "capture", "auction", "pick_leader", "draft", "level_up"} <= seen_prompts


def test_targets_are_named_not_numbered():
    view = states.model_for(states.crowded_midgame()).state
    assert option_label("turn", ("ability", "ana", "shoot", 2), view, NAMES) == "Ana: Cy pays 3 HP"
    assert option_label("turn", ("ability", "reaper", 1, 3), view, NAMES) == \
        "Reaper: Bob and Dee pay 2 HP each"
    # with one other player left, one target: "Bob pays", not "Bob pay 2 HP each"
    assert option_label("turn", ("ability", "reaper", 1), view, NAMES) == "Reaper: Bob pays 2 HP"
    assert option_label("turn", ("ability", "hanzo", 0, 2, 1, 0), view, NAMES) == \
        "Hanzo: arrows: Bob 2, Cy 1 HP"
    assert option_label("turn", ("trade", 3), view, NAMES) == "Propose a trade to Dee"
    assert option_label("ultimate", ("ultimate", "tracer", 1), view, NAMES).endswith(
        "Pulse Bomb: Bob pays 8 HP")


def test_bids_trades_and_swaps_read_as_sentences():
    view = states.model_for(states.crowded_midgame()).state
    assert option_label("auction", ("bid", 4), view, NAMES) == "Bid 4 HP"
    assert option_label("level_up", ("swap", "ana", "moira"), view, NAMES) == \
        "Swap Ana for Moira (support)"
    assert option_label("free_parking", ("swap", 1, 9), view, NAMES) == \
        "Swap your Marketplace for Bob's Dorado"
    assert option_label("sell", ("sell_to", 1, 2, 3), view, NAMES) == \
        "Offer Marketplace to Cy for 3 HP"
    assert option_label("turn", ("move",), view, NAMES) == "Move 3 spaces (to Hollywood)"


def test_an_auction_title_names_the_space_and_the_high_bid():
    s = states.auction_two_players()
    ctx = context(s, Names(["Ann", "Bob"], me=engine.pending(s).player))
    assert ctx["title"] == "Auction of Marketplace: high bid 0 HP by nobody yet"


def test_an_auction_context_names_the_lot_the_bid_to_beat_and_the_high_bidder():
    s = states.auction_two_players()
    first = engine.pending(s).player                 # the lander bids first
    s = engine.apply(s, ("bid", 3))
    ctx = context(s, Names(["Ann", "Bob"], me=1 - first))
    assert ctx["lot"] == {"space": 1, "name": "Marketplace", "what": "Marketplace"}
    assert (ctx["bid_to_beat"], ctx["high_bidder"]) == (3, first)
    assert ctx["bidders"] == [first, 1 - first]
    assert ctx["title"] == f"Auction of Marketplace: high bid 3 HP by {['Ann', 'Bob'][first]}"


def test_a_capture_context_gives_the_objectives_price_and_rent():
    ctx = context(states.capture_two_players(), Names(["Ann", "Bob"], me=0))
    sp = GAME.data.spaces[ctx["lot"]["space"]]
    assert (ctx["lot"]["name"], ctx["price"], ctx["rent"]) == ("Numbani", sp.price, sp.rent)
    assert ctx["title"] == f"You landed on Numbani (price {sp.price} HP, rent {sp.rent}): capture it?"


def test_a_turn_context_says_the_roll_and_which_characters_abilities_are_open():
    ctx = context(states.crowded_midgame())
    assert (ctx["die"], ctx["face"]) == (3, "support")
    assert "ana" in ctx["abilities"]
    assert ctx["title"] == "Your turn: you rolled 3 and the support icon"


def test_an_option_of_an_unknown_shape_falls_back_to_its_raw_words():
    assert option_label("turn", ("ability", "nobody"), None, NAMES) == "nobody: ability"
    assert option_label("weird", ("bid",), None, NAMES) == "bid"


def test_narration_tells_rolls_moves_hp_and_captures_by_name():
    before = states.model_for(states.capture_two_players()).state
    after = engine.to_data(engine.view(
        engine.apply(states.capture_two_players(), ("capture",)), 0))
    text = narrate(GAME, before, after, Names(["Ann", "Bob"]), "move", 2)
    # the price paid says what it paid for (an amount alone left "-1 HP" unexplained)
    assert "Numbani now belongs to Ann" in text and "Ann paid 1 HP for Numbani (now 9)" in text


def test_a_move_onto_a_payload_space_says_it_jumped_to_the_next_payload_space():
    before = states.model_for(states.capture_two_players()).state
    after = copy.deepcopy(before)
    payloads = [sp.index for sp in GAME.data.spaces if sp.kind == "payload"]
    after["players"][1]["pos"] = payloads[1]
    after["players"][0]["pos"] = payloads[1] + 1
    text = narrate(GAME, before, after, Names(["Ann", "Bob"]), "move", 2)
    assert "Bob landed on Push the Payload and jumped to the next payload space" in text
    assert f"Ann moved to {GAME.data.spaces[payloads[1] + 1].name}" in text


def test_a_forced_sale_is_titled_in_overwatchs_words_with_what_is_still_owed():
    # "What If I Run Out of HP?": with only the leader active, objectives are sold. Seat 0
    # (0 HP, owning Dorado) lands on Bob's Nepal, whose rent is 4.
    from tests.overwatch.scenario import act, edit, new_game, turn_roll
    dorado, nepal = 9, 25

    def broke(s):
        s.owners[nepal], s.owners[dorado] = 1, 0
        s.players[0].hp, s.players[0].pos = 0, nepal - 2
        for h in s.players[0].heroes:
            h.active = False
    s = act(turn_roll(edit(new_game(), broke), 2, "tank"), "move")
    assert engine.pending(s).prompt == "sell"
    ctx = context(s)
    assert ctx["title"] == "You owe HP: sell an objective (still owed: 4 HP)"
    assert (ctx["payer"], ctx["owed"], ctx["payee"]) == (0, 4, 1)
