"""This node's own parts: everything its seat signs, and the hidden cards only it can read.

Invariants:
- A part a person decides (a move, a sealed commitment, a choice about a gone seat) is signed
  only when it is legal at the slot and encodes to bytes every peer's decoder accepts; what a
  person sends that is not (a float, a NaN, an integer past 64 bits, deep nesting) is refused
  here as an IllegalMove, never signed, sent and blamed on us.
- Sealed moves: at a commit slot only a commitment to the move is signed (salted with a secret
  derived from the identity key and the slot); the opening is signed once the log holds the
  commit entry, i.e. every commitment, and it is derived from the log (the option that hashes,
  with the slot's salt, to our commitment), so a restarted node opens alike and nobody learns a
  move before committing.
- Every automatic part (a reveal, an attestation, an opening, a hidden-card key, shuffle or
  decryption share) is a function of the log, the identity seed and the hash chain, so a
  restarted node signs the same bytes (Ed25519 signing is deterministic).
- Timeout claims are binding for their signer: once this node has signed that seat X missed
  entry s, it ignores X's late share for s (SharePool.complete). If other honest nodes took
  that share in time, the game stalls rather than forks; deadlines should be long enough that
  this is rare.
- Hidden cards: the cards this seat alone decrypted (`private_cards`) are computed from the log
  and its own key; nothing is stored, and no other seat's card can be computed here (its own
  share of its cards is never posted before its disclose entry).
"""
from __future__ import annotations

from typing import Any

import engine
from engine.canonical import CanonicalError
from engine.core import IllegalMove

from . import hidden as hc
from .codec import CodecError, decode
from .events import SeatTimedOut
from .faults import Fault
from .frames import Share, as_share
from .identity import Identity
from .kinds import ATTEST, CHOICE, COMMIT, DRAW, KEY, MOVE, OPEN, RECLAIM, REVEAL, SHUFFLE, TIMEOUT
from .log import Ledger
from .messages import CHOICES, make_share
from .randomness import HashChain, sealed_commitment, sealed_salt
from .share_pool import SharePool
from .slots import Slot

__all__ = ["OwnParts", "own_decision"]


