"""The search bot (`strong`): determinized rollouts from its own seat's observation alone.

Each decision: the candidate moves (the options, a few where a decision offers a long range
such as bid amounts), then rounds of simulations; a round samples one world consistent with
the seat's observation (`observe.determinize`: the hidden cards it has not seen, dealt at
random) and one stream of dice, and plays every candidate in that same world and dice (common
random numbers, so candidates are compared on equal luck): the candidate's move, then every
seat's greedy policy for a few turns, then an evaluation of the position (the game's score as it
stands, the hidden cards counted as the world dealt them, money as a tie-breaker), read as a
chance of finishing first (each game's own profile, in its package's search_profile.py:
engine/search_values.profile; nothing here names a game). The candidate with the best mean is
played. Trades are drafted as whole offers (macro moves) chosen by the same simulations, so the
bot proposes trades that help it, and judges offers, auctions and abilities by their
consequences under the real rules.

Invariants kept here:
- It reads only what its seat may see: the public state and its own hidden cards (an
  Observation); every unseen card comes from a determinization.
- With a simulation budget (`sims`) the move is a function of the observation and the seed;
  with a time budget (`deadline`) the best move found so far is played when time runs out,
  and the greedy move when not even one round finished: never none. No rollout is begun that
  one as slow as the slowest lately would not finish by the deadline (Budget; the work
  between rollouts is not counted, so a decision can end a few milliseconds past it).
- Rollouts mutate private copies only (the given state is a value nothing changes) and never
  call `Game.pending` on them, whose one-entry cache is keyed by object identity.
- Outside the rules digest (core.NOT_RULES): an own-seat bot's moves are signed entries checked
  like a person's; the takeover policy stays the game's greedy_move.
"""
from __future__ import annotations

import math
import random
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .chance import Chance
from .core import Decision, Disclose, Move, Over, PrivateDraw, Sealed, clone, get_game
from .observe import Observation, determinize
from .search_values import position_value, profile

__all__ = ["Budget", "search_move", "greedy_policy"]

MAX_CANDIDATES = 10          # a decision offering more is sampled down to this many
ROLLOUT_STEPS = 4000         # a guard against a rollout that never reaches its horizon


class Budget:
    """How long one decision may think: `sims` simulations (a function of the seed, for sim)
    or until `deadline` (time.monotonic(), for live play), whichever is given.

    With a deadline the budget bounds the decision's end, not just its last rollout's start:
    it keeps `rollout`, the slowest rollout lately (a decaying maximum, seconds; a bot carries
    it from one decision to the next), and is spent once a rollout that slow would end after
    the deadline. Every search times its rollouts with `timing()`."""

    def __init__(self, sims: int | None = None, deadline: float | None = None,
                 rollout: float = 0.0) -> None:
        if sims is None and deadline is None:
            raise ValueError("a search needs a number of simulations or a deadline")
        self.sims, self.deadline, self.rollout = sims, deadline, rollout

    def spent(self, done: int) -> bool:
        if self.sims is not None and done >= self.sims:
            return True
        return self.deadline is not None and time.monotonic() + self.rollout >= self.deadline

    @contextmanager
    def timing(self) -> Iterator[None]:
        """Around one rollout: its time goes into `rollout`."""
        began = time.monotonic()
        yield
        self.rollout = max(time.monotonic() - began, 0.9 * self.rollout)


def greedy_policy(game: Any) -> Callable[[Any, Any, Decision, Any], Move]:
    """The game's greedy policy as a plain function (game, state, decision, rng): the game's own
    greedy_move, which loads its bot.py once (a bot.py that fails to import is an error)."""
    return lambda g, s, d, rng: g.greedy_move(s, d, rng)


# ---------------------------------------------------------------- candidates
def candidates(game: Any, state: Any, decision: Decision, greedy: Move) -> list[Move | tuple]:
    """The moves worth simulating: the greedy move first, then the others. An auction is bid
    the minimum or passed (an English auction is won at the least raise; how high to go is
    decided one raise at a time); a trade is never opened without a drafted offer (`trades`
    adds those); a long list of amounts is sampled evenly."""
    opts = decision.options
    kind = decision.prompt
    if kind == "auction":
        bids = [o for o in opts if o[0] == "bid"]
        picked = [o for o in opts if o[0] == "pass"] + bids[:1]
    elif kind == "trade_draft":
        picked = [("cancel",)] if ("cancel",) in opts else list(opts[:1])
    else:
        picked = [o for o in opts if o[0] != "trade"]
        if len(picked) > MAX_CANDIDATES:
            step = len(picked) / MAX_CANDIDATES
            picked = [picked[int(k * step)] for k in range(MAX_CANDIDATES)]
    out = [greedy] if greedy in opts else []
    out += [o for o in picked if o not in out]
    return out or [opts[0]]


