"""Monopoly Gamer: Overwatch — set-up, the turn, the board spaces, HP debts, leveling up, scoring.

Built on the agenda machine (engine.agenda): a payment that forces an elimination in the middle
of Death Blossom, Zarya choosing who pays, an auction inside a Tracer Blink are tasks pushed on
top of the work they interrupt. Choices where the rulebook was silent are written in RULES.md
beside this file and tested.
"""
from __future__ import annotations

from typing import Any

from ...chance import Chance
from ...agenda import AgendaGame
from ...core import Disclose, Move, PrivateDraw, Result, register
from ..game_package import NOBODY, PackagedGame
from ..monopoly_family import FAMILY_RULES_FILES, MonopolyFamily
from .abilities import AbilityRules
from .data import Data, load
from .state import CaptureFrame, DebtFrame, Hero, Player, RedirectFrame, State, Turn

BANK = NOBODY  # a payment to nobody goes to the bank


class OverwatchMonopoly(AbilityRules, MonopolyFamily, AgendaGame, PackagedGame):
    id = "overwatch-monopoly"
    title = "Monopoly Gamer: Overwatch"
    min_players = 2
    max_players = 4
    variants = ("6v6", "lock-out", "mystery-heroes", "no-limits")
    rules_version = "1"

    def __init__(self, data: Data | None = None) -> None:
        self.data = data or load()
        self._leaders = self.data.leaders()
        self._heroes = self.data.heroes()

    shared_rules_files = FAMILY_RULES_FILES

    # ------------------------------------------------------------------ set-up
    def check_variants(self, players: int, variants: tuple[str, ...]) -> str | None:
        problem = super().check_variants(players, variants)
        if problem:
            return problem
        v = set(variants)
        if "6v6" in v and players != 2:
            return "6v6 is a two-player variant"
        if "mystery-heroes" in v and "lock-out" in v:
            return ("mystery-heroes forbids swapping at GO and lock-out forces it: "
                    "they cannot be combined")
        if "no-limits" in v and "mystery-heroes" in v:
            return "no-limits changes drafting, which mystery-heroes replaces by dealing"
        if "no-limits" in v and "6v6" in v:
            return "6v6 already ignores roles; no-limits would change nothing"
        return None

    def initial_state(self, players: int, variants: tuple[str, ...]) -> State:
        d = self.data
        s = State(
            game=self.id, variants=list(variants),
            players=[Player(hp=d.start_hp) for _ in range(players)],
            owners=[NOBODY] * d.board_size, traps=[NOBODY] * d.board_size,
            turrets=[NOBODY] * d.board_size,
            loot_deck=list(range(d.loot_boxes_by_players[players])), pool=list(self._heroes),
            leader_pool=list(self._leaders), pick_order=[], turn=Turn(),
            loot_open=[-1] * len(d.loot_box_points),
        )
        s.agenda = [("start",)]
        self._settle(s)
        return s

    def _do_start(self, s: State, frame: tuple) -> None:
        n = len(s.players)
        picks_each = 3 if "6v6" in s.variants else 1
        frames: list[tuple] = [("order_roll", tuple(range(n)))]
        if "mystery-heroes" in s.variants:
            frames += [("deal_leaders",), ("deal_heroes",)]
        else:
            frames += [("pick_leader", k) for k in range(n * picks_each)]
            frames += [("draft", k) for k in range(n * (3 if "6v6" in s.variants else 2))]
        frames.append(("begin_play",))
        self._push(s, *frames)

    def hidden_decks(self, players: int, variants: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        """The Loot Box deck: every card, shuffled unseen; the first loot_boxes_by_players of
        its positions are drawn (the rest stay in the box, as at set-up)."""
        return (("loot", len(self.data.loot_box_points)),)

    def _chance_order_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,) * len(frame[1]), "numbered die: who chooses first")

    def _options_pick_leader(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat = s.pick_order[frame[1] % len(s.players)]
        return seat, tuple(("leader", c) for c in s.leader_pool)

    def _on_pick_leader(self, s: State, frame: tuple, move: Move) -> None:
        seat = s.pick_order[frame[1] % len(s.players)]
        s.leader_pool.remove(move[1])
        s.players[seat].leaders.append(move[1])

    def _draft_candidates(self, s: State, seat: int) -> list[str]:
        p = s.players[seat]
        if "no-limits" in s.variants or "6v6" in s.variants:
            return list(s.pool)
        have = {self.data.role(c) for c in p.leaders} | {self.data.role(h.id) for h in p.heroes}
        return [c for c in s.pool if self.data.role(c) not in have]

    def _options_draft(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat = s.pick_order[frame[1] % len(s.players)]
        return seat, tuple(("hero", c) for c in self._draft_candidates(s, seat))

    def _on_draft(self, s: State, frame: tuple, move: Move) -> None:
        seat = s.pick_order[frame[1] % len(s.players)]
        s.pool.remove(move[1])
        s.players[seat].heroes.append(Hero(move[1]))

    def _chance_deal_leaders(self, s: State, frame: tuple) -> Chance:
        return Chance("perm", (len(s.leader_pool),), "deal group leaders")

    def _roll_deal_leaders(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        dealt, rest = _deal(s, s.leader_pool, outcome, 3 if "6v6" in s.variants else 1)
        for seat, leader in dealt:
            s.players[seat].leaders.append(leader)
        s.leader_pool = sorted(rest)

    def _chance_deal_heroes(self, s: State, frame: tuple) -> Chance:
        return Chance("perm", (len(s.pool),), "deal characters")

    def _roll_deal_heroes(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        dealt, rest = _deal(s, s.pool, outcome, 3 if "6v6" in s.variants else 2)
        for seat, hero in dealt:
            s.players[seat].heroes.append(Hero(hero))
        s.pool = [c for c in self._heroes if c in rest]

    def _do_begin_play(self, s: State, frame: tuple) -> None:
        # "The player who chose their final character last goes first"; with Mystery Heroes
        # nobody chooses, so the highest roller starts (RULES.md).
        self.begin_turns(s, s.pick_order[0] if "mystery-heroes" in s.variants
                         else s.pick_order[-1])

    # ------------------------------------------------------------------ the turn
    def _do_turn_start(self, s: State, frame: tuple) -> None:
        seat = s.turn.player
        p = s.players[seat]
        # "Until the start of your next turn" effects end now; barrier HP go back to the bank.
        p.immune = False
        p.barrier = 0
        p.redirect = False
        s.turns += 1
        s.turn = Turn(player=seat)
        self._push(s, ("turn",))

    def _turn_options(self, s: State) -> list[Move]:
        t = s.turn
        p = s.players[t.player]
        if t.over:
            return [("end_turn",)]
        opts: list[Move] = []
        if t.die == 0:
            if p.jailed:
                if p.hp >= self.data.jail_fee:
                    opts.append(("pay_jail",))
                opts.append(("roll_jail",))
            else:
                opts.append(("roll",))
        else:
            if not t.moved:
                opts.append(("move",))
            if t.ability_open:
                opts += self.ability_moves(s, t.player)
            if t.moved:
                opts.append(("end_turn",))
        opts += self.trade_openings(s)
        return opts

    def turn_move(self, s: State, seat: int, move: Move) -> None:
        kind = move[0]
        p = s.players[seat]
        if kind == "roll":
            self._push(s, ("turn_roll",))
        elif kind == "pay_jail":
            p.jailed = False
            p.jail_tries = 0
            self._push(s, ("pay", seat, self.data.jail_fee, BANK, "fee"), ("turn_roll",))
        elif kind == "roll_jail":
            self._push(s, ("jail_roll",))
        elif kind == "move":
            s.turn.moved = True
            self.walk(s, seat, self.move_distance(s, seat, 0))
        elif kind == "ability":
            s.turn.ability_open = False
            self.use_ability(s, seat, move[1], move[2:])

    def move_distance(self, s: State, seat: int, bonus: int, die: int | None = None) -> int:
        """This turn's move: the numbered die plus bonuses, less 3 if Mei hit you (never < 0)."""
        distance = (s.turn.die if die is None else die) + bonus
        if s.players[seat].slowed:
            distance = max(0, distance - 3)
        return distance

    def _chance_turn_roll(self, s: State, frame: tuple) -> Chance:
        if s.players[s.turn.player].skip_ability:
            return Chance("dice", (6,), "numbered die (ability die skipped: Flashbang)")
        return Chance("dice", (6, 6), "numbered die and ability die")

    def _roll_turn_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        p = s.players[s.turn.player]
        s.turn.die = outcome[0]
        if len(outcome) == 2:
            s.turn.face = self.data.ability_die[outcome[1] - 1]
            s.turn.ability_open = True
        else:
            p.skip_ability = False

    def _chance_jail_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "jail: a 6 gets out")

    def _roll_jail_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        p = s.players[s.turn.player]
        if outcome[0] == 6:
            p.jailed = False
            p.jail_tries = 0
            self._push(s, ("turn_roll",))
            return
        p.jail_tries += 1
        s.turn.over = True
        if p.jail_tries >= 2:  # "after your second attempt at rolling, you MAY exit Jail"
            self._push(s, ("jail_exit", s.turn.player))

    # ("jail_exit", seat): after a failed second (or later) try, leave for free or stay.
    def _options_jail_exit(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], (("leave_jail",), ("stay_in_jail",))

    def _on_jail_exit(self, s: State, frame: tuple, move: Move) -> None:
        if move[0] == "leave_jail":  # to Just Visiting (the same corner); rolls normally next turn
            p = s.players[frame[1]]
            p.jailed = False
            p.jail_tries = 0

    def _do_end_turn(self, s: State, frame: tuple) -> None:
        seat = s.turn.player
        p = s.players[seat]
        p.slowed = False  # Mei's -3 lasts for one turn of the victim
        if s.turn.level_up and s.loot_deck:
            self._push(s, ("draw_loot", seat), ("level_up", seat), ("after_level_up",))
        else:
            self._push(s, ("next_turn",))

    def _do_after_level_up(self, s: State, frame: tuple) -> None:
        if not s.loot_deck:  # the last Loot Box is taken and its player has leveled up
            s.agenda[:] = [("open_loot",)]
            return
        self._push(s, ("next_turn",))

    # ("draw_loot", seat): "Take the top Loot Box card. You may look at it, but keep it a
    # secret": a private draw of the next position of the hidden deck.
    def _hidden_draw_loot(self, s: State, frame: tuple) -> PrivateDraw:
        return PrivateDraw(frame[1], "loot", s.loot_deck[0])

    def _drew_draw_loot(self, s: State, frame: tuple) -> None:
        s.players[frame[1]].loot.append(s.loot_deck.pop(0))

    # ("open_loot",): the game is over; every Loot Box is turned face up for scoring.
    def _hidden_open_loot(self, s: State, frame: tuple) -> Disclose:
        return Disclose(tuple((seat, "loot", pos) for seat, p in enumerate(s.players)
                              for pos in p.loot))

    def _disclosed_open_loot(self, s: State, frame: tuple, values: tuple) -> None:
        cards = self._hidden_open_loot(s, frame).cards
        for (_, _, pos), v in zip(cards, values):
            if v is not None:
                s.loot_open[pos] = v

    def loot_points(self, s: State, seat: int) -> int:
        """What `seat`'s Loot Boxes score as the state stands: a disclosed card its printed
        points; one not (yet) disclosed, or that can no longer be, the unopened value."""
        d = self.data
        return sum(d.loot_box_points[s.loot_open[pos]] if s.loot_open[pos] >= 0
                   else d.unopened_loot_box_points for pos in s.players[seat].loot)

    def _do_next_turn(self, s: State, frame: tuple) -> None:
        s.turn = Turn(player=(s.turn.player + 1) % len(s.players))
        self._push(s, ("turn_start",))

    # ------------------------------------------------------------------ leveling up
    def _level_up_options(self, s: State, seat: int) -> list[Move]:
        p = s.players[seat]
        lock_out = "lock-out" in s.variants
        may_swap = "mystery-heroes" not in s.variants
        opts: list[Move] = []
        forced = False
        for slot, hero in enumerate(p.heroes):
            if slot in s.turn.changed:
                continue
            role = self.data.role(hero.id)
            swaps = [c for c in s.pool if self.data.role(c) == role]
            if lock_out and swaps:
                forced = True
            if not hero.active and not (lock_out and swaps):
                opts.append(("respawn", hero.id))
            if may_swap:
                opts += [("swap", hero.id, c) for c in swaps]
        if not forced:
            opts.append(("done",))
        return opts

    def _options_level_up(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], tuple(self._level_up_options(s, frame[1]))

    def _on_level_up(self, s: State, frame: tuple, move: Move) -> None:
        seat = frame[1]
        p = s.players[seat]
        if move[0] == "done":
            s.turn.changed.clear()
            return
        slot = next(i for i, h in enumerate(p.heroes) if h.id == move[1])
        s.turn.changed.append(slot)
        if move[0] == "respawn":
            p.heroes[slot].active = True
        else:  # swap: the old card goes back among the undrafted, the new one comes in active
            s.pool.remove(move[2])
            s.pool.append(move[1])
            s.pool.sort(key=self._heroes.index)
            p.heroes[slot] = Hero(move[2])
        self._push(s, ("level_up", seat))

    # ------------------------------------------------------------------ movement
    def walk(self, s: State, seat: int, steps: int, *, collect_go: bool = True,
             mode: str = "", then: str | None = "land") -> None:
        """Move `seat` forward `steps` spaces and queue everything the path causes.

        mode: "" plain; "genji" (players passed or landed on pay 3); "doomfist" (stop on the
        first player you would pass); "winston" (players on the end space pay 2).
        then: the task for the end space when the move was not cut short by a steel trap or
        by Doomfist: "land" (follow its rules), "blink" (Tracer's choice), None (nothing).
        Payments along the way never change the path, so the whole path is worked out first.
        """
        d = self.data
        p = s.players[seat]
        pos = p.pos
        effects: list[tuple] = []
        end = pos
        trapped = doom_stop = False
        for i in range(1, steps + 1):
            sp = (pos + i) % d.board_size
            end = sp
            if sp == 0 and collect_go:
                effects.append(("gain", seat, d.go_hp))
                s.turn.level_up = True
            owner = s.turrets[sp]
            if owner != NOBODY:  # a turret fires once, and its chip goes to Torbjörn
                s.turrets[sp] = NOBODY
                if self.hit(s, owner, seat):
                    effects.append(("pay", seat, 3, BANK, "bank"))
                effects.append(("gain", owner, 1))
            owner = s.traps[sp]
            if owner != NOBODY:  # a steel trap stops you; the space's rules are not followed
                s.traps[sp] = NOBODY
                if self.hit(s, owner, seat):
                    effects.append(("pay", seat, 2, BANK, "bank"))
                    trapped = True
                    break
            if i < steps and mode in ("genji", "doomfist"):
                passed = [o for o in self.others_at(s, seat, sp) if self.hit(s, seat, o)]
                effects += [("pay", o, 3, BANK, "bank") for o in passed]
                if mode == "doomfist" and self.others_at(s, seat, sp):
                    doom_stop = True
                    break
        p.pos = end
        if mode in ("genji", "doomfist") and not doom_stop:
            effects += [("pay", o, 3, BANK, "bank")
                        for o in self.others_at(s, seat, end) if self.hit(s, seat, o)]
        if mode == "winston":
            effects += [("pay", o, 2, BANK, "bank")
                        for o in self.others_at(s, seat, end) if self.hit(s, seat, o)]
        if steps <= 0 and then == "land":
            then = None  # a move of 0 (Mei's -3) lands nowhere new: the space is not redone
        if then and not trapped and not doom_stop:
            effects.append((then, seat))
        self._push(s, *effects)

    def others_at(self, s: State, seat: int, space: int) -> list[int]:
        """Other players on `space` in seat order starting after `seat`."""
        n = len(s.players)
        return [o for o in ((seat + k) % n for k in range(1, n)) if s.players[o].pos == space]

    def move_back(self, s: State, seat: int, steps: int) -> None:
        """Orisa / Roadhog: backward, no space rules; not onto or past GO, not out of jail."""
        p = s.players[seat]
        if p.jailed or p.pos - steps <= 0:
            return
        p.pos -= steps

    # ------------------------------------------------------------------ board spaces
    def _do_land(self, s: State, frame: tuple) -> None:
        seat = frame[1]
        p = s.players[seat]
        sp = self.data.spaces[p.pos]
        kind = sp.kind
        if kind == "objective":
            owner = s.owners[sp.index]
            if owner == NOBODY:
                self._push(s, CaptureFrame("capture", seat, sp.index))
            elif owner != seat:
                self._push(s, ("pay", seat, self.rent(s, sp.index), owner, "rent"))
        elif kind == "payload":
            nxt = next(i for i in range(1, self.data.board_size)
                       if self.data.spaces[(p.pos + i) % self.data.board_size].kind == "payload")
            self.walk(s, seat, nxt, then=None)
        elif kind == "health_pack":
            self._push(s, ("health_pack", seat))
        elif kind == "free_parking":
            self._push(s, ("free_parking", seat))
        elif kind == "go_to_jail":
            self.send_to_jail(s, seat)
        elif kind == "ultimate":
            self._push(s, ("ultimate", seat))
        # GO's 2 HP were collected on arrival; Just Visiting does nothing.

    def send_to_jail(self, s: State, seat: int) -> None:
        p = s.players[seat]
        p.pos = self.data.jail_space
        p.jailed = True
        p.jail_tries = 0
        if s.turn.player == seat:
            s.turn.level_up = False  # "do not level up"
            s.turn.over = True       # "Your turn is over."

    # ("capture", seat, space): an objective is bought ("captured") or goes to auction.
    def _options_capture(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], self.buy_options(s, frame[1], frame[2], buy="capture")

    def _on_capture(self, s: State, frame: tuple, move: Move) -> None:
        self.buy_or_auction(s, frame[1], frame[2], move)

    def _chance_health_pack(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6,), "health pack")

    def _roll_health_pack(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        self.gain(s, frame[1], outcome[0])

    def _options_free_parking(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat = frame[1]
        mine = [i for i, o in enumerate(s.owners) if o == seat]
        theirs = [i for i, o in enumerate(s.owners) if o not in (seat, NOBODY)]
        return seat, (*(("swap", a, b) for a in mine for b in theirs), ("decline",))

    def _on_free_parking(self, s: State, frame: tuple, move: Move) -> None:
        if move[0] == "swap":
            a, b = move[1], move[2]
            s.owners[a], s.owners[b] = s.owners[b], s.owners[a]

    # ------------------------------------------------------------------ HP in and out
    def gain(self, s: State, seat: int, amount: int) -> None:
        p = s.players[seat]
        p.hp = min(self.data.hp_cap, p.hp + amount)

    # Money hooks of the Monopoly family (auctions, sales, trades): HP, capped, unlimited bank.
    def money(self, s: State, seat: int) -> int:
        return s.players[seat].hp

    def pay_bank(self, s: State, seat: int, amount: int) -> None:
        s.players[seat].hp -= amount

    def from_bank(self, s: State, seat: int, amount: int) -> None:
        self.gain(s, seat, amount)

    def between(self, s: State, payer: int, payee: int, amount: int) -> None:
        s.players[payer].hp -= amount
        self.gain(s, payee, amount)

    def after_sale(self, s: State, seat: int, remaining: int, to: int) -> None:
        self._push(s, ("transfer", seat, remaining, to))

    def _do_gain(self, s: State, frame: tuple) -> None:
        self.gain(s, frame[1], frame[2])

    def _do_pay(self, s: State, frame: tuple) -> None:
        """("pay", payer, amount, to, kind): kind "rent", "bank" (a penalty to the bank),
        "fee" (jail), "player" (HP an ability moves to a player) or "redirected"."""
        _, seat, amount, to, kind = frame
        p = s.players[seat]
        if amount <= 0:
            return
        if p.redirect and kind in ("rent", "bank", "fee") and self.redirect_targets(s, seat, to):
            self._push(s, RedirectFrame("zarya", seat, amount, to, kind))
            return
        if to == BANK and kind in ("bank", "fee", "redirected") and p.barrier:
            used = min(p.barrier, amount)
            p.barrier -= used
            amount -= used
        self._push(s, ("transfer", seat, amount, to))

    def _do_transfer(self, s: State, frame: tuple) -> None:
        _, seat, amount, to = frame
        p = s.players[seat]
        paid = min(p.hp, amount)
        p.hp -= paid
        if to != BANK:
            self.gain(s, to, paid)
        if amount > paid:
            self._push(s, ("owe", seat, amount - paid, to))

    def _do_owe(self, s: State, frame: tuple) -> None:
        _, seat, remaining, to = frame
        p = s.players[seat]
        if any(h.active for h in p.heroes):
            self._push(s, DebtFrame("eliminate", seat, remaining, to))
        elif any(o == seat for o in s.owners):
            self.push_sell(s, seat, remaining, to)
        # else: no active hero and nothing to sell: "Hang in there!" The rest is not paid.

    def _options_eliminate(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        p = s.players[frame[1]]
        return frame[1], tuple(("eliminate", h.id) for h in p.heroes if h.active)

    def _on_eliminate(self, s: State, frame: tuple, move: Move) -> None:
        _, seat, remaining, to = frame
        p = s.players[seat]
        next(h for h in p.heroes if h.id == move[1]).active = False
        self.gain(s, seat, self.data.elimination_hp)
        self._push(s, ("transfer", seat, remaining, to))

    def _options_zarya(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat, to = frame[1], frame[3]
        return seat, tuple(("redirect", o) for o in self.redirect_targets(s, seat, to))

    def redirect_targets(self, s: State, seat: int, to: int) -> list[int]:
        # "Choose any other player": the player being paid is one of them (RULES.md).
        return [o for o in range(len(s.players)) if o != seat and o not in s.forfeited]

    def _on_zarya(self, s: State, frame: tuple, move: Move) -> None:
        _, seat, amount, to, kind = frame
        s.players[seat].redirect = False
        payer = move[1] if self.hit(s, seat, move[1]) else seat
        if payer == to:
            return  # the payee pays themselves: nothing changes hands, the rent is cancelled
        self._push(s, ("pay", payer, amount, to, "redirected"))

    # ------------------------------------------------------------------ the end
    def result(self, s: State) -> Result:
        d = self.data
        n = len(s.players)
        # the board's words count each seat's points with the same function (words.board)
        objective_points = [self.property_points(s, i) for i in range(n)]
        loot_points = [self.loot_points(s, i) for i in range(n)]
        top_hp = max(p.hp for p in s.players)
        # Ties for the most HP: every tied player is Play of the Game (RULES.md).
        potg = [d.play_of_the_game if p.hp == top_hp else 0 for p in s.players]
        scores = tuple(objective_points[i] + loot_points[i] + potg[i] for i in range(n))
        eligible = [i for i in range(n) if i not in s.forfeited]
        best = max((scores[i], s.players[i].hp) for i in eligible)
        winners = tuple(i for i in eligible if (scores[i], s.players[i].hp) == best)
        return Result(scores=scores, winners=winners, details={
            "objectives": objective_points, "loot_boxes": loot_points, "play_of_the_game": potg,
            "hp": [p.hp for p in s.players], "forfeited": list(s.forfeited), "turns": s.turns,
        })

    # ------------------------------------------------------------------ presentation
    def view(self, s: State, player: int) -> dict[str, Any]:
        """What `player` may see: other players' Loot Boxes are face down (how many), the deck
        is a count. The state holds no undisclosed card at all; the holder's node adds what it
        alone decrypted (protocol.session's `private_cards`)."""
        from ...canonical import to_data
        data = to_data(s)
        for seat, p in enumerate(data["players"]):
            if seat != player:
                p["loot"] = len(p["loot"])
        data["loot_deck"] = len(data["loot_deck"])
        return data


register(OverwatchMonopoly())


def _deal(s: State, pool: list[str], outcome: tuple[int, ...],
          each: int) -> tuple[list[tuple[int, str]], list[str]]:
    """`pool` shuffled by the permutation `outcome`, dealt `each` to every seat, one round of the
    pick order at a time: the (seat, card) pairs in dealing order, and the cards left over."""
    shuffled = [pool[i] for i in outcome]
    rounds = s.pick_order * each
    return [(seat, shuffled[k]) for k, seat in enumerate(rounds)], shuffled[len(rounds):]
