"""What the Monopoly-family games share: buying or auctioning a property, trades between players,
and for the Monopoly Gamer editions (Mario, Overwatch) also the roll for who chooses first,
printed rent and points, and selling properties out of money trouble.

The pieces are mixins over the money hooks of `MoneyHooks`; a game takes the ones whose rules it
follows. Mario and Overwatch take all of `MonopolyFamily`; Spider-Man, whose debts and rent work
otherwise (spiderman_monopoly/family.py), takes `Auction` and `Trades` only. The state needs
`owners` (per space: seat or NOBODY), `players` and `turn` (with `player`, `offers`); `self.data`
needs `spaces[i].price` (and for `MonopolyFamily`: `.rent`, `.set`, `.points` and
`set_spaces(set)`). Task frames keep one layout for every game and have named fields (the
named tuples below), so bots and words read them by name.

Digital-play adaptations common to the family (shared/DESIGN.md): auctions are open ascending
auctions in seat order starting with the lander, a pass leaves the auction, no bids no sale;
trades are proposed by the active player (at most MAX_TRADE_OFFERS per turn, so every game is
finite) and accepted or refused by the partner.
"""
from __future__ import annotations

from collections import namedtuple
from pathlib import Path
from typing import Any, NamedTuple

from ..core import Move
from .game_package import NOBODY

__all__ = ["NOBODY", "MAX_TRADE_OFFERS", "AuctionFrame", "LotAuctionFrame", "TradeFrame",
           "CardTradeFrame", "SellFrame", "SaleOfferFrame", "MoneyHooks", "Auction", "Trades",
           "TurnTask", "MonopolyFamily"]

MAX_TRADE_OFFERS = 3  # per turn; keeps every game finite


# ---------------------------------------------------------------------- task frames
# Named tuples: a frame is still the plain tuple it always was (same hash, same equality), and
# the names are for whoever reads it. `kind` is the task ("auction", "trade_draft", ...).
class AuctionFrame(namedtuple("AuctionFrame", "kind space bidders high leader to_bid")):
    """An open auction of a property: `bidders` still in, in bidding order; `high` the bid to
    beat (0: none yet) by `leader` (NOBODY: nobody yet); `to_bid` indexes `bidders`."""
    __slots__ = ()
    lot = property(lambda self: (self.space,))


class LotAuctionFrame(namedtuple("LotAuctionFrame", "kind item space bidders high leader to_bid")):
    """An auction of something on a space (Spider-Man: `item` "property", "tracer", "bot")."""
    __slots__ = ()
    lot = property(lambda self: (self.item, self.space))


class TradeFrame(NamedTuple):
    """A trade being drafted ("trade_draft") or answered ("trade_answer")."""
    kind: str
    proposer: int
    partner: int
    give: tuple        # properties the proposer gives
    take: tuple        # properties the proposer asks for
    pay: int           # money the proposer adds
    ask: int           # money the proposer asks for


class CardTradeFrame(NamedTuple):
    """A trade in a game where kept cards change hands too (Trades.TRADE_CARDS)."""
    kind: str
    proposer: int
    partner: int
    give: tuple
    take: tuple
    pay: int
    ask: int
    give_cards: tuple
    take_cards: tuple


class SellFrame(NamedTuple):
    """`seller` owes `debt` to `creditor` and must sell; `refused`: (space, buyer) pairs."""
    kind: str
    seller: int
    debt: int
    creditor: Any
    refused: tuple


class SaleOfferFrame(NamedTuple):
    """`seller` offers `space` to `buyer` for `price` to settle a debt."""
    kind: str
    seller: int
    debt: int
    creditor: Any
    refused: tuple
    space: int
    buyer: int
    price: int

_GAMES = Path(__file__).resolve().parent
# The shared modules outside a family game's folder that are part of its rules (its
# shared_rules_files, so the rules digest changes with them): this module, the data reader, the
# takeover policy's shared part and the package wiring.
FAMILY_RULES_FILES = (_GAMES / "monopoly_family.py", _GAMES / "gamedata.py",
                      _GAMES / "family_bot.py", _GAMES / "game_package.py")


