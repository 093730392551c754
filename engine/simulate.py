"""Whole games in process with bots: the loop behind `lanboard sim`, the tests and the benchmark.

Chance seeds are SHA-256(b"lanboard-sim" ‖ seed ‖ step), bots are seeded from (seed, seat): a
simulated game is a pure function of its arguments.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .bots import make_bot
from .canonical import state_hash
from .chance import Chance
from .core import Over, Result, Sealed, get_game

__all__ = ["SimulatedGame", "play", "chance_seed"]


def chance_seed(seed: int, step: int) -> bytes:
    return hashlib.sha256(b"lanboard-sim" + seed.to_bytes(8, "big", signed=True)
                          + step.to_bytes(8, "big")).digest()


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
    history: list[tuple[str, tuple]] = field(default_factory=list)  # ("move"|"chance"|"sealed", value)

    @property
    def state_hash(self) -> bytes:
        return state_hash(self.state)


def play(game_id: str, players: int, seed: int, bots: Sequence[str] | str = "greedy",
         variants: Sequence[str] = (), max_steps: int = 200_000, keep_history: bool = False,
         on_step: Callable[[Any], None] | None = None) -> SimulatedGame:
    """Play one whole game; the state hash is taken after every turn, as nodes would."""
    game = get_game(game_id)
    kinds = (bots,) * players if isinstance(bots, str) else tuple(bots)
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bot kinds for {players} players")
    agents = [make_bot(k, f"{seed}/{seat}") for seat, k in enumerate(kinds)]
    state = game.new(players, variants)
    hashes: list[bytes] = []
    history: list[tuple[str, tuple]] = []
    turns = _turns(state)
    steps = 0
    while True:
        p = game.pending(state)
        if isinstance(p, Over):
            break
        if steps >= max_steps:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {max_steps} steps")
        if isinstance(p, Chance):
            state = game.resolve(state, chance_seed(seed, steps))
            if keep_history:
                history.append(("chance", chance_seed(seed, steps)))
        elif isinstance(p, Sealed):
            # Each bot chooses from the same state, so none sees another's pick first.
            moves = tuple(agents[d.player].choose(state, d) for d in p.decisions)
            state = game.apply_sealed(state, moves)
            if keep_history:
                history.append(("sealed", moves))
        else:
            move = agents[p.player].choose(state, p)
            state = game.apply(state, move)
            if keep_history:
                history.append(("move", move))
        steps += 1
        if on_step is not None:
            on_step(state)
        if _turns(state) != turns:
            turns = _turns(state)
            hashes.append(state_hash(state))
    hashes.append(state_hash(state))
    return SimulatedGame(game_id, seed, players, kinds, tuple(sorted(set(variants))), state,
                         game.result(state), steps, _turns(state), hashes, history)


def _turns(state: Any) -> int:
    """The game's turn count; the game API does not require one: a state without `turns`
    counts as turn 0 throughout, and its hash is then taken at the end only."""
    return getattr(state, "turns", 0)
