"""The hidden decks of a protocol-4 match, as the ledger checks and applies them.

A protocol-4 match (a game with `hidden_decks`) opens with set-up entries that change no engine
state: one "key" entry (every active seat's ElGamal key with its Schnorr proof), then one
"shuffle" entry per seat and deck, in seat order (the deck re-masked and permuted, with its
Terelius–Wikström proof). Then the engine's PrivateDraw is a "draw" entry (every key holder but
the drawer posts its decryption share of the card with a DLEQ proof) and its Disclose a
"disclose" entry (each holder posts its own shares and names its cards). protocol/FORMAT.md,
protocol 4, says it all in full; protocol/HIDDEN.md specifies the cryptography.

Invariants:
- Every key, shuffle and share is checked with its proof when its share arrives (`check`), so a
  bad one is its author's fault at once, never discovered at the end; a proof made for another
  match, slot or seat is `replayed-proof`. A joint key that is no key (`append`: two key
  holders giving one key, or keys summing to the identity) is `bad-key` of the key holders
  that made it so, carrying their signed parts as evidence.
- Nothing here holds a secret: keys, decks and shares are public log data. The holder's card is
  computed by its own session from these and its key (Session.private_cards).
- A proof that passed is remembered (protocol/proven.py) by the SHA-256 of everything it was
  checked against, the protocol number included.
- A card is openable exactly when the shares of every key holder but its holder are in the log
  (its draw entry) and its holder is not handed to the bot; any other card's value stays None
  ("A gone player" in FORMAT.md). While any key holder is a bot, a draw writes no entry (nobody
  could ever open the card).
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable

from . import hidden as hc
from .codec import encode
from .faults import Fault
from .frames import shares_of
from .kinds import DRAW, KEY, SHUFFLE
from .messages import HIDDEN_PROTOCOL
from .proven import Passed

__all__ = ["HiddenDecks"]

_REPLAYED = "replayed-proof"


_proven = Passed(4096)


def _proven_before(check: Callable[..., Any], *args: Any) -> bool:
    """Runs check(*args) unless these exact values were proven before; raises what the check
    raises. True when the check was skipped."""
    # the protocol is part of what was proven (another protocol's check of the same bytes is
    # another check)
    key = hashlib.sha256(encode([check.__name__, HIDDEN_PROTOCOL, *map(_plain, args)])).digest()
    if key in _proven:
        return True
    check(*args)
    _proven.add(key)
    return False


def _plain(value: Any) -> Any:
    """A value as the canonical encoder takes it: a slot as its four fields, tuples as lists."""
    if isinstance(value, hc.Slot):
        return [value.match, value.seq, value.deck, value.position]
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _fault(kind: str, a: int, e: Exception, seq: int, what: str) -> Fault:
    if isinstance(e, hc.ReplayedProof):
        return Fault(_REPLAYED, (a,), f"{what}: {e}", seq)
    return Fault(kind, (a,), f"{what}: {e}", seq)


class HiddenDecks:
    def __init__(self, match_id: bytes, nonce: bytes, decks: tuple[tuple[str, int], ...]) -> None:
        self.match_id = match_id
        self.nonce = nonce
        self.sizes = dict(decks)
        self.keys: dict[int, bytes] | None = None     # seat -> ElGamal key, the key holders
        self.joint: bytes | None = None
        self.cards: dict[str, tuple[bytes, ...]] = {}  # deck -> its ciphertexts, as shuffled so far
        self.shufflers: dict[str, list[int]] = {name: [] for name in self.sizes}
        # (deck, position) -> {seat: decryption share} posted at its draw (openable cards only)
        self.shares: dict[tuple[str, int], dict[int, bytes]] = {}
        self.holders: dict[tuple[str, int], int] = {}

    # ---- which entry is due ----------------------------------------------------------------
    def setup_slot(self, bots: list[int]) -> tuple[str, tuple[int, ...], str] | None:
        """(kind, authors, deck) of the set-up entry due, None once the decks are ready."""
        if self.keys is None:
            return (KEY, (), "")
        for name in self.sizes:
            for seat in sorted(self.keys):
                if seat not in self.shufflers[name] and seat not in bots:
                    return (SHUFFLE, (seat,), name)
        return None

    def draw_authors(self, draw: Any, bots: list[int]) -> tuple[int, ...] | None:
        """Who posts shares for a PrivateDraw; None when the card can never be opened (its
        drawer or another key holder is a bot): then no entry is written."""
        if draw.player not in self.keys or any(s in bots for s in self.keys):
            return None
        return tuple(s for s in sorted(self.keys) if s != draw.player)

    def openable(self, card: tuple[int, str, int], bots: list[int]) -> bool:
        holder, deck, pos = card
        return (deck, pos) in self.shares and holder not in bots

    def openable_of(self, seat: int, disclose: Any, bots: list[int]) -> list[tuple[int, str, int]]:
        """The cards of a Disclose that `seat` holds and can open, in the Disclose's order: what
        its part of the disclose entry opens, item by item."""
        return [c for c in disclose.cards if c[0] == seat and self.openable(c, bots)]

    def disclose_authors(self, disclose: Any, bots: list[int]) -> tuple[int, ...]:
        return tuple(sorted({c[0] for c in disclose.cards if self.openable(c, bots)}))

    # ---- checking a share ------------------------------------------------------------------
    def check(self, kind: str, a: int, part: Any, seq: int, pending: Any, bots: list[int]) -> Any:
        """Check author `a`'s part of a hidden entry; raises the Fault, attributed to `a`.
        For a disclose part returns the cards it opens."""
        if kind == KEY:
            try:
                hc.check_key(part["key"], self.nonce, a, part["proof"])
            except hc.HiddenError as e:
                raise _fault("bad-key", a, e, seq, "the ElGamal key's proof fails") from None
            return None
        if kind == SHUFFLE:
            deck = pending
            try:
                _proven_before(hc.check_shuffle, self.joint, hc.Slot(self.match_id, seq, deck),
                               a, list(self.cards[deck]), part["deck"], part["proof"])
            except hc.HiddenError as e:
                raise _fault("bad-shuffle", a, e, seq, f"the shuffle of {deck!r}") from None
            return None
        if kind == DRAW:
            self._check_draw(a, part, seq, pending)
            return None
        return self._check_disclosure(a, part, seq, pending, bots)

    def _check_draw(self, a: int, part: dict, seq: int, draw: Any) -> None:
        deck, pos = draw.deck, draw.position
        if (part["deck"], part["position"]) != (deck, pos):
            raise Fault("bad-share", (a,), f"a share of card {part['position']} of "
                        f"{part['deck']!r:.40} where the draw is of card {pos} of {deck!r}", seq)
        try:
            _proven_before(hc.check_share, self.keys[a], hc.Slot(self.match_id, seq, deck, pos),
                           a, self.cards[deck][pos], part["share"], part["proof"])
        except hc.HiddenError as e:
            raise _fault("bad-share", a, e, seq,
                         f"the decryption share of card {pos} of {deck!r}") from None

    def _check_disclosure(self, a: int, part: dict, seq: int, disclose: Any,
                          bots: list[int]) -> list[int]:
        """The cards `a`'s part opens. Its cards must be the author's openable cards of the
        Disclose, in its order; its shares hold under its one batched proof; each card opens to
        the card it names."""
        mine = [(deck, pos) for _, deck, pos in self.openable_of(a, disclose, bots)]
        cards = part["cards"]
        named = [(c["deck"], c["position"]) for c in cards]
        if named != mine:
            raise Fault("bad-opening", (a,), f"opens cards {_listed(named)}; it holds "
                        f"{_listed(mine)} to open, in that order", seq)
        items = [(deck, pos, self.cards[deck][pos]) for deck, pos in mine]
        shares = [c["share"] for c in cards]
        try:
            _proven_before(hc.check_batch, self.keys[a], self.match_id, seq, a, items, shares,
                           part["proof"])
        except hc.HiddenError as e:
            raise _fault("bad-share", a, e, seq, f"the shares of its {len(items)} cards (one "
                         "batched proof)") from None
        opened = []
        for (deck, pos, ct), c in zip(items, cards):
            shares_of_card = [*self.shares[(deck, pos)].values(), c["share"]]
            try:
                card = hc.open_card(deck, self.sizes[deck], ct, shares_of_card)
            except hc.HiddenError as e:   # not reachable with checked shares; never silent
                raise _fault("bad-share", a, e, seq, f"card {pos} of {deck!r}") from None
            if card != c["card"]:
                raise Fault("bad-opening", (a,), f"claims card {c['card']} at position {pos} "
                            f"of {deck!r}; its shares open card {card}", seq)
            opened.append(card)
        return opened

    # ---- applying an entry -----------------------------------------------------------------
    def append(self, entry: dict, pending: Any) -> None:
        kind, authors, parts, seq = entry["kind"], entry["authors"], entry["parts"], entry["seq"]
        if kind == KEY:
            keys = {a: p["key"] for a, p in zip(authors, parts)}
            try:
                joint = hc.joint_key([keys[a] for a in sorted(keys)])
            except hc.HiddenError as e:
                # two seats proving the same key both know its scalar: they act together; keys
                # summing to the identity need every key holder to know the others' scalars
                same = [a for a in authors if list(keys.values()).count(keys[a]) > 1] or \
                    list(authors)
                # their signed parts are the proof (each proves its own signer knows its scalar)
                proof = tuple(sh.raw for sh in shares_of(entry) if sh.author in same)
                raise Fault("bad-key", tuple(same), f"the joint key: {e}", seq, proof) from None
            self.keys, self.joint = keys, joint
            self.cards = {name: hc.initial_deck(self.match_id, name, size, joint)
                          for name, size in self.sizes.items()}
        elif kind == SHUFFLE:
            self.cards[pending] = tuple(parts[0]["deck"])
            self.shufflers[pending].append(authors[0])
        elif kind == DRAW:
            self.record_draw(pending, {a: p["share"] for a, p in zip(authors, parts)})

    def record_draw(self, draw: Any, shares: dict[int, bytes]) -> None:
        self.shares[(draw.deck, draw.position)] = shares
        self.holders[(draw.deck, draw.position)] = draw.player

    def disclosed(self, entry: dict | None, disclose: Any, bots: list[int]) -> list[int | None]:
        """The value of each card of a Disclose: the card its holder opened in `entry` (the
        disclose entry), None for a card that cannot be opened."""
        opened: dict[tuple[str, int], int] = {}
        if entry is not None:
            for part in entry["parts"]:
                for c in part["cards"]:
                    opened[(c["deck"], c["position"])] = c["card"]
        return [opened.get((deck, pos)) for _, deck, pos in disclose.cards]


def _listed(cards: list[tuple[str, int]]) -> str:
    return "[" + ", ".join(f"{deck!r:.20} {pos}" for deck, pos in cards[:8]) + \
        (", ..." if len(cards) > 8 else "") + "]"
