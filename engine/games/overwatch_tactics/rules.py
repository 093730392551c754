"""Overwatch: The Board Game (`overwatch-tactics`): set-up, the turn's steps 0-5, activation,
attacks, abilities, overwatch, respawn, the payload and the win.

Seat 0 attacks, seat 1 defends. A turn is many small decisions by the active seat (one hex of
movement, one attack, one ability, setting overwatch, or ending step 3); steps 0-2, 4's
automatic parts and 5 run by themselves. Overwatch shots are automatic, so they cost no
decision. The draft's picks are a Sealed node (both seats choose at once). Every choice where
the rulebook is silent or ambiguous is written in RULES.md beside this file and tested under
tests/tactics/. Words for people are in words.py, the tactical bot (also the takeover policy)
in bot.py.

The step rule (steps_from), the attack's reach (aims), the damage cases in their order
(damage_case), the overwatch trigger (overwatch_shot, watchers) and whom an area ability hits
or heals (area_effects) are pure functions of a state, written once here: the moves and their
effects use them, and so do the words (words_board.py: reach, watchers, why damage is what it
is; words.py: an area ability's option; bot.py: an area ability's score), so they cannot
differ (tests/tactics/test_board_words_follow_rules.py plays the moves to check the words).
"""
from __future__ import annotations

from typing import Any

from ...chance import Chance
from pathlib import Path

from ...core import Decision, Move, Over, Result, Sealed, register
from ..game_package import PackagedGame
from . import hexgrid as hx
from .data import Ability, Data, HeroSheet, load
from .state import ATTACK, DEFENCE, Hero, Side, State

# The cases of an attack's damage (RULES.md "Attacking"), in the order they are tested: the
# first that holds decides. Disadvantage wins over height, so semi-blocked sight comes first.
SEMI_SIGHT, LOWER, HIGHER, SAME_LEVEL = "semi-sight", "lower", "higher", "same-level"
DAMAGE_CASES = (SEMI_SIGHT, LOWER, HIGHER, SAME_LEVEL)
# What an area ability does to a hero within its radius.
HITS, HEALS = "hits", "heals"


