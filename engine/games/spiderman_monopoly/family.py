"""Spider-Man's own Monopoly-family pieces; the auction and the trades are the shared ones
(engine/games/monopoly_family.py), fitted here to sell Spider-Tech too and to trade cards.

Each piece is a group of agenda tasks (see engine.agenda) over these state fields:
`players[i].webs`/`.out`/`.cards`/`.pos`/`.jailed`/`.jail_turns`, `owners`, `tech`, `bank`,
`tracers`, `bots`, `turn.player`/`.offers`. The money word in this file is "webs"; the Mario and
Overwatch editions call it coins and HP.

- PAYMENTS AND DEBTS: ("pay", payer, amount, to) with to = BANK or a seat. Short of money: sell
  buildings to the bank, then give one property to the creditor (or back to the bank), then
  bankruptcy; kept cards go to a creditor player or back to the bottom of their decks.
- AUCTIONS (shared): ("auction", lot, space, bidders, high, leader, idx), lot "property",
  "tracer" or "bot"; bids start at data.auction_start.
- BUILDINGS ("Spider-Tech" here: up to 4 Tracers then a Bot) bought and sold evenly across a
  colour set, from a limited supply; several players wanting the last one bid for it.
- TRADES (shared): drafted step by step by the active player, answered by the partner; kept
  cards may change hands, properties only with no Spider-Tech on their set.
- JAIL: send_to_jail / release.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Move
from ..monopoly_family import (MAX_TRADE_OFFERS, NOBODY, Auction, LotAuctionFrame, Trades,
                               TurnTask)

if TYPE_CHECKING:
    from .state import State

BANK = NOBODY  # a payment to nobody goes to the bank
BOT_LEVEL = 5          # tech level of a Spider-Bot (levels 1..4 are Tracers)


def half_up(n: int) -> int:
    """Half of n rounded up (selling back to the bank)."""
    return (n + 1) // 2


class MonopolyFamily(Auction, Trades, TurnTask):
    # ------------------------------------------------------------------ players and money
    def alive(self, s: "State") -> list[int]:
        """Seats still in the game, in seat order."""
        return [i for i, p in enumerate(s.players) if not p.out]

    def others(self, s: "State", seat: int) -> list[int]:
        """Other players still in, in seat order starting after `seat` (the order effects go)."""
        n = len(s.players)
        return [o for o in ((seat + k) % n for k in range(1, n)) if not s.players[o].out]

    def gain(self, s: "State", seat: int, amount: int) -> None:
        """The bank pays `seat` (the bank never runs out: its count may go below 0)."""
        s.bank -= amount
        s.players[seat].webs += amount

    def move_webs(self, s: "State", payer: int, amount: int, to: int) -> None:
        s.players[payer].webs -= amount
        if to == BANK:
            s.bank += amount
        else:
            s.players[to].webs += amount

    # Money hooks of the shared auction and trades.
    def money(self, s: "State", seat: int) -> int:
        return s.players[seat].webs

    def pay_bank(self, s: "State", seat: int, amount: int) -> None:
        self.move_webs(s, seat, amount, BANK)

    def between(self, s: "State", payer: int, payee: int, amount: int) -> None:
        self.move_webs(s, payer, amount, payee)

    def net_worth(self, s: "State", seat: int) -> int:
        """Webs + printed prices of properties + what the Spider-Tech on them cost."""
        p = s.players[seat]
        if p.out:
            return 0
        total = p.webs
        for i in self.properties_of(s, seat):
            sp = self.data.spaces[i]
            total += sp.price
            level = s.tech[i]
            if level == BOT_LEVEL:
                total += self.data.max_tracers * sp.tracer_cost + sp.bot_cost
            else:
                total += level * sp.tracer_cost
        return total

    # ------------------------------------------------------------------ PAYMENTS AND DEBTS
    def _do_pay(self, s: "State", frame: tuple) -> None:
        _, payer, amount, to = frame
        if amount <= 0 or s.players[payer].out:
            return
        if to != BANK and s.players[to].out:
            to = BANK  # a creditor who went bankrupt meanwhile: the webs go to the bank
        if s.players[payer].webs >= amount:
            self.move_webs(s, payer, amount, to)
        else:
            self._push(s, ("owe", payer, amount, to))

    def _do_owe(self, s: "State", frame: tuple) -> None:
        _, payer, amount, to = frame
        p = s.players[payer]
        if p.webs >= amount:
            self.move_webs(s, payer, amount, to)
        elif self.tech_sales(s, payer):
            self._push(s, ("raise", payer, amount, to))
        elif self.properties_of(s, payer):
            self._push(s, ("surrender", payer, amount, to))
        else:
            self.bankrupt(s, payer, to)

    # ("raise", debtor, amount, creditor): sell Spider-Tech back to the bank, evenly.
    def _options_raise(self, s: "State", frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], tuple(("sell", i) for i in self.tech_sales(s, frame[1]))

    def _on_raise(self, s: "State", frame: tuple, move: Move) -> None:
        _, payer, amount, to = frame
        self.sell_tech(s, payer, move[1])
        self._push(s, ("owe", payer, amount, to))

    # ("surrender", debtor, amount, creditor): no tech left, one property settles the debt.
    def _options_surrender(self, s: "State", frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], tuple(("give", i) for i in self.properties_of(s, frame[1]))

    def _on_surrender(self, s: "State", frame: tuple, move: Move) -> None:
        _, payer, amount, to = frame
        # The debtor's webs go first, then the property settles the rest (RULES.md).
        self.move_webs(s, payer, s.players[payer].webs, to)
        s.owners[move[1]] = NOBODY if to == BANK else to

    def bankrupt(self, s: "State", seat: int, to: int) -> None:
        p = s.players[seat]
        self.move_webs(s, seat, p.webs, to)
        for cid in p.cards:
            if to == BANK:
                self.return_card(s, cid)
            else:
                s.players[to].cards.append(cid)
        p.cards = []
        p.out = True
        p.jailed = False
        p.skip = False
        for i in self.properties_of(s, seat):  # none are left by the rules; kept for safety
            s.owners[i] = NOBODY
        self.on_bankrupt(s, seat)
        if len(self.alive(s)) <= 1:
            s.agenda.clear()  # the last player standing wins

    def on_bankrupt(self, s: "State", seat: int) -> None:
        """Game-specific clean-up when `seat` leaves (e.g. a token the player held)."""

    def return_card(self, s: "State", cid: str) -> None:
        """A used or surrendered card goes to the bottom of its deck."""
        s.decks[self.data.cards[cid].deck].put_bottom(cid)

    # ------------------------------------------------------------------ AUCTIONS
    def in_game(self, s: "State", seat: int) -> bool:
        return not s.players[seat].out

    AUCTION_FRAME = LotAuctionFrame

    def property_lot(self, space: int) -> tuple:
        return ("property", space)

    def opening_bid(self) -> int:
        return self.data.auction_start

    def auction_won(self, s: "State", seat: int, lot: tuple) -> None:
        kind, space = lot
        if kind == "property":
            s.owners[space] = seat
        else:
            self._push(s, ("place", seat, kind))

    # ------------------------------------------------------------------ BUILDINGS (Spider-Tech)
    def full_set(self, s: "State", space: int) -> bool:
        sp = self.data.spaces[space]
        owner = s.owners[space]
        return (sp.kind == "villain" and owner != NOBODY
                and all(s.owners[i] == owner for i in self.data.set_spaces(sp.set)))

    def set_levels(self, s: "State", space: int) -> list[int]:
        return [s.tech[i] for i in self.data.set_spaces(self.data.spaces[space].set)]

    def placements(self, s: "State", seat: int, lot: str) -> list[int]:
        """Villains of `seat` where a Tracer (lot "tracer") or a Bot may go now, evenly."""
        tracers, bots = self._placements(s, seat)
        return tracers if lot == "tracer" else bots if lot == "bot" else []

    def _placements(self, s: "State", seat: int,
                    mine: list[int] | None = None) -> tuple[list[int], list[int]]:
        """`placements` of both lots, from one pass over the seat's villains (each turn
        decision asks for both); `mine`: the seat's properties, when the caller has them."""
        tracers: list[int] = []
        bots: list[int] = []
        most = self.data.max_tracers
        spaces, tech = self.data.spaces, s.tech
        lowest: dict[int, int | None] = {}  # set -> its lowest level, None: not all `seat`'s
        for i in self.properties_of(s, seat) if mine is None else mine:
            sp = spaces[i]
            if sp.kind != "villain":
                continue
            if sp.set not in lowest:   # each set looked at once, not once per space of it
                lowest[sp.set] = min(self.set_levels(s, i)) if self.full_set(s, i) else None
            level = tech[i]
            if level != lowest[sp.set]:
                continue
            if level < most:
                tracers.append(i)
            elif level == most:
                bots.append(i)
        return tracers, bots

    def tech_cost(self, space: int, lot: str) -> int:
        sp = self.data.spaces[space]
        return sp.tracer_cost if lot == "tracer" else sp.bot_cost

    def supply(self, s: "State", lot: str) -> int:
        return s.tracers if lot == "tracer" else s.bots

    def tech_buys(self, s: "State", seat: int, mine: list[int] | None = None) -> list[Move]:
        webs = s.players[seat].webs
        if s.tracers <= 0 and s.bots <= 0:
            return []
        spots = dict(zip(("tracer", "bot"), self._placements(s, seat, mine)))
        return [(lot, i) for lot in ("tracer", "bot") if self.supply(s, lot) > 0
                for i in spots[lot] if webs >= self.tech_cost(i, lot)]

    def attach(self, s: "State", seat: int, lot: str, space: int) -> None:
        if lot == "tracer":
            s.tracers -= 1
            s.tech[space] += 1
        else:  # the 4 Tracers go back to the bank
            s.bots -= 1
            s.tracers += self.data.max_tracers
            s.tech[space] = BOT_LEVEL

    def request_tech(self, s: "State", seat: int, lot: str, space: int) -> None:
        """`seat` buys a Tracer/Bot for `space`; for the last one, others may want it too."""
        contenders: tuple[int, ...] = ()
        if self.supply(s, lot) == 1:
            contenders = tuple(o for o in self.others(s, seat)
                               if self.placements(s, o, lot)
                               and s.players[o].webs >= self.data.auction_start)
        if contenders:
            self._push(s, ("want", lot, space, seat, contenders, (), 0))
        else:
            self.move_webs(s, seat, self.tech_cost(space, lot), BANK)
            self.attach(s, seat, lot, space)

    # ("want", lot, space, requester, contenders, wanters, idx): is anyone else after it?
    def _options_want(self, s: "State", frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[4][frame[6]], (("want",), ("decline",))

    def _on_want(self, s: "State", frame: tuple, move: Move) -> None:
        _, lot, space, seat, contenders, wanters, idx = frame
        if move[0] == "want":
            wanters = wanters + (contenders[idx],)
        if idx + 1 < len(contenders):
            self._push(s, ("want", lot, space, seat, contenders, wanters, idx + 1))
        elif not wanters:
            self.move_webs(s, seat, self.tech_cost(space, lot), BANK)
            self.attach(s, seat, lot, space)
        else:
            n = len(s.players)
            bidders = tuple(o for o in ((seat + k) % n for k in range(n))
                            if o == seat or o in wanters)
            self.push_auction(s, (lot, space), bidders)  # never empty: the requester bids

    # ("place", seat, lot): the auction's winner attaches the piece where the rules allow.
    def _options_place(self, s: "State", frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return frame[1], tuple(("place", i) for i in self.placements(s, frame[1], frame[2]))

    def _on_place(self, s: "State", frame: tuple, move: Move) -> None:
        self.attach(s, frame[1], frame[2], move[1])

    def tech_sales(self, s: "State", seat: int, mine: list[int] | None = None) -> list[int]:
        """Villains of `seat` whose Spider-Tech may be sold now: the fullest of their set
        (`mine`: the seat's properties, when the caller has them)."""
        tech = s.tech
        return [i for i in (self.properties_of(s, seat) if mine is None else mine)
                if tech[i] > 0 and tech[i] == max(self.set_levels(s, i))]

    def sell_tech(self, s: "State", seat: int, space: int) -> None:
        """Half the cost, rounded up. A Bot comes back as 4 Tracers from the supply; with
        fewer there, the missing Tracers are sold at once too (RULES.md)."""
        sp = self.data.spaces[space]
        if s.tech[space] == BOT_LEVEL:
            s.bots += 1
            k = min(self.data.max_tracers, s.tracers)
            s.tracers -= k
            s.tech[space] = k
            self.gain(s, seat, half_up(sp.bot_cost)
                      + (self.data.max_tracers - k) * half_up(sp.tracer_cost))
        else:
            s.tech[space] -= 1
            s.tracers += 1
            self.gain(s, seat, half_up(sp.tracer_cost))

    # ------------------------------------------------------------------ TRADES
    TRADE_CARDS = True

    def tradeable(self, s: "State", space: int) -> bool:
        """No Spider-Tech anywhere on its colour set (sell it to the bank first)."""
        sp = self.data.spaces[space]
        if sp.kind != "villain":
            return True
        tech = s.tech
        return not any(tech[i] for i in self.data.set_spaces(sp.set))   # (set_levels' list)

    def trade_openings(self, s: "State", mine: list[int] | None = None) -> list[Move]:
        """(`mine`: the properties of the seat to play, when the caller has them.)"""
        seat = s.turn.player
        if s.turn.offers >= MAX_TRADE_OFFERS:
            return []
        def has_goods(o: int, props: list[int] | None = None) -> bool:
            return bool(s.players[o].cards) or any(
                self.tradeable(s, i) for i in (self.properties_of(s, o) if props is None
                                               else props))
        others = self.others(s, seat)
        if others and has_goods(seat, mine):   # (asked once, not once per other seat)
            return [("trade", o) for o in others]
        return [("trade", o) for o in others if has_goods(o)]

    def trade_money(self, s: "State", seat: int, partner: int, pay: int, ask: int) -> None:
        # Unlike the family default, not capped by what each side holds at the answer: nothing
        # can spend webs between the offer and the answer here.
        self.move_webs(s, seat, pay, partner)
        self.move_webs(s, partner, ask, seat)

    # ------------------------------------------------------------------ JAIL
    def send_to_jail(self, s: "State", seat: int) -> None:
        """Straight to jail: no GO, no passing; the turn is over."""
        p = s.players[seat]
        p.pos = self.data.jail_space
        p.jailed = True
        p.jail_turns = 0
        if s.turn.player == seat:
            s.turn.over = True
            s.turn.again = False

    def release(self, s: "State", seat: int) -> None:
        p = s.players[seat]
        p.jailed = False
        p.jail_turns = 0