# ---------------------------------------------------------------- trades as whole offers
def trade_offers(game: Any, state: Any, seat: int) -> list[tuple]:
    """Whole trade offers worth trying from the "turn" decision: for each partner and each of
    its properties in a colour set the seat already holds part of, ask for it paying a fair
    price, or swap one of the seat's own properties from a set it cannot complete. Each is the
    macro ("offer", partner, give, take, pay); the price offered is the game's profile's
    (search_values), as are sales of the seat's own properties (Mario's for a partner's coins:
    the macro ("offer", partner, give, (), 0, ask))."""
    if not hasattr(game, "properties_of") or not hasattr(game, "data"):
        return []
    spaces = game.data.spaces
    mine = list(game.properties_of(state, seat))
    my_sets = {spaces[i].set for i in mine}
    money = game.money(state, seat)
    prof = profile(game)
    partners = [p for p in range(len(state.players))
                if p != seat and _may_trade(game, state, seat, p)]
    offers = []
    for partner in partners:
        for i in game.properties_of(state, partner):
            if spaces[i].set not in my_sets or not game.tradeable(state, i):
                continue
            for pay in prof.buy_prices(spaces[i]):
                if pay <= money:
                    offers.append(("offer", partner, (), (i,), pay))
            for j in mine:
                if spaces[j].set != spaces[i].set and game.tradeable(state, j):
                    offers.append(("offer", partner, (j,), (i,), 0))
    return offers[:8] + prof.sales(game, state, seat, partners)


def _may_trade(game: Any, state: Any, seat: int, partner: int) -> bool:
    p = game.pending(state)
    return isinstance(p, Decision) and ("trade", partner) in p.options


def _draft(game: Any, state: Any, offer: tuple) -> Any | None:
    """The state once `offer` is drafted and sent (the partner's answer pending), from the
    "turn" decision or a draft of it in progress; None when the rules refuse a step."""
    s = state
    for _ in range(8):
        p = game.pending(s)
        if not isinstance(p, Decision):
            return None
        if p.prompt == "turn":
            move: Move = ("trade", offer[1])
        elif p.prompt == "trade_draft":
            move = next_draft_step(s.agenda[-1], offer)
        else:
            return s if p.prompt == "trade_answer" else None
        if move not in p.options:
            return None
        s = game.apply(s, move)
    return None


def next_draft_step(frame: tuple, offer: tuple) -> Move:
    """The next move drafting `offer` from the draft `frame` as it stands: the money first (so
    the first step already tells offers apart), then the properties, then the offer itself."""
    _, partner, give, take, pay, *ask = offer
    if pay and frame[5] != pay:
        return ("pay", pay)
    if ask and ask[0] and frame[6] != ask[0]:
        return ("ask", ask[0])
    for i in give:
        if i not in frame[3]:
            return ("give", i)
    for i in take:
        if i not in frame[4]:
            return ("take", i)
    return ("offer",)


def draft_offers(game: Any, state: Any) -> list[tuple]:
    """The whole offers a draft in progress (the top frame of `state`) may still become."""
    frame = state.agenda[-1]
    seat, partner, give, take, pay = frame[1], frame[2], frame[3], frame[4], frame[5]
    ask = frame[6]
    before = _turn_state_like(state)
    found = []
    for offer in trade_offers(game, before, seat) if before is not None else []:
        _, p, g, t, money, *asked = offer
        if p == partner and set(give) <= set(g) and set(take) <= set(t) and pay in (0, money) \
                and ask in (0, *asked):
            found.append(offer)
    return found


def _turn_state_like(state: Any) -> Any | None:
    """A state at the "turn" decision with the same holdings as `state` (the draft frame
    popped), from which the offers were listed."""
    s = clone(state)
    while s.agenda and s.agenda[-1][0] == "trade_draft":
        s.agenda.pop()
    if not s.agenda or s.agenda[-1][0] != "turn":
        return None
    s.turn.offers = max(0, s.turn.offers - 1)
    return s


# ---------------------------------------------------------------- rollouts and evaluation
def _sample(p: Chance, rng: random.Random) -> tuple[int, ...]:
    if p.kind == "dice":
        return tuple(rng.randint(1, n) for n in p.sizes)
    items = list(range(p.sizes[0]))
    rng.shuffle(items)
    return tuple(items)