class OverwatchTactics(PackagedGame):
    id = "overwatch-tactics"
    title = "Overwatch: The Board Game"
    min_players = 2
    max_players = 2
    variants = ()
    rules_version = "1"
    # The data reader is shared with the Monopoly games; the package wiring runs the rules too.
    shared_rules_files = (*PackagedGame.shared_rules_files,
                          Path(__file__).resolve().parent.parent / "gamedata.py")

    def __init__(self, data: Data | None = None) -> None:
        self.data = data or load()
        d = self.data
        self.index = {h: i for i, h in enumerate(d.hexes)}
        self.route_set = frozenset(d.route)
        self.spawn_hexes = frozenset(d.attacker_spawn) | frozenset(x for z in d.defender_spawns for x in z)
        self._high: dict[tuple, tuple[hx.Hex, ...]] = {}
        self._near_high: dict[tuple, tuple[hx.Hex, ...]] = {}   # sight(): high hexes near a line

    # ------------------------------------------------------------------ geometry of a state
    def elevation(self, s: State, h: hx.Hex) -> int:
        i = self.index[h]
        return self.data.levels[h] + s.height[i]

    def high_hexes(self, s: State, level: int) -> tuple[hx.Hex, ...]:
        """Hexes whose elevation is `level` or more (obstacles for a shooter two below)."""
        key = (tuple(s.height), level)
        got = self._high.get(key)
        if got is None:
            got = tuple(h for h in self.data.hexes if self.elevation(s, h) >= level)
            if len(self._high) > 256:
                self._high.clear()
            self._high[key] = got
        return got

    def blockers(self, s: State, shooter: Hero, moving: Hero | None = None) -> list[hx.Hex]:
        """What line of sight from `shooter` cannot cross: every hero on the board but the
        shooter (sight() leaves out the target) and `moving` (a hero whose sight is asked at a
        hex it moves to: the hex it leaves no longer holds it), barrier tokens, and obstacles two
        or more levels above the shooter."""
        out = [h.at for h in s.heroes if h.placed and h is not shooter and h is not moving]
        out += [(b[0], b[1]) for b in s.barriers]
        out += self.high_hexes(s, self.elevation(s, shooter.at) + 2)
        return out

    def sight(self, s: State, shooter: Hero, target: hx.Hex, moving: Hero | None = None) -> str:
        """hx.sight(shooter.at, target, self.blockers(s, shooter, moving)), found from the
        blockers near the line only: the high hexes near it once per map, line and level
        (the terrain is fixed after set-up), then the few heroes and barriers near it."""
        a = shooter.at
        key = (a, target, self.elevation(s, a) + 2, tuple(s.height))
        near = self._near_high.get(key)
        if near is None:
            if len(self._near_high) > 100_000:
                self._near_high.clear()
            near = self._near_high[key] = tuple(hx.near(a, target, self.high_hexes(s, key[2])))
        x0, x1, y0, y1 = hx.near_box(a, target)
        found = list(near)
        for h in s.heroes:
            if h.placed and h is not shooter and h is not moving:
                q, r = h.q, h.r
                if x0 <= 2 * q + r <= x1 and y0 <= 3 * r <= y1 and (q, r) != target \
                        and (q, r) != a:
                    found.append((q, r))
        for b in s.barriers:
            q, r = b[0], b[1]
            if x0 <= 2 * q + r <= x1 and y0 <= 3 * r <= y1 and (q, r) != target and (q, r) != a:
                found.append((q, r))
        return hx.sight_near(a, target, found)

    def occupied(self, s: State, h: hx.Hex) -> bool:
        if h == self.data.route[s.payload]:
            return True
        if any(x.placed and x.q == h[0] and x.r == h[1] for x in s.heroes):
            return True
        return any(b[0] == h[0] and b[1] == h[1] for b in s.barriers)

    def spawn_zone(self, s: State, seat: int) -> tuple[hx.Hex, ...]:
        if seat == ATTACK:
            return self.data.attacker_spawn
        return self.data.defender_spawns[s.spawn] if s.spawn >= 0 else ()

    def enterable(self, s: State, hero: Hero, h: hx.Hex) -> bool:
        """On the map, free, and not in the enemy's spawn point (RULES.md)."""
        return (h in self.index and not self.occupied(s, h)
                and h not in self.spawn_zone(s, 1 - hero.side))

    def sheet(self, hero: Hero) -> HeroSheet:
        return self.data.heroes[hero.id]

    # ------------------------------------------------------------------ rules the words show too
    def steps_from(self, s: State, hero: Hero, at: hx.Hex) -> tuple[hx.Hex, ...]:
        """The step rule (RULES.md "Moving"): the neighbours of `at`, in hexgrid's order, that
        `hero` standing on `at` may step to: enterable, at most one level up, any number down."""
        up = self.elevation(s, at) + 1
        return tuple(n for n in hx.neighbours(at)
                     if self.enterable(s, hero, n) and self.elevation(s, n) <= up)

    def aims(self, s: State, h: Hero) -> list[tuple[int, Any, Hero, str]]:
        """(weapon index, weapon, enemy, sight) for every enemy on the board one of h's main
        weapons reaches (hex distance within its range) and sees (full or semi) from where h
        stands: weapons in sheet order, enemies in draft order."""
        out = []
        for w, weapon in enumerate(self.sheet(h).weapons):
            for t in s.heroes:
                if t.side != h.side and t.placed and hx.distance(h.at, t.at) <= weapon.range:
                    sight = self.sight(s, h, t.at)
                    if sight != hx.NONE:
                        out.append((w, weapon, t, sight))
        return out

    def damage_case(self, s: State, h: Hero, weapon: Any, t: Hero) -> tuple[str, int]:
        """The case of DAMAGE_CASES an attack of h on t is in, and the weapon's damage in it
        before any boost: the minimum (disadvantage) at semi-blocked sight or from lower, else
        the maximum (advantage) from higher, else the grid's value for the distance."""
        sight = self.sight(s, h, t.at)
        mine, theirs = self.elevation(s, h.at), self.elevation(s, t.at)
        if sight == hx.SEMI:
            return SEMI_SIGHT, weapon.least
        if mine < theirs:
            return LOWER, weapon.least
        if mine > theirs:
            return HIGHER, weapon.most
        return SAME_LEVEL, weapon.grid[hx.distance(h.at, t.at) - 1]

    def overwatch_aim(self, s: State, w: Hero, mover: Hero,
                      at: hx.Hex) -> tuple[Any, str] | None:
        """Where the overwatch trigger is geometry: the first weapon on w's sheet whose range
        reaches `at`, and w's sight to `at` with `mover` standing there; None when no weapon
        reaches or there is no sight."""
        weapon = next((x for x in self.sheet(w).weapons if x.range >= hx.distance(w.at, at)),
                      None)
        if weapon is None:
            return None
        sight = self.sight(s, w, at, mover)
        return None if sight == hx.NONE else (weapon, sight)

    def overwatch_shot(self, s: State, w: Hero, mover: Hero, at: hx.Hex,
                       came_from: hx.Hex) -> tuple[Any, str] | None:
        """The overwatch trigger (RULES.md "Overwatch"): (weapon, sight) when `w` shoots `mover`
        moving from `came_from` onto `at` (w an enemy on the board in overwatch that has not
        shot mover yet, and mover enters w's range and sight: overwatch_aim holds at `at` and
        did not at `came_from`), else None. "Moving into its range and line of sight": a hero
        already inside that moves within is not shot."""
        if w.side == mover.side or not w.overwatch or not w.placed or mover.id in w.shot:
            return None
        if self.overwatch_aim(s, w, mover, came_from) is not None:
            return None
        return self.overwatch_aim(s, w, mover, at)

    def watchers(self, s: State, mover: Hero, at: hx.Hex,
                 came_from: hx.Hex) -> list[tuple[Hero, Any]]:
        """(watcher, weapon) for every hero whose overwatch shoots `mover` moving from
        `came_from` onto `at`, in draft order, the order they fire in. A shot changes none of
        the others' triggers; one that defeats mover stops the rest (_overwatch)."""
        out = []
        for w in s.heroes:
            shot = self.overwatch_shot(s, w, mover, at, came_from)
            if shot is not None:
                out.append((w, shot[0]))
        return out

    @staticmethod
    def overwatch_damage(w: Hero, weapon: Any) -> int:
        """An overwatch shot is at disadvantage: the weapon's minimum, plus w's boost."""
        return weapon.least + w.boost

    @staticmethod
    def area_effects(s: State, user: Hero, ab: Ability, at: hx.Hex) -> list[tuple[Hero, str]]:
        """(hero, HITS or HEALS) for every hero on the board within ab's radius of `at`, in
        draft order: an enemy is hit when ab deals damage, an ally (the user too) healed when ab
        heals (RULES.md "Line of sight", volleyed abilities). One hit changes no other's place."""
        out = []
        q, r = at
        radius = ab.radius
        for t in s.heroes:
            # hx.distance(t.at, at) <= radius, written out: asked for every hex an area
            # ability may target, at every decision of the tactical bot
            dq, dr = t.q - q, t.r - r
            if t.placed and abs(dq) + abs(dr) + abs(dq + dr) <= 2 * radius:
                if t.side == user.side:
                    if ab.heal:
                        out.append((t, HEALS))
                elif ab.damage:
                    out.append((t, HITS))
        return out

    # ------------------------------------------------------------------ set-up
    def initial_state(self, players: int, variants: tuple[str, ...]) -> State:
        return State(game=self.id, variants=list(variants), players=[Side(), Side()],
                     height=[0] * len(self.data.hexes), pieces=[], active=DEFENCE)

    def terrain_options(self, s: State) -> tuple[Move, ...]:
        out = []
        taken = {self.data.hexes[i] for i, t in enumerate(s.height) if t}
        for kind in self.data.terrain.values():
            for rot, offs in kind.placements():
                for q, r in self.data.hexes:
                    cells = [(q + a, r + b) for a, b in offs]
                    if all(c in self.index and c not in self.route_set
                           and c not in self.spawn_hexes and c not in taken for c in cells):
                        out.append(("terrain", kind.id, q, r, rot))
        return tuple(out)

    def _pending(self, s: State) -> Decision | Chance | Sealed | Over:
        ph = s.phase
        if ph == "over":
            return Over(self.result(s))
        if ph == "terrain":
            return Decision(s.active, self.terrain_options(s), "terrain")
        if ph == "deal":
            return Chance("perm", (len(self.data.heroes),), "shuffle the hero sheets")
        if ph == "draft":
            return Sealed(tuple(Decision(seat, tuple(("pick", h) for h in s.players[seat].hand), "draft")
                                for seat in (ATTACK, DEFENCE) if s.players[seat].hand
                                and len(s.players[seat].roster) < self.data.heroes_each))
        if ph == "spawn":
            return Decision(DEFENCE, tuple(("spawn", i) for i in range(len(self.data.defender_spawns))),
                            "spawn")
        if ph in ("place", "respawn"):
            return Decision(s.active, self.placement_options(s), ph)
        return Decision(s.active, self.act_options(s), "act")

    def _apply_chance(self, s: State, outcome: tuple[int, ...]) -> None:
        names = list(self.data.heroes)
        deck = [names[i] for i in outcome]
        nd = self.data.deal_defender
        s.players[DEFENCE].hand = deck[:nd]
        s.players[ATTACK].hand = deck[nd:nd + self.data.deal_attacker]
        s.phase = "draft"
        s.steps += 1

    def _apply_sealed(self, s: State, moves: tuple[Move, ...]) -> None:
        p = self._pending(s)
        assert isinstance(p, Sealed)
        for d, move in zip(p.decisions, moves):   # seat order
            side = s.players[d.player]
            side.hand.remove(move[1])
            side.roster.append(move[1])
            sheet = self.data.heroes[move[1]]
            s.heroes.append(Hero(move[1], d.player, sheet.hp,
                                 [a.cooldown if a.ultimate else 0 for a in sheet.abilities]))
        a, b = s.players
        a.hand, b.hand = b.hand, a.hand   # pass the leftover sheets to the other player
        if all(len(p.roster) >= self.data.heroes_each for p in s.players):
            a.hand, b.hand = [], []        # the sheet nobody picked leaves the game
            s.phase = "spawn"
        s.steps += 1

    def placement_options(self, s: State) -> tuple[Move, ...]:
        verb = "place" if s.phase == "place" else "respawn"
        zone = self.spawn_zone(s, s.active)
        free = [h for h in zone if not self.occupied(s, h)]
        return tuple((verb, h.id, q, r) for h in s.heroes
                     if h.side == s.active and not h.placed for q, r in free)

    # ------------------------------------------------------------------ activation options
    def act_options(self, s: State) -> tuple[Move, ...]:
        out: list[Move] = []
        seat = s.active
        for h in s.heroes:
            if h.side != seat or not h.placed or h.overwatch:
                continue
            sheet = self.sheet(h)
            if h.moved < sheet.speed:
                out.extend(("step", h.id, n[0], n[1]) for n in self.steps_from(s, h, h.at))
            if not h.attacked:
                out.extend(("attack", h.id, w, t.id) for w, _, t, _ in self.aims(s, h))
            for k, ab in enumerate(sheet.abilities):
                if h.cubes[k] == 0:
                    out.extend(self.ability_options(s, h, ab))
            if not h.attacked and not h.offensive:
                out.append(("overwatch", h.id))
        out.append(("end",))
        return tuple(out)

    def ability_options(self, s: State, h: Hero, ab: Ability) -> list[Move]:
        base = ("ability", h.id, ab.id)
        e = ab.effect
        if e == "move":
            return [base + c for c in hx.within(h.at, ab.reach)
                    if c != h.at and self.enterable(s, h, c)]
        if e == "area":
            return [base + c for c in hx.within(h.at, ab.range) if c in self.index]
        if e == "barrier":
            return [base + c for c in hx.neighbours(h.at) if self.enterable(s, h, c)]
        if e == "resurrect":
            return [base + c + (d.id,) for d in s.heroes if d.side == h.side and not d.placed
                    for c in hx.neighbours(h.at) if self.enterable(s, h, c)]
        out = []
        for t in s.heroes:
            if not t.placed:
                continue
            if e == "strike" and t.side == h.side:
                continue
            if e in ("heal", "boost"):
                if t.side != h.side or (t is h) != (ab.range == 0):
                    continue
            if t is h or (hx.distance(h.at, t.at) <= ab.range and self.sight(s, h, t.at) != hx.NONE):
                out.append(base + t.at)
        return out

    # ------------------------------------------------------------------ applying a move
    def _apply(self, s: State, move: Move) -> None:
        kind = move[0]
        getattr(self, "_do_" + kind)(s, move)
        s.steps += 1

    def _do_terrain(self, s: State, move: Move) -> None:
        _, kid, q, r, rot = move
        kind = self.data.terrain[kid]
        offs = dict(kind.placements())[rot]
        for a, b in offs:
            s.height[self.index[(q + a, r + b)]] = kind.height
        s.pieces.append([kid, q, r, rot, s.active])
        s.players[s.active].terrain += 1
        if all(p.terrain >= self.data.terrain_each for p in s.players):
            s.phase = "deal"
        else:
            s.active = 1 - s.active

    def _do_spawn(self, s: State, move: Move) -> None:
        s.spawn = move[1]
        s.phase = "place"
        s.active = DEFENCE

    def _do_place(self, s: State, move: Move) -> None:
        self._put(s.hero(move[1]), move[2], move[3])
        if any(h.side == s.active and not h.placed for h in s.heroes):
            return
        if s.active == DEFENCE:
            s.active = ATTACK
            return
        self._begin_turn(s, ATTACK)   # the attacking player starts the game

    def _do_respawn(self, s: State, move: Move) -> None:
        h = s.hero(move[1])
        self._put(h, move[2], move[3])
        h.hp = self.sheet(h).hp
        if not any(x.side == s.active and not x.placed for x in s.heroes):
            self._step5(s)

    @staticmethod
    def _put(h: Hero, q: int, r: int) -> None:
        h.placed, h.q, h.r = True, q, r

    def _do_step(self, s: State, move: Move) -> None:
        h = s.hero(move[1])
        came_from = h.at
        h.q, h.r = move[2], move[3]
        h.moved += 1
        self._overwatch(s, h, came_from)

    def _do_attack(self, s: State, move: Move) -> None:
        h, t = s.hero(move[1]), s.hero(move[3])
        weapon = self.sheet(h).weapons[move[2]]
        h.attacked = True
        self._hit(s, h, t, self.attack_damage(s, h, weapon, t))

    def attack_damage(self, s: State, h: Hero, weapon: Any, t: Hero) -> int:
        """The weapon's damage to t now: its damage_case's, plus any boost."""
        return self.damage_case(s, h, weapon, t)[1] + h.boost

    def _hit(self, s: State, by: Hero, t: Hero, damage: int) -> None:
        """Main-weapon damage: the attacker's lifesteal passive heals it."""
        self._damage(s, t, damage)
        gain = self.sheet(by).lifesteal
        if gain and by.placed:
            self._heal(by, gain)

    def _damage(self, s: State, t: Hero, damage: int) -> None:
        t.hp -= damage
        if t.hp <= 0:   # defeated: off the board at once, its overwatch token with it
            t.hp = 0
            t.placed = False
            t.overwatch = False
            t.shot = []
            t.defeats += 1

    def _heal(self, t: Hero, amount: int) -> None:
        t.hp = min(self.sheet(t).hp, t.hp + amount)

    def _do_ability(self, s: State, move: Move) -> None:
        h = s.hero(move[1])
        sheet = self.sheet(h)
        k = next(i for i, a in enumerate(sheet.abilities) if a.id == move[2])
        ab = sheet.abilities[k]
        h.cubes[k] = ab.cooldown
        target = (move[3], move[4])
        e = ab.effect
        if ab.offensive:
            h.offensive = True
        if e == "move":
            came_from = h.at
            h.q, h.r = target
            self._overwatch(s, h, came_from)
        elif e == "area":
            for t, what in self.area_effects(s, h, ab, target):
                if what == HEALS:
                    self._heal(t, ab.heal)
                else:
                    self._damage(s, t, ab.damage)
        elif e == "barrier":
            s.barriers.append([target[0], target[1], h.side])
        elif e == "resurrect":
            d = s.hero(move[5])
            self._put(d, *target)
            d.hp = self.sheet(d).hp
        else:
            t = next(x for x in s.heroes if x.placed and x.at == target)
            if e == "strike":
                self._damage(s, t, ab.damage)
            elif e == "heal":
                self._heal(t, ab.amount)
            elif e == "boost":
                t.boost, t.boost_by = ab.amount, h.side
                if ab.heal:
                    self._heal(t, ab.heal)

    def _do_overwatch(self, s: State, move: Move) -> None:
        s.hero(move[1]).overwatch = True

    def _do_end(self, s: State, move: Move) -> None:
        if any(h.side == s.active and not h.placed for h in s.heroes):
            s.phase = "respawn"      # step 4: the active player places each defeated hero
        else:
            self._step5(s)

    # ------------------------------------------------------------------ overwatch
    def _overwatch(self, s: State, mover: Hero, came_from: hx.Hex) -> None:
        """Every enemy in overwatch, in draft order, shoots a hero that moved from `came_from`
        into its range and sight, once per overwatch, at disadvantage damage (RULES.md
        "Overwatch")."""
        for w, weapon in self.watchers(s, mover, mover.at, came_from):
            if not mover.placed:
                return
            w.shot.append(mover.id)
            self._hit(s, w, mover, self.overwatch_damage(w, weapon))

    # ------------------------------------------------------------------ turn steps
    def _begin_turn(self, s: State, seat: int) -> None:
        s.turns += 1
        s.active = seat
        s.phase = "act"
        if s.turns > 1:                      # the game's first turn skips steps 0 and 1
            if seat == ATTACK:
                s.round += 1                 # 0: the round marker
            for h in s.heroes:               # 1: cool down, heroes on the board only
                if h.side == seat and h.placed:
                    h.cubes = [c - 1 if c else 0 for c in h.cubes]
                    regen = self.sheet(h).regeneration
                    if regen:
                        self._heal(h, regen)
        for h in s.heroes:                   # 2: the active player's temporary tokens
            if h.side == seat:
                h.overwatch, h.shot = False, []
                h.moved, h.attacked, h.offensive = 0, False, False
            if h.boost_by == seat:
                h.boost, h.boost_by = 0, -1
        s.barriers = [b for b in s.barriers if b[2] != seat]

    def _step5(self, s: State) -> None:
        """Move the payload, then check the win; else the other player's turn begins."""
        route = self.data.route
        around = hx.neighbours(route[s.payload])
        near = [h.side for h in s.heroes if h.placed and h.at in around]
        att, dfn = near.count(ATTACK), near.count(DEFENCE)
        if att and not dfn:
            for _ in range(att):
                if s.payload == len(route) - 1 or self._blocked_route(s, route[s.payload + 1]):
                    break
                s.payload += 1
        elif dfn and not att:
            floor = max([c for c in self.data.checkpoints if c <= s.payload], default=0)
            for _ in range(dfn):
                if s.payload == floor or self._blocked_route(s, route[s.payload - 1]):
                    break
                s.payload -= 1
        if s.payload == len(route) - 1:
            s.winner, s.phase = ATTACK, "over"
        elif s.active == DEFENCE and s.round >= self.data.rounds:
            s.winner, s.phase = DEFENCE, "over"
        else:
            self._begin_turn(s, 1 - s.active)

    def _blocked_route(self, s: State, h: hx.Hex) -> bool:
        return (any(x.placed and x.at == h for x in s.heroes)
                or any((b[0], b[1]) == h for b in s.barriers))

    # ------------------------------------------------------------------ result and words
    def result(self, s: State) -> Result:
        winner = s.winner
        if s.forfeited:
            winner = 1 - s.forfeited[0]
        details = {"payload": s.payload, "round": s.round, "route": len(self.data.route),
                   "turns": s.turns}
        if winner < 0:
            return Result((0, 0), (), details)
        scores = tuple(1 if seat == winner else 0 for seat in (ATTACK, DEFENCE))
        return Result(scores, (winner,), details)


register(OverwatchTactics())
