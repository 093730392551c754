"""Monopoly Gamer (Super Mario): set-up, the turn with the number and power-up dice, the board
spaces, Super Stars, boss fights, money trouble, the two-player rules, the Party variant, scoring.

Built on the agenda machine (engine.agenda) and the Monopoly family module (properties, rent,
auction, selling in money trouble, trades), which Monopoly Gamer: Overwatch shares. Choices
where the rulebook is silent are written in RULES.md beside this file, each played by a test in
tests/mario/.

Figures: every player has one figure on the board; in the two-player rules two. Effects that
name a player's space use a figure's space; coins always belong to the player.
"""
from __future__ import annotations

from typing import Any

from ...agenda import AgendaGame
from ...chance import Chance
from ...core import Move, Result, register
from ..game_package import NOBODY, PackagedGame
from ..monopoly_family import FAMILY_RULES_FILES, MonopolyFamily
from .data import Data, load
from .state import Figure, Player, State, Turn


class MarioMonopoly(MonopolyFamily, AgendaGame, PackagedGame):
    id = "mario-monopoly"
    title = "Monopoly Gamer (Super Mario)"
    min_players = 2
    max_players = 4
    variants = ("party",)
    rules_version = "1"

    def __init__(self, data: Data | None = None) -> None:
        self.data = data or load()

    shared_rules_files = FAMILY_RULES_FILES

    # ------------------------------------------------------------------ set-up
    def check_variants(self, players: int, variants: tuple[str, ...]) -> str | None:
        problem = super().check_variants(players, variants)
        if problem:
            return problem
        return None

    def initial_state(self, players: int, variants: tuple[str, ...]) -> State:
        d = self.data
        two = players == 2
        coins = d.start_coins_two_players if two else d.start_coins
        figs = [Figure(seat) for seat in range(players) for _ in range(2 if two else 1)]
        s = State(
            game=self.id, variants=list(variants),
            players=[Player(coins=coins) for _ in range(players)], figures=figs,
            owners=[NOBODY] * d.board_size, board=[0] * d.board_size, pot=0,
            bank=d.coins_in_box - coins * players, boss_deck=d.boss_deck(players), boss=0,
            boss_coins=0, pick_order=[], turn=Turn(),
        )
        s.agenda = [("start",)]
        self._settle(s)
        return s

    def two_player(self, s: State) -> bool:
        return len(s.players) == 2

    def party(self, s: State) -> bool:
        return "party" in s.variants

    def _do_start(self, s: State, frame: tuple) -> None:
        n = len(s.players)
        frames: list[tuple] = [("order_roll", tuple(range(n)))]
        if self.party(s):
            frames += [("party_pick", k) for k in range(3 * n)]
        else:
            frames += [("pick", k) for k in range(len(s.figures))]
        frames.append(("begin_play",))
        self._push(s, *frames)

    def _chance_order_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,) * len(frame[1]), "number die: the highest roll begins")

    def figures_of(self, s: State, seat: int) -> list[int]:
        return [i for i, f in enumerate(s.figures) if f.seat == seat]

    def _options_pick(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        n = len(s.players)
        seat = s.pick_order[frame[1] % n]
        taken = [f.char for f in s.figures]
        return seat, tuple(("char", c) for c in self.data.character_ids() if c not in taken)

    def _on_pick(self, s: State, frame: tuple, move: Move) -> None:
        n = len(s.players)
        seat = s.pick_order[frame[1] % n]
        s.figures[self.figures_of(s, seat)[frame[1] // n]].char = move[1]

    # Party: rounds 1 and 2 are picks, round 3 a pick or "done". Teams may share characters,
    # but the first pick (with two players, under the two-player rules, the first two) stands
    # on the board and no two players' figures on the board are alike.
    def _options_party_pick(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        n = len(s.players)
        seat, rnd = s.pick_order[frame[1] % n], frame[1] // n
        team = s.players[seat].team
        on_board = [f.char for f in s.figures if f.seat != seat]
        placed = rnd < len(self.figures_of(s, seat))
        opts: list[Move] = [("char", c) for c in self.data.character_ids()
                            if c not in team and not (placed and c in on_board)]
        if rnd == 2:
            opts.append(("done",))
        return seat, tuple(opts)

    def _on_party_pick(self, s: State, frame: tuple, move: Move) -> None:
        n = len(s.players)
        seat, rnd = s.pick_order[frame[1] % n], frame[1] // n
        if move[0] == "done":
            return
        s.players[seat].team.append(move[1])
        figs = self.figures_of(s, seat)
        if rnd < len(figs):
            s.figures[figs[rnd]].char = move[1]

    def _do_begin_play(self, s: State, frame: tuple) -> None:
        self.begin_turns(s, s.pick_order[0])

    # ------------------------------------------------------------------ the turn
    def _do_turn_start(self, s: State, frame: tuple) -> None:
        seat = s.turn.player
        p = s.players[seat]
        if self.two_player(s) and len(p.flipped) >= 2:
            p.flipped = []  # both role cards are face down: turn them face up again
        s.turns += 1
        s.turn = Turn(player=seat)
        self._push(s, ("turn",))

    def eligible(self, s: State, seat: int) -> list[int]:
        """The seat's figures that may move this turn (two-player rules: not the one just moved)."""
        flipped = s.players[seat].flipped
        return [f for f in self.figures_of(s, seat) if f not in flipped]

    def _turn_options(self, s: State) -> list[Move]:
        t = s.turn
        seat = t.player
        if t.over:
            return [("end_turn",)]
        opts: list[Move] = []
        if t.die == 0:
            el = self.eligible(s, seat)
            # "Sitzt eine Figur im Gefängnis, entscheidest du vor dem Würfeln über Zahlen oder
            # Würfeln": a figure that may move this turn and sits in jail is paid out or tries
            # for a 6; the other figure does not simply move instead (RULES.md).
            if not any(s.figures[f].jailed for f in el):
                opts.append(("roll",))
            for f in el:
                if s.figures[f].jailed:
                    if s.players[seat].coins >= self.data.jail_fee:
                        opts.append(("pay_jail", f))
                    opts.append(("roll_jail", f))
        else:
            if not t.moved:
                opts.append(("move",))
            if t.power_open:
                opts += self.power_options(s, seat, t.fig, t.face)
            if t.moved:
                opts.append(("end_turn",))
        if self.party(s) and not t.swapped:
            figs = self.figures_of(s, seat)
            if len(figs) == 1:
                opts += [("swap", c) for c in self.swap_candidates(s, seat)]
            else:  # two players: either figure on the board may be swapped out
                opts += [("swap", c, f) for f in figs for c in self.swap_candidates(s, seat)]
        opts += self.trade_openings(s)
        return opts

    def swap_candidates(self, s: State, seat: int) -> list[str]:
        on_board = [f.char for f in s.figures]
        return [c for c in s.players[seat].team if c not in on_board]

    def turn_move(self, s: State, seat: int, move: Move) -> None:
        kind = move[0]
        t = s.turn
        if kind == "roll":
            self._push(s, ("turn_roll",))
        elif kind == "pay_jail":
            self.pay_bank(s, seat, self.data.jail_fee)
            self.release(s, move[1])
            self._push(s, ("turn_roll",))
        elif kind == "roll_jail":
            self._push(s, ("jail_roll", move[1]))
        elif kind == "move":
            t.moved = True
            self.walk(s, t.fig, t.die)
        elif kind == "power":
            t.power_open = False
            self.use_power(s, seat, t.fig, t.face, move)
        elif kind == "swap":
            t.swapped = True
            f = move[2] if len(move) > 2 else self.figures_of(s, seat)[0]
            s.figures[f].char = move[1]

    def _chance_turn_roll(self, s: State, frame: tuple) -> Chance:
        if s.players[s.turn.player].skip_powerup:
            return Chance("dice", (6,), "number die (power-up die skipped: Luigi)")
        return Chance("dice", (6, 6), "number die and power-up die")

    def _roll_turn_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        t = s.turn
        t.die = outcome[0]
        if len(outcome) == 2:
            t.face = self.data.powerup_die[outcome[1] - 1]
            t.power_open = True
        else:
            s.players[t.player].skip_powerup = False
        self._push(s, ("choose_figure",))

    def _options_choose_figure(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat = s.turn.player
        return seat, tuple(("figure", f) for f in self.eligible(s, seat)
                           if not s.figures[f].jailed)

    def _on_choose_figure(self, s: State, frame: tuple, move: Move) -> None:
        self.set_turn_figure(s, move[1])

    def set_turn_figure(self, s: State, f: int) -> None:
        s.turn.fig = f
        if self.two_player(s):
            s.players[s.turn.player].flipped.append(f)

    def _chance_jail_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "jail: a 6 gets out")

    def _roll_jail_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        f = frame[1]
        fig = s.figures[f]
        if outcome[0] == 6:
            self.release(s, f)
            self._push(s, ("turn_roll",))
            return
        self.set_turn_figure(s, f)
        fig.jail_tries += 1
        if fig.jail_tries >= 2:  # after the second failed try: free, rolls normally next turn
            self.release(s, f)
        s.turn.over = True

    def release(self, s: State, f: int) -> None:
        """A figure leaves jail; its player takes every coin in the visiting area."""
        fig = s.figures[f]
        fig.jailed = False
        fig.jail_tries = 0
        s.players[fig.seat].coins += s.pot
        s.pot = 0

    def _do_end_turn(self, s: State, frame: tuple) -> None:
        t = s.turn
        if t.go and s.boss_deck:
            self._push(s, ("boss_fight", t.player))
        else:
            self._push(s, ("next_turn",))

    def _do_next_turn(self, s: State, frame: tuple) -> None:
        s.turn = Turn(player=(s.turn.player + 1) % len(s.players))
        self._push(s, ("turn_start",))

    # ------------------------------------------------------------------ boss fights
    def _do_boss_fight(self, s: State, frame: tuple) -> None:
        trigger = frame[1]
        n = len(s.players)
        s.boss = s.boss_deck.pop(0)
        s.boss_coins = 0
        fighters = tuple(o for o in ((trigger + k) % n for k in range(n))
                         if o not in s.forfeited and not self.in_jail(s, o))
        self._push(s, *((("boss_turn", fighters),) if fighters else ()), ("boss_done",))

    def in_jail(self, s: State, seat: int) -> bool:
        """A player whose every figure is jailed (no boss fights)."""
        return all(s.figures[f].jailed for f in self.figures_of(s, seat))

    # ("boss_turn", fighters still in the fight in turn order, the first one choosing now)
    def _options_boss_turn(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat = frame[1][0]
        boss = self.data.bosses[s.boss]
        opts: list[Move] = [("fight",)] if s.players[seat].coins >= boss.cost else []
        return seat, (*opts, ("pass",))

    def _on_boss_turn(self, s: State, frame: tuple, move: Move) -> None:
        seat, rest = frame[1][0], frame[1][1:]
        if move[0] == "pass":
            if rest:
                self._push(s, ("boss_turn", rest))
            return
        boss = self.data.bosses[s.boss]
        if boss.cost_to == "card":
            s.players[seat].coins -= boss.cost
            s.boss_coins += boss.cost
        else:
            self.pay_bank(s, seat, boss.cost)
        self._push(s, ("boss_roll", seat, rest))

    def _chance_boss_roll(self, s: State, frame: tuple) -> Chance:
        boss = self.data.bosses[s.boss]
        return Chance("dice", (6,), f"boss fight: {boss.name} is beaten by {boss.need} or more")

    def _roll_boss_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        _, seat, rest = frame
        boss = self.data.bosses[s.boss]
        if outcome[0] < boss.need:
            # "Wer gepasst hat, kämpft gegen diesen Boss nicht mehr mit ... Sonst darf der
            # Nächste zahlen und kämpfen": only passing leaves the fight; a loser's turn
            # comes round again after the others'.
            self._push(s, ("boss_turn", rest + (seat,)))
            return
        s.players[seat].bosses.append(boss.number)
        s.boss = 0
        self.boss_bonus(s, seat, boss.bonus)

    def boss_bonus(self, s: State, seat: int, bonus: str) -> None:
        if bonus == "coins3":
            self.from_bank(s, seat, 3)
        elif bonus == "take2each":
            self._push(s, *(("pay", o, 2, ("seat", seat)) for o in self.others(s, seat)))
        elif bonus == "free_property":
            free = [sp for sp in self.data.spaces if sp.kind == "property"
                    and s.owners[sp.index] == NOBODY]
            if free:
                s.owners[min(free, key=lambda sp: (sp.price, sp.index)).index] = seat
        elif bonus == "card_coins":
            s.players[seat].coins += s.boss_coins
            s.boss_coins = 0
        elif bonus == "powerup":
            self._push(s, ("iggy_roll", seat))
        elif bonus == "others_drop3":
            self._push(s, *(("drop_any", o, 3) for o in self.others(s, seat)))
        # "none": Bowser's card gives only its points

    def _do_boss_done(self, s: State, frame: tuple) -> None:
        if s.boss:  # nobody beat it: the boss escapes to the box, coins on its card to the bank
            s.bank += s.boss_coins
            s.boss_coins = 0
            s.boss = 0
        if not s.boss_deck:  # the last boss fight is over: the game ends at once
            s.agenda.clear()
            return
        self._push(s, ("next_turn",))

    def _chance_iggy_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "Iggy's bonus: the power-up die")

    def _roll_iggy_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        self._push(s, ("iggy", frame[1], self.data.powerup_die[outcome[0] - 1]))

    def acting_figure(self, s: State, seat: int) -> int:
        """The figure that uses a power-up outside its own turn: the first one not in jail."""
        figs = self.figures_of(s, seat)
        return next((f for f in figs if not s.figures[f].jailed), figs[0])

    def _options_iggy(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        _, seat, face = frame
        f = self.acting_figure(s, seat)
        return seat, (*self.power_options(s, seat, f, face), ("decline",))

    def _on_iggy(self, s: State, frame: tuple, move: Move) -> None:
        _, seat, face = frame
        if move[0] == "power":
            self.use_power(s, seat, self.acting_figure(s, seat), face, move)

    # ------------------------------------------------------------------ positions
    def others(self, s: State, seat: int) -> list[int]:
        """Other players in seat order starting after `seat` (the order effects resolve in)."""
        n = len(s.players)
        return [o for o in ((seat + k) % n for k in range(1, n)) if o not in s.forfeited]

    def opponent_figures(self, s: State, seat: int) -> list[int]:
        return [f for o in self.others(s, seat) for f in self.figures_of(s, o)]

    def ahead(self, s: State, f: int, g: int) -> int:
        """How many spaces figure g is ahead of figure f (1..31); 0 when on the same space."""
        return (s.figures[g].pos - s.figures[f].pos) % self.data.board_size

    def behind(self, s: State, f: int, g: int) -> int:
        return (s.figures[f].pos - s.figures[g].pos) % self.data.board_size

    def nearest(self, s: State, f: int, measure) -> list[int]:
        """Opponent figures at the smallest non-zero distance by `measure` (ties: all)."""
        seat = s.figures[f].seat
        dist = [(measure(s, f, g), g) for g in self.opponent_figures(s, seat)]
        dist = [(d, g) for d, g in dist if d > 0]
        if not dist:
            return []
        best = min(d for d, _ in dist)
        return [g for d, g in dist if d == best]

    # ------------------------------------------------------------------ power-ups
    def power_options(self, s: State, seat: int, f: int, face: str) -> list[Move]:
        d = self.data
        char = s.figures[f].char
        boost = d.characters[char].boost == face
        opts: list[Move] = []
        if face == "coins":
            opts.append(("power",))
            if boost and char == "rosalina":
                opts += [("power", i) for i in self.properties_of(s, seat)]
        elif face == "red_shell":
            opts += [("power", g) for g in self.opponent_figures(s, seat)]
        elif face == "green_shell":
            front = self.nearest(s, f, self.ahead)
            amount = d.shell_coins
            if front and boost and char == "fire_mario" and \
                    self.ahead(s, f, front[0]) >= d.n("fire_mario_boost_gap"):
                amount = d.n("fire_mario_boost_drop")
            opts += [("power", g, amount) for g in front]
            if boost and char == "yoshi":
                opts += [("power", g, d.shell_coins) for g in self.nearest(s, f, self.behind)
                         if ("power", g, d.shell_coins) not in opts]
            if boost and char == "tanooki_mario":
                opts += [("power", g, d.n("tanooki_boost_drop"))
                         for g in self.opponent_figures(s, seat) if self.ahead(s, f, g) == 1]
        elif face == "pow":
            opts.append(("power",))
            if boost and char == "boo":
                front = self.nearest(s, f, self.ahead)
                if front and self.ahead(s, f, front[0]) >= 2:
                    opts.append(("power", "move"))
        elif face == "blooper":
            others = [o for o in self.others(s, seat)]
            opts += [("power", o, d.blooper_coins) for o in others]
            if boost and char == "diddy_kong":
                reach = d.n("diddy_boost_reach")
                opts += [("power", o, d.n("diddy_boost_steal")) for o in others
                         if any(1 <= self.behind(s, f, g) <= reach for g in self.figures_of(s, o))]
            if boost and char == "wario":
                opts += [("power", o, d.n("wario_boost_steal")) for o in others
                         if any(self.ahead(s, f, g) == 0 for g in self.figures_of(s, o))]
        return opts

    def drop_amount(self, s: State, f: int, face: str) -> int:
        """Coins a face moves for figure f's character: Coins taken, a Red Shell's or POW's drop."""
        d = self.data
        char = s.figures[f].char
        boost = d.characters[char].boost == face
        if face == "coins":
            return d.n("mario_boost_coins") if boost and char == "mario" else d.coins_face
        if face == "red_shell":
            if boost and char == "peach":
                return d.n("peach_boost_drop")
            return d.n("luigi_boost_drop") if boost and char == "luigi" else d.shell_coins
        if face == "pow":
            return d.n("donkey_kong_boost_drop") if boost and char == "donkey_kong" \
                else d.pow_coins
        return 0

    def use_power(self, s: State, seat: int, f: int, face: str, move: Move) -> None:
        d = self.data
        char = s.figures[f].char
        boost = d.characters[char].boost == face
        if face == "coins":
            if len(move) == 2:  # Rosalina's boost: the bank pays one property's rent
                self.from_bank(s, seat, self.rent(s, move[1]))
            else:
                self.from_bank(s, seat, self.drop_amount(s, f, face))
        elif face == "red_shell":
            g = move[1]
            if boost and char == "luigi":
                s.players[s.figures[g].seat].skip_powerup = True
            self._push(s, ("pay", s.figures[g].seat, self.drop_amount(s, f, face), ("fig", g)))
        elif face == "green_shell":
            g, amount = move[1], move[2]
            self._push(s, ("pay", s.figures[g].seat, amount, ("fig", g)))
        elif face == "pow":
            amount = self.drop_amount(s, f, face)
            frames: list[tuple] = [("drop_any", o, amount) for o in self.others(s, seat)]
            if len(move) == 2:  # Boo: to the space behind the next player ahead
                g = self.nearest(s, f, self.ahead)[0]
                frames.append(("walk", f, self.ahead(s, f, g) - 1))
            if boost and char == "toad":
                frames.append(("extra_roll", f))
            self._push(s, *frames)
        elif face == "blooper":
            self._push(s, ("pay", move[1], move[2], ("seat", seat)))

    def _do_walk(self, s: State, frame: tuple) -> None:
        self.walk(s, frame[1], frame[2])

    def _options_drop_any(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        """An effect on every other player: a player with two figures chooses whose space."""
        seat = frame[1]
        return seat, tuple(("drop_at", f) for f in self.figures_of(s, seat))

    def _on_drop_any(self, s: State, frame: tuple, move: Move) -> None:
        _, seat, amount = frame
        self._push(s, ("pay", seat, amount, ("fig", move[1])))

    def _chance_extra_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "Toad: roll and move again")

    def _roll_extra_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        self.walk(s, frame[1], outcome[0])

    # ------------------------------------------------------------------ movement
    def is_turn_figure(self, s: State, f: int) -> bool:
        return s.turn.fig == f and s.figures[f].seat == s.turn.player

    def walk(self, s: State, f: int, steps: int, then: str | None = "land") -> None:
        """Move figure f by `steps` (negative: backwards), taking the coins on every space passed
        or landed on (not the start space); forward over GO pays 2 and, for the figure whose
        turn it is, calls a boss fight at the end of the turn. Then `then` on the end space."""
        d = self.data
        fig = s.figures[f]
        p = s.players[fig.seat]
        step = 1 if steps > 0 else -1
        for i in range(1, abs(steps) + 1):
            sp = (fig.pos + step * i) % d.board_size
            p.coins += s.board[sp]
            s.board[sp] = 0
            if sp == 0 and step > 0:
                self.from_bank(s, fig.seat, d.go_coins)
                if self.is_turn_figure(s, f):
                    s.turn.go = True
        fig.pos = (fig.pos + steps) % d.board_size
        if steps and then:
            self._push(s, (then, f))

    def send_to_jail(self, s: State, f: int) -> None:
        fig = s.figures[f]
        fig.pos = self.data.jail_space
        fig.jailed = True
        fig.jail_tries = 0
        if self.is_turn_figure(s, f):
            s.turn.go = False          # no boss fight
            s.turn.over = True         # the turn is over
            s.turn.power_open = False

    # ------------------------------------------------------------------ board spaces
    def _do_land(self, s: State, frame: tuple) -> None:
        f = frame[1]
        fig = s.figures[f]
        seat = fig.seat
        sp = self.data.spaces[fig.pos]
        kind = sp.kind
        if kind == "property":
            owner = s.owners[sp.index]
            if owner == NOBODY:
                self._push(s, ("buy", f, sp.index))
            elif owner != seat:
                self._push(s, ("pay", seat, self.rent(s, sp.index), ("seat", owner)))
        elif kind == "pipe":
            nxt = next(i for i in range(1, self.data.board_size)
                       if self.data.spaces[(fig.pos + i) % self.data.board_size].kind == "pipe")
            self.walk(s, f, nxt, then=None)
        elif kind == "thwomp":
            self._push(s, ("pay", seat, self.data.thwomp_coins, ("space", sp.index)))
        elif kind == "coin":
            self._push(s, ("coin_roll", seat))
        elif kind == "star":
            # One Super Star per figure per turn: Wario's move of exactly 8 from a Super Star
            # ends on the next one, and repeating it would never end (RULES.md).
            if f not in s.turn.stars:
                s.turn.stars.append(f)
                self._push(s, ("star", f, fig.char))
        elif kind == "go_to_jail":
            self.send_to_jail(s, f)
        # GO's coins came on arrival; Just Visiting and Free Parking do nothing.

    # ("buy", figure, space): the figure's player buys the property or it goes to auction.
    def _options_buy(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        _, f, space = frame
        seat = s.figures[f].seat
        return seat, self.buy_options(s, seat, space)

    def _on_buy(self, s: State, frame: tuple, move: Move) -> None:
        _, f, space = frame
        self.buy_or_auction(s, s.figures[f].seat, space, move)

    def _chance_coin_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "coin space: that many coins")

    def _roll_coin_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        self.from_bank(s, frame[1], outcome[0])

    # ------------------------------------------------------------------ Super Stars
    def _do_star(self, s: State, frame: tuple) -> None:
        """("star", figure, character): that character's Super Star for the figure's player."""
        _, f, char = frame
        d = self.data
        seat = s.figures[f].seat
        if char == "mario":
            self._push(s, ("mario_roll", seat))
        elif char == "peach":
            self.from_bank(s, seat, sum(self.rent(s, i) for i in self.properties_of(s, seat)))
        elif char == "yoshi":  # "alle Münzen, die auf dem Plan liegen": the visiting area too
            s.players[seat].coins += sum(s.board) + s.pot
            s.board = [0] * d.board_size
            s.pot = 0
        elif char == "donkey_kong":
            self._push(s, *(("pay", o, d.n("donkey_kong_star_take"), ("seat", seat))
                            for o in self.others(s, seat)))
        elif char == "fire_mario":
            self._push(s, *(("pay", o, d.n("fire_mario_star_drop"), ("fig", g))
                            for o, g in self.next_players_ahead(s, f)[:2]))
        elif char == "luigi":
            for o in self.others(s, seat):
                s.players[o].skip_powerup = True
        elif char == "toad":
            self.from_bank(s, seat, d.n("toad_star_coins"))
            self._push(s, ("extra_roll", f))
        elif char == "tanooki_mario":
            free = [i for i in range(1, d.board_size)
                    if s.owners[(s.figures[f].pos + i) % d.board_size] == NOBODY
                    and d.spaces[(s.figures[f].pos + i) % d.board_size].kind == "property"]
            if free:
                space = (s.figures[f].pos + free[0]) % d.board_size
                self.walk(s, f, free[0], then=None)
                self._push(s, ("tanooki_buy", f, space))
        else:  # boo, diddy_kong, rosalina, wario: the player decides
            self._push(s, ("star_" + char, f))

    def next_players_ahead(self, s: State, f: int) -> list[tuple[int, int]]:
        """Other players by their nearest figure ahead of f: (seat, that figure), nearest first;
        equally near players in seat order after f's player. Same-space figures are not ahead."""
        seat = s.figures[f].seat
        found = []
        for k, o in enumerate(self.others(s, seat)):
            dist = [(self.ahead(s, f, g), g) for g in self.figures_of(s, o)]
            dist = [x for x in dist if x[0] > 0]
            if dist:
                dd, g = min(dist)
                found.append((dd, k, o, g))
        return [(o, g) for _, _, o, g in sorted(found)]

    def _chance_mario_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "Mario's Super Star: the roll plus 5 coins")

    def _roll_mario_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        self.from_bank(s, frame[1], outcome[0] + self.data.n("mario_star_bonus"))

    def _options_star_boo(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        f = frame[1]
        seat = s.figures[f].seat
        opts: list[Move] = []
        if s.players[seat].coins >= self.data.n("boo_star_drop"):
            for g in range(len(s.figures)):
                c = s.figures[g].char
                if g != f and c != "boo" and ("copy", c) not in opts:
                    opts.append(("copy", c))
        return seat, (*opts, ("decline",))

    def _on_star_boo(self, s: State, frame: tuple, move: Move) -> None:
        f = frame[1]
        if move[0] == "copy":
            self.drop_own(s, f, self.data.n("boo_star_drop"))
            self._push(s, ("star", f, move[1]))

    def drop_own(self, s: State, f: int, amount: int) -> None:
        """A figure's player chooses to put coins from hand on the figure's space."""
        fig = s.figures[f]
        s.players[fig.seat].coins -= amount
        s.board[fig.pos] += amount

    def _options_star_diddy_kong(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        f = frame[1]
        reach = self.data.n("diddy_star_reach")
        steps = [k for k in range(-reach, reach + 1) if k]
        return s.figures[f].seat, (*(("step", k) for k in steps), ("stay",))

    def _on_star_diddy_kong(self, s: State, frame: tuple, move: Move) -> None:
        if move[0] == "step":
            self.walk(s, frame[1], move[1])

    def _options_star_rosalina(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        f = frame[1]
        seat = s.figures[f].seat
        opts: list[Move] = []
        if s.players[seat].coins >= self.data.n("rosalina_star_drop"):
            opts = [("take", o) for o in self.others(s, seat) if self.properties_of(s, o)]
        return seat, (*opts, ("decline",))

    def _on_star_rosalina(self, s: State, frame: tuple, move: Move) -> None:
        f = frame[1]
        if move[0] == "take":
            self.drop_own(s, f, self.data.n("rosalina_star_drop"))
            cheapest = min(self.properties_of(s, move[1]),
                           key=lambda i: (self.data.spaces[i].price, i))
            s.owners[cheapest] = s.figures[f].seat

    def _options_star_wario(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        f = frame[1]
        seat = s.figures[f].seat
        most = min(self.data.n("wario_star_max"), s.players[seat].coins)
        return seat, tuple(("drop", k) for k in range(most + 1))

    def _on_star_wario(self, s: State, frame: tuple, move: Move) -> None:
        f, k = frame[1], move[1]
        if k:
            self.drop_own(s, f, k)
            self.walk(s, f, k)

    def _options_tanooki_buy(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        _, f, space = frame
        seat = s.figures[f].seat
        ok = s.players[seat].coins >= self.data.spaces[space].price
        return seat, ((("buy",),) if ok else ()) + (("decline",),)

    def _on_tanooki_buy(self, s: State, frame: tuple, move: Move) -> None:
        _, f, space = frame
        if move[0] == "buy":
            seat = s.figures[f].seat
            self.pay_bank(s, seat, self.data.spaces[space].price)
            s.owners[space] = seat

    # ------------------------------------------------------------------ coins in and out
    def money(self, s: State, seat: int) -> int:
        return s.players[seat].coins

    def pay_bank(self, s: State, seat: int, amount: int) -> None:
        s.players[seat].coins -= amount
        s.bank += amount

    def from_bank(self, s: State, seat: int, amount: int) -> None:
        """The bank pays what it has: the box holds 250 coins' worth and no more."""
        paid = min(amount, s.bank)
        s.bank -= paid
        s.players[seat].coins += paid

    def between(self, s: State, payer: int, payee: int, amount: int) -> None:
        s.players[payer].coins -= amount
        s.players[payee].coins += amount

    def after_sale(self, s: State, seat: int, remaining: int, to: Any) -> None:
        self._push(s, ("pay", seat, remaining, to))

    def deposit(self, s: State, dest: tuple, amount: int) -> None:
        kind = dest[0]
        if kind == "bank":
            s.bank += amount
        elif kind == "seat":
            s.players[dest[1]].coins += amount
        elif kind == "space":
            s.board[dest[1]] += amount
        elif kind == "fig":  # onto the figure's space; from jail into the visiting area
            fig = s.figures[dest[1]]
            if fig.jailed:
                s.pot += amount
            else:
                s.board[fig.pos] += amount

    def _do_pay(self, s: State, frame: tuple) -> None:
        """("pay", payer, amount, destination): a payment the payer must make. Short of coins,
        they sell properties first (to the bank or a player); with none left they pay what
        they have and the rest is forgotten: nobody is eliminated."""
        _, seat, amount, dest = frame
        p = s.players[seat]
        if amount <= 0:
            return
        if p.coins < amount and self.properties_of(s, seat):
            self.push_sell(s, seat, amount, dest)
            return
        paid = min(p.coins, amount)
        p.coins -= paid
        self.deposit(s, dest, paid)

    # ------------------------------------------------------------------ the end
    def result(self, s: State) -> Result:
        d = self.data
        n = len(s.players)
        props = [self.property_points(s, i) for i in range(n)]
        bosses = [sum(d.bosses[b].points for b in p.bosses) for p in s.players]
        coins = [d.points_per_stack * (p.coins // d.stack) for p in s.players]
        cards = [len(self.properties_of(s, i)) + len(s.players[i].bosses) for i in range(n)]
        scores = tuple(props[i] + bosses[i] + coins[i] for i in range(n))
        eligible = [i for i in range(n) if i not in s.forfeited]
        best = max((scores[i], cards[i]) for i in eligible)
        winners = tuple(i for i in eligible if (scores[i], cards[i]) == best)
        return Result(scores=scores, winners=winners, details={
            "properties": props, "bosses": bosses, "coins": coins, "cards": cards,
            "coins_in_hand": [p.coins for p in s.players], "forfeited": list(s.forfeited),
            "turns": s.turns,
        })


register(MarioMonopoly())
