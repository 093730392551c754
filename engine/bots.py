"""Bots: a random-legal bot for every game, and each game's greedy bot.

Bots live beside the engine, not inside the rules: they play a player's own seat (`--bot`, sim),
whose moves are signed entries checked like a person's, so this module is outside the rules
digest and may change freely. They carry their own seeded random.Random, never the global one,
so a simulated game is a function of its seed. A seat handed over after a timeout is played by
the game's `takeover_move` instead, which is part of the rules.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable

from .core import Decision, Move, get_game

__all__ = ["Bot", "RandomBot", "SearchBot", "make_bot", "parse_bot_spec", "bot_spec", "BOT_KINDS",
           "LEVELS", "THINK_DEFAULT", "THINK_MAX", "live_spec", "bot_info", "bot_info_problem"]


class Bot:
    kind = "bot"

    def __init__(self, seed: int | bytes | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, decision: Decision) -> Move:
        raise NotImplementedError

    # Whether choose_seen may take long (the node then runs it in a worker thread).
    thinks = False

    def choose_seen(self, obs: Any, decision: Decision) -> Move:
        """The move from the seat's observation (engine.observe.Observation): what a bot that
        uses hidden cards it holds is given; the others need the public state only."""
        return self.choose(obs.state, decision)


class RandomBot(Bot):
    """Picks uniformly among the legal options: reaches every decision the rules offer."""

    kind = "random"

    def choose(self, state: Any, decision: Decision) -> Move:
        return decision.options[self.rng.randrange(len(decision.options))]


class GreedyBot(Bot):
    """Delegates to the game's own sensible policy (`Game.greedy_move`)."""

    kind = "greedy"

    _policy: tuple[str, Callable[..., Move]] = ("", None)  # type: ignore[assignment]

    def choose(self, state: Any, decision: Decision) -> Move:
        # The game's policy found once per game (a bot is asked at nearly every step).
        game_id, policy = self._policy
        if game_id != state.game:
            game_id, policy = self._policy = (state.game, get_game(state.game).greedy_move)
        return policy(state, decision, self.rng)


LEVELS = ("easy", "normal", "hard")
THINK_DEFAULT = 1.0   # seconds a `strong` bot may think per decision in live play (hard)
THINK_MAX = 60.0      # more is a typo, not a wish: refused
# sim (a function of the seed): simulations per decision, and player-turns a rollout looks ahead
SIMS = {"normal": 48, "hard": 160}
LOOKAHEAD = 8
NORMAL_SHARE = 0.4    # of the think time a normal-level bot uses in live play
EASY_SLIP = 4         # an easy bot plays one decision in this many off its greedy instinct


class SearchBot(Bot):
    """`strong`: determinized search from its own seat's observation (engine/search.py).
    easy: the greedy policy with a beginner's slips (a random sensible option now and then);
    normal: search at a small budget; hard: search at the full budget. In sim the budget is a
    number of simulations (the game stays a function of its seed); in live play (`think`
    given) it is time, `think` seconds at hard. A game whose search profile names a planner of
    its own is searched by it (the hex game: whole activations, a simulation there being one
    rollout)."""

    kind = "strong"
    thinks = True

    def __init__(self, seed: int | bytes | str = 0, level: str = "normal",
                 think: float | None = None) -> None:
        super().__init__(seed)
        self.level, self.think = level, think
        # ((turn, seat), the whole offers it sent in that turn): never sent twice a turn
        self._sent: tuple[tuple[int, int] | None, frozenset] = (None, frozenset())
        self._planner: Any = None    # a game's own planner (its profile's), made on first use
        self._rollout = 0.0          # the slowest rollout lately, from one decision to the next

    def choose(self, state: Any, decision: Decision) -> Move:
        from .observe import observe
        return self.choose_seen(observe(state, decision.player), decision)

    def choose_seen(self, obs: Any, decision: Decision) -> Move:
        from .search import candidates, greedy_policy, search_move
        from .search_values import profile
        game = get_game(obs.state.game)
        own = profile(game)
        if own.planner is not None:
            return self._planned_move(own, game, obs, decision)
        if self.level == "easy":
            greedy = greedy_policy(game)(game, obs.state, decision, self.rng)
            options = candidates(game, obs.state, decision, greedy)
            if len(options) > 1 and self.rng.randrange(EASY_SLIP) == 0:
                return options[self.rng.randrange(len(options))]
            return greedy
        turn = (obs.state.turns, decision.player)
        if self._sent[0] != turn:
            self._sent = (turn, frozenset())
        budget = self._budget(own)
        move = search_move(obs, decision, self.rng, budget, LOOKAHEAD, self._sent[1])
        self._rollout = budget.rollout
        if decision.prompt == "trade_draft" and move == ("offer",):
            # Remembered for the rest of the turn: an offer sent is not sent again (refused,
            # it would only fill the partner's history with repeats).
            frame = obs.state.agenda[-1]
            sent = ("offer", frame.partner, frame.give, frame.take, frame.pay) + \
                ((frame.ask,) if frame.ask else ())
            self._sent = (turn, self._sent[1] | {sent})
        return move

    def _budget(self, own: Any) -> Any:
        """This decision's budget: the game profile's simulations for the level (else SIMS's)
        in sim, else `think` seconds (at hard; NORMAL_SHARE of them at normal)."""
        from .search import Budget
        if self.think is None:
            return Budget(sims=(own.sims or SIMS)[self.level])
        share = 1.0 if self.level == "hard" else NORMAL_SHARE
        return Budget(deadline=time.monotonic() + self.think * share, rollout=self._rollout)

    def _planned_move(self, own: Any, game: Any, obs: Any, decision: Decision) -> Move:
        """A game searched its own way (the hex game: whole activations judged by rollouts,
        its search_activations.py): the planner, made on first use, remembers the seat's own
        turn (which heroes it has activated)."""
        if self._planner is None or type(self._planner) is not own.planner:
            self._planner = own.planner()   # one a game: it remembers that game's turn
        if self.level == "easy":
            return game.greedy_move(obs.state, decision, self.rng)
        budget = self._budget(own)
        move = self._planner.choose(obs, decision, budget)
        self._rollout = budget.rollout
        return move


