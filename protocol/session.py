"""One node's view of a match, sans-IO: feed it frames, get frames to send and events.

    s = Session(genesis_body, identity, chain)
    out = s.start()                        # our genesis signature, to every peer
    out = s.receive(frame, sender=seat)    # a frame from a peer (the transport knows who)
    out = s.move(("roll",))                # when out.events held YourDecision
    out = s.claim_timeout(now)             # when the node's deadline for s.awaiting() passed
    out = s.choose_after_timeout("bot")    # when out.events held SeatTimedOut(ask=True); the
                                           # log's choice comes back as SeatChosen

Each `Output` (protocol.events) has `sends` (recipients, bytes) and `events`. No clock, no
random number: the node supplies time, the chain randomness. A facade, after h11's
`Connection`, over parts that each own one job and state their invariants in their own files:

    genesis_round  every seat's signature on the genesis, and frames that came before it
    share_pool     the shares held, their relays, equivocation, shares for logged entries
    log, slots     the ledger: which entry is next, the rules every part is checked by
    own_parts      what this seat signs, and the hidden cards only it reads
    tribunal       stopping the match, halt notices, disputes, the record of a proven cheat

Invariants kept here, between the parts:
- Every frame is decoded once (protocol.frames) and taken once (the pool's `seen`).
- This node's own parts are checked by the same ledger as a peer's (but those protocol.hidden
  made from its own key, whose proofs every peer checks on arrival): the core does not apply
  other rules to its own parts.
- After a stop (a fault) nothing is signed; only a dispute's settling frames and a state
  mismatch's sections are read.
"""
from __future__ import annotations

from typing import Any

from engine.core import IllegalMove, player_name

from . import cheat_record
from .codec import CodecError, decode, encode
from .events import MatchStarted, Output, SeatTimedOut, Send, YourDecision, entry_events
from .faults import Fault
from .frames import GenesisSig, Halt, Sections, Share, read_frame, shares_of
from .genesis import GenesisError, check_body
from .genesis_round import GenesisRound
from .identity import Identity
from .kinds import CHOICE, CLAIM, COMMIT, DECIDED, MOVE, RECLAIM, SELF_PROVEN, UNDERIVABLE
from .log import Ledger
from .messages import CHOICES, make_entry, parse_entry, parse_signed_genesis
from .own_parts import OwnParts
from .randomness import HashChain
from .share_pool import AHEAD_WINDOW, SharePool
from .slots import Slot
from .tribunal import Tribunal

