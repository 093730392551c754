"""Drawing from the Daily Bugle and Spider-Sense decks as at a table (issue 15, point 1): nobody
knows the order of the cards not yet seen; each card is decided by a chance node at the moment
it is drawn, uniformly among the unseen cards; cards put back go to the bottom and come back in
the order they went there, after the unseen ones (engine/games/decks.py)."""
import hashlib

import pytest

from engine import Chance
from engine.canonical import to_data
from engine.simulate import play

from .scenario import DATA, GAME, draw, edit, new_game, pending, webs

DB = "daily_bugle"


def a_draw(seat: int = 0, deck: str = DB):
    """The state change "seat draws the top card of deck" (what landing on its space starts)."""
    return lambda s: s.agenda.append(("draw", seat, deck))


def lists_in(data):
    if isinstance(data, dict):
        for v in data.values():
            yield from lists_in(v)
    elif isinstance(data, (list, tuple)):
        yield data
        for v in data:
            yield from lists_in(v)


def check_no_order_of_unseen_cards(s):
    """Nothing in the state, or in any seat's view of it, lists unseen cards in an order other
    than sorted; and a pending draw from them can still give every one of them."""
    unseen = {c for d in s.decks.values() for c in d.unseen}
    for data in [to_data(s)] + [GAME.view(s, seat) for seat in range(len(s.players))]:
        for lst in lists_in(data):
            named = [c for c in lst if isinstance(c, str) and c in unseen]
            assert len(named) < 2 or named == sorted(named), lst
    if s.agenda and s.agenda[-1][0] == "deck_draw":
        deck = s.decks[s.agenda[-1][1]]
        p = pending(s)
        assert p.sizes == (len(deck.unseen),) and len(deck.unseen) >= 2
        after = [GAME.apply_chance(s, (k,)).decks[s.agenda[-1][1]].unseen
                 for k in range(1, len(deck.unseen) + 1)]
        drawn = [next(c for c in deck.unseen if c not in a) for a in after]
        assert sorted(drawn) == deck.unseen  # each face a different card: all still possible


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_no_state_or_view_lets_anyone_list_the_order_of_the_cards_still_unseen(players, seed):
    draws = []

    def check(s):
        check_no_order_of_unseen_cards(s)
        if s.agenda and s.agenda[-1][0] == "deck_draw":
            draws.append(s.steps)
    g = play("spiderman-monopoly", players, seed, "greedy", on_step=check)
    assert draws, "no draw from unseen cards in a whole game"


def test_nothing_is_shuffled_at_set_up_the_first_card_is_decided_when_drawn():
    s = new_game(3, seen_decks=False)
    assert all(d.unseen == sorted(DATA.deck(k)) for k, d in s.decks.items())
    s = edit(s, a_draw())
    p = pending(s)
    assert isinstance(p, Chance) and p.kind == "dice" and p.sizes == (15,)
    assert "Daily Bugle" in p.label
    s = draw(s, "db08")                                  # collect 4
    assert webs(s)[0] == 34
    assert "db08" not in s.decks[DB].unseen and s.decks[DB].returned == ["db08"]
    assert len(s.decks[DB].unseen) == 14


def test_a_drawn_card_goes_to_the_bottom_and_comes_back_in_order_after_the_unseen_ones():
    def five_cards(s):    # a deck of five (the other cards set aside: only the order matters)
        s.decks[DB].unseen = ["db08", "db09", "db11"]
        s.decks[DB].returned = ["db12", "db10"]
    s = new_game(2, seen_decks=False, setup=five_cards)
    s = draw(edit(s, a_draw()), "db11")                  # a chance node among 3
    assert s.decks[DB].unseen == ["db08", "db09"]
    assert s.decks[DB].returned == ["db12", "db10", "db11"]
    s = edit(s, a_draw())
    assert pending(s).sizes == (2,)
    s = draw(s, "db08")
    order = []
    for _ in range(6):    # the last unseen card, then the returned ones: no chance node
        before = s.decks[DB].returned
        s = edit(s, a_draw())
        assert s.agenda[-1][0] != "deck_draw"            # drawn at once
        order.append(s.decks[DB].returned[-1])
        assert s.decks[DB].unseen == [] and s.decks[DB].returned[:-1] == \
            [c for c in before if c != order[-1]]
    assert order == ["db09", "db12", "db10", "db11", "db08", "db09"]


def test_a_kept_card_used_comes_back_under_the_unseen_ones():
    s = new_game(2, seen_decks=False, setup=lambda s: setattr(s.decks[DB], "unseen",
                                                               ["db01", "db08", "db09"]))
    s = draw(edit(s, a_draw()), "db01")                   # Get Out of Jail Free: kept
    assert s.players[0].cards == ["db01"] and s.decks[DB].cards() == ["db08", "db09"]
    s = edit(s, lambda s: GAME.return_card(s, s.players[0].cards.pop()))
    assert s.decks[DB].unseen == ["db08", "db09"] and s.decks[DB].returned == ["db01"]


def test_the_draw_is_uniform_over_the_unseen_cards():
    """Through the engine's own chance path (resolve: the seed of the match's roll at that
    moment), 400 draws per card from the 15 unseen Daily Bugle cards and 600 per card from 10
    unseen after five were seen; seeds fixed, so the test is deterministic. Chi-square with 14
    (9) degrees of freedom under 36.1 (27.9): p = 0.001 for a fair draw. A card never drawn, or
    one drawn twice as often as it should, puts it above 100."""
    fresh = edit(new_game(4, seen_decks=False), a_draw())
    seen5 = edit(new_game(4, seen_decks=False, setup=lambda s: [
        (s.decks[DB].unseen.remove(c), s.decks[DB].put_bottom(c))
        for c in ("db06", "db08", "db09", "db11", "db13")]), a_draw())
    for s, per_card, limit in ((fresh, 400, 36.1), (seen5, 600, 27.9)):
        unseen = s.decks[DB].unseen
        counts = dict.fromkeys(unseen, 0)
        for i in range(per_card * len(unseen)):
            after = GAME.resolve(s, hashlib.sha256(b"uniform draw %d" % i).digest())
            (card,) = set(unseen) - set(after.decks[DB].unseen)
            counts[card] += 1
        chi2 = sum((n - per_card) ** 2 / per_card for n in counts.values())
        assert chi2 < limit, counts
