"""Whole games in process with bots: the loop behind `lanboard sim`, the tests and the benchmark.

Chance seeds are SHA-256(b"lanboard-sim" ‖ seed ‖ step), bots are seeded from (seed, seat): a
simulated game is a pure function of its arguments. Hidden decks (PrivateDraw, Disclose) are
dealt by a `TableDealer`: offline there is no other player to hide a card from, so the dealer
simply knows each deck's order (drawn from the seed as a chance permutation would be).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .bots import Bot, make_bot
from .canonical import state_hash
from .chance import Chance, draw
from .core import Decision, Disclose, Over, PrivateDraw, Result, Sealed, clone, get_game
from .observe import Observation, observe

__all__ = ["SimulatedGame", "TableDealer", "play", "replay_step", "chance_seed"]


def chance_seed(seed: int, step: int) -> bytes:
    return hashlib.sha256(b"lanboard-sim" + seed.to_bytes(8, "big", signed=True)
                          + step.to_bytes(8, "big")).digest()


class TableDealer:
    """The order of each hidden deck of one offline game, and the moves that follow from it:
    a private draw applies at once, a Disclose gets each card's index from the order."""

    def __init__(self, game: Any, orders: dict[str, tuple[int, ...]]) -> None:
        self.game = game
        self.orders = {name: tuple(order) for name, order in orders.items()}
        self.holders: dict[tuple[str, int], int] = {}   # (deck, position) -> seat that drew it
        # seat -> (the state, the holders dict and its size it was made for, the observation):
        # a bot is asked at nearly every step and the answer changes only with a new draw or
        # another state object (play() steps one object in place), so it is made once each.
        self._seen: dict[int, tuple[Any, Any, int, Observation]] = {}

    @classmethod
    def shuffled(cls, game: Any, state: Any, seed: bytes) -> "TableDealer":
        return cls(game, {name: draw(Chance("perm", (size,)), hashlib.sha256(
            b"lanboard-sim-deck" + seed + name.encode()).digest())
            for name, size in game.hidden_decks_of(state)})

    def card(self, deck: str, position: int) -> int:
        return self.orders[deck][position]

    def deal(self, state: Any, in_place: bool = False) -> tuple[Any, tuple | None]:
        """The next state after the pending PrivateDraw or Disclose, and the disclosed values
        (None for a draw)."""
        p = self.game.pending(state)
        if isinstance(p, PrivateDraw):
            self.holders[(p.deck, p.position)] = p.player
            return self.game.apply_draw(state, in_place), None
        values = tuple(self.card(deck, pos) for _, deck, pos in p.cards)
        return self.game.apply_disclose(state, values, in_place), values

    def observation(self, state: Any, seat: int) -> Observation:
        """What `seat` sees of `state`: the cards it drew, none of the others'."""
        holders = self.holders
        known = self._seen.get(seat)
        if known is not None and known[0] is state and known[1] is holders \
                and known[2] == len(holders):
            return known[3]
        cards = {key: self.card(*key) for key in holders}
        obs = observe(state, seat, cards, holders)
        self._seen[seat] = (state, holders, len(holders), obs)
        return obs


@dataclass
class SimulatedGame:
    game: str
    seed: int
    players: int
    bots: tuple[str, ...]
    variants: tuple[str, ...]
    state: Any
    result: Result
    steps: int
    turns: int
    turn_hashes: list[bytes] = field(default_factory=list)
    # ("move"|"chance"|"sealed"|"draw"|"disclose", value)
    history: list[tuple[str, tuple]] = field(default_factory=list)

    @property
    def state_hash(self) -> bytes:
        return state_hash(self.state)


def play(game_id: str, players: int, seed: int, bots: Sequence[str] | str = "greedy",
         variants: Sequence[str] = (), max_steps: int = 200_000, keep_history: bool = False,
         on_step: Callable[[Any], None] | None = None) -> SimulatedGame:
    """Play one whole game; the state hash is taken after every turn, as nodes would.

    The game owns its state and changes it in place (a bot may read it during its choose()
    only), unless `on_step` is given: that callback may keep the states it sees, so each step
    then makes a new one."""
    game = get_game(game_id)
    kinds = (bots,) * players if isinstance(bots, str) else tuple(bots)
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bot kinds for {players} players")
    agents = [make_bot(k, f"{seed}/{seat}") for seat, k in enumerate(kinds)]
    # A copy of its own even of the first state, which may share parts with the game's data.
    state = clone(game.new(players, variants))
    dealer = TableDealer.shuffled(game, state, seed.to_bytes(8, "big", signed=True))
    hashes: list[bytes] = []
    history: list[tuple[str, tuple]] = []
    turns = _turns(state)
    steps = 0
    in_place = on_step is None
    pending, apply = game.pending, game.apply
    # A bot that decides from the public state alone (it keeps Bot.choose_seen) is asked with
    # the state itself: its seat's observation would only be unwrapped again.
    public = [type(agent).choose_seen is Bot.choose_seen for agent in agents]
    while True:
        p = pending(state)
        kind = type(p)
        if kind is Over:
            break
        if steps >= max_steps:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {max_steps} steps")
        # Exact types first (a player's decision is most steps), the isinstance checks after.
        if kind is Decision:
            seat = p.player
            move = agents[seat].choose(state, p) if public[seat] else \
                agents[seat].choose_seen(dealer.observation(state, seat), p)
            state = apply(state, move, in_place)
            if keep_history:
                history.append(("move", move))
        elif kind is Chance or isinstance(p, Chance):
            state = game.resolve(state, chance_seed(seed, steps), in_place)
            if keep_history:
                history.append(("chance", chance_seed(seed, steps)))
        elif isinstance(p, (PrivateDraw, Disclose)):
            state, values = dealer.deal(state, in_place)
            if keep_history:
                history.append(("draw", ()) if values is None else ("disclose", values))
        elif isinstance(p, Sealed):
            # Each bot chooses from the same state, so none sees another's pick first.
            moves = tuple(agents[d.player].choose_seen(dealer.observation(state, d.player), d)
                          for d in p.decisions)
            state = game.apply_sealed(state, moves, in_place)
            if keep_history:
                history.append(("sealed", moves))
        elif isinstance(p, Over):
            break
        else:
            move = agents[p.player].choose_seen(dealer.observation(state, p.player), p)
            state = apply(state, move, in_place)
            if keep_history:
                history.append(("move", move))
        steps += 1
        if on_step is not None:
            on_step(state)
        now = getattr(state, "turns", 0)   # _turns(state), called here once a step
        if now != turns:
            turns = now
            hashes.append(state_hash(state))
    hashes.append(state_hash(state))
    return SimulatedGame(game_id, seed, players, kinds, tuple(sorted(set(variants))), state,
                         game.result(state), steps, _turns(state), hashes, history)


def replay_step(game: Any, state: Any, kind: str, value: Any) -> Any:
    """The state after one item of a `SimulatedGame.history`."""
    if kind == "chance":
        return game.resolve(state, value)
    if kind == "sealed":
        return game.apply_sealed(state, value)
    if kind == "draw":
        return game.apply_draw(state)
    if kind == "disclose":
        return game.apply_disclose(state, value)
    return game.apply(state, value)


def _turns(state: Any) -> int:
    """The game's turn count; the game API does not require one: a state without `turns`
    counts as turn 0 throughout, and its hash is then taken at the end only."""
    return getattr(state, "turns", 0)
