"""A game tells the search bot what it knows of it through its package's search_profile.py
(engine/search_values.profile): a variant of a game defined elsewhere plays like its game, a game
without a package is valued by its lead, and a game with its own planner is searched by it, one
planner a game."""
from engine import bots
from engine.core import get_game
from engine.games.game_package import PackagedGame
from engine.games.overwatch_tactics.rules import OverwatchTactics
from engine.games.overwatch_tactics.search_activations import HexPlanner
from engine.observe import observe
from engine.search_values import DEFAULT, profile
from tests.engine.test_search_activations import _mid_game


class _TacticsVariant(OverwatchTactics):
    """The hex game as a variant defined outside its package (this test module)."""


class _Unpackaged(PackagedGame):
    id = "toy-unpackaged"


_Unpackaged.__module__ = "toy_unpackaged"   # a game defined in a top-level module


def test_a_variant_defined_outside_its_games_package_plays_by_its_games_profile():
    own = profile(get_game("overwatch-tactics"))
    assert own.planner is HexPlanner and own.lookahead == 0
    assert profile(_TacticsVariant()) is own


def test_a_game_in_no_package_is_valued_by_its_lead_and_has_no_words():
    assert profile(_Unpackaged()) is DEFAULT
    assert _Unpackaged().glossary() == {}


def test_a_strong_bot_keeps_one_planner_for_its_game_and_makes_another_for_another_game():
    game = get_game("overwatch-tactics")
    state, d = _mid_game()
    bot = bots.make_bot("strong:normal", "planner")
    bot.choose_seen(observe(state, d.player), d)
    first = bot._planner
    assert isinstance(first, HexPlanner)
    bot.choose_seen(observe(state, d.player), d)
    assert bot._planner is first

    class OtherPlanner(HexPlanner):
        pass
    own = profile(game)
    other = type(own)(value=own.value, lookahead=0, planner=OtherPlanner, sims=own.sims)
    bot._planned_move(other, game, observe(state, d.player), d)
    assert type(bot._planner) is OtherPlanner