BOT_KINDS = {"random": RandomBot, "greedy": GreedyBot, "strong": SearchBot}


def parse_bot_spec(spec: str) -> tuple[str, str, float | None]:
    """KIND[:LEVEL][@SECONDS] (e.g. "strong", "strong:hard", "strong:easy@0.5") as (kind,
    level, think seconds or None); ValueError naming what is allowed otherwise. Only `strong`
    has levels and a think time."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by a string like 'strong:hard', not {spec!r:.40}")
    rest, _, think_text = spec.partition("@")
    kind, _, level = rest.partition(":")
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot kind {kind!r:.40} (known: {', '.join(BOT_KINDS)})")
    if (level or think_text) and kind != "strong":
        raise ValueError(f"only the strong bot has a level and a think time, not {kind!r}")
    level = level or "normal"
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r:.40} (known: {', '.join(LEVELS)})")
    think = check_think(think_text) if think_text else None
    return kind, level, think


def check_think(value: Any) -> float:
    """A think time in seconds, more than 0 and at most THINK_MAX; ValueError otherwise."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"a think time is a number of seconds, not {value!r:.40}") from None
    if not 0 < seconds <= THINK_MAX:   # (nan fails both comparisons)
        raise ValueError(f"a think time is more than 0 and at most {THINK_MAX:g} seconds, "
                         f"not {value}")
    return seconds


def bot_spec(kind: str, level: str | None = None, think: float | None = None) -> str:
    """The spec string for a kind, level and think time (checked: ValueError)."""
    spec = kind + (f":{level}" if level else "") + (f"@{think:g}" if think is not None else "")
    parse_bot_spec(spec)
    return spec


def bot_info(spec: str) -> dict:
    """What a bot's node tells the other players it is (the lobby, the control API): its kind
    and, for the strong bot, its level ({"kind": "strong", "level": "hard"}, {"kind":
    "greedy"}); never its think time. ValueError for a spec parse_bot_spec refuses."""
    kind, level, _ = parse_bot_spec(spec)
    return {"kind": kind, "level": level} if kind == "strong" else {"kind": kind}


def bot_info_problem(value: Any) -> str | None:
    """Why `value` is not what bot_info gives for some spec (a peer's word on its bot), or None."""
    if type(value) is not dict or type(value.get("kind")) is not str:
        return "a bot is told as its kind (and a strong bot's level)"
    kind = value["kind"]
    if kind not in BOT_KINDS:
        return f"unknown bot kind {kind[:40]!r} (known: {', '.join(BOT_KINDS)})"
    level = value.get("level")
    if kind == "strong" and (set(value) != {"kind", "level"} or level not in LEVELS):
        return f"a strong bot's level is one of {', '.join(LEVELS)}"
    if kind != "strong" and set(value) != {"kind"}:
        return f"only the strong bot has a level, not {kind!r}"
    return None


def make_bot(kind: str, seed: int | bytes | str = 0) -> Bot:
    """A bot by its spec (parse_bot_spec). A strong bot with a think time (@SECONDS) thinks by
    time, else by a number of simulations (sim: a function of the seed)."""
    name, level, think = parse_bot_spec(kind)
    if name != "strong":
        return BOT_KINDS[name](seed)
    return SearchBot(seed, level, think)


def live_spec(spec: str) -> str:
    """The spec a node's bot plays by: a strong bot without a think time gets THINK_DEFAULT
    (live play is budgeted by time, never by a simulation count)."""
    kind, level, think = parse_bot_spec(spec)
    if kind != "strong" or think is not None:
        return spec
    return bot_spec("strong", level, THINK_DEFAULT)
