"""The hex game's search (`strong` in overwatch-tactics): a turn planned as whole activations.

A turn of the hex game is a dozen small moves (one hex, one shot, one ability...), so the search
chooses among *activations* (macro moves): one hero's path to a hex and what it does there, or
what it does first and where it then goes. Each round of the search lists a few promising
activations of every hero not yet activated this turn, plays each on a private copy of the
state, lets the tactical policy play the rest of the turn (the activated heroes left alone) and
the enemy's whole reply, and judges the position the next turn begins with (`evaluate`: the
payload, each side's heroes up and their health, how far they are from the payload). The
tactical policy's own next move is always a candidate ("base"), so the plan found is never
judged worse than the tactical policy's own turn. The best activation's moves are played one a
decision; a new round starts when they run out.

Invariants kept here:
- It reads only its seat's observation (`obs.state`): in this game every card is dealt face up
  and nothing of a state is hidden but the other side's sealed draft pick, which exists only
  inside the Sealed node, never in a state; the draft is played by the tactical policy, which
  looks at its own hand only.
- Deterministic: the act phase has no dice, and the enemy is modelled by the tactical policy
  (which never uses its rng). With a simulation budget (`Budget.sims`: rollouts a round) the move
  is a function of the state and the bot's memory of its own turn; with a deadline, the best
  activation found when time runs out is played, and the tactical move when none was judged:
  never none.
- Rollouts change private copies only and ask `Game._pending` (not `Game.pending`, whose
  one-entry cache is keyed by object identity).
- Outside the rules digest (core.SEARCH_MODULES: a game's search_*.py): an own-seat bot, like
  engine/search.py. Its profile (search_profile.py) names it as this game's planner.
"""
from __future__ import annotations

import time
from typing import Any

from ...canonical import state_hash
from ...core import Decision, Move, Over, clone, get_game
from . import bot

__all__ = ["HexPlanner", "evaluate", "activations"]

# evaluate(): points from the attack's side. A payload hex is the unit (100); a hero up counts
# for more than its health, which counts for more than a hex nearer the payload.
PAYLOAD_HEX = 100
HERO_UP = 200
HERO_HEALTH = 100      # times the share of its full HP it has
GAP_HEX = 15           # per hex of movement from a hex next to the payload (at most GAP_CAP)
GAP_CAP = 10
WIN = 100_000

PER_HERO = 6           # activations of each hero judged by rollouts in a round


class HexPlanner:
    """One seat's planner: remembers which heroes it has activated this turn and the moves
    left of the activation being played."""

    def __init__(self, per_hero: int = PER_HERO) -> None:
        self.per_hero = per_hero
        self.turn: tuple[int, int] | None = None
        self.done: set[str] = set()
        self.queue: list[Move] = []
        self.going = ""        # the hero whose activation the queue holds the rest of
        self.expect = b""      # the state hash its last move leads to
        self.rollouts = 0     # for the bench: rollouts played in all

    def choose(self, obs: Any, decision: Decision, budget: Any) -> Move:
        state, seat = obs.state, decision.player
        game = _game(state)
        if decision.prompt != "act":
            return bot.greedy_move(game, state, decision, None)
        key = (state.turns, seat)
        if key != self.turn:
            self.turn, self.done, self.queue = key, set(), []
        elif state_hash(state) != self.expect:
            # Not the state its last move led to (that move was not played: the slot passed
            # while it thought): the activation under way is given up, and its hero is free
            # again unless it has done something this turn.
            self.queue = []
            h = next((x for x in state.heroes if x.id == self.going), None)
            if h is not None and not (h.moved or h.attacked or h.offensive or h.overwatch):
                self.done.discard(h.id)
        if self.queue and self.queue[0] in decision.options:
            move = self.queue.pop(0)    # the activation chosen goes on: one sensible option
        else:
            self.queue = []
            hid, moves = self.plan(game, state, seat, budget)
            if hid != "base":
                self.done.add(hid)
                self.going = hid
                self.queue = list(moves[1:])
            move = moves[0]
        after = clone(state)
        game._apply(after, move)
        self.expect = state_hash(after)
        return move

    def plan(self, game: Any, state: Any, seat: int, budget: Any) -> tuple[str, tuple]:
        """(hero id, its activation's moves) judged best, or ("base", (the tactical move,))."""
        base_move = base_policy(game, state, seat, self.done)
        cands: list[tuple[str, tuple]] = [("base", (base_move,))]
        if any(_free_hero(h, seat, self.done) for h in state.heroes):
            cands += activations(game, state, seat, self.done, self.per_hero, budget.deadline)
        if len(cands) == 1:
            return cands[0]     # nothing to choose: played at once
        best, best_value = cands[0], None
        done = 0
        for cand in cands:
            if budget.spent(done):
                break           # (with a deadline: a rollout begun now would end after it)
            with budget.timing():
                s = clone(state)
                hid, moves = cand
                if not _play(game, s, moves):
                    continue
                finished = set(self.done) | ({hid} if hid != "base" else set())
                v = rollout(game, s, seat, finished)
            done += 1
            self.rollouts += 1
            if best_value is None or v > best_value:
                best, best_value = cand, v
        return best


