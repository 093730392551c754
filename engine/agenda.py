"""A game engine shape for rules that interrupt each other: the state carries an agenda.

The agenda is a stack of small tasks still to do (last item first). A task is a tuple
(kind, *arguments) of plain values, so it is part of the state's hash like everything else.
For each kind a game defines one of:

    _do_<kind>(s, frame)                          an automatic task, run as soon as it is on top
    _options_<kind>(s, frame) -> (player, options) and _on_<kind>(s, frame, move)   a decision
    _chance_<kind>(s, frame) -> Chance and _roll_<kind>(s, frame, outcome)          dice
    _hidden_<kind>(s, frame) -> PrivateDraw and _drew_<kind>(s, frame)               a private draw
    _hidden_<kind>(s, frame) -> Disclose and _disclosed_<kind>(s, frame, values)     an opening

Rules that interrupt others (a payment that forces an elimination in the middle of an effect,
an auction inside a move) are then just tasks pushed on top of the work they interrupt. A
decision with a single legal option is taken at once. The state needs `agenda` (a list) and
`steps` (an int); an empty agenda means the game is over.
"""
from __future__ import annotations

from typing import Any

from .chance import Chance
from .core import Decision, Disclose, Game, Move, Over, PrivateDraw

__all__ = ["AgendaGame"]


# The prefixes of the methods a task kind is run by (the table `AgendaGame._task` keeps).
_TASK_METHODS = ("_do_", "_options_", "_on_", "_hidden_", "_chance_", "_roll_")


class AgendaGame(Game):
    _auto: frozenset[str] = frozenset()
    # kind -> (the game's _do_<kind>, _options_<kind>, _on_<kind>, _hidden_<kind>,
    # _chance_<kind>, _roll_<kind> as bound methods, None where it has none): found once per
    # kind and game object, since every step of every game looks them up (a string built and a
    # getattr each were a tenth of a step).
    _tasks: dict[str, tuple[Any, ...]] | None = None
    _task_names: frozenset[str] = frozenset()   # the class's task methods, by name

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._auto = frozenset(name[4:] for name in dir(cls) if name.startswith("_do_"))
        cls._task_names = frozenset(name for name in dir(cls) if name.startswith(_TASK_METHODS))

    def _table(self) -> dict[str, tuple[Any, ...]]:
        """The task table. A task method set on the game object itself (a test breaking one
        rule) must be the one that runs, and the class's again once it is taken off: while the
        object holds one of its own, no table is kept (each look-up is a getattr, as before
        the table), and a new one is made after. (Not a __setattr__ hook: the engine sets its
        caches on the game at every step, and the hook cost a tenth of a step.)"""
        if not self._task_names.isdisjoint(self.__dict__):
            self._tasks = None
            return {}
        tasks = self._tasks
        if tasks is None:
            tasks = self._tasks = {}
        return tasks

    def _task(self, kind: str) -> tuple[Any, ...]:
        tasks = self._table()
        found = tasks.get(kind)
        if found is None:
            found = tasks[kind] = (
                getattr(self, "_do_" + kind) if kind in self._auto else None,
                getattr(self, "_options_" + kind, None), getattr(self, "_on_" + kind, None),
                getattr(self, "_hidden_" + kind, None), getattr(self, "_chance_" + kind, None),
                getattr(self, "_roll_" + kind, None))
        return found

    def _push(self, s: Any, *frames: tuple) -> None:
        """Queue frames so that the first given is done first."""
        s.agenda.extend(reversed(frames))

    # The state `_settle` last left and the decision it left it at (None: a chance node, a
    # hidden card, the end), for `_pending_settled`. One tuple, replaced whole, holding the
    # state itself: a state it names cannot be freed, so no other can take its identity.
    _settled: tuple[Any, Decision | None] = (None, None)

    def _settle(self, s: Any, tasks: dict[str, tuple[Any, ...]] | None = None) -> None:
        """Run automatic tasks, and decisions with a single option, until input is needed
        (`tasks`: the task table, when the caller has just looked it up)."""
        agenda = s.agenda
        if tasks is None:
            tasks = self._table()
        while agenda:
            frame = agenda[-1]
            task = tasks.get(frame[0]) or self._task(frame[0])
            do = task[0]
            if do is not None:
                agenda.pop()
                do(s, frame)
                continue
            options = task[1]
            if options is None:
                self._settled = (s, None)
                return  # a chance node or a hidden card
            player, opts = options(s, frame)
            if len(opts) != 1:
                decision = Decision(player, opts, frame[0])
                self._settled = (s, decision)
                if s is self._owned and not s.forfeited:
                    # Changed in place, so nothing changes it before pending() is asked: the
                    # options found here are the answer (they cost as much as the step).
                    self._last = (s, decision)
                return
            agenda.pop()
            task[2](s, frame, opts[0])
        self._settled = (s, None)

    def _pending_settled(self, s: Any) -> Decision | Chance | PrivateDraw | Disclose | Over:
        """`_pending(s)` for a caller that changes `s` only through `_apply*` (a search's
        rollout on its private copy): the decision `_settle` found for `s` when `s` is the
        state it settled last, without finding the options again; `_pending` otherwise."""
        state, decision = self._settled
        if state is s and decision is not None:
            return decision
        return self._pending(s)

    def _pending(self, s: Any) -> Decision | Chance | PrivateDraw | Disclose | Over:
        if not s.agenda:
            return Over(self.result(s))
        frame = s.agenda[-1]
        kind = frame[0]
        _, options, _, hidden, chance, _ = self._task(kind)
        if options is not None:
            player, opts = options(s, frame)
            return Decision(player, opts, kind)
        if hidden is not None:
            return hidden(s, frame)
        return chance(s, frame)

    def _apply(self, s: Any, move: Move) -> None:
        frame = s.agenda.pop()
        tasks = self._table()
        (tasks.get(frame[0]) or self._task(frame[0]))[2](s, frame, move)
        s.steps += 1
        self._settle(s, tasks)

    def _apply_chance(self, s: Any, outcome: tuple[int, ...]) -> None:
        frame = s.agenda.pop()
        tasks = self._table()
        (tasks.get(frame[0]) or self._task(frame[0]))[5](s, frame, outcome)
        s.steps += 1
        self._settle(s, tasks)

    def _apply_draw(self, s: Any) -> None:
        frame = s.agenda.pop()
        getattr(self, "_drew_" + frame[0])(s, frame)
        s.steps += 1
        self._settle(s)

    def _apply_disclose(self, s: Any, values: tuple) -> None:
        frame = s.agenda.pop()
        getattr(self, "_disclosed_" + frame[0])(s, frame, values)
        s.steps += 1
        self._settle(s)