class MoneyHooks:
    """How a game counts money: Overwatch HP with a cap and an unlimited bank, Mario coins with a
    finite bank, Spider-Man webs with a bank that may go below 0."""

    def money(self, s: Any, seat: int) -> int:
        raise NotImplementedError

    def pay_bank(self, s: Any, seat: int, amount: int) -> None:
        """A purchase from the bank (price or winning bid); the seat has the money."""
        raise NotImplementedError

    def from_bank(self, s: Any, seat: int, amount: int) -> None:
        """The bank pays the seat (a property sold back at face value)."""
        raise NotImplementedError

    def between(self, s: Any, payer: int, payee: int, amount: int) -> None:
        """Money from one player to another; the payer has it."""
        raise NotImplementedError

    def in_game(self, s: Any, seat: int) -> bool:
        """Whether the seat still plays (has not forfeited or gone bankrupt)."""
        raise NotImplementedError

    def properties_of(self, s: Any, seat: int) -> list[int]:
        return [i for i, o in enumerate(s.owners) if o == seat]


class Auction(MoneyHooks):
    """Buying an unowned property at its printed price, or else the open ascending auction.
    The auction's frame is ("auction", *lot, bidders still in, high bid, high bidder, index of
    who is to bid); `lot` says what is sold: (space,) unless a game sells more than properties
    (Spider-Man: (kind, space), in its AUCTION_FRAME)."""

    AUCTION_FRAME: Any = AuctionFrame

    def opening_bid(self) -> int:
        """The lowest first bid."""
        return 1

    def property_lot(self, space: int) -> tuple:
        return (space,)

    def auction_won(self, s: Any, seat: int, lot: tuple) -> None:
        """The winner has paid; the lot becomes theirs."""
        s.owners[lot[0]] = seat

    def buy_options(self, s: Any, seat: int, space: int, buy: str = "buy") -> tuple[Move, ...]:
        """`seat` landed on unowned `space`: buy it (with the money) or put it up for auction."""
        opts: list[Move] = []
        if self.money(s, seat) >= self.data.spaces[space].price:
            opts.append((buy,))
        opts.append(("auction",))
        return tuple(opts)

    def buy_or_auction(self, s: Any, seat: int, space: int, move: Move) -> None:
        if move[0] == "auction":
            self.start_auction(s, space, seat)
        else:
            self.pay_bank(s, seat, self.data.spaces[space].price)
            s.owners[space] = seat

    def start_auction(self, s: Any, space: int, lander: int) -> None:
        """Everyone still in bids, in seat order from the lander."""
        n = len(s.players)
        bidders = tuple(o for o in ((lander + k) % n for k in range(n)) if self.in_game(s, o))
        self.push_auction(s, self.property_lot(space), bidders)

    def push_auction(self, s: Any, lot: tuple, bidders: tuple[int, ...]) -> None:
        self._push(s, self.AUCTION_FRAME("auction", *lot, bidders, 0, NOBODY, 0))

    def _options_auction(self, s: Any, frame: AuctionFrame) -> tuple[int, tuple[Move, ...]]:
        seat = frame.bidders[frame.to_bid]
        low = max(frame.high + 1, self.opening_bid())
        return seat, (*(("bid", b) for b in range(low, self.money(s, seat) + 1)), ("pass",))

    def _on_auction(self, s: Any, frame: AuctionFrame, move: Move) -> None:
        bidders, high, leader, idx = frame.bidders, frame.high, frame.leader, frame.to_bid
        seat = bidders[idx]
        if move[0] == "bid":
            high, leader = move[1], seat
            idx = (idx + 1) % len(bidders)
        else:
            bidders = bidders[:idx] + bidders[idx + 1:]
            idx = idx % len(bidders) if bidders else 0
        if not bidders:
            return  # everybody passed without a bid: no sale, no one pays
        if len(bidders) == 1 and leader == bidders[0]:
            self.pay_bank(s, leader, high)
            self.auction_won(s, leader, frame.lot)
            return
        self._push(s, frame._replace(bidders=bidders, high=high, leader=leader, to_bid=idx))


