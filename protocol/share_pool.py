"""The share pool: every signed share this node holds for the log, where it came from, and
whether it holds at its slot.

Why shares are echoed: a cheater can send one share to some peers and another to others. Every
node relays each share it takes from another author to every other peer *before* acting on it,
so both versions reach every honest node and the two signatures are the proof. This relies on
each link delivering in order (as TCP does): a peer's share built on an entry always arrives
after the shares that entry was made of, so a share whose previous-entry hash is wrong when no
equivocation has been seen is its author's fault. A relay can overtake that order (a share
forwarded by a third node may arrive before the shares its author built on), so a share that
disagrees with this node's history is held, not blamed, until its author's own copy arrives.

Invariants:
- One share per (entry, author, pool) (frames.Share.place); a second, different one is the
  author's equivocation, proven by the two frames.
- A share counts only when its signature verifies for its author and it names this match;
  anything else is the fault of whoever sent it (the transport vouches for the sender only).
- A share more than AHEAD_WINDOW entries past the log convicts its signer however it came: no
  honest peer gets that far past a slot that needs our share, and a node that is behind holds
  every frame until it has caught up (node.catchup), so memory stays bounded.
- A share for a logged entry that is not one of its own is judged on that entry's history
  (Ledger.check_late_share): a claim or a share out of place convicts; a share built on another
  history proves nothing (a relay overtaken, or a claim about that history).
- The entry put together for a slot holds, for each author, the share this pool checked.
"""
from __future__ import annotations

from engine.core import player_name

from .events import Send
from .faults import Fault, check_equivocation
from .frames import Share, read_frame
from .kinds import CLAIM, MOVE, RECLAIM, SHARE
from .log import Ledger
from .slots import Slot

__all__ = ["SharePool", "AHEAD_WINDOW"]

# How many slots ahead of us a peer can honestly be: a peer needs our share to pass a reveal or
# an attest slot, but the move slots between them need only their movers (a turn's decisions,
# an auction's bids), so a peer that saw a reveal before us can be that many moves ahead. No
# turn of the built-in games comes near this; it bounds what a peer can make us hold.
AHEAD_WINDOW = 256
# Entries for which a seat's request to take its seat back from the bot is expected again at
# the next move slot (it asks at each one until it gets in): see reclaim_expected.
RECLAIM_MEMORY = 16


