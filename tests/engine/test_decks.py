"""engine/games/decks.py on its own, in a toy agenda game that only draws: a card is decided by
a chance node when drawn while two or more are unseen; the last unseen card and then the
returned ones come in order with no chance node; what the game keeps is out of the deck."""
from dataclasses import dataclass, field

from engine import Chance, Over, Result
from engine.agenda import AgendaGame
from engine.games.decks import Deck, DeckDraws


@dataclass
class DrawState:
    decks: dict
    drawn: list = field(default_factory=list)
    agenda: list = field(default_factory=list)
    steps: int = 0
    forfeited: list = field(default_factory=list)


class DrawOnly(DeckDraws, AgendaGame):
    """Draws `n` cards from the deck "d"; a card whose name starts with "k" is kept."""
    id = "toy-draw-only"
    min_players = max_players = 1

    def initial_state(self, players, variants):
        s = DrawState({"d": Deck.new(["c", "a", "kb", "d"])})
        s.agenda = [("draw",)] * 7
        self._settle(s)
        return s

    def _do_draw(self, s, frame):
        self.draw_card(s, "d", "ctx")

    def card_drawn(self, s, name, card, ctx):
        assert ctx == ("ctx",)
        s.drawn.append(card)
        if not card.startswith("k"):
            s.decks[name].put_bottom(card)

    def result(self, s):
        return Result(scores=(0,), winners=())


GAME = DrawOnly()


def test_a_new_deck_holds_its_cards_sorted_with_none_returned():
    d = GAME.new(1).decks["d"]
    assert d.unseen == ["a", "c", "d", "kb"] and d.returned == [] and len(d) == 4


def test_unseen_cards_are_picked_by_a_die_at_the_draw_then_the_returned_come_in_order():
    s = GAME.new(1)
    sizes = []
    for face in (4, 1, 2):             # "kb" (kept), then "a", then "d" of ["c", "d"]
        p = GAME.pending(s)
        assert isinstance(p, Chance) and p.kind == "dice"
        sizes.append(p.sizes)
        s = GAME.apply_chance(s, (face,))
    assert sizes == [(4,), (3,), (2,)]
    assert isinstance(GAME.pending(s), Over)  # "c", the last unseen, and the rest: no chance
    assert s.drawn == ["kb", "a", "d", "c", "a", "d", "c"]
    assert s.decks["d"].unseen == [] and s.decks["d"].returned == ["a", "d", "c"]


def test_an_empty_deck_draws_nothing():
    s = DrawState({"d": Deck([], [])}, agenda=[("draw",)])
    GAME._settle(s)
    assert s.drawn == [] and s.agenda == []