class OwnParts:
    def __init__(self, identity: Identity, chain: HashChain, seat: int, nonce: bytes) -> None:
        self.identity, self.chain, self.seat, self.nonce = identity, chain, seat, nonce
        self.claimed: dict[int, int] = {}    # entry -> the seat we claimed timed out there
        self.reclaiming = False              # our player asked for our seat back from the bot
        self._hidden_secret = None
        self._private: dict[tuple[str, int], int] = {}

    def sign(self, ledger: Ledger, kind: str, part: Any) -> Share:
        """Our share of `kind` for the slot in progress."""
        return as_share(make_share(self.identity.sign, ledger.match_id, ledger.slot.seq,
                                   ledger.head, kind, self.seat, part))

    # ---- what a person decides -------------------------------------------------------------
    def decision(self, ledger: Ledger, pool: SharePool) -> Any:
        """The engine Decision our player is asked to make at the slot in progress, if any: its
        move at a move slot, or its own decision of a Sealed node it has not committed to."""
        slot = ledger.slot
        if pool.has(slot.seq, self.seat):
            return None
        if slot.kind == MOVE and slot.authors == (self.seat,):
            return slot.pending
        if slot.kind == COMMIT and self.seat in slot.authors:
            return own_decision(slot, self.seat)
        return None

    def choice_asked(self, ledger: Ledger, pool: SharePool) -> SeatTimedOut | None:
        """The timed-out seat our player is asked to choose about now, if any."""
        slot = ledger.slot
        if slot.kind != CHOICE or self.seat not in slot.authors or pool.has(slot.seq, self.seat):
            return None
        return self.timed_out(slot, pool)

    def timed_out(self, slot: Slot, pool: SharePool) -> SeatTimedOut:
        """What a choice slot tells the node: `ask` when our player still has to choose."""
        ask = self.seat in slot.authors and not pool.has(slot.seq, self.seat)
        return SeatTimedOut(slot.seq, slot.pending, CHOICES, ask)

    def move(self, ledger: Ledger, move: Any) -> Share:
        """Our move at a move slot, checked like a peer's; IllegalMove (nothing signed kept)
        when it is not legal now."""
        part = list(engine.as_move(move))
        share = _encodable(lambda: self.sign(ledger, MOVE, part))
        try:
            ledger.check_share(share)
        except Fault as f:
            raise IllegalMove(f.reason) from None
        return share

    def commit(self, ledger: Ledger, move: Any) -> Share:
        """Our commitment to a sealed move (never the move itself)."""
        slot = ledger.slot
        decision = own_decision(slot, self.seat)
        move = engine.as_move(move)
        if move not in decision.options:
            raise IllegalMove(ledger.game.explain_illegal(ledger.state, decision, move))
        # the option as the engine lists it (a float equal to an integer is not one)
        part = list(decision.options[decision.options.index(move)])
        salt = sealed_salt(self.identity.seed(), ledger.match_id, slot.seq)
        return self.sign(ledger, COMMIT, sealed_commitment(ledger.match_id, slot.seq, self.seat,
                                                           part, salt))

    def choice(self, ledger: Ledger, choice: str) -> Share:
        return self.sign(ledger, CHOICE, {"seat": ledger.slot.pending, "choice": choice})

    def claim(self, ledger: Ledger, seat: int, now: int) -> Share:
        """Our claim that `seat` missed the slot in progress (binding for us: its late share
        for this slot is ignored from now on)."""
        self.claimed[ledger.slot.seq] = seat
        return self.sign(ledger, TIMEOUT, {"seat": seat, "time": int(now)})

    def reclaim_part(self, ledger: Ledger, pool: SharePool) -> dict | None:
        """Our reclaim part for the move slot in progress, if one is due: our request when our
        player asked for the seat back; our consent when the move is ours and we hold a bot
        seat's request (before our player moved: we then never sign a move for this entry). A
        consent completes the entry at once (we hold the request), which is on disk before the
        consent leaves: unlike a move, it needs no keeping for a restart."""
        slot, s = ledger.slot, ledger.slot.seq
        if slot.kind != MOVE or ledger.hidden is not None or pool.has(s, self.seat):
            return None
        if self.seat in ledger.bots:
            return {"seat": self.seat} if self.reclaiming else None
        if slot.authors != (self.seat,):
            return None
        for seat in ledger.bots:
            request = pool.get(s, seat)
            if request is not None and request.kind == RECLAIM and pool.check(request, ledger):
                return {"seat": seat}
        return None

    # ---- what follows from the log ---------------------------------------------------------
    def automatic(self, ledger: Ledger) -> Share:
        """Our part of the slot in progress when no person decides it: an opening, a hidden
        card's key, shuffle or shares, a reveal, an attestation."""
        slot = ledger.slot
        if slot.kind == OPEN:
            part = self._opening(ledger)
        elif slot.kind == REVEAL:
            if ledger.reveals >= self.chain.length:
                raise Fault("exhausted", (), "all reveals are used", slot.seq)
            # our next chain value: a seat the bot played for a while skipped some
            part = self.chain.reveal(ledger.revealed[self.seat] + 1)
        elif slot.kind == ATTEST:
            part = ledger.state_hash()
        else:
            part = self._hidden_part(ledger, slot)
        return self.sign(ledger, slot.kind, part)

    def _opening(self, ledger: Ledger) -> dict:
        """Our opening of the commit entry the log holds (derived from the log)."""
        c, commits = ledger.sealed
        salt = sealed_salt(self.identity.seed(), ledger.match_id, c)
        for option in own_decision(ledger.slot, self.seat).options:
            if sealed_commitment(ledger.match_id, c, self.seat, list(option), salt) == \
                    commits[self.seat]:
                return {"move": list(option), "salt": salt}
        raise Fault("internal", (), f"none of our options opens our commitment in entry {c}",
                    ledger.seq)

    def _secret(self) -> Any:
        if self._hidden_secret is None:
            self._hidden_secret = hc.player_secret(self.identity.seed(), self.nonce)
        return self._hidden_secret

    def _hidden_part(self, ledger: Ledger, slot: Slot) -> Any:
        """Our part of a key, shuffle, draw or disclose entry: a function of our key and the
        log, like a reveal."""
        hidden, x = ledger.hidden, self._secret()
        if slot.kind == KEY:
            return {"key": x.public, "proof": hc.prove_key(x, self.nonce, self.seat)}
        if slot.kind == SHUFFLE:
            deck, proof = hc.make_shuffle(x, hidden.joint, hc.Slot(ledger.match_id, slot.seq,
                                          slot.pending), self.seat, hidden.cards[slot.pending])
            return {"deck": list(deck), "proof": proof}
        if slot.kind == DRAW:
            p = slot.pending
            share, proof = hc.share(x, hc.Slot(ledger.match_id, slot.seq, p.deck, p.position),
                                    self.seat, hidden.cards[p.deck][p.position])
            return {"deck": p.deck, "position": p.position, "share": share, "proof": proof}
        # a disclosure: our own shares of every card we can open, under one batched proof
        private = self.private_cards(ledger)
        mine = [(deck, pos) for _, deck, pos in
                hidden.openable_of(self.seat, slot.pending, ledger.bots)]
        shares, proof = hc.share_batch(x, ledger.match_id, slot.seq, self.seat,
                                       [(deck, pos, hidden.cards[deck][pos]) for deck, pos in mine])
        return {"cards": [{"deck": deck, "position": pos, "card": private[(deck, pos)],
                           "share": share} for (deck, pos), share in zip(mine, shares)],
                "proof": proof}

    def private_cards(self, ledger: Ledger | None) -> dict[tuple[str, int], int]:
        """(deck, position) -> card index of every hidden card this seat drew and can read."""
        hidden = ledger.hidden if ledger is not None else None
        if hidden is None:
            return {}
        for (deck, pos), shares in hidden.shares.items():
            if hidden.holders[(deck, pos)] != self.seat or (deck, pos) in self._private:
                continue
            self._private[(deck, pos)] = hc.open_own(self._secret(), deck, hidden.sizes[deck],
                                                     hidden.cards[deck][pos], list(shares.values()))
        return dict(self._private)


def own_decision(slot: Slot, seat: int) -> Any:
    """`seat`'s own decision of the Sealed node at `slot`."""
    return next(d for d in slot.pending.decisions if d.player == seat)


def _encodable(make) -> Share:
    """Our share made by `make()`, or IllegalMove when it has no bytes a peer's decoder
    accepts (see the module docstring)."""
    try:
        share = make()
        decode(share.raw)
    except (CodecError, CanonicalError, OverflowError, RecursionError) as e:
        raise IllegalMove("a move is a list of words and whole numbers, like the options "
                          f"offered (not this one: {e})") from None
    return share