def rollout(game: Any, s: Any, seat: int, orders: dict, rng: random.Random, turns: int,
            policy: Callable) -> float:
    """Play `s` (a private copy, mutated) on with every seat's greedy policy for `turns` turns
    or to the end; the value of the position reached for `seat`, in [0, 1]."""
    stop = game.turn_number(s)
    stop = None if stop is None else stop + turns
    # the decision the agenda machine found when it settled `s` (it changes only here)
    pending = getattr(game, "_pending_settled", game._pending)
    for _ in range(ROLLOUT_STEPS):
        if s.forfeited:
            break
        p = pending(s)
        if isinstance(p, Over):
            return terminal_value(game, s, seat)
        if stop is not None and s.turns >= stop:
            break
        if isinstance(p, Decision):
            game._apply(s, policy(game, s, p, rng))
        elif isinstance(p, Chance):
            game._apply_chance(s, _sample(p, rng))
        elif isinstance(p, Sealed):
            game._apply_sealed(s, tuple(policy(game, s, d, rng) for d in p.decisions))
        elif isinstance(p, PrivateDraw):
            game._apply_draw(s)
        elif isinstance(p, Disclose):
            game._apply_disclose(s, tuple(orders[deck][pos] for _, deck, pos in p.cards))
    return position_value(game, s, seat, orders)


def terminal_value(game: Any, s: Any, seat: int) -> float:
    winners = game.result(s).winners
    return 1.0 / len(winners) if seat in winners else 0.0


# ---------------------------------------------------------------- the search
def search_move(obs: Observation, decision: Decision, rng: random.Random, budget: Budget,
                turns: int = 8, refused: frozenset = frozenset()) -> Move:
    """The best move found for `decision` (of obs.seat) within `budget`. `refused`: whole
    offers (as `trade_offers` makes them) this seat sent this turn, never drafted again (the
    partner refused them: an accepted one cannot be made again)."""
    state, seat = obs.state, decision.player
    game = get_game(state.game)
    lookahead = profile(game).lookahead
    turns = turns if lookahead is None else lookahead
    policy = greedy_policy(game)
    greedy = policy(game, state, decision, random.Random(rng.getrandbits(64)))
    cands: list[Any] = candidates(game, state, decision, greedy)
    if decision.prompt == "turn":
        cands += [o for o in trade_offers(game, state, seat) if o not in refused]
    elif decision.prompt == "trade_draft":
        offers = [o for o in draft_offers(game, state) if o not in refused]
        if offers:
            # The trade was opened because an offer to this partner searched best: draft one
            # (searching cancel again here undid that choice on other luck, turn after turn).
            cands = []
        cands += offers
    if len(cands) == 1:
        return _as_move(cands[0], decision, state)   # one sensible option: played at once
    pending = game.pending(state)
    others: dict[int, Move] = {}
    if isinstance(pending, Sealed):
        # The others' sealed picks are unseen: each is modelled by its greedy policy.
        pick_rng = random.Random(rng.getrandbits(64))
        others = {d.player: policy(game, state, d, pick_rng) for d in pending.decisions
                  if d.player != seat}
    starts: list[Any] = []
    for c in cands:
        if isinstance(pending, Sealed):
            starts.append(game.apply_sealed(state, tuple(
                c if d.player == seat else others[d.player] for d in pending.decisions)))
        else:
            starts.append(_draft(game, state, c) if c[0] == "offer" and len(c) >= 5
                          else game.apply(state, c))
    keep = [i for i, st in enumerate(starts) if st is not None]
    cands, starts = [cands[i] for i in keep], [starts[i] for i in keep]
    totals = [0.0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    # Sequential halving: the budget in equal phases; after each, the worse half (by mean
    # over the same worlds and dice) is dropped, so the close contenders get most samples.
    phases = max(1, math.ceil(math.log2(len(cands))))
    started = time.monotonic()
    done = 0
    for phase in range(1, phases + 1):
        phase_sims = None if budget.sims is None else budget.sims * phase // phases
        phase_end = None if budget.deadline is None else \
            started + (budget.deadline - started) * phase / phases
        while not budget.spent(done) and (phase_sims is None or done < phase_sims) and \
                (phase_end is None or time.monotonic() < phase_end or not counts[alive[0]]):
            world = random.Random(rng.getrandbits(64))
            orders = determinize(obs, world)
            dice = rng.getrandbits(64)
            for i in alive:
                if budget.deadline is not None and budget.spent(done):
                    break
                with budget.timing():
                    v = rollout(game, clone(starts[i]), seat, orders, random.Random(dice),
                                turns, policy)
                totals[i] += v
                counts[i] += 1
                done += 1
            if turns == 0 and not game.hidden_decks_of(state):
                break   # no dice and no unseen card before the evaluation: one round says all
        if len(alive) > 1 and all(counts[i] for i in alive):
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = sorted(alive[:max(1, (len(alive) + 1) // 2)])
    if not any(counts):
        return greedy if greedy in decision.options else cands[0]
    best = max((i for i in range(len(cands)) if counts[i]),
               key=lambda i: (totals[i] / counts[i] if i in alive else -1.0, -i))
    return _as_move(cands[best], decision, state)


def _as_move(move: Any, decision: Decision, state: Any) -> Move:
    """A candidate as the move to play now: a whole offer (macro) becomes its next step."""
    if move[0] == "offer" and len(move) >= 5:
        return ("trade", move[1]) if decision.prompt == "turn" else \
            next_draft_step(state.agenda[-1], move)
    return move
