"""One node's view of a match, sans-IO: feed it frames, get frames to send and events.

    s = Session(genesis_body, identity, chain)
    out = s.start()                        # our genesis signature, to every peer
    out = s.receive(frame, sender=seat)    # a frame from a peer (the transport knows who)
    out = s.move(("roll",))                # when out.events held YourDecision
    out = s.claim_timeout(now)             # when the node's deadline for s.awaiting() passed
    out = s.choose_after_timeout("bot")    # when out.events held SeatTimedOut(ask=True)

Each `Output` has `sends` (recipients, bytes) and `events`. The session never reads a clock
and never draws a random number: the node supplies time, the chain supplies randomness.

Why shares are echoed: a cheater can send one message to some peers and a different one to
others. Every node forwards each share it accepts from another author to every other peer
*before* it acts on it, so both versions reach every honest node and the two signatures are
the proof. This relies on each link delivering in order (as TCP does): a peer's share built on
an entry always arrives after the shares that entry was made of, so a share whose previous-entry
hash is wrong when no equivocation has been seen is its author's fault.

A relay can overtake that order (a share forwarded by a third node may arrive before the
shares its author built on), so a share that disagrees with this node's history is held, not
blamed, until it arrives from its author directly; only then is the author at fault.

Some cheats only one node can see (a share signed for it alone, garbage on one link). A node
that stops the match sends every peer a halt notice with the frames that made it stop; each
peer judges those frames itself (see `_on_halt`), so every honest node stops, blaming the
cheater when the frames prove it and naming both sides of a dispute when they cannot. A cheat
found in entries caught up (`resume`, then `halt`) carries its signed part as a share frame
(Ledger.check_entry), so the notice proves it as if the part had come on its own.

A stop whose evidence proves a cheat (protocol.cheat_record: signed by the cheater, breaking a
rule on this log) leaves `record`, the proof item the node appends after its last entry: the
match is over for good and `verify` names the cheater from the file.

A notice can overtake the shares its proof builds on: a reporter relays every share it takes
live before it stops, but not those of entries it caught up. So a notice whose proof (a share
an accused seat signed) is for an entry ahead of this node's log, within AHEAD_WINDOW, is held,
the first of each reporter only (memory stays bounded whatever a peer sends), and judged when
the log gets there: checking that slot's shares convicts the cheater as they would had it come
on its own, and a proof that breaks no rule there is a dispute. If this node's deadline passes
first (`claim_timeout`), a share before the proof was withheld or lost and nothing here can
judge it: a dispute naming both then, never a conviction. Held notices are moot at game over.

Timeout claims are binding for their signer: once this node has signed that seat X missed slot
s, it ignores X's late share for s. If other honest nodes accepted that share in time, the game
stalls rather than forks; deadlines should be long enough that this is rare (node's choice).

Once every other player's claim against seat X is in the log, every node gets `SeatTimedOut`;
the remaining players (those with `ask` set) each pass their choice in with
`choose_after_timeout("wait" | "bot" | "end")`, and `SeatChosen` reports what the log recorded.
Handed to the bot, seat X's moves are derived by every ledger alike (see protocol.log).

Sealed moves: at a commit slot `YourDecision` asks this player too, and `move()` signs only a
commitment to the move (salted with a secret derived from the identity key and the slot). This
node signs and sends its opening only once its log holds the commit entry, i.e. every
commitment: nobody learns its move before committing. An opening that reaches this node
earlier (a peer that already has the commit entry) waits unread among the shares for later
slots, as any share ahead of the log does. The opening is derived from the log: the option
that, with the slot's salt, hashes to this seat's commitment, so a restarted node opens alike.

Hidden cards (protocol 3): this node's key, shuffles and decryption shares are derived from its
identity seed, the genesis nonce and the slot (protocol.hidden), so they are signed as reveals
are, without asking the player, and a restarted node signs the same bytes. The cards this seat
alone decrypted (`private_cards`) are computed from the log and that key: nothing is stored,
and no other seat's secret can be computed here (its own share of its cards is never posted
before its disclose entry).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import engine
from engine.canonical import CanonicalError
from engine.core import IllegalMove, player_name

from . import cheat_record
from . import hidden as hc
from .codec import CodecError, decode, encode
from .genesis import GenesisError, assemble, body_hash, check_body, check_signature, sign_body
from .identity import Identity, verify_signature
from .faults import Fault
from .log import Ledger, check_equivocation, first_difference, state_sections
from .messages import (CHOICES, HIDDEN_KINDS, make_entry, make_halt, make_share, parse_wire,
                       share_statement)
from .randomness import HashChain, sealed_commitment, sealed_salt

__all__ = [
    "Session", "Output", "Send", "MatchStarted", "YourDecision", "StateChanged", "TurnAttested",
    "Appended", "GameOver", "FaultDetected", "Divergence", "SeatTimedOut", "SeatChosen",
    "SeatReclaimed", "AHEAD_WINDOW",
]

# How many slots ahead of us a peer can honestly be: a peer needs our share to pass a reveal or
# an attest slot, but the move slots between them need only their movers (a turn's decisions,
# an auction's bids), so a peer that saw a reveal before us can be that many moves ahead. No
# turn of the built-in games comes near this; it bounds what a peer can make us hold.
AHEAD_WINDOW = 256
# Entries for which a seat's request to take its seat back from the bot is expected again at
# the next move slot (it asks at each one until it gets in): see reclaim_expected.
RECLAIM_MEMORY = 16
# Share kinds a restarted node cannot derive again from its log (see own_unlogged).
_UNDERIVABLE = ("move", "timeout", "choice", "commit")
# Frames kept before the genesis is complete (peers that finished it first may already play).
EARLY_LIMIT = 256


@dataclass(frozen=True)
class Send:
    """`relay`: another author's frame forwarded (see "Why shares are echoed"). It builds on
    nothing this node logged, so it need not wait for the sync that this node's own frames
    wait for, and may overtake them."""
    to: tuple[int, ...]
    data: bytes
    relay: bool = False


@dataclass(frozen=True)
class MatchStarted:
    match_id: bytes
    genesis: bytes          # the signed genesis, the first item of the match file


@dataclass(frozen=True)
class YourDecision:
    seq: int
    decision: Any


@dataclass(frozen=True)
class StateChanged:
    """A move, reveal or choice entry changed the state (its hash is compared at the next
    attestation, not computed for every entry: `TurnAttested` carries it). `before` and
    `after` are the game states around this one entry (states are never changed once made, so
    holding them is safe) and `move` the move of a "move" entry: an observer tells what each
    entry did, even when several were appended in one output."""
    seq: int
    kind: str
    before: Any = field(default=None, compare=False, repr=False)
    after: Any = field(default=None, compare=False, repr=False)
    move: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class TurnAttested:
    seq: int
    state_hash: bytes


@dataclass(frozen=True)
class Appended:
    seq: int
    entry: bytes            # append to the match file (and sync) before sending anything else


@dataclass(frozen=True)
class SeatTimedOut:
    """The log records `seat` as timed out (every other player claimed it missed a slot);
    entry `seq` is the remaining players' choice about it. `ask`: this node's player is one of
    them and has not chosen yet."""
    seq: int
    seat: int
    options: tuple[str, ...]
    ask: bool


@dataclass(frozen=True)
class SeatChosen:
    """The choice entry `seq` about `seat` is in the log: `outcome` is "wait" (the seat is
    awaited again), "bot" (a bot plays it from now on) or "end" (the game ends, it forfeits);
    `choices` is what each remaining seat signed."""
    seq: int
    seat: int
    outcome: str
    choices: dict


@dataclass(frozen=True)
class SeatReclaimed:
    """The reclaim entry `seq` is in the log: `seat` plays again (the bot no longer does)."""
    seq: int
    seat: int


@dataclass(frozen=True)
class GameOver:
    result: Any


@dataclass(frozen=True)
class FaultDetected:
    """The match stopped at `fault`. `record`: the proof item to append to the match file when
    the fault's evidence proves a cheat (protocol.cheat_record), after which the match is over
    for good; None when it proves none."""
    fault: Fault
    record: bytes | None = None


@dataclass(frozen=True)
class Divergence:
    """After a state mismatch: the first part of the state where `seat`'s state differs."""
    seq: int
    seat: int
    section: str


