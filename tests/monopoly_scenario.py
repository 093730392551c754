"""What the scenario helpers of the Monopoly-family tests share: driving one game through the
public engine API, exactly as a node would. Each tests/<game>/scenario.py binds a `Driver` to its
game, exposes the methods as its own functions and adds the game's set-up, rolls and edits.
"""
from __future__ import annotations

from typing import Any, Callable

from engine import Decision, Over


class Driver:
    def __init__(self, game: Any) -> None:
        self.game = game

    def act(self, s: Any, *move) -> Any:
        return self.game.apply(s, tuple(move))

    def pending(self, s: Any):
        return self.game.pending(s)

    def options(self, s: Any) -> tuple:
        p = self.game.pending(s)
        assert isinstance(p, Decision), p
        return p.options

    def decider(self, s: Any) -> tuple[int, str]:
        p = self.game.pending(s)
        assert isinstance(p, Decision), p
        return p.player, p.prompt

    def is_over(self, s: Any) -> bool:
        return isinstance(self.game.pending(s), Over)

    def edit(self, s: Any, change: Callable[[Any], None]) -> Any:
        """A copy of `s` changed by `change` (states are values: the original stays as it was)."""
        c = s.clone()
        change(c)
        return c

    def restart_turn(self, s: Any, setup: Callable[[Any], None] | None) -> Any:
        """`s` with `setup` applied to a copy and the turn started over from it (a game's
        `new_game(setup=...)`: the changed state is where the first turn begins)."""
        if setup is None:
            return s
        s = s.clone()
        setup(s)
        s.agenda = [("turn",)]
        self.game._settle(s)
        return s


def own(*pairs: tuple[int, int]) -> Callable[[Any], None]:
    """A change (for `edit` or a set-up) giving each (space, seat) pair's space to its seat."""
    def change(s: Any) -> None:
        for space, seat in pairs:
            s.owners[space] = seat
    return change