class SharePool:
    def __init__(self, seat: int | None, keys: list[bytes]) -> None:
        self.seat, self.keys, self.n = seat, keys, len(keys)
        self.seen: set[bytes] = set()            # every frame taken, of any type
        self._known: dict[bytes, Share] = {}     # every share taken, by its frame
        self._at: dict[tuple[int, int, str], Share] = {}
        self._direct: set[bytes] = set()         # shares received from their author (or ours)
        self._ok: set[bytes] = set()             # shares that held at their slot
        self._mine: dict[tuple[int, int, str], Share] = {}   # our own, not yet logged
        self._late_claims: dict[int, dict[int, bytes]] = {}
        self.reclaim_seen: dict[int, int] = {}   # bot seat -> entry of its latest request seen

    # ---- what is held ----------------------------------------------------------------------
    def known(self, raw: bytes) -> Share | None:
        """The share `raw` is, when this pool has taken it."""
        return self._known.get(raw)

    def get(self, seq: int, author: int, pool: str = SHARE) -> Share | None:
        return self._at.get((seq, author, pool))

    def has(self, seq: int, author: int, pool: str = SHARE) -> bool:
        return (seq, author, pool) in self._at

    def ok(self, seq: int, author: int) -> bool:
        """Whether `author`'s share for entry `seq` is held and held at its slot."""
        share = self._at.get((seq, author, SHARE))
        return share is not None and share.raw in self._ok

    def awaiting(self, slot: Slot, claimed: int | None) -> tuple[int, ...]:
        """The authors of `slot` whose share is not held and good yet (`claimed`: the seat this
        node claimed timed out there, awaited whatever it sends)."""
        return tuple(a for a in slot.authors if a == claimed or not self.ok(slot.seq, a))

    def unclaimed(self, ledger: Ledger, named: int) -> tuple[int, ...]:
        """The active seats whose claim against `named` the slot in progress lacks."""
        return tuple(a for a in ledger.active()
                     if a != named and not self.has(ledger.slot.seq, a, CLAIM))

    def at_slot(self, seq: int) -> list[bytes]:
        """Every share and claim held for entry `seq`, in author order."""
        return [self._at[k].raw for k in sorted(k for k in self._at if k[0] == seq)]

    def reclaim_expected(self, ledger: Ledger) -> bool:
        """Whether a seat the bot plays asked for its seat back within the last RECLAIM_MEMORY
        entries: its request for the next move slot is then on its way (a node that decides
        at once, a bot, waits a moment for it rather than always moving first)."""
        return any(seat in ledger.bots and seq >= ledger.seq - RECLAIM_MEMORY
                   for seat, seq in self.reclaim_seen.items())

    def restore_own(self, frames: list[bytes], below: int) -> list[Share]:
        """Our own shares among `frames` (kept before they were sent, node.outbox) for entries
        from `below` on: held again after a restart, to be sent again."""
        mine = []
        for raw in frames:
            share = read_frame(raw)
            if isinstance(share, Share) and share.author == self.seat and share.seq >= below:
                self.keep(share)
                mine.append(share)
        return mine

    def own_unlogged(self, below: int, kinds: tuple[str, ...]) -> list[bytes]:
        """Our shares of `kinds` for entries from `below` on (not logged yet), in order."""
        for place in [p for p in self._mine if p[0] < below]:
            del self._mine[place]
        return [s.raw for _, s in sorted(self._mine.items()) if s.kind in kinds]

    # ---- taking shares in ------------------------------------------------------------------
    def keep(self, share: Share, checked: bool = False) -> None:
        """Hold a share of ours or of a logged entry (`checked`: it held at its slot)."""
        self.seen.add(share.raw)
        self._known[share.raw] = share
        self._direct.add(share.raw)
        self._at[share.place] = share
        if checked:
            self._ok.add(share.raw)
        if share.author == self.seat:
            self._mine[share.place] = share

    def unauthentic(self, share: Share, sender: int | None, match_id: bytes) -> Fault | None:
        """What is wrong with a share before its content counts: no such seat, a signature that
        does not verify, another match. The fault is the sender's: anyone can replay a share
        signed in another match."""
        a, seq, who = share.author, share.seq, (sender,) if sender is not None else ()
        if a >= self.n:
            return Fault("malformed", who, f"there is no {player_name(a)}", seq)
        if not share.signed_by(self.keys[a]):
            return Fault("bad-signature", who, f"share claiming {player_name(a)} does not "
                         "verify", seq, (share.raw,))
        if share.match != match_id:
            return Fault("wrong-match", who, "share of another match", seq)
        return None

    def take(self, share: Share, sender: int, ledger: Ledger) -> list[Send]:
        """A share from `sender`: held for its slot, or judged at once when it is for a logged
        entry. Returns the relays it calls for; raises the Fault it proves."""
        a, seq = share.author, share.seq
        if share.raw in self.seen:
            return []   # a frame held before the genesis was complete, and taken since
        forged = self.unauthentic(share, sender, ledger.match_id)
        if forged is not None:
            raise forged
        self.seen.add(share.raw)
        self._known[share.raw] = share
        if sender == a:
            self._direct.add(share.raw)
        sends = []
        if a != self.seat:
            rest = tuple(s for s in range(self.n) if s not in (self.seat, a, sender))
            if rest:
                sends.append(Send(rest, share.raw, relay=True))
        old = self._at.get(share.place)
        if old is not None:
            raise Fault("equivocation", (a,), f"two different {share.pool}s signed for entry "
                        f"{seq}", seq, (old.raw, share.raw))
        if share.kind == RECLAIM and share.part["seat"] == a:
            self.reclaim_seen[a] = max(seq, self.reclaim_seen.get(a, 0))
        if seq > ledger.seq + AHEAD_WINDOW:
            raise Fault("wrong-sequence", (a,), f"sequence {seq} is far ahead of {ledger.seq}",
                        seq, (share.raw,))
        if seq < ledger.seq:
            self.judge_late(share, ledger)
        else:
            self._at[share.place] = share
        return sends

    def author_copy(self, share: Share, sender: int, ledger: Ledger) -> bool:
        """A frame seen before, now from `sender`: when it is the author's own copy of a share
        a relay brought first, it counts as direct from now on (judged now if its entry is
        logged). Whether it was."""
        if sender != share.author or share.raw in self._direct:
            return False
        self._direct.add(share.raw)
        if share.seq < ledger.seq:
            self.judge_late(share, ledger)
        return True

    def trust_held(self, seq: int, authors: list[int]) -> bool:
        """After the deadline: shares of `authors` held back for entry `seq` because only a
        relay brought them are judged as their authors' own (an honest author would have sent
        its copy by now). Whether there were any."""
        held = [self._at[(seq, a, SHARE)].raw for a in authors if (seq, a, SHARE) in self._at]
        self._direct.update(held)
        return bool(held)

    def judge_late(self, share: Share, ledger: Ledger) -> None:
        """A share for an entry already logged that is not one of its shares (an identical one
        was dropped as a duplicate; a different one by the same author is equivocation)."""
        if share.place in self._at:
            return   # this very share is part of the entry
        if not ledger.on_history(share) and (share.raw not in self._direct or
                                             share.pool == CLAIM):
            return   # built on another history: a relay overtaken, or a claim about that one
        try:
            ledger.check_late_share(share)
        except Fault as f:
            raise f.proven_by(share.raw, share.author) from None
        if share.pool == CLAIM and share.part["seat"] == self.seat:
            self._claims_against_us(share, ledger)

    def _claims_against_us(self, share: Share, ledger: Ledger) -> None:
        # Claims against this node for an entry it already filled with its own late share: once
        # every other player has claimed, their logs hold a timeout there and this node's game
        # is over for it. Say so plainly, rather than blame them for the fork that follows.
        seq = share.seq
        claims = self._late_claims.setdefault(seq, {})
        claims[share.author] = share.raw
        if all(a in claims for a in ledger.active() if a != self.seat):
            raise Fault("timed-out", (self.seat,), "the other players recorded that this node "
                        f"missed entry {seq}; its late share is not in their logs", seq,
                        tuple(claims[a] for a in sorted(claims)))

    # ---- judging ---------------------------------------------------------------------------
    def check(self, share: Share, ledger: Ledger) -> bool:
        """True when the share holds at the current slot; False while a relayed copy disagrees
        with this node's history. Raises the Fault it proves against its signer."""
        if share.raw in self._ok:
            return True
        try:
            ledger.check_share(share)
        except Fault as f:
            # Only a share built on another history can be an honest relay's overtaking; on
            # the history this node holds, a share that breaks a rule convicts its signer
            # however it arrived.
            if share.raw in self._direct or f.kind not in ("wrong-prev", "wrong-sequence"):
                raise f.proven_by(share.raw, share.author) from None
            return False
        self._ok.add(share.raw)
        return True

    def equivocation_with(self, share: Share, ledger: Ledger) -> Fault | None:
        """The equivocation `share` proves against a share this pool holds, if any."""
        if share.author >= self.n:
            return None
        old = self._at.get(share.place)
        if old is None or check_equivocation(self.keys, ledger.match_id, old.raw,
                                             share.raw) is None:
            return None
        return Fault("equivocation", (share.author,), "two different shares signed for entry "
                     f"{share.seq}", share.seq, (old.raw, share.raw))

    def complete(self, slot: Slot, ledger: Ledger, claimed: int | None) -> list[Share] | None:
        """The shares of a complete entry for `slot`, in author order, or None: every author's
        share; else a bot seat's reclaim with the decider's consent; else the claims of every
        active seat but one against it. `claimed`: the seat this node claimed timed out here
        (its late share does not count)."""
        s = slot.seq
        for a in range(self.n):
            # a share for this slot from a seat that is not among its authors (judged here, as
            # it may have arrived before the log reached the slot)
            if a not in slot.authors and a not in ledger.absent and a != self.seat:
                share = self.get(s, a)
                if share is not None:
                    self.check(share, ledger)
        regular, claims, reclaims = {}, {}, {}
        for a in range(self.n):
            share = self.get(s, a)
            if share is not None and share.kind == RECLAIM:
                # a claimant ignores the consent of the seat it claimed, as its late move
                if a != claimed and self.check(share, ledger):
                    reclaims[a] = share
            elif share is not None and a != claimed and a not in ledger.absent and \
                    self.check(share, ledger):
                regular[a] = share
            claim = self.get(s, a, CLAIM)
            if claim is not None and self.check(claim, ledger):
                claims[a] = claim
        if all(a in regular for a in slot.authors):
            return [regular[a] for a in slot.authors]
        taken_back = reclaim_signers(reclaims, ledger, slot)
        if taken_back:
            return [reclaims[a] for a in taken_back]
        for x in sorted({c.part["seat"] for c in claims.values()}):
            signers = tuple(a for a in ledger.active() if a != x)
            if all(a in claims and claims[a].part["seat"] == x for a in signers):
                return [claims[a] for a in signers]
        return None


def reclaim_signers(reclaims: dict[int, Share], ledger: Ledger, slot: Slot) -> tuple[int, ...]:
    """The authors of a complete reclaim entry among checked reclaim shares (author -> share):
    a bot seat's own request and the deciding player's consent naming it; () if none is."""
    if slot.kind != MOVE:
        return ()
    for seat in ledger.bots:
        signers = tuple(sorted({*slot.authors, seat}))
        if all(a in reclaims and reclaims[a].part["seat"] == seat for a in signers):
            return signers
    return ()