@dataclass
class Output:
    """What to do after an input: handle `events` first (persist each `Appended` entry and
    sync), then transmit `sends` in order, each frame to every seat in its `to`. Only relays
    may leave before that sync (see `Send`)."""

    sends: list[Send] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)


def _encodable_share(make) -> tuple[dict, bytes]:
    """Our share made by `make()` and its bytes, or IllegalMove when it has none a peer's
    decoder accepts: a move from a person (the control API) may hold a float, a NaN, an
    integer beyond 64 bits or deep nesting, which must be refused here, never signed, sent and
    blamed on us."""
    try:
        share = make()
        raw = encode(share)
        decode(raw)
    except (CodecError, CanonicalError, OverflowError, RecursionError) as e:
        raise IllegalMove("a move is a list of words and whole numbers, like the options "
                          f"offered (not this one: {e})") from None
    return share, raw


class Session:
    def __init__(self, genesis_body: dict, identity: Identity, chain: HashChain) -> None:
        self.initial_state = check_body(genesis_body)   # GenesisError if unplayable
        keys = [p["key"] for p in genesis_body["players"]]
        if identity.public not in keys:
            raise GenesisError("this identity has no seat in the genesis")
        self.seat = keys.index(identity.public)
        if chain.length != genesis_body["chain"] or \
                chain.commitment != genesis_body["players"][self.seat]["commit"]:
            raise GenesisError("the hash chain does not match this seat's commitment")
        self.body = genesis_body
        self.n = len(keys)
        self.keys = keys
        self.identity = identity
        self.chain = chain
        self._body_hash = body_hash(genesis_body)
        self._gsigs: dict[int, bytes] = {}
        self.ledger: Ledger | None = None
        self.fault: Fault | None = None
        self.record: bytes | None = None   # the proof item of a cheat that stopped us
        self._seen: set[bytes] = set()
        self._shares: dict[tuple[int, int, str], tuple[bytes, dict]] = {}
        self._mine: dict[tuple[int, int, str], tuple[bytes, str]] = {}  # own, not yet logged
        self._checked: dict[bytes, Any] = {}     # raw share -> what check_share returned
        self._msg: dict[bytes, dict] = {}        # raw share -> parsed share
        self._direct: set[bytes] = set()         # shares received from their author (or ours)
        self._claimed: dict[int, int] = {}       # seq -> seat this node claimed timed out
        self._late_claims: dict[int, dict[int, bytes]] = {}
        self._early: list[tuple[bytes, int]] = []
        self._dispute_accused: tuple[int, ...] = ()
        # reporter -> (notice, parsed, entry its proof is for): halt notices whose proof is
        # ahead of the log, the first of each reporter only (see _on_halt)
        self._held: dict[int, tuple[bytes, dict, int]] = {}
        self._reclaiming = False   # our player asked for our seat back from the bot
        self._reclaim_seen: dict[int, int] = {}  # bot seat -> entry of its latest request seen
        self._started = False
        self._hidden_secret = None
        self._private: dict[tuple[str, int], int] = {}

    @classmethod
    def resume(cls, items: list[bytes], identity: Identity, chain: HashChain,
               unlogged: list[bytes] = ()) -> tuple["Session", Output]:
        """A node restarted from its match file (`items`: signed genesis, then entries).

        Every entry is verified again. The output holds this node's share for the current slot
        if one is due (the same bytes it may have sent before the restart: Ed25519 signing is
        deterministic), to be sent again. A move or timeout claim depends on the player or the
        clock, so it cannot be re-derived: the node persists `own_unlogged()` before sending and
        passes it back here as `unlogged`, or it risks signing two different ones for one slot.
        """
        from .messages import entry_shares, parse_entry, parse_signed_genesis
        signed = parse_signed_genesis(decode(items[0]))
        self = cls(signed["body"], identity, chain)
        self._started = True
        self._gsigs = dict(enumerate(signed["sigs"]))
        self.ledger = Ledger(signed)
        for raw in items[1:]:
            entry = parse_entry(decode(raw))
            prepared = self.ledger.check_entry(entry)
            self.ledger.append(entry, raw, prepared)
            for share in entry_shares(entry):
                cls_ = "claim" if share["kind"] == "timeout" else "share"
                self._store(share["seq"], share["author"], cls_, encode(share), share)
        out = Output()
        for raw in unlogged:
            msg = parse_wire(raw)
            if msg["t"] != "share" or msg["author"] != self.seat or msg["seq"] < self.ledger.seq:
                continue
            cls_ = "claim" if msg["kind"] == "timeout" else "share"
            self._store(msg["seq"], self.seat, cls_, raw, msg)
            if cls_ == "claim":
                self._claimed[msg["seq"]] = msg["part"]["seat"]
            out.sends.append(Send(self.peers, raw))
        slot = self.ledger.slot
        decision = self.my_decision()
        if decision is not None:
            out.events.append(YourDecision(slot.seq, decision))
        if slot is not None and slot.kind == "choice":
            out.events.append(self._timed_out_event(slot))
        self._advance(out)
        return self, out

    def own_unlogged(self) -> list[bytes]:
        """Frames this node signed that are not in the log yet and could not be signed again
        alike after a restart (a move, a timeout claim, a choice: a person or a clock decided
        them; a reveal or an attestation follows from the log): persist them before sending."""
        if self.ledger is None:
            return []
        # Called for every own move: _shares holds the whole match, so own shares are kept
        # apart and dropped once logged.
        logged = [key for key in self._mine if key[0] < self.ledger.seq]
        for key in logged:
            del self._mine[key]
        return [raw for _, (raw, kind) in sorted(self._mine.items()) if kind in _UNDERIVABLE]

    # ---- queries ---------------------------------------------------------------------------
    @property
    def peers(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s != self.seat)

    @property
    def match_id(self) -> bytes | None:
        return self.ledger.match_id if self.ledger else None

    @property
    def state(self) -> Any:
        return self.ledger.state if self.ledger else self.initial_state

    @property
    def over(self) -> bool:
        return bool(self.ledger and self.ledger.over)

    @property
    def log(self) -> list[bytes]:
        """The signed genesis followed by every entry: the match file's items."""
        if not self.ledger:
            return []
        return [encode(self.ledger.genesis), *self.ledger.entries]

    def current_shares(self) -> list[bytes]:
        """Every share and claim held for the slot in progress (ours and relayed ones), in
        author order: what a peer whose link dropped may have missed. Resending them is safe,
        a session ignores what it has seen."""
        if not self.ledger or self.ledger.over or self.ledger.slot is None:
            return []
        seq = self.ledger.slot.seq
        return [raw for _, raw in sorted((key, raw) for key, (raw, _) in self._shares.items()
                                         if key[0] == seq)]

    def unshared_at_end(self) -> int:
        """How many entries at the end of the log the other players may lack because a share
        of ours in them never reached them (we stopped before sending it), so that they may
        have timed our seat out there and gone on: our own moves at the end, and the entry
        before them if it holds a share of ours. Nothing earlier can be missing: the other
        authors of that entry built their shares on everything before it. A peer's log that
        verifies from before these entries is then the match's log; a difference anywhere
        else is a fault."""
        entries = self.ledger.entries if self.ledger else []
        count = 0
        for raw in reversed(entries):
            entry = decode(raw)
            if entry["kind"] == "move" and list(entry["authors"]) == [self.seat]:
                count += 1
                continue
            if self.seat in entry["authors"]:
                count += 1   # ours may have been the share its other authors never saw
            break
        return count

    def awaiting(self) -> tuple[int, ...]:
        """Seats the current slot still waits for (what the node's deadline is about)."""
        if self.fault or not self.ledger or self.ledger.over:
            if self.ledger is None and not self.fault:
                return tuple(s for s in range(self.n) if s not in self._gsigs)
            return ()
        slot = self.ledger.slot
        claimed = self._claimed.get(slot.seq)
        return tuple(a for a in slot.authors if a == claimed or
                     self._shares.get((slot.seq, a, "share"), (b"",))[0] not in self._checked)

    def unclaimed(self) -> tuple[int, ...]:
        """After this node claimed a timeout on the current slot: the seats whose claims the
        timeout entry still lacks (it needs every active player but the one it names)."""
        if self.fault or not self.ledger or self.ledger.over:
            return ()
        seq = self.ledger.slot.seq
        named = self._claimed.get(seq)
        if named is None:
            return ()
        return tuple(a for a in self.ledger.active()
                     if a != named and (seq, a, "claim") not in self._shares)

    def my_decision(self) -> Any:
        """The engine Decision this node's player is asked to make now, if any: its move at a
        move slot, or its own decision of a Sealed node at a commit slot it has not committed
        to yet. `move()` takes the answer."""
        if self.fault or not self.ledger or self.ledger.over:
            return None
        slot = self.ledger.slot
        if (slot.seq, self.seat, "share") in self._shares:
            return None
        if slot.kind == "move" and slot.authors == (self.seat,):
            return slot.pending
        if slot.kind == "commit" and self.seat in slot.authors:
            return _own_decision(slot, self.seat)
        return None

    def pending_choice(self) -> SeatTimedOut | None:
        """The timed-out seat this node's player is asked to choose about, if any."""
        if self.fault or not self.ledger or self.ledger.over:
            return None
        slot = self.ledger.slot
        if slot.kind != "choice" or self.seat not in slot.authors or \
                (slot.seq, self.seat, "share") in self._shares:
            return None
        return self._timed_out_event(slot)

    def _timed_out_event(self, slot: Any) -> SeatTimedOut:
        ask = self.seat in slot.authors and (slot.seq, self.seat, "share") not in self._shares
        return SeatTimedOut(slot.seq, slot.pending, CHOICES, ask)

    # ---- inputs ----------------------------------------------------------------------------
    def start(self) -> Output:
        out = Output()
        if self._started:
            return out
        self._started = True
        sig = sign_body(self.body, self.identity.sign)
        self._gsigs[self.seat] = sig
        msg = self._gsig_frame(self.seat, sig)
        self._seen.add(msg)
        out.sends.append(Send(self.peers, msg))
        self._maybe_begin(out)
        return out

    def start_signed(self, sigs: list[bytes], sender: int) -> Output:
        """`start`, given every seat's genesis signature at once (the host's lobby gathers
        them before the game begins, so no seat waits for a signature that never comes): each
        is taken as if it had arrived from `sender`, and the genesis is complete."""
        out = self.start()
        for seat, sig in enumerate(sigs):
            if seat != self.seat:
                more = self.receive(self._gsig_frame(seat, sig), sender)
                out.sends += more.sends
                out.events += more.events
        return out

    def _gsig_frame(self, seat: int, sig: bytes) -> bytes:
        return encode({"t": "gsig", "genesis": self._body_hash, "seat": seat, "sig": sig})

    def receive(self, data: bytes, sender: int) -> Output:
        out = Output()
        if self.fault is not None:
            if self.fault.kind == "state-mismatch":
                self._on_sections(data, sender, out)
            elif self.fault.kind == "dispute":
                self._settle_dispute(data, sender, out)
            return out
        try:
            self._take(data, sender, out)
        except Fault as f:
            self._halt(f, out)
        except Exception as e:  # noqa: BLE001 - a bug must stop this match, not the node
            self._halt(_internal(e), out)
        return out

    def _take(self, data: bytes, sender: int, out: Output) -> None:
        if data in self._seen:
            msg = self._msg.get(data)
            if msg is not None and msg["author"] == sender and data not in self._direct \
                    and self.ledger is not None:
                # the author's own copy of a share a relay brought first: judge it now
                self._direct.add(data)
                if msg["seq"] < self.ledger.seq:
                    self._on_past_share(msg, "claim" if msg["kind"] == "timeout" else "share",
                                        data)
                self._advance(out)
            return
        try:
            msg = parse_wire(data)
        except CodecError as e:
            raise Fault("malformed", (sender,), str(e), None, (data[:1 << 16],)) from None
        if msg["t"] == "gsig":
            self._on_gsig(msg, data, sender, out)
        elif msg["t"] == "halt":
            self._on_halt(msg, data, sender, out)
        elif msg["t"] == "sections":
            return   # only meaningful after a state mismatch
        elif self.ledger is None:
            if len(self._early) >= EARLY_LIMIT:
                raise Fault("wrong-sequence", (sender,), "too many messages before the "
                            "genesis is complete")
            self._early.append((data, sender))
        else:
            self._on_share(msg, data, sender, out)
            self._advance(out)

    def move(self, move: Any) -> Output:
        """Play our move (at a commit slot: commit to our sealed move); raises IllegalMove (and
        changes nothing) if it is not legal now."""
        out = Output()
        ledger = self.ledger
        if self.fault or ledger is None or ledger.over:
            raise IllegalMove("no move is possible now")
        slot = ledger.slot
        if slot.kind == "commit" and self.seat in slot.authors:
            return self._commit(move, out)
        if slot.kind != "move" or slot.authors != (self.seat,):
            raise IllegalMove("it is not this player's decision")
        if (slot.seq, self.seat, "share") in self._shares:
            raise IllegalMove("a move for this turn was already sent")
        part = list(engine.as_move(move))
        share, raw = _encodable_share(lambda: make_share(
            self.identity.sign, ledger.match_id, slot.seq, ledger.head, "move", self.seat, part))
        try:
            self._checked[raw] = ledger.check_share(share)
        except Fault as f:
            raise IllegalMove(f.reason) from None
        self._store(slot.seq, self.seat, "share", raw, share)
        out.sends.append(Send(self.peers, raw))
        self._guarded_advance(out)
        return out

    def _commit(self, move: Any, out: Output) -> Output:
        """Sign a commitment to our sealed move (never the move itself: see the docstring)."""
        ledger, slot = self.ledger, self.ledger.slot
        if (slot.seq, self.seat, "share") in self._shares:
            raise IllegalMove("a sealed move for this decision was already committed")
        decision = _own_decision(slot, self.seat)
        move = engine.as_move(move)
        if move not in decision.options:
            raise IllegalMove(ledger.game.explain_illegal(ledger.state, decision, move))
        # the option as the engine lists it (a float equal to an integer is not one)
        part = list(decision.options[decision.options.index(move)])
        salt = sealed_salt(self.identity.seed(), ledger.match_id, slot.seq)
        return self._send_own("commit", sealed_commitment(ledger.match_id, slot.seq, self.seat,
                                                          part, salt), out)

    def _send_own(self, kind: str, part: Any, out: Output) -> Output:
        """Sign our share of `kind` for the current slot, keep it and send it."""
        ledger, slot = self.ledger, self.ledger.slot
        share = make_share(self.identity.sign, ledger.match_id, slot.seq, ledger.head, kind,
                           self.seat, part)
        raw = encode(share)
        self._checked[raw] = ledger.check_share(share)
        self._store(slot.seq, self.seat, "share", raw, share)
        out.sends.append(Send(self.peers, raw))
        self._guarded_advance(out)
        return out

    def _opening(self) -> dict:
        """Our opening of the commit entry the log holds: the option that hashes, with the
        slot's salt, to our commitment (derived from the log, so a restarted node finds it)."""
        ledger = self.ledger
        c, commits = ledger.sealed
        salt = sealed_salt(self.identity.seed(), ledger.match_id, c)
        for option in _own_decision(ledger.slot, self.seat).options:
            if sealed_commitment(ledger.match_id, c, self.seat, list(option), salt) == \
                    commits[self.seat]:
                return {"move": list(option), "salt": salt}
        raise Fault("internal", (), f"none of our options opens our commitment in entry {c}",
                    ledger.seq)

    # ---- hidden cards ----------------------------------------------------------------------
    def _secret(self) -> Any:
        if self._hidden_secret is None:
            self._hidden_secret = hc.player_secret(self.identity.seed(), self.body["nonce"])
        return self._hidden_secret

    def _hidden_part(self, slot: Any) -> Any:
        """Our part of a key, shuffle, draw or disclose entry: a function of our key and the
        log, like a reveal."""
        ledger, hidden, x = self.ledger, self.ledger.hidden, self._secret()
        if slot.kind == "key":
            return {"key": x.public, "proof": hc.prove_key(x, self.body["nonce"], self.seat)}
        if slot.kind == "shuffle":
            deck, proof = hc.make_shuffle(x, hidden.joint, hc.Slot(ledger.match_id, slot.seq,
                                          slot.pending), self.seat, hidden.cards[slot.pending])
            return {"deck": list(deck), "proof": proof}
        if slot.kind == "draw":
            p = slot.pending
            share, proof = hc.share(x, hc.Slot(ledger.match_id, slot.seq, p.deck, p.position),
                                    self.seat, hidden.cards[p.deck][p.position])
            return {"share": share, "proof": proof}
        items = []
        private = self.private_cards()
        for _, deck, pos in hidden.openable_of(self.seat, slot.pending, ledger.bots):
            share, proof = hc.share(x, hc.Slot(ledger.match_id, slot.seq, deck, pos), self.seat,
                                    hidden.cards[deck][pos])
            items.append({"card": private[(deck, pos)], "share": share, "proof": proof})
        return items

    def private_cards(self) -> dict[tuple[str, int], int]:
        """(deck, position) -> card index of every hidden card this seat drew and can read:
        the other key holders' shares from the log, and its own share, which only it can make.
        Derived from the log and the identity key alone (a restarted node needs no store)."""
        hidden = self.ledger.hidden if self.ledger is not None else None
        if hidden is None:
            return {}
        for (deck, pos), shares in hidden.shares.items():
            if hidden.holders[(deck, pos)] != self.seat or (deck, pos) in self._private:
                continue
            ct = hidden.cards[deck][pos]
            own = hc.group.mul(self._secret().scalar, ct[:32])
            self._private[(deck, pos)] = hc.open_card(deck, hidden.sizes[deck], ct,
                                                      [*shares.values(), own])
        return dict(self._private)

    def choose_after_timeout(self, choice: str) -> Output:
        """Sign this player's choice about the timed-out seat the log is deciding on: "wait",
        "bot" or "end". Raises ValueError (and changes nothing) when no choice is asked of
        this player now or `choice` is not one of those."""
        out = Output()
        if choice not in CHOICES:
            raise ValueError(f"choose one of {', '.join(CHOICES)}, not {choice!r:.40}")
        ledger = self.ledger
        if self.fault or ledger is None or ledger.over or ledger.slot.kind != "choice":
            raise ValueError("no timed-out seat is waiting for a choice now")
        slot = ledger.slot
        if self.seat not in slot.authors:
            raise ValueError("this player is not one of those who choose now")
        if (slot.seq, self.seat, "share") in self._shares:
            raise ValueError("this player's choice was already sent")
        return self._send_own("choice", {"seat": slot.pending, "choice": choice}, out)

    def reclaim(self) -> Output:
        """Ask for our seat back from the bot that plays it: our request is signed at the next
        move slot (and again at each one until the reclaim entry is logged). Raises
        ValueError when the bot does not play our seat."""
        ledger = self.ledger
        if self.fault or ledger is None or ledger.over or self.seat not in ledger.bots:
            raise ValueError("a bot does not play this seat: there is nothing to take back")
        if ledger.hidden is not None:
            raise ValueError("a seat cannot be taken back from the bot in a game with hidden "
                             "cards")
        self._reclaiming = True
        out = Output()
        self._guarded_advance(out)
        return out

    def reclaim_expected(self) -> bool:
        """Whether a seat the bot plays asked for its seat back within the last RECLAIM_MEMORY
        entries: its request for the next move slot is then on its way (a node that decides
        at once, a bot, waits a moment for it rather than always moving first)."""
        ledger = self.ledger
        return ledger is not None and any(
            seat in ledger.bots and seq >= ledger.seq - RECLAIM_MEMORY
            for seat, seq in self._reclaim_seen.items())

    def reclaim_asked(self) -> bool:
        """Whether our player asked for the seat back and the log has not given it yet."""
        return self._reclaiming and self.ledger is not None and self.seat in self.ledger.bots

    def _reclaim_part(self, slot: Any) -> dict | None:
        """Our reclaim share for move slot `slot`, if one is due: our request when our player
        asked for the seat back; our consent when the move is ours and we hold a bot seat's
        request (before our player moved: we then never sign a move for this entry). A consent
        completes the entry at once (we hold the request), which is on disk before the consent
        leaves: unlike a move, it needs no keeping for a restart (own_unlogged)."""
        ledger, s = self.ledger, slot.seq
        if slot.kind != "move" or ledger.hidden is not None or \
                (s, self.seat, "share") in self._shares:
            return None
        if self.seat in ledger.bots:
            return {"seat": self.seat} if self._reclaiming else None
        if slot.authors != (self.seat,):
            return None
        for seat in ledger.bots:
            request = self._shares.get((s, seat, "share"))
            if request is not None and request[1]["kind"] == "reclaim" and self._check(*request):
                return {"seat": seat}
        return None

    def claim_timeout(self, now: int, seat: int | None = None) -> Output:
        """Sign that `seat` (default: the lowest awaited) missed the current slot at time `now`."""
        out = Output()
        ledger = self.ledger
        if self.fault or ledger is None or ledger.over or self.seat in ledger.absent:
            return out
        if self._held:
            # The log did not reach a held notice's proof in time: the shares of the entries
            # before it that were on their way would have come by now, so one was withheld or
            # lost (the accused kept its own from us; the reporter crashed before sending us
            # its own), and nothing here can judge it. A timeout claim would wait for the
            # stopped reporter's claim, which never comes: stop now, naming both.
            reporter = min(self._held)
            _, msg, seq = self._held.pop(reporter)
            self._halt(self._dispute(msg, reporter, f"its proof is a share for entry {seq}, "
                                     "which this node's log did not reach before its deadline"),
                       out)
            return out
        slot = ledger.slot
        if slot.seq in self._claimed:
            return out
        awaited = [a for a in self.awaiting() if a != self.seat]
        # A share that only reached us through a relay and disagrees with our history was held
        # back in case an equivocation explained it. The deadline has passed without one, and
        # an honest author would have sent it to us directly by now: judge it as the author's.
        held = [self._shares[(slot.seq, a, "share")][0] for a in awaited
                if (slot.seq, a, "share") in self._shares]
        if held:
            self._direct.update(held)
            self._guarded_advance(out)
            if self.fault is not None or self.ledger.slot is not slot:
                return out
            awaited = [a for a in self.awaiting() if a != self.seat]
        if seat is None:
            if not awaited:
                return out
            seat = awaited[0]
        elif seat not in awaited:
            raise ValueError(f"the current slot is not waiting for {player_name(seat)}")
        share = make_share(self.identity.sign, ledger.match_id, slot.seq, ledger.head, "timeout",
                           self.seat, {"seat": seat, "time": int(now)})
        raw = encode(share)
        self._claimed[slot.seq] = seat
        self._store(slot.seq, self.seat, "claim", raw, share)
        out.sends.append(Send(self.peers, raw))
        self._guarded_advance(out)
        return out

    def halt(self, fault: Fault) -> Output:
        """Stop this match at `fault` found outside a frame of ours (an entry in a catch-up
        batch whose signed part breaks a rule): as if that part had arrived on its own. The
        fault should carry that part (`faults.authored`): the halt notice sends it, and without
        it a peer that never saw the part can only dispute with us."""
        out = Output()
        self._halt(fault, out)
        return out

    # ---- internals -------------------------------------------------------------------------
    def _guarded_advance(self, out: Output) -> None:
        try:
            self._advance(out)
        except Fault as f:
            self._halt(f, out)
        except Exception as e:  # noqa: BLE001 - a bug must stop this match, not the node
            self._halt(_internal(e), out)

    def _halt(self, fault: Fault, out: Output) -> None:
        self.fault = fault
        self.record = cheat_record.record(self.ledger, fault)
        out.events.append(FaultDetected(fault, self.record))
        seq = self.ledger.seq if self.ledger is not None else 0
        out.sends.append(Send(self.peers, encode(make_halt(
            seq, fault.kind, fault.seats, fault.reason, fault.evidence))))
        if fault.kind == "state-mismatch" and self.ledger is not None:
            sections = state_sections(self.ledger.state)
            out.sends.append(Send(self.peers, encode({
                "t": "sections", "seq": self.ledger.seq, "names": [n for n, _ in sections],
                "hashes": [h for _, h in sections]})))

    def _on_halt(self, msg: dict, data: bytes, reporter: int, out: Output) -> None:
        """A peer stopped the match. Its word alone convicts nobody: its evidence frames are
        judged as frames relayed by the reporter, and what this node's own checks find is the
        fault it adopts (two signed shares for one slot, or a signed share that breaks the
        rules on the history this node holds too). When an accused seat's share among them is
        for an entry this node's log has not reached (the reporter is ahead: shares of the
        entries before it are still on their way), the notice is held and judged when the log
        gets there (`_judge_held`); at this node's deadline first, it is a dispute after all
        (`claim_timeout`). When the checks find nothing (the evidence is unsigned, like a bad
        signature or garbage only the reporter received; it holds on this node's history; or
        the reporter is lying) this node cannot tell who cheated and stops with a dispute
        naming both, which later frames may settle (`_settle_dispute`)."""
        accused = tuple(msg["seats"])
        if not accused or accused == (reporter,) or \
                (self.ledger is not None and reporter in self.ledger.absent):
            # A node stopped by a bug, or told that the others recorded it as gone, accuses
            # nobody else: its seat is the timeout machinery's business, not a reason to stop.
            return
        if self.ledger is not None:
            ahead = 0
            for raw in msg["evidence"]:
                if not self._signed_share(raw):
                    continue   # proves nothing: anybody could have made it
                try:
                    self._take(raw, reporter, out)
                except Fault as f:
                    raise _credited(f, reporter, msg["evidence"]) from None
                m = self._msg.get(raw)
                if m is not None and m["author"] in accused and m["seq"] > self.ledger.seq:
                    ahead = max(ahead, m["seq"])
            if ahead and not self.ledger.over:
                # one per reporter (an honest one stops once): a flood holds no more
                self._held.setdefault(reporter, (data, msg, ahead))
                return
        raise self._dispute(msg, reporter, "this node has no proof of it")

    def _judge_held(self) -> None:
        """Held halt notices whose proof the log has reached: had it proven anything, checking
        the shares of that slot (`_try_complete`) would have stopped the match already, so
        each is a dispute. Once the game is over they are moot (this node's log is whole)."""
        if self.ledger.over:
            self._held.clear()
        for reporter in sorted(self._held):
            _, msg, seq = self._held[reporter]
            if seq <= self.ledger.seq:
                del self._held[reporter]
                raise self._dispute(msg, reporter, f"its proof, a share for entry {seq}, "
                                    "breaks no rule on this node's log")

    def held_halts(self) -> list[tuple[int, bytes]]:
        """(reporter, notice) of the halt notices held until the log reaches their proof, in
        seat order: a node that replaces this session (catch-up) passes them to the new one."""
        return [(r, self._held[r][0]) for r in sorted(self._held)]

    def _dispute(self, msg: dict, reporter: int, why: str) -> Fault:
        accused = tuple(msg["seats"])
        named = " and ".join(map(player_name, accused))
        self._dispute_accused = accused
        return Fault("dispute", tuple(sorted({*accused, reporter})),
                     f"{player_name(reporter)} stopped the match accusing {named} of "
                     f"{msg['kind']}: {msg['reason']}; {why}, so either of them may be the "
                     "cheater", msg["seq"])

    def _settle_dispute(self, data: bytes, sender: int, out: Output) -> None:
        """While in a dispute, a frame that proves a fault settles it: two signed shares for
        one slot (sent as such or as a halt notice's evidence), or a bad frame that the
        accused sends this node directly."""
        found = None
        try:
            msg = parse_wire(data)
        except CodecError as e:
            if sender in self._dispute_accused:
                found = Fault("malformed", (sender,), str(e))
        else:
            frames = msg["evidence"] if msg["t"] == "halt" else [data] if msg["t"] == "share" \
                else []
            for raw in frames:
                found = found or self._equivocation_with(raw)
            if found is None and msg["t"] == "share" and sender in self._dispute_accused \
                    and self.ledger is not None:
                found = self._unauthentic(msg, data, sender)
                if found is None and msg["author"] == sender and msg["seq"] == self.ledger.seq \
                        and not self.ledger.over:
                    # the accused's own share for the slot this node stopped at
                    try:
                        self.ledger.check_share(msg)
                    except Fault as f:
                        if f.seats == (sender,):
                            found = Fault(f.kind, f.seats, f.reason, f.seq, (data,))
        if found is not None:
            self._halt(found, out)

    def _signed_share(self, raw: bytes) -> bool:
        """Whether `raw` is a share of this match that carries its author's signature."""
        try:
            m = parse_wire(raw)
        except CodecError:
            return False
        return m["t"] == "share" and self._unauthentic(m, raw, None) is None

    def _unauthentic(self, msg: dict, raw: bytes, sender: int | None) -> Fault | None:
        """What is wrong with a share before its content counts: no such seat, a signature
        that does not verify, another match. The fault is the sender's (the transport vouches
        for who sent it, nothing vouches for the rest): anyone can replay a share signed in
        another match."""
        a, seq, who = msg["author"], msg["seq"], (sender,) if sender is not None else ()
        if a >= self.n:
            return Fault("malformed", who, f"there is no {player_name(a)}", seq)
        statement = share_statement(msg["match"], seq, msg["prev"], msg["kind"], a, msg["part"])
        if not verify_signature(self.keys[a], msg["sig"], statement):
            return Fault("bad-signature", who, f"share claiming {player_name(a)} does not verify", seq,
                         (raw,))
        if msg["match"] != self.ledger.match_id:
            return Fault("wrong-match", who, "share of another match", seq)
        return None

    def _equivocation_with(self, raw: bytes) -> Fault | None:
        """The equivocation `raw` proves against a share this node holds, if any."""
        if self.ledger is None:
            return None
        try:
            m = parse_wire(raw)
        except CodecError:
            return None
        if m["t"] != "share" or m["author"] >= self.n:
            return None
        old = self._shares.get((m["seq"], m["author"], "claim" if m["kind"] == "timeout"
                                else "share"))
        if old is None or check_equivocation(self.keys, self.ledger.match_id, old[0], raw) is None:
            return None
        return Fault("equivocation", (m["author"],), f"two different shares signed for entry "
                     f"{m['seq']}", m["seq"], (old[0], raw))

    def _on_sections(self, data: bytes, sender: int, out: Output) -> None:
        try:
            msg = parse_wire(data)
        except CodecError:
            return
        if msg["t"] != "sections" or msg["seq"] != self.ledger.seq:
            return
        section = first_difference(state_sections(self.ledger.state),
                                   list(zip(msg["names"], msg["hashes"])))
        if section is not None:
            out.events.append(Divergence(msg["seq"], sender, section))

    def _store(self, seq: int, author: int, cls: str, raw: bytes, msg: dict) -> None:
        self._seen.add(raw)
        self._direct.add(raw)
        self._msg[raw] = msg
        self._shares[(seq, author, cls)] = (raw, msg)
        if author == self.seat:
            self._mine[(seq, author, cls)] = (raw, msg["kind"])

    def _on_gsig(self, msg: dict, raw: bytes, sender: int, out: Output) -> None:
        seat = msg["seat"]
        if msg["genesis"] != self._body_hash or seat >= self.n:
            raise Fault("genesis", (sender,), "signature for a different genesis")
        if not check_signature(self.body, seat, msg["sig"]):
            raise Fault("bad-signature", (sender,), f"genesis signature of {player_name(seat)} does "
                        "not verify")
        old = self._gsigs.get(seat)
        if old is not None and old != msg["sig"]:
            raise Fault("equivocation", (seat,), "two different genesis signatures",
                        0, (old, msg["sig"]))
        self._seen.add(raw)
        if seat != self.seat:
            # echoed like shares: a seat sending different signatures to different peers would
            # otherwise give the peers different match ids.
            rest = tuple(s for s in self.peers if s not in (seat, sender))
            if rest:
                out.sends.append(Send(rest, raw, relay=True))
        self._gsigs[seat] = msg["sig"]
        self._maybe_begin(out)

    def _maybe_begin(self, out: Output) -> None:
        if self.ledger is not None or len(self._gsigs) < self.n:
            return
        signed = assemble(self.body, [self._gsigs[s] for s in range(self.n)])
        self.ledger = Ledger(signed, self.initial_state)
        out.events.append(MatchStarted(self.ledger.match_id, encode(signed)))
        decision = self.my_decision()
        if decision is not None:
            out.events.append(YourDecision(self.ledger.seq, decision))
        early, self._early = self._early, []
        for data, sender in early:
            self._on_share(parse_wire(data), data, sender, out)
        self._advance(out)

    def _on_share(self, msg: dict, raw: bytes, sender: int, out: Output) -> None:
        if raw in self._seen:
            return
        ledger = self.ledger
        a, seq = msg["author"], msg["seq"]
        forged = self._unauthentic(msg, raw, sender)
        if forged is not None:
            raise forged
        self._seen.add(raw)
        self._msg[raw] = msg
        if sender == a:
            self._direct.add(raw)
        if a != self.seat:
            rest = tuple(s for s in self.peers if s not in (a, sender))
            if rest:
                out.sends.append(Send(rest, raw, relay=True))
        cls = "claim" if msg["kind"] == "timeout" else "share"
        old = self._shares.get((seq, a, cls))
        if old is not None:
            raise Fault("equivocation", (a,), f"two different {cls}s signed for entry {seq}",
                        seq, (old[0], raw))
        if msg["kind"] == "reclaim" and msg["part"]["seat"] == a:
            self._reclaim_seen[a] = max(seq, self._reclaim_seen.get(a, 0))
        if seq > ledger.seq + AHEAD_WINDOW:
            # its signer's fault however it came (relayed, or as a notice's proof): no honest
            # peer gets that far past a slot that needs our share, and a node that is behind
            # (a restart, a seat given to the bot) holds every frame until it has caught up
            # (node.catchup), so a genuine share is never judged this far from our log
            raise Fault("wrong-sequence", (a,), f"sequence {seq} is far ahead of {ledger.seq}",
                        seq, (raw,))
        if seq < ledger.seq:
            self._on_past_share(msg, cls, raw)
            return
        self._shares[(seq, a, cls)] = (raw, msg)

    def _on_past_share(self, msg: dict, cls: str, raw: bytes) -> None:
        # A share for an entry already in the log that is not one of its shares (an identical
        # one was dropped as a duplicate, a different one by the same author is equivocation).
        seq = msg["seq"]
        if (seq, msg["author"], cls) in self._shares:
            return  # this very share is part of the entry
        if not self.ledger.on_history(msg) and (raw not in self._direct or cls == "claim"):
            return  # built on another history: a relay overtaken, or a claim about that one
        try:
            self.ledger.check_late_share(msg)
        except Fault as f:
            raise f.proven_by(raw, msg["author"]) from None
        if cls == "claim" and msg["part"]["seat"] == self.seat:
            self._on_claim_against_us(msg, raw)

    def _on_claim_against_us(self, msg: dict, raw: bytes) -> None:
        # Claims against this node for an entry it has already filled with its own late share:
        # once every other player has claimed, their logs hold a timeout there and this node's
        # game is over for it. Say so plainly, rather than blame them for the fork that follows.
        seq = msg["seq"]
        claims = self._late_claims.setdefault(seq, {})
        claims[msg["author"]] = raw
        if all(a in claims for a in self.ledger.active() if a != self.seat):
            raise Fault("timed-out", (self.seat,), f"the other players recorded that this node "
                        f"missed entry {seq}; its late share is not in their logs", seq,
                        tuple(claims[a] for a in sorted(claims)))

    def _check(self, raw: bytes, msg: dict) -> bool:
        """True when the share holds at the current slot; False while a relayed copy disagrees."""
        if raw not in self._checked:
            try:
                self._checked[raw] = self.ledger.check_share(msg)
            except Fault as f:
                # Only a share built on another history can be an honest relay's overtaking (see
                # the module docstring); on the history this node holds, a share that breaks a
                # rule convicts its signer however it arrived.
                if raw in self._direct or f.kind not in ("wrong-prev", "wrong-sequence"):
                    fault = f.proven_by(raw, msg["author"])
                    for reporter, (_, notice, _) in sorted(self._held.items()):
                        if raw in notice["evidence"]:
                            fault = _credited(fault, reporter, notice["evidence"])
                            break
                    raise fault from None
                return False
        return True

    def _advance(self, out: Output) -> None:
        ledger = self.ledger
        while ledger is not None and not ledger.over:
            slot = ledger.slot
            s = slot.seq
            if slot.kind not in ("move", "choice", "commit") and self.seat in slot.authors and \
                    (s, self.seat, "share") not in self._shares:
                if slot.kind == "open":
                    part = self._opening()
                elif slot.kind in HIDDEN_KINDS:
                    part = self._hidden_part(slot)
                elif slot.kind == "reveal":
                    if ledger.reveals >= self.chain.length:
                        raise Fault("exhausted", (), "all reveals are used", s)
                    # our next chain value: a seat the bot played for a while skipped some
                    part = self.chain.reveal(ledger.revealed[self.seat] + 1)
                else:
                    part = ledger.state_hash()
                share = make_share(self.identity.sign, ledger.match_id, s, ledger.head,
                                   slot.kind, self.seat, part)
                raw = encode(share)
                if slot.kind in ("shuffle", "draw", "disclose"):
                    # made by protocol.hidden from our own key: its proof is checked by every
                    # peer on arrival; checking it here too would only repeat the costliest
                    # step of a shuffle or a draw on our own clock
                    self._checked[raw] = None
                self._store(s, self.seat, "share", raw, share)
                out.sends.append(Send(self.peers, raw))
            reclaim = self._reclaim_part(slot)
            if reclaim is not None:
                share = make_share(self.identity.sign, ledger.match_id, s, ledger.head,
                                   "reclaim", self.seat, reclaim)
                raw = encode(share)
                self._checked[raw] = ledger.check_share(share)
                self._store(s, self.seat, "share", raw, share)
                out.sends.append(Send(self.peers, raw))
            if not self._try_complete(slot, out):
                break
        if ledger is not None:
            self._judge_held()

    def _try_complete(self, slot: Any, out: Output) -> bool:
        ledger = self.ledger
        s = slot.seq
        accused = self._claimed.get(s)
        for a in range(self.n):
            # a share for this slot from a seat that is not among its authors (judged here, as
            # it may have arrived before the log reached the slot)
            if a not in slot.authors and a not in ledger.absent and a != self.seat:
                item = self._shares.get((s, a, "share"))
                if item is not None:
                    self._check(*item)
        regular: dict[int, tuple[bytes, dict]] = {}
        claims: dict[int, tuple[bytes, dict]] = {}
        reclaims: dict[int, tuple[bytes, dict]] = {}
        for a in range(self.n):
            item = self._shares.get((s, a, "share"))
            if item is not None and item[1]["kind"] == "reclaim":
                # a claimant ignores the consent of the seat it claimed, as its late move
                if a != accused and self._check(*item):
                    reclaims[a] = item
            elif item is not None and a != accused and a not in ledger.absent and \
                    self._check(*item):
                regular[a] = item
            item = self._shares.get((s, a, "claim"))
            if item is not None and self._check(*item):
                claims[a] = item
        prepared = None
        taken_back = _reclaim_signers(reclaims, ledger, slot)
        if all(a in regular for a in slot.authors):
            raws = [regular[a][0] for a in slot.authors]
            shares = [regular[a][1] for a in slot.authors]
            if slot.kind == "move":
                prepared = self._checked[regular[slot.authors[0]][0]]
        elif taken_back:
            raws = [reclaims[a][0] for a in taken_back]
            shares = [reclaims[a][1] for a in taken_back]
        else:
            named = sorted({c[1]["part"]["seat"] for c in claims.values()})
            for x in named:
                signers = tuple(a for a in ledger.active() if a != x)
                if all(a in claims and claims[a][1]["part"]["seat"] == x for a in signers):
                    raws = [claims[a][0] for a in signers]
                    shares = [claims[a][1] for a in signers]
                    break
            else:
                return False
        entry = make_entry(shares)
        raw = encode(entry)
        before = ledger.state
        ledger.append(entry, raw, prepared)
        for raw_share in raws:   # what check_share prepared (a whole next state) is spent
            self._checked[raw_share] = None
        out.events.append(Appended(s, raw))
        if entry["kind"] == "attest":
            out.events.append(TurnAttested(s, entry["parts"][0]))
            if ledger.over:
                out.events.append(GameOver(ledger.result()))
        else:
            if entry["kind"] == "reclaim":
                out.events.append(SeatReclaimed(s, ledger.reclaims[-1][1]))
                if ledger.reclaims[-1][1] == self.seat:
                    self._reclaiming = False
            if entry["kind"] == "choice":
                _, seat, outcome = ledger.choices[-1]
                out.events.append(SeatChosen(s, seat, outcome, {
                    a: p["choice"] for a, p in zip(entry["authors"], entry["parts"])}))
            out.events.append(StateChanged(
                s, entry["kind"], before, ledger.state,
                entry["parts"][0] if entry["kind"] == "move" else None))
        nxt = ledger.slot
        decision = self.my_decision()
        if decision is not None:
            out.events.append(YourDecision(nxt.seq, decision))
        if nxt is not None and nxt.kind == "choice":
            out.events.append(self._timed_out_event(nxt))
        return True