class Trades(MoneyHooks):
    """Trades drafted step by step by the active player and answered by the partner.

    Frame: ("trade_draft", proposer, partner, properties given, properties asked, paid, asked)
    and, in games where kept cards may change hands (TRADE_CARDS; they are in
    `players[i].cards`), the cards given and asked after those. "trade_answer" has the same
    fields. Who may be offered a trade (`trade_openings`) is each game's own rule."""

    TRADE_CARDS = False

    def trade_frame(self, *fields: Any) -> TradeFrame | CardTradeFrame:
        return (CardTradeFrame if self.TRADE_CARDS else TradeFrame)(*fields)

    def tradeable(self, s: Any, space: int) -> bool:
        """Whether a property may change hands now (Spider-Man: not with Spider-Tech on its set)."""
        return True

    def open_trade(self, s: Any, seat: int, partner: int) -> None:
        s.turn.offers += 1
        cards = ((), ()) if self.TRADE_CARDS else ()
        self._push(s, self.trade_frame("trade_draft", seat, partner, (), (), 0, 0, *cards))

    def _options_trade_draft(self, s: Any, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        _, seat, partner, give, take, pay, ask, *cards = frame
        gcards, tcards = cards or ((), ())
        opts: list[Move] = []
        opts += [("give", i) for i in self.properties_of(s, seat)
                 if i not in give and self.tradeable(s, i)]
        opts += [("take", i) for i in self.properties_of(s, partner)
                 if i not in take and self.tradeable(s, i)]
        if cards:
            opts += [("give_card", c) for c in s.players[seat].cards if c not in gcards]
            opts += [("take_card", c) for c in s.players[partner].cards if c not in tcards]
        if pay == 0:
            opts += [("pay", n) for n in range(1, self.money(s, seat) + 1)]
        if ask == 0:
            opts += [("ask", n) for n in range(1, self.money(s, partner) + 1)]
        # Something changes hands, and each side gives something.
        goods = give or take or gcards or tcards
        if goods and (give or pay or gcards) and (take or ask or tcards):
            opts.append(("offer",))
        opts.append(("cancel",))
        return seat, tuple(opts)

    def _on_trade_draft(self, s: Any, frame: tuple, move: Move) -> None:
        _, seat, partner, give, take, pay, ask, *cards = frame
        kind = move[0]
        if kind == "cancel":
            return
        if kind == "offer":
            self._push(s, frame._replace(kind="trade_answer"))
            return
        if kind == "give":
            give = tuple(sorted(give + (move[1],)))
        elif kind == "take":
            take = tuple(sorted(take + (move[1],)))
        elif kind == "give_card":
            cards[0] = tuple(sorted(cards[0] + (move[1],)))
        elif kind == "take_card":
            cards[1] = tuple(sorted(cards[1] + (move[1],)))
        elif kind == "pay":
            pay = move[1]
        elif kind == "ask":
            ask = move[1]
        self._push(s, self.trade_frame("trade_draft", seat, partner, give, take, pay, ask, *cards))

    def _options_trade_answer(self, s: Any, frame: TradeFrame) -> tuple[int, tuple[Move, ...]]:
        return frame.partner, (("accept",), ("refuse",))

    def _on_trade_answer(self, s: Any, frame: tuple, move: Move) -> None:
        _, seat, partner, give, take, pay, ask, *cards = frame
        if move[0] == "refuse":
            return
        for i in give:
            s.owners[i] = partner
        for i in take:
            s.owners[i] = seat
        if cards:
            a, b = s.players[seat], s.players[partner]
            for c in cards[0]:
                a.cards.remove(c)
                b.cards.append(c)
            for c in cards[1]:
                b.cards.remove(c)
                a.cards.append(c)
        self.trade_money(s, seat, partner, pay, ask)

    def trade_money(self, s: Any, seat: int, partner: int, pay: int, ask: int) -> None:
        # The money was checked when the offer was drafted and nothing can spend it before the
        # answer, but a state edited in between must not make money out of nothing.
        self.between(s, seat, partner, min(pay, self.money(s, seat)))
        self.between(s, partner, seat, min(ask, self.money(s, partner)))


class TurnTask:
    """("turn",): the active player's free choice among `_turn_options(s)`. Ending the turn
    pushes END_TURN_TASK; any other move keeps the turn going after whatever it starts
    (`turn_move`, and a trade offer here). And who takes the first turn (`order_from_rolls`)."""

    END_TURN_TASK = "end_turn"

    def order_from_rolls(self, s: Any, seats: tuple, totals: tuple | list) -> list[int] | None:
        """Who goes first from each seat's roll: the highest roller, then the others to the
        left; tied highest rollers roll again (a new "order_roll" task, and None)."""
        top = max(totals)
        best = tuple(seat for seat, total in zip(seats, totals) if total == top)
        if len(best) > 1:
            self._push(s, ("order_roll", best))
            return None
        n = len(s.players)
        return [(best[0] + k) % n for k in range(n)]

    def begin_turns(self, s: Any, first: int) -> None:
        """Set-up is over: `first` takes the first turn."""
        s.turn = type(s.turn)(player=first)
        self._push(s, ("turn_start",))

    def turn_move(self, s: Any, seat: int, move: Move) -> None:
        raise NotImplementedError

    def _options_turn(self, s: Any, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        return s.turn.player, tuple(self._turn_options(s))

    def _on_turn(self, s: Any, frame: tuple, move: Move) -> None:
        if move[0] == "end_turn":
            self._push(s, (self.END_TURN_TASK,))
            return
        self._push(s, ("turn",))  # the turn goes on after whatever this move starts
        if move[0] == "trade":
            self.open_trade(s, s.turn.player, move[1])
        else:
            self.turn_move(s, s.turn.player, move)


class MonopolyFamily(Auction, Trades, TurnTask):
    """Everything above plus the roll for who chooses first, printed rent, property points and
    selling out of money trouble."""

    def after_sale(self, s: Any, seat: int, remaining: int, to: Any) -> None:
        """Push what follows a sale made to settle a debt of `remaining` owed to `to`."""
        raise NotImplementedError

    def push_sell(self, s: Any, seat: int, debt: int, creditor: Any) -> None:
        """`seat` must sell a property to pay `debt` to `creditor`."""
        self._push(s, SellFrame("sell", seat, debt, creditor, ()))

    # ------------------------------------------------------------------ set-up
    # ("order_roll", seats): each rolls the number die; the highest chooses first and the others
    # follow in seat order (state `pick_order`); tied highest rollers roll again. The game says
    # what the roll is for in its own `_chance_order_roll`.
    def _roll_order_roll(self, s: Any, frame: tuple, outcome: tuple[int, ...]) -> None:
        order = self.order_from_rolls(s, frame[1], outcome)
        if order:
            s.pick_order = order

    # ------------------------------------------------------------------ properties
    def full_set(self, s: Any, space: int) -> bool:
        """Whether one owner holds the whole colour set `space` belongs to."""
        owner = s.owners[space]
        return owner != NOBODY and all(
            s.owners[i] == owner for i in self.data.set_spaces(self.data.spaces[space].set))

    def rent(self, s: Any, space: int) -> int:
        """The printed rent, doubled when one owner holds the whole colour set."""
        return self.data.spaces[space].rent * (2 if self.full_set(s, space) else 1)

    def property_points(self, s: Any, seat: int) -> int:
        return sum(self.data.spaces[i].points for i in self.properties_of(s, seat))

    def in_game(self, s: Any, seat: int) -> bool:
        return seat not in s.forfeited

    # ------------------------------------------------------------------ selling in money trouble
    # ("sell", seller, debt, creditor, offers already refused as (space, buyer) pairs)
    def _options_sell(self, s: Any, frame: tuple) -> tuple[int, tuple[Move, ...]]:
        _, seat, remaining, to, refused = frame
        mine = self.properties_of(s, seat)
        opts: list[Move] = [("sell_bank", i) for i in mine]
        for buyer in range(len(s.players)):
            if buyer == seat or buyer in s.forfeited:
                continue
            for i in mine:
                if (i, buyer) not in refused:
                    opts += [("sell_to", i, buyer, price)
                             for price in range(1, self.money(s, buyer) + 1)]
        return seat, tuple(opts)

    def _on_sell(self, s: Any, frame: tuple, move: Move) -> None:
        _, seat, remaining, to, refused = frame
        if move[0] == "sell_bank":
            s.owners[move[1]] = NOBODY
            self.from_bank(s, seat, self.data.spaces[move[1]].price)
            self.after_sale(s, seat, remaining, to)
        else:
            self._push(s, SaleOfferFrame("sale_offer", seat, remaining, to, refused, *move[1:]))

    def _options_sale_offer(self, s: Any, frame: SaleOfferFrame) -> tuple[int, tuple[Move, ...]]:
        return frame.buyer, (("accept",), ("refuse",))

    def _on_sale_offer(self, s: Any, frame: tuple, move: Move) -> None:
        _, seat, remaining, to, refused, space, buyer, price = frame
        if move[0] == "refuse":
            self._push(s, SellFrame("sell", seat, remaining, to, refused + ((space, buyer),)))
            return
        self.between(s, buyer, seat, price)
        s.owners[space] = buyer
        self.after_sale(s, seat, remaining, to)

    # ------------------------------------------------------------------ trades
    def trade_openings(self, s: Any) -> list[Move]:
        """Other players still in, in seat order, if either side owns a property; none once
        the turn is over."""
        turn = s.turn
        if turn.over or turn.offers >= MAX_TRADE_OFFERS:
            return []
        seat, owners, out = turn.player, s.owners, s.forfeited
        # (asked at every turn decision: a scan of the board per seat, no set built)
        if seat in owners:
            return [("trade", other) for other in range(len(s.players))
                    if other != seat and other not in out]
        return [("trade", other) for other in range(len(s.players))
                if other != seat and other not in out and other in owners]
