"""Monopoly Marvel Spider-Man — set-up, the turn, movement, the board spaces, the card decks,
the Symbol of Great Responsibility and the six Spider-Powers, the end of the game.

Built on the agenda machine (engine.agenda) like the reference game; the generic Monopoly pieces
(payments and debts, Spider-Tech, jail) are in family.py, auctions and trades in the shared
engine/games/monopoly_family.py. Choices where the rulebook is silent are written in RULES.md
beside this file, each played by a test in tests/spiderman/.
"""
from __future__ import annotations

from typing import Any

from ...agenda import AgendaGame
from ...chance import Chance
from ...core import Move, Result, register
from ..decks import DECKS_RULES_FILE, Deck, DeckDraws
from ..game_package import PackagedGame
from ..monopoly_family import FAMILY_RULES_FILES
from .data import Data, load
from .family import BANK, BOT_LEVEL, NOBODY, MonopolyFamily
from .state import Player, State, Turn

TURN_LIMIT = "turn-limit"


class SpiderManMonopoly(MonopolyFamily, DeckDraws, AgendaGame, PackagedGame):
    id = "spiderman-monopoly"
    title = "Monopoly Marvel Spider-Man"
    min_players = 2
    max_players = 6
    variants = (TURN_LIMIT,)
    rules_version = "1"

    def __init__(self, data: Data | None = None) -> None:
        self.data = data or load()

    shared_rules_files = (*FAMILY_RULES_FILES, DECKS_RULES_FILE)

    # ------------------------------------------------------------------ set-up
    def initial_state(self, players: int, variants: tuple[str, ...]) -> State:
        d = self.data
        s = State(
            game=self.id, variants=list(variants),
            players=[Player(webs=d.start_webs) for _ in range(players)],
            owners=[NOBODY] * d.board_size, tech=[0] * d.board_size,
            tracers=d.tracers, bots=d.bots, bank=d.bank_webs - players * d.start_webs,
            decks={k: Deck.new(d.deck(k)) for k in ("daily_bugle", "spider_sense")},
        )
        s.agenda = [("start",)]
        self._settle(s)
        return s

    def _do_start(self, s: State, frame: tuple) -> None:
        n = len(s.players)
        self._push(s, ("order_roll", tuple(range(n))),
                   *(("pick_hero", k) for k in range(n)), ("begin",))

    def _chance_order_roll(self, s: State, frame: tuple) -> Chance:
        return Chance("dice", (6, 6) * len(frame[1]), "both dice each: who goes first")

    def _roll_order_roll(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        seats = frame[1]
        totals = [outcome[2 * k] + outcome[2 * k + 1] for k in range(len(seats))]
        order = self.order_from_rolls(s, seats, totals)   # play moves to the left
        if order:
            s.order = order

    def _options_pick_hero(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        seat = s.order[frame[1]]
        taken = {p.hero for p in s.players}
        return seat, tuple(("hero", h.id) for h in self.data.heroes if h.id not in taken)

    def _on_pick_hero(self, s: State, frame: tuple, move: Move) -> None:
        s.players[s.order[frame[1]]].hero = move[1]

    def _do_begin(self, s: State, frame: tuple) -> None:
        self.begin_turns(s, s.order[0])

    # ------------------------------------------------------------------ the turn
    def _do_turn_start(self, s: State, frame: tuple) -> None:
        seat = s.turn.player
        p = s.players[seat]
        if p.out:
            self._push(s, ("next_turn",))
            return
        s.turns += 1
        s.turn = Turn(player=seat)
        if p.skip:  # a Daily Bugle card: this turn is skipped (not a turn in jail)
            p.skip = False
            self._push(s, ("next_turn",))
            return
        self._push(s, ("turn",))

    def _turn_options(self, s: State) -> list[Move]:
        t = s.turn
        seat = t.player
        p = s.players[seat]
        if p.out:
            return [("end_turn",)]
        opts: list[Move] = []
        if t.over or (t.rolled and not t.again):
            opts.append(("end_turn",))
        elif p.jailed and not t.rolled:
            if p.webs >= self.data.jail_fee:
                opts.append(("pay_jail",))
            opts += [("use_card", c) for c in p.cards if self.card_effect(c)[0] == "keep_jail"]
            opts.append(("roll_jail",))
        else:
            opts.append(("roll",))
        mine = self.properties_of(s, seat)   # (found once for the four below)
        if not t.sold:   # house rule: no buying back what was sold (keeps every turn finite)
            opts += self.tech_buys(s, seat, mine)
        opts += [("sell", i) for i in self.tech_sales(s, seat, mine)]
        opts += self.card_plays(s, seat)
        opts += self.trade_openings(s, mine)
        return opts

    END_TURN_TASK = "next_turn"

    def turn_move(self, s: State, seat: int, move: Move) -> None:
        kind = move[0]
        if kind == "roll":
            self._push(s, ("dice", "move", 0))
        elif kind == "pay_jail":
            self.release(s, seat)
            self._push(s, ("pay", seat, self.data.jail_fee, BANK), ("dice", "move", 0))
        elif kind == "use_card":
            self.release(s, seat)
            s.players[seat].cards.remove(move[1])
            self.return_card(s, move[1])
            self._push(s, ("dice", "move", 0))
        elif kind == "roll_jail":
            self._push(s, ("dice", "jail", 0))
        elif kind in ("tracer", "bot"):
            self.request_tech(s, seat, kind, move[1])
        elif kind == "sell":
            self.sell_tech(s, seat, move[1])
            s.turn.sold = True
        elif kind == "play":
            self.play_card(s, seat, move[1], move[2])

    def _do_next_turn(self, s: State, frame: tuple) -> None:
        if TURN_LIMIT in s.variants and s.turns >= self.data.turn_limit:
            s.agenda.clear()  # house variant: the richest player wins
            return
        order = s.order
        nxt = order[(order.index(s.turn.player) + 1) % len(order)]
        s.turn = Turn(player=nxt)
        self._push(s, ("turn_start",))

    # ("dice", purpose, rerolled): purpose "move" (a turn's roll), "jail" (trying for doubles) or
    # "rent" (the roll for an alliance's rent, by the player on it: moves happen only in one's
    # own turn, so that is always the player whose turn it is)
    def _chance_dice(self, s: State, frame: tuple) -> Chance:
        label = {"jail": "roll for doubles to leave jail", "rent": "both dice: alliance rent",
                 "move": "both dice: move"}[frame[1]]
        return Chance("dice", (6, 6), label + (" (Ghost-Spider's reroll)" if frame[2] else ""))

    def _roll_dice(self, s: State, frame: tuple, outcome: tuple[int, ...]) -> None:
        seat = s.turn.player
        if not frame[2] and self.power(s) == "ghost" and s.symbol == seat:
            self._push(s, ("ghost", frame[1], outcome[0], outcome[1]))
            return
        self.use_roll(s, frame[1], outcome[0], outcome[1])

    # ("ghost", purpose, die1, die2): Ghost-Spider may reroll, and must use the second roll.
    def _options_ghost(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return s.turn.player, (("keep",), ("reroll",))

    def _on_ghost(self, s: State, frame: tuple, move: Move) -> None:
        if move[0] == "keep":
            self.use_roll(s, frame[1], frame[2], frame[3])
        else:
            self._push(s, ("dice", frame[1], 1))

    def use_roll(self, s: State, purpose: str, d1: int, d2: int) -> None:
        """The roll that counts: Spider-Ham's due first, then doubles, jail and the move."""
        t = s.turn
        seat = t.player
        p = s.players[seat]
        doubles = d1 == d2
        effects: list[tuple] = []
        if doubles and self.power(s) == "ham" and s.symbol != seat:
            effects.append(("pay", seat, self.data.small_power_webs, s.symbol))
        if purpose == "rent":  # doubles here move nobody and give no second roll
            space = p.pos
            effects.append(("pay", seat, self.rent(s, space, d1 + d2), s.owners[space]))
        elif purpose == "move":
            t.doubles += 1 if doubles else 0
            if doubles and t.doubles >= 3:  # a third double in a row: jail at once, no move
                effects.append(("to_jail", seat))
            else:
                t.roll, t.rolled, t.again = d1 + d2, True, doubles
                effects.append(("walk", seat, d1 + d2, "dice"))
        elif doubles:  # out of jail: move by this roll, and that is the end of the turn
            self.release(s, seat)
            t.roll, t.rolled, t.again = d1 + d2, True, False
            effects.append(("walk", seat, d1 + d2, "dice"))
        else:
            p.jail_turns += 1
            if p.jail_turns >= self.data.jail_turns:  # third failure: pay, roll again, move
                self.release(s, seat)
                effects += [("pay", seat, self.data.jail_fee, BANK), ("roll_again", seat)]
            else:
                t.over = True
        self._push(s, *effects)

    def _do_roll_again(self, s: State, frame: tuple) -> None:
        if not s.players[frame[1]].out:  # the fee may have bankrupted the player
            self._push(s, ("dice", "move", 0))

    def _do_to_jail(self, s: State, frame: tuple) -> None:
        if not s.players[frame[1]].out:
            self.send_to_jail(s, frame[1])

    # ------------------------------------------------------------------ movement
    def power(self, s: State) -> str:
        """The Spider-Power that works now: the hero of the Symbol's holder ("" if none)."""
        return s.players[s.symbol].hero if s.symbol != NOBODY else ""

    def others_at(self, s: State, seat: int, space: int) -> list[int]:
        return [o for o in self.others(s, seat) if s.players[o].pos == space]

    # ("walk", seat, steps, mode): mode "dice", "card" (both pay GO and hand over the Symbol)
    # or "subway" (no GO, no Symbol, no power for players passed).
    def _do_walk(self, s: State, frame: tuple) -> None:
        _, seat, steps, mode = frame
        p = s.players[seat]
        if p.out:
            return
        d = self.data
        effects: list[tuple] = []
        for i in range(1, steps + 1):
            sp = (p.pos + i) % d.board_size
            if sp == 0 and mode != "subway":
                self.gain(s, seat, d.go_webs)
                s.symbol = seat
            if i < steps and mode != "subway" and s.symbol == seat and self.power(s) == "2099":
                effects += [("pay", o, d.small_power_webs, seat)
                            for o in self.others_at(s, seat, sp)]
        p.pos = (p.pos + steps) % d.board_size
        effects += self.landing_powers(s, seat)
        effects.append(("land", seat))
        self._push(s, *effects)

    def landing_powers(self, s: State, seat: int) -> list[tuple]:
        """Miles Morales and Spider-Man 2099 landing on players (only for the Symbol's holder)."""
        if s.symbol != seat:
            return []
        amount = {"miles": self.data.miles_webs, "2099": self.data.small_power_webs}.get(
            self.power(s))
        if amount is None:
            return []
        return [("pay", o, amount, seat) for o in self.others_at(s, seat, s.players[seat].pos)]

    def _do_back(self, s: State, frame: tuple) -> None:
        """("back", seat, n): move back n spaces (passes nobody, never passes GO)."""
        _, seat, n = frame
        p = s.players[seat]
        if p.out:
            return
        p.pos = (p.pos - n) % self.data.board_size
        self._push(s, *self.landing_powers(s, seat), ("land", seat))

    # ------------------------------------------------------------------ board spaces
    def _do_land(self, s: State, frame: tuple) -> None:
        seat = frame[1]
        p = s.players[seat]
        if p.out:
            return
        sp = self.data.spaces[p.pos]
        kind = sp.kind
        if sp.is_property:
            owner = s.owners[sp.index]
            if owner == NOBODY:
                self._push(s, ("buy", seat, sp.index))
            elif owner != seat and kind == "alliance":
                self._push(s, ("dice", "rent", 0))  # "Roll the dice to determine rent"
            elif owner != seat:
                self._push(s, ("pay", seat, self.rent(s, sp.index), owner))
        elif kind in ("spider_sense", "daily_bugle"):
            hero = {"daily_bugle": "peter", "spider_sense": "silk"}[kind]
            frames: list[tuple] = []
            if self.power(s) == hero:
                frames.append(("power_pick", s.symbol))
            frames.append(("draw", seat, kind))
            self._push(s, *frames)
        elif kind == "subway":
            self._push(s, ("subway", seat))
        elif kind == "go_to_jail":
            self.send_to_jail(s, seat)
        # GO was paid on arrival; Free Parking and Just Visiting: nothing happens.

    def rent(self, s: State, space: int, roll: int = 0) -> int:
        """A villain's rent as it stands; an alliance's from `roll`, the dice rolled for it."""
        sp = self.data.spaces[space]
        owner = s.owners[space]
        if sp.kind == "alliance":
            both = sum(1 for i in self.data.alliances if s.owners[i] == owner)
            return roll * self.data.alliance_multipliers[both - 1]
        level = s.tech[space]
        if level:
            return sp.rents[1 + level]  # 1..4 Tracers: rents[2..5]; a Bot: rents[6]
        return sp.rents[1] if self.full_set(s, space) else sp.rents[0]

    # ("buy", seat, space): the lander buys the property or it goes to auction.
    def _options_buy(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], self.buy_options(s, frame[1], frame[2])

    def _on_buy(self, s: State, frame: tuple, move: Move) -> None:
        self.buy_or_auction(s, frame[1], frame[2], move)

    def _options_subway(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], (("stay",), *(("ride", i) for i in self.data.properties))

    def _on_subway(self, s: State, frame: tuple, move: Move) -> None:
        if move[0] == "ride":
            seat = frame[1]
            steps = (move[1] - s.players[seat].pos) % self.data.board_size
            self._push(s, ("walk", seat, steps, "subway"))

    # ("power_pick", holder): Peter Parker / Silk choose who pays them 1 web.
    def _options_power_pick(self, s: State, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], tuple(("take", o) for o in self.others(s, frame[1]))

    def _on_power_pick(self, s: State, frame: tuple, move: Move) -> None:
        self._push(s, ("pay", move[1], self.data.small_power_webs, frame[1]))

    def on_bankrupt(self, s: State, seat: int) -> None:
        if s.symbol == seat:
            s.symbol = NOBODY  # the Symbol waits on GO for the next player to pass it

    # ------------------------------------------------------------------ cards
    @staticmethod
    def deck_name(deck: str) -> str:
        return {"daily_bugle": "Daily Bugle", "spider_sense": "Spider-Sense"}[deck]

    def card_effect(self, cid: str) -> tuple:
        return self.data.cards[cid].effect

    # ("draw", seat, deck): the top card, decided only now (engine/games/decks.py).
    def _do_draw(self, s: State, frame: tuple) -> None:
        _, seat, deck = frame
        if not s.players[seat].out:
            self.draw_card(s, deck, seat)

    def draw_label(self, deck: str) -> str:
        return f"draw a {self.deck_name(deck)} card"

    def card_drawn(self, s: State, deck: str, cid: str, ctx: tuple) -> None:
        seat = ctx[0]
        effect = self.card_effect(cid)
        kind = effect[0]
        if kind.startswith("keep_"):
            s.players[seat].cards.append(cid)
            return
        s.decks[deck].put_bottom(cid)  # read, then back to the bottom of the deck
        d = self.data
        pos = s.players[seat].pos
        if kind == "advance":
            self._push(s, ("walk", seat, (effect[1] - pos) % d.board_size, "card"))
        elif kind == "nearest":
            steps = next(k for k in range(1, d.board_size + 1)
                         if d.spaces[(pos + k) % d.board_size].kind == effect[1])
            self._push(s, ("walk", seat, steps, "card"))
        elif kind == "back":
            self._push(s, ("back", seat, effect[1]))
        elif kind == "jail":
            self.send_to_jail(s, seat)
        elif kind == "collect":
            self.gain(s, seat, effect[1])
        elif kind == "pay":
            self._push(s, ("pay", seat, effect[1], BANK))
        elif kind == "collect_each":
            self._push(s, *(("pay", o, effect[1], seat) for o in self.others(s, seat)))
        elif kind == "pay_each":
            self._push(s, *(("pay", seat, effect[1], o) for o in self.others(s, seat)))
        elif kind == "repairs":
            tracers = sum(s.tech[i] for i in self.properties_of(s, seat)
                          if s.tech[i] != BOT_LEVEL)
            bots = sum(1 for i in self.properties_of(s, seat) if s.tech[i] == BOT_LEVEL)
            self._push(s, ("pay", seat, effect[1] * tracers + effect[2] * bots, BANK))
        else:
            raise AssertionError(f"unknown card effect {effect!r}")

    def card_plays(self, s: State, seat: int) -> list[Move]:
        """Kept Daily Bugle cards the player may use now, on their own turn."""
        out: list[Move] = []
        for cid in s.players[seat].cards:
            if self.card_effect(cid)[0] in ("keep_steal", "keep_skip"):
                out += [("play", cid, o) for o in self.others(s, seat)]
        return out

    def play_card(self, s: State, seat: int, cid: str, target: int) -> None:
        s.players[seat].cards.remove(cid)
        self.return_card(s, cid)
        effect = self.card_effect(cid)
        if effect[0] == "keep_steal":
            self._push(s, ("pay", target, effect[1], seat))
        else:
            s.players[target].skip = True

    # ------------------------------------------------------------------ the end
    def result(self, s: State) -> Result:
        n = len(s.players)
        worth = tuple(self.net_worth(s, i) for i in range(n))
        standing = [i for i in self.alive(s) if i not in s.forfeited]
        if len(self.alive(s)) == 1 and standing:
            winners = tuple(standing)
        elif standing:
            best = max(worth[i] for i in standing)
            winners = tuple(i for i in standing if worth[i] == best)
        else:
            winners = ()
        return Result(scores=worth, winners=winners, details={
            "webs": [p.webs for p in s.players], "bankrupt": [p.out for p in s.players],
            "forfeited": list(s.forfeited), "turns": s.turns,
        })

    # ------------------------------------------------------------------ presentation
    def view(self, s: State, player: int) -> dict[str, Any]:
        """What `player` may see: everything. The decks hold no order for their unseen cards
        (engine/games/decks.py), so there is nothing to hide."""
        from ...canonical import to_data
        return to_data(s)


register(SpiderManMonopoly())