# ---------------------------------------------------------------- the tactical policy, restricted
def _game(state: Any) -> Any:
    return get_game(state.game)


def _free_hero(h: Any, seat: int, done: set[str]) -> bool:
    return h.side == seat and h.placed and not h.overwatch and h.id not in done


def base_policy(game: Any, s: Any, seat: int, done: set[str]) -> Move:
    """The tactical policy's move for the seat's act decision with the heroes in `done` left
    alone (their activation was chosen by the search)."""
    opts = game.act_options(s)
    if done:
        opts = tuple(o for o in opts if len(o) < 2 or o[1] not in done)
    return bot._act(game, s, Decision(seat, opts, "act"))


def _play(game: Any, s: Any, moves: tuple) -> bool:
    """Play `moves` on the private state `s`; False when one is not allowed there (its hero
    was defeated on the way by overwatch, say): the activation is then not judged."""
    for m in moves:
        if m[0] != "end":
            h = s.hero(m[1])
            if not h.placed:
                return False
        game._apply(s, m)
    return True


def rollout(game: Any, s: Any, seat: int, done: set[str]) -> float:
    """Play the rest of the seat's turn (tactical policy, `done` heroes left alone) and the
    enemy's whole turn (tactical policy) on the private state `s`; the value for `seat` of the
    position the seat's next turn begins with."""
    start = s.turns
    for _ in range(2000):
        p = game._pending(s)
        if isinstance(p, Over):
            break
        if s.turns >= start + 2:
            break
        if p.prompt == "act" and p.player == seat and s.turns == start:
            opts = p.options
            if done:
                opts = tuple(o for o in opts if len(o) < 2 or o[1] not in done)
            move = bot._act(game, s, Decision(seat, opts, "act"))
        else:
            move = bot.greedy_move(game, s, p, None)
        game._apply(s, move)
    v = evaluate(game, s)
    return v if seat == 0 else -v


def evaluate(game: Any, s: Any) -> float:
    """The position for the attack (seat 0), in payload-hex hundredths: the payload's progress,
    each hero up (and its health), how far each is from a hex next to the payload."""
    if s.winner >= 0:
        return WIN if s.winner == 0 else -WIN
    v = PAYLOAD_HEX * s.payload
    fields = (bot.path_field(game, s, 0), bot.path_field(game, s, 1))
    for h in s.heroes:
        sign = 1 if h.side == 0 else -1
        if not h.placed:
            continue
        full = game.data.heroes[h.id].hp
        gap = min(GAP_CAP, bot._payload_gap(game, s, h, h.at, fields[h.side]))
        v += sign * (HERO_UP + HERO_HEALTH * h.hp / full - GAP_HEX * gap)
    return v


# ---------------------------------------------------------------- activations
def reach(game: Any, s: Any, h: Any) -> dict[tuple[int, int], tuple[Move, ...]]:
    """Every hex h can walk to with the Speed it has left, and the steps there: fewest steps,
    and among those the path walking into the fewest enemy overwatch shots."""
    left = game.sheet(h).speed - h.moved
    start = h.at
    paths: dict[tuple[int, int], tuple[Move, ...]] = {start: ()}
    cost = {start: 0}
    frontier = [start]
    watching = any(t.overwatch and t.side != h.side and t.placed for t in s.heroes)
    for _ in range(left):
        nxt = []
        for cur in frontier:
            for n in game.steps_from(s, h, cur):
                if n == start:
                    continue
                c = cost[cur] + (len(game.watchers(s, h, n, cur)) if watching else 0)
                if n not in paths:
                    paths[n] = paths[cur] + (("step", h.id, n[0], n[1]),)
                    cost[n] = c
                    nxt.append(n)
                elif len(paths[n]) == len(paths[cur]) + 1 and c < cost[n]:
                    paths[n] = paths[cur] + (("step", h.id, n[0], n[1]),)
                    cost[n] = c
        frontier = nxt
    return paths


