"""Decisions and options in words: every kind the engine pends is explained, targets by name."""
import engine
from cli.ui.words import Names, fault_words, narrate, option_label, prompt_title
from engine import Decision
from engine.simulate import play
from tests.ui import states

NAMES = Names(["Ann", "Bob", "Cy", "Dee"], me=0)


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
        prompt_title(p.prompt, view, names)
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
    view = states.model_for(states.auction_two_players()).state
    assert prompt_title("auction", view, NAMES) == \
        "Auction of Marketplace: high bid 0 HP by nobody yet"


def test_an_option_of_an_unknown_shape_falls_back_to_its_raw_words():
    assert option_label("turn", ("ability", "nobody"), None, NAMES) == "nobody: ability"
    assert option_label("weird", ("bid",), None, NAMES) == "bid"


def test_narration_tells_rolls_moves_hp_and_captures_by_name():
    before = states.model_for(states.capture_two_players()).state
    after = engine.to_data(engine.view(
        engine.apply(states.capture_two_players(), ("capture",)), 0))
    text = narrate(before, after, Names(["Ann", "Bob"]), "move", 2)
    assert "Numbani now belongs to Ann" in text and "Ann: -1 HP (now 9)" in text


def test_a_fault_names_the_player_in_plain_words():
    text = fault_words("timed-out", [1], "no move within 120 s", Names(["Ann", "Bob"]))
    assert text == "The game stopped: Bob took too long (timed out). (no move within 120 s)"
    assert "Cy computed a different game state" in fault_words(
        "state-mismatch", [2], "hash differs", Names(["Ann", "Bob", "Cy"]))


def test_a_dispute_names_both_sides_and_says_neither_is_proven():
    text = fault_words("dispute", [0, 2], "seat 0 stopped the match accusing seat 2",
                       Names(["Ann", "Bob", "Cy"]))
    assert text.startswith("The game stopped: Ann and Cy disagree: one accuses the other of "
                           "cheating, and neither can be proven right.")


def test_whose_decision_the_screen_names_is_the_engines_decider():
    from cli.ui.screens import waiting_for
    named = wrong = 0

    def check(state) -> None:
        nonlocal named, wrong
        p = engine.pending(state)
        if not isinstance(p, Decision):
            return
        seat = waiting_for(engine.to_data(engine.view(state, 0)))
        if seat is not None:
            named += 1
            wrong += seat != p.player

    for seed, players, variants in ((5, 4, ()), (6, 2, ("6v6",))):
        play("overwatch-monopoly", players, seed, bots="random", variants=variants, on_step=check)
    assert wrong == 0 and named > 100