def _reclaim_signers(reclaims: dict[int, tuple[bytes, dict]], ledger: Ledger,
                     slot: Any) -> tuple[int, ...]:
    """The authors of a complete reclaim entry among checked reclaim shares (author -> share):
    a bot seat's own request and the deciding player's consent naming it; () if none is."""
    if slot.kind != "move":
        return ()
    for seat in ledger.bots:
        signers = tuple(sorted({*slot.authors, seat}))
        if all(a in reclaims and reclaims[a][1]["part"]["seat"] == seat for a in signers):
            return signers
    return ()


def _own_decision(slot: Any, seat: int) -> Any:
    return next(d for d in slot.pending.decisions if d.player == seat)


def _credited(fault: Fault, reporter: int, evidence: list[bytes]) -> Fault:
    """`fault`, saying that `reporter`'s halt notice carried its proof when it did."""
    if not set(fault.evidence) & set(evidence):
        return fault
    return Fault(fault.kind, fault.seats, f"{fault.reason} ({player_name(reporter)} stopped the "
                 "match for it and sent the proof)", fault.seq, fault.evidence)


def _internal(e: Exception) -> Fault:
    return Fault("internal", (), f"{type(e).__name__}: {e} (a bug in lanboard, not a player's "
                 "fault; please report it with the match file)")