def _acts(game: Any, s: Any, h: Any, field: dict) -> list[tuple[int, Move]]:
    """(tactical score, move) of h's attacks and non-moving abilities where it stands."""
    out = []
    if not h.attacked:
        for w, weapon, t, _ in game.aims(s, h):
            dmg = game.attack_damage(s, h, weapon, t)
            score = min(dmg, t.hp) + (bot.KILL if dmg >= t.hp else 0) + 100 + bot._contest(game, s, t)
            out.append((score, ("attack", h.id, w, t.id)))
    sheet = game.sheet(h)
    for k, ab in enumerate(sheet.abilities):
        if h.cubes[k] or ab.effect == "move":
            continue
        best = None
        for o in game.ability_options(s, h, ab):
            sc = bot._ability_score(game, s, h, o, field)
            if best is None or sc > best[0]:
                best = (sc, o)
        if best is not None and best[0] > 0:
            out.append(best)
    return out


def _greedy_acts(game: Any, s: Any, h: Any, field: dict) -> tuple[Move, ...]:
    """What h does where it stands, best first by the tactical scores, played on `s` (a private
    copy) until nothing scores above zero."""
    moves: list[Move] = []
    for _ in range(4):
        acts = _acts(game, s, h, field)
        acts = [a for a in acts if a[0] > 0]
        if not acts or not h.placed:
            break
        score, m = max(acts, key=lambda a: a[0])
        game._apply(s, m)
        moves.append(m)
    return tuple(moves)


def activations(game: Any, s: Any, seat: int, done: set[str], per_hero: int,
                deadline: float | None = None) -> list[tuple[str, tuple[Move, ...]]]:
    """A few promising activations of each free hero of `seat`, by a quick score (what the
    activation deals, the tactical value of the hex it ends on, overwatch shots walked into):
    each hero's best, then each one's second... Heroes are left out once `deadline` is past."""
    out = []
    for h in s.heroes:
        if not _free_hero(h, seat, done):
            continue
        if deadline is not None and time.monotonic() >= deadline:
            break
        field = bot.path_field(game, s, seat)
        scored: dict[tuple, float] = {}
        paths = reach(game, s, h)
        # act here first, then walk (shoot and take cover)
        first = clone(s)
        pre = _greedy_acts(game, first, first.hero(h.id), field)
        for dest, path in paths.items():
            for variant in ("move-act", "act-move", "move-watch"):
                if variant == "act-move" and not pre:
                    continue
                t = clone(first) if variant == "act-move" else clone(s)
                me = t.hero(h.id)
                if not _play(game, t, path):
                    continue
                if variant == "move-act":
                    moves = path + _greedy_acts(game, t, me, field)
                elif variant == "act-move":
                    moves = pre + path
                else:
                    if me.attacked or me.offensive or not me.placed:
                        continue
                    game._apply(t, ("overwatch", h.id))
                    moves = path + (("overwatch", h.id),)
                if not moves or moves in scored:
                    continue
                scored[moves] = quick_value(game, s, t, seat, field)
        ranked = sorted(scored.items(), key=lambda kv: -kv[1])[:per_hero]
        out.append([(h.id, moves) for moves, _ in ranked])
    # Each hero's best first, then each one's second...: a budget that runs out part way has
    # judged the most promising activation of every hero.
    return [c for rank in range(per_hero) for c in (one[rank] for one in out if rank < len(one))]


def quick_value(game: Any, before: Any, after: Any, seat: int, field: dict) -> float:
    """A quick score of an activation (no reply played): the evaluation of the position after
    it, plus the tactical value of where each of the seat's heroes stands."""
    v = evaluate(game, after)
    v = v if seat == 0 else -v
    for h in after.heroes:
        if h.side == seat and h.placed:
            v += bot.position_value(game, after, h, h.at, field) / 4
    return v
