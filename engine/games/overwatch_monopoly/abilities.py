"""The character guide: all 27 abilities and the six ultimates, as the cards print them.

An ability move is ("ability", character, *parameters); an ultimate is ("ultimate", leader,
*parameters). Abilities that change your numbered die roll (Lúcio's +3, Winston, Tracer,
Doomfist, Genji, Pharah's +3, Symmetra) move you as they are used, so they are offered only
before you have moved; Pharah's damage and Lúcio's 3 HP remain usable after (RULES.md).
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...chance import Chance
from ...core import Move
from ..game_package import NOBODY

if TYPE_CHECKING:
    from .state import State

BANK = -1

# Characters whose ability is a move: offered only while the turn's move is still to make.
MOVING = frozenset({"tracer", "winston", "doomfist", "genji", "symmetra"})
# Characters whose ability takes no parameters.
_NO_PARAMS = frozenset({"dva", "mercy", "tracer", "bastion", "doomfist", "genji", "symmetra",
                        "orisa", "reinhardt", "zarya", "brigitte", "moira"})


class AbilityRules:
    # ------------------------------------------------------------------ targeting
    def hit(self, s: "State", attacker: int, target: int) -> bool:
        """Whether `attacker`'s ability affects `target`; an immunity is used up by blocking."""
        p = s.players[target]
        if target != attacker and p.immune:
            p.immune = False
            return False
        return True

    def opponents(self, s: "State", seat: int) -> list[int]:
        """Other players in seat order starting after `seat` (the order effects resolve in)."""
        n = len(s.players)
        out = s.forfeited
        return [o for o in [(seat + k) % n for k in range(1, n)] if o not in out]

    def face_characters(self, s: "State", seat: int, face: str) -> list[str]:
        p = s.players[seat]
        role = self.data.role
        return [c for c in p.leaders if role(c) == face] + \
               [h.id for h in p.heroes if h.active and role(h.id) == face]

    # ------------------------------------------------------------------ ability die
    def ability_moves(self, s: "State", seat: int) -> list[Move]:
        moves: list[Move] = []
        for cid in self.face_characters(s, seat, s.turn.face):
            moves += [("ability", cid, *params) for params in self.ability_params(s, seat, cid)]
        return moves

    def ability_params(self, s: "State", seat: int, cid: str) -> list[tuple]:
        moved = s.turn.moved
        if cid in MOVING and moved:
            return []
        if cid in _NO_PARAMS:   # (before the others are listed: most faces need none)
            return [()]
        others = self.opponents(s, seat)
        single = [(o,) for o in others]
        pos = s.players[seat].pos
        if cid == "lucio":
            return [("heal",)] if moved else [("roll",), ("heal",)]
        if cid == "reaper":
            # Pairs name seats in ascending order, so a client can send them either way sorted.
            return [tuple(pair) for pair in combinations(sorted(others), 2)] or single
        if cid == "winston":
            return [(k,) for k in range(4)]
        if cid == "hanzo":
            return self._hanzo_splits(s, seat, others)
        if cid == "junkrat":
            return [()] if s.traps[pos] == NOBODY else []
        if cid == "torbjorn":
            return [()] if s.turrets[pos] == NOBODY else []
        if cid in ("mccree", "mei", "pharah", "soldier76", "widowmaker", "roadhog", "zenyatta"):
            return single
        if cid == "sombra":
            return [(sp.index, o) for sp in self.data.spaces if sp.kind == "objective"
                    for o in others if s.players[o].pos == sp.index and not s.players[o].jailed]
        if cid == "ana":
            return [("heal",)] + [("shoot", o) for o in others]
        raise KeyError(f"no ability for {cid}")

    def _hanzo_splits(self, s: "State", seat: int, others: list[int]) -> list[tuple]:
        """Every way to share 3 HP of damage among the other players: one amount per seat."""
        n = len(s.players)
        out: list[tuple] = []

        def split(rest: list[int], left: int, acc: dict[int, int]) -> None:
            if not rest:
                if left == 0:
                    out.append(tuple(acc.get(i, 0) for i in range(n)))
                return
            for k in range(left, -1, -1):
                split(rest[1:], left - k, {**acc, rest[0]: k})

        split(sorted(others), 3, {})
        return out

    def use_ability(self, s: "State", seat: int, cid: str, params: tuple) -> None:
        me = s.players[seat]
        pay = lambda who, n: ("pay", who, n, BANK, "bank")  # noqa: E731
        others = self.opponents(s, seat)
        if cid == "dva":
            me.immune = True
        elif cid == "lucio":
            if params[0] == "roll":
                s.turn.moved = True
                self.walk(s, seat, self.move_distance(s, seat, 3))
            else:
                self.gain(s, seat, 3)
        elif cid == "mercy":
            self.gain(s, seat, 4)
        elif cid == "reaper":
            self._push(s, *(pay(o, 2) for o in others if o in params and self.hit(s, seat, o)))
        elif cid == "tracer":
            s.turn.moved = True
            distance = self.move_distance(s, seat, 0)
            if distance:
                self.walk(s, seat, distance, then="blink")
            else:  # slowed to 0 by Mei: no new space to follow, but she may still roll again
                self._push(s, ("blink", seat, False))
        elif cid == "winston":
            s.turn.moved = True
            self.walk(s, seat, self.move_distance(s, seat, params[0]), mode="winston")
        elif cid == "bastion":
            self._push(s, *(pay(o, 2) for o in others if self.hit(s, seat, o)))
        elif cid == "doomfist":
            s.turn.moved = True
            self.walk(s, seat, self.move_distance(s, seat, 3), mode="doomfist")
        elif cid == "genji":
            s.turn.moved = True
            self.walk(s, seat, self.move_distance(s, seat, 3), mode="genji")
        elif cid == "hanzo":
            self._push(s, *(pay(o, k) for o, k in enumerate(params) if k and self.hit(s, seat, o)))
        elif cid == "junkrat":
            s.traps[me.pos] = seat
        elif cid == "mccree":
            if self.hit(s, seat, params[0]):
                s.players[params[0]].skip_ability = True
                self._push(s, pay(params[0], 2))
        elif cid == "mei":
            if self.hit(s, seat, params[0]):
                s.players[params[0]].slowed = True
                self._push(s, pay(params[0], 1))
        elif cid == "pharah":
            if not s.turn.moved:
                s.turn.moved = True
                self.walk(s, seat, self.move_distance(s, seat, 3))
            if self.hit(s, seat, params[0]):  # pushed last, so the damage comes before the move
                self._push(s, pay(params[0], 3))
        elif cid == "soldier76":
            if self.hit(s, seat, params[0]):
                self._push(s, pay(params[0], 4))
        elif cid == "sombra":
            space, victim = params
            if self.hit(s, seat, victim):
                self._push(s, ("pay", victim, self.rent(s, space), seat, "rent"))
        elif cid == "symmetra":
            s.turn.moved = True
            self._push(s, ("symmetra_roll", seat))
        elif cid == "torbjorn":
            s.turrets[me.pos] = seat
        elif cid == "widowmaker":
            if self.hit(s, seat, params[0]):
                self._push(s, pay(params[0], s.turn.die))
        elif cid == "orisa":
            hit = [o for o in others if self.hit(s, seat, o)]
            for o in hit:
                self.move_back(s, o, 1)
            self._push(s, *(pay(o, 1) for o in hit))
        elif cid == "reinhardt":
            me.barrier += 4
        elif cid == "roadhog":
            if self.hit(s, seat, params[0]):
                self.move_back(s, params[0], 3)
        elif cid == "zarya":
            me.redirect = True
        elif cid == "ana":
            if params[0] == "heal":
                self.gain(s, seat, 3)
            elif self.hit(s, seat, params[1]):
                self._push(s, pay(params[1], 3))
        elif cid == "brigitte":
            self.gain(s, seat, 2)
            me.barrier += 2
        elif cid == "moira":
            self._push(s, *(("pay", o, 1, seat, "player") for o in others if self.hit(s, seat, o)))
        elif cid == "zenyatta":
            frames = [pay(params[0], 2)] if self.hit(s, seat, params[0]) else []
            self._push(s, *frames, ("gain", seat, 2))
        else:
            raise KeyError(cid)

    # ------------------------------------------------------------------ Tracer's Blink
    def _options_blink(self, s: "State", frame: tuple):
        return frame[1], (("stay",), ("blink_again",))

    def _on_blink(self, s: "State", frame: tuple, move: Move) -> None:
        # ("blink", seat[, landed]): landed is False when the first move was 0 spaces.
        seat = frame[1]
        if move[0] == "stay":
            if len(frame) < 3 or frame[2]:
                self._push(s, ("land", seat))
        else:
            self._push(s, ("blink_roll", seat))

    def _chance_blink_roll(self, s: "State", frame: tuple) -> Chance:
        return Chance("dice", (6,), "Blink: the second move")

    def _roll_blink_roll(self, s: "State", frame: tuple, outcome: tuple[int, ...]) -> None:
        self.walk(s, frame[1], outcome[0])

    # ------------------------------------------------------------------ Symmetra's Teleporter
    def _chance_symmetra_roll(self, s: "State", frame: tuple) -> Chance:
        return Chance("dice", (6,), "Teleporter: roll again")

    def _roll_symmetra_roll(self, s: "State", frame: tuple, outcome: tuple[int, ...]) -> None:
        self._push(s, ("symmetra_pick", frame[1], outcome[0]))

    def _options_symmetra_pick(self, s: "State", frame: tuple):
        rolls = sorted({s.turn.die, frame[2]})
        return frame[1], tuple(("use", r) for r in rolls)

    def _on_symmetra_pick(self, s: "State", frame: tuple, move: Move) -> None:
        seat = frame[1]
        self.walk(s, seat, self.move_distance(s, seat, 0, die=move[1]))

    # ------------------------------------------------------------------ ultimates
    def ultimate_params(self, s: "State", seat: int, leader: str) -> list[tuple]:
        if leader in ("dva", "tracer"):
            return [(o,) for o in self.opponents(s, seat)]
        return [()]

    def _options_ultimate(self, s: "State", frame: tuple):
        seat = frame[1]
        moves: list[Move] = [("ultimate", c, *params) for c in s.players[seat].leaders
                             for params in self.ultimate_params(s, seat, c)]
        return seat, (*moves, ("decline",))

    def _on_ultimate(self, s: "State", frame: tuple, move: Move) -> None:
        if move[0] == "decline":
            return
        seat, leader, params = frame[1], move[1], move[2:]
        others = self.opponents(s, seat)
        pay = lambda who, n: ("pay", who, n, BANK, "bank")  # noqa: E731
        if leader == "dva":  # Self-Destruct
            self._push(s, *(pay(o, 5 if o == params[0] else 2) for o in others
                            if self.hit(s, seat, o)))
        elif leader == "lucio":  # Sound Barrier
            self.gain(s, seat, 4)
            s.players[seat].immune = True
        elif leader == "mercy":  # Valkyrie
            d = self.data
            pos = s.players[seat].pos
            steps = next(k for k in range(1, d.board_size)
                         if (sp := d.spaces[(pos + k) % d.board_size]).kind == "health_pack"
                         or sp.kind == "objective" and s.owners[sp.index] == NOBODY)
            self.walk(s, seat, steps, collect_go=False)
        elif leader == "reaper":  # Death Blossom
            self._push(s, *(pay(o, 4) for o in others if self.hit(s, seat, o)))
        elif leader == "tracer":  # Pulse Bomb
            if self.hit(s, seat, params[0]):
                self._push(s, pay(params[0], 8))
        elif leader == "winston":  # Primal Rage
            self.gain(s, seat, 5)
            self._push(s, *(pay(o, 2) for o in others if self.hit(s, seat, o)))
        else:
            raise KeyError(leader)