__all__ = ["Session", "AHEAD_WINDOW"]


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
        self.body, self.n, self.keys = genesis_body, len(keys), keys
        self.peers = tuple(s for s in range(self.n) if s != self.seat)
        self.identity, self.chain = identity, chain
        self.ledger: Ledger | None = None
        self.genesis = GenesisRound(genesis_body, self.seat, self.n)
        self.pool = SharePool(self.seat, keys)
        self.tribunal = Tribunal(self.peers)
        self.own = OwnParts(identity, chain, self.seat, genesis_body["nonce"])

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
        signed = parse_signed_genesis(decode(items[0]))
        self = cls(signed["body"], identity, chain)
        self.genesis.started = True
        self.genesis.sigs = dict(enumerate(signed["sigs"]))
        self.ledger = Ledger(signed)
        for raw in items[1:]:
            entry = parse_entry(decode(raw))
            self.ledger.take(entry, raw)
            for share in shares_of(entry):
                self.pool.keep(share)
        out = Output()
        for share in self.pool.restore_own(unlogged, self.ledger.seq):
            if share.pool == CLAIM:
                self.own.claimed[share.seq] = share.part["seat"]
            out.sends.append(Send(self.peers, share.raw))
        self._tell_next(out)
        self._advance(out)
        return self, out

    def own_unlogged(self) -> list[bytes]:
        """Frames this node signed that are not in the log yet and could not be signed again
        alike after a restart (a move, a timeout claim, a choice: a person or a clock decided
        them; a reveal or an attestation follows from the log): persist them before sending."""
        return self.pool.own_unlogged(self.ledger.seq, UNDERIVABLE) if self.ledger else []

    # ---- queries ---------------------------------------------------------------------------
    @property
    def fault(self) -> Fault | None:
        return self.tribunal.fault

    @property
    def record(self) -> bytes | None:
        """The proof item of a cheat that stopped us (protocol.cheat_record), else None."""
        return self.tribunal.record

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
        return [encode(self.ledger.genesis), *self.entries] if self.ledger else []

    @property
    def turn_ends(self) -> list[int]:   # the numbers of the attests that closed a turn
        return self.ledger.turn_ends if self.ledger else []

    @property
    def entries(self) -> list[bytes]:
        """Every entry of the log so far (the match file's items after the genesis)."""
        return self.ledger.entries if self.ledger else []

    @property
    def seq(self) -> int:
        """The number of the entry the log takes next (the genesis is entry 0)."""
        return self.ledger.seq if self.ledger else 1

    def result(self) -> Any:
        """The game's result once it is over, else None."""
        return self.ledger.result() if self.ledger else None

    def bots(self) -> tuple[int, ...]:
        """Seats the derived bot plays (handed over after a timeout)."""
        return tuple(self.ledger.bots) if self.ledger else ()

    def proven_cheat(self, evidence: list[bytes]) -> Fault | None:
        """The cheat signed shares among `evidence` prove on this log (protocol.cheat_record)."""
        return cheat_record.judge(self.ledger, evidence) if self.ledger else None

    def writes(self, seat: int) -> bool:
        """Whether `seat` still writes its own parts (it is not timed out nor a bot's)."""
        return self.ledger is None or seat not in self.ledger.absent

    def _playing(self) -> Ledger | None:
        """The ledger while the match is on (started, not over, not stopped)."""
        ledger = self.ledger
        return None if self.fault or ledger is None or ledger.over else ledger

    def current_shares(self) -> list[bytes]:
        """Every share and claim held for the slot in progress (ours and relayed ones), in
        author order: what a peer whose link dropped may have missed. Resending them is safe,
        a session ignores what it has seen."""
        if not self.ledger or self.ledger.over:
            return []
        return self.pool.at_slot(self.ledger.slot.seq)

    def unshared_at_end(self) -> int:
        """How many entries at the end of the log the other players may lack because a share
        of ours in them never reached them (Ledger.unshared_at_end)."""
        return self.ledger.unshared_at_end(self.seat) if self.ledger else 0

    def slot_kind(self) -> str | None:
        """The kind of the entry the log waits for (kinds.KINDS), None while it waits for none."""
        ledger = self._playing()
        return ledger.slot.kind if ledger is not None else None

    def waits_for_a_decision(self) -> bool:
        """Whether the slot in progress is one a person answers (kinds.DECIDED): the others
        then wait up to the genesis's "decision" timeout, else its "round" timeout."""
        return self.slot_kind() in DECIDED

    def awaiting(self) -> tuple[int, ...]:
        """Seats the current slot still waits for (what the node's deadline is about)."""
        ledger = self._playing()
        if ledger is None:
            return self.genesis.missing() if self.ledger is None and not self.fault else ()
        return self.pool.awaiting(ledger.slot, self.own.claimed.get(ledger.slot.seq))

    def unclaimed(self) -> tuple[int, ...]:
        """After this node claimed a timeout on the current slot: the seats whose claims the
        timeout entry still lacks (it needs every active player but the one it names)."""
        ledger = self._playing()
        named = self.own.claimed.get(ledger.slot.seq) if ledger else None
        return self.pool.unclaimed(ledger, named) if named is not None else ()

    def my_decision(self) -> Any:
        """The engine Decision this node's player is asked to make now, if any (a move, or its
        own decision of a Sealed node): `move()` takes the answer."""
        ledger = self._playing()
        return self.own.decision(ledger, self.pool) if ledger is not None else None

    def pending_choice(self) -> SeatTimedOut | None:
        """The timed-out seat this node's player is asked to choose about, if any."""
        ledger = self._playing()
        return self.own.choice_asked(ledger, self.pool) if ledger is not None else None

    def private_cards(self) -> dict[tuple[str, int], int]:
        """(deck, position) -> card index of every hidden card this seat drew and can read."""
        return self.own.private_cards(self.ledger)

    def held_halts(self) -> list[tuple[int, bytes]]:
        """(reporter, notice) of the halt notices held until the log reaches their proof: a
        node that replaces this session (catch-up) passes them to the new one."""
        return self.tribunal.held_halts()

    def reclaim_expected(self) -> bool:
        """Whether a seat the bot plays asked for its seat back lately (SharePool)."""
        return self.ledger is not None and self.pool.reclaim_expected(self.ledger)

    def reclaim_asked(self) -> bool:
        """Whether our player asked for the seat back and the log has not given it yet."""
        return self.own.reclaiming and self.ledger is not None and self.seat in self.ledger.bots

    # ---- inputs ----------------------------------------------------------------------------
    def start(self) -> Output:
        out = Output()
        frame = self.genesis.sign(self.identity.sign)
        if frame is not None:
            self.pool.seen.add(frame)
            out.sends.append(Send(self.peers, frame))
            self._maybe_begin(out)
        return out

    def start_signed(self, sigs: list[bytes], sender: int) -> Output:
        """`start`, given every seat's genesis signature at once (the host's lobby gathers
        them before the game begins, so no seat waits for a signature that never comes): each
        is taken as if it had arrived from `sender`, and the genesis is complete."""
        out = self.start()
        for seat, sig in enumerate(sigs):
            if seat != self.seat:
                out.add(self.receive(self.genesis.frame(seat, sig), sender))
        return out

    def receive(self, data: bytes, sender: int) -> Output:
        out = Output()
        if self.fault is not None:
            self.tribunal.after_stop(data, sender, self.ledger, self.pool, out)
            return out
        self._guarded(lambda: self._take(data, sender, out), out)
        return out

    def _take(self, data: bytes, sender: int, out: Output) -> None:
        if data in self.pool.seen:
            share = self.pool.known(data)
            if share is not None and self.ledger is not None and \
                    self.pool.author_copy(share, sender, self.ledger):
                self._advance(out)   # the author's own copy of a share a relay brought first
            return
        try:
            msg = read_frame(data)
        except CodecError as e:
            raise Fault("malformed", (sender,), str(e), None, (data[:1 << 16],)) from None
        if isinstance(msg, GenesisSig):
            out.sends += self.genesis.take(msg, data, sender, self.peers)
            self.pool.seen.add(data)
            self._maybe_begin(out)
        elif isinstance(msg, Halt):
            self.tribunal.on_halt(msg, data, sender, self.ledger, self.pool,
                                  lambda frame, reporter: self._take(frame, reporter, out))
        elif isinstance(msg, Sections):
            return   # only meaningful after a state mismatch
        elif self.ledger is None:
            self.genesis.hold(data, sender)
        else:
            out.sends += self.pool.take(msg, sender, self.ledger)
            self._advance(out)

    def move(self, move: Any) -> Output:
        """Play our move (at a commit slot: commit to our sealed move); raises IllegalMove (and
        changes nothing) if it is not legal now."""
        ledger = self._playing()
        if ledger is None:
            raise IllegalMove("no move is possible now")
        slot = ledger.slot
        if slot.kind == COMMIT and self.seat in slot.authors:
            if self.pool.has(slot.seq, self.seat):
                raise IllegalMove("a sealed move for this decision was already committed")
            return self._send_own(self._checked(self.own.commit(ledger, move)))
        if slot.kind != MOVE or slot.authors != (self.seat,):
            raise IllegalMove("it is not this player's decision")
        if self.pool.has(slot.seq, self.seat):
            raise IllegalMove("a move for this turn was already sent")
        return self._send_own(self.own.move(ledger, move))

    def choose_after_timeout(self, choice: str) -> Output:
        """Sign this player's choice about the timed-out seat the log is deciding on: "wait",
        "bot" or "end". Raises ValueError (and changes nothing) when no choice is asked of
        this player now or `choice` is not one of those."""
        if choice not in CHOICES:
            raise ValueError(f"choose one of {', '.join(CHOICES)}, not {choice!r:.40}")
        ledger = self._playing()
        if ledger is None or ledger.slot.kind != CHOICE:
            raise ValueError("no timed-out seat is waiting for a choice now")
        if self.seat not in ledger.slot.authors:
            raise ValueError("this player is not one of those who choose now")
        if self.pool.has(ledger.slot.seq, self.seat):
            raise ValueError("this player's choice was already sent")
        return self._send_own(self._checked(self.own.choice(ledger, choice)))

    def reclaim(self) -> Output:
        """Ask for our seat back from the bot that plays it: our request is signed at the next
        move slot (and again at each one until the reclaim entry is logged). Raises
        ValueError when the bot does not play our seat."""
        ledger = self._playing()
        if ledger is None or self.seat not in ledger.bots:
            raise ValueError("a bot does not play this seat: there is nothing to take back")
        if ledger.hidden is not None:
            raise ValueError("a seat cannot be taken back from the bot in a game with hidden "
                             "cards")
        self.own.reclaiming = True
        out = Output()
        self._guarded_advance(out)
        return out

    def claim_timeout(self, now: int, seat: int | None = None) -> Output:
        """Sign that `seat` (default: the lowest awaited) missed the current slot at time `now`."""
        out = Output()
        ledger = self._playing()
        if ledger is None or self.seat in ledger.absent:
            return out
        expired = self.tribunal.expire_held()
        if expired is not None:
            # a timeout claim would wait for the stopped reporter's claim, which never comes
            self.tribunal.halt(expired, self.ledger, out)
            return out
        slot = ledger.slot
        if slot.seq in self.own.claimed:
            return out
        awaited = [a for a in self.awaiting() if a != self.seat]
        if self.pool.trust_held(slot.seq, awaited):
            self._guarded_advance(out)
            if self.fault is not None or ledger.slot is not slot:
                return out
            awaited = [a for a in self.awaiting() if a != self.seat]
        if seat is None:
            if not awaited:
                return out
            seat = awaited[0]
        elif seat not in awaited:
            raise ValueError(f"the current slot is not waiting for {player_name(seat)}")
        return self._send_own(self.own.claim(ledger, seat, now), out, checked=False)

    def halt(self, fault: Fault) -> Output:
        """Stop this match at `fault` found outside a frame (in an entry caught up), as if its
        signed part had come on its own: the fault should carry it (`faults.authored`)."""
        out = Output()
        self.tribunal.halt(fault, self.ledger, out)
        return out

    # ---- internals -------------------------------------------------------------------------
    def _checked(self, share: Share) -> Share:
        """Our share, checked by the ledger as a peer's is: no other rules for our own parts."""
        self.ledger.check_share(share)
        return share

    def _post(self, share: Share, checked: bool, out: Output) -> None:
        """Keep our share (`checked` at its slot, else judged when its entry is put together,
        as a claim is) and send it to every peer."""
        self.pool.keep(share, checked=checked)
        out.sends.append(Send(self.peers, share.raw))

    def _send_own(self, share: Share, out: Output | None = None, checked: bool = True) -> Output:
        out = out if out is not None else Output()
        self._post(share, checked, out)
        self._guarded_advance(out)
        return out

    def _guarded(self, step, out: Output) -> None:
        """Run `step`; a fault it raises stops the match, and so does a bug (not the node)."""
        try:
            step()
        except Fault as f:
            self.tribunal.halt(f, self.ledger, out)
        except Exception as e:  # noqa: BLE001 - a bug must stop this match, not the node
            self.tribunal.halt(Fault.internal(e), self.ledger, out)

    def _guarded_advance(self, out: Output) -> None:
        self._guarded(lambda: self._advance(out), out)

    def _maybe_begin(self, out: Output) -> None:
        signed = self.genesis.signed() if self.ledger is None else None
        if signed is None:
            return
        self.ledger = Ledger(signed, self.initial_state)
        out.events.append(MatchStarted(self.ledger.match_id, encode(signed)))
        self._tell_next(out)
        for data, sender in self.genesis.release():
            out.sends += self.pool.take(read_frame(data), sender, self.ledger)
        self._advance(out)

    def _advance(self, out: Output) -> None:
        """Sign what is ours to sign at the slot in progress and append every entry the pool
        completes, until the log waits for someone."""
        ledger = self.ledger
        while ledger is not None and not ledger.over:
            slot = ledger.slot
            if slot.kind not in DECIDED and self.seat in slot.authors and \
                    not self.pool.has(slot.seq, self.seat):
                self._post(self.own.automatic(ledger), slot.kind in SELF_PROVEN, out)
            reclaim = self.own.reclaim_part(ledger, self.pool)
            if reclaim is not None:
                self._post(self._checked(self.own.sign(ledger, RECLAIM, reclaim)), True, out)
            shares = self.pool.complete(slot, ledger, self.own.claimed.get(slot.seq))
            if shares is None:
                break
            self._append(slot, shares, out)
        if ledger is not None:
            self.tribunal.judge_held(ledger)

    def _append(self, slot: Slot, shares: list[Share], out: Output) -> None:
        ledger = self.ledger
        entry = make_entry([s.as_map() for s in shares])
        raw = encode(entry)
        before = ledger.state
        ledger.append(entry, raw)
        out.events += entry_events(entry, raw, before, ledger)
        if entry["kind"] == RECLAIM and ledger.reclaims[-1][1] == self.seat:
            self.own.reclaiming = False
        self._tell_next(out)

    def _tell_next(self, out: Output) -> None:
        """Our decision at the slot the log now waits for, and a choice asked there."""
        decision = self.my_decision()
        if decision is not None:
            out.events.append(YourDecision(self.ledger.seq, decision))
        if self.ledger.slot is not None and self.ledger.slot.kind == CHOICE:
            out.events.append(self.own.timed_out(self.ledger.slot, self.pool))
