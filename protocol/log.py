"""The hash-chained match log and the rule of who may write its next entry.

A `Ledger` holds a verified prefix of the log: the engine state it leads to, the hash of the last
entry, each player's latest reveal. With protocol.slots (which entry is next, written by whom)
and protocol.hiddenlog (the hidden decks' checks) it is the single place where the protocol's
rules live: the session uses it for entries it assembles from live shares, the watcher for
entries it is sent, the offline verifier for entries read from a file, so all enforce exactly
the same rules. What a check prepared for an entry (a move's next state) stays here until the
entry is appended: nothing travels out and back. States are values that no entry changes
(watchers and the session hand them on as the states before and after an entry), but in a
ledger made `keeps_no_states`, which nobody reads states from (`verify` of a file): there
each entry changes the one state in place.

Slots alternate: a *step* (what `engine.pending` asks for: one "move" from the deciding player,
or one "reveal" from every active player at a chance node), then an *attest* slot in which every
active player signs the state hash they computed. At any slot the other players may instead
jointly record a "timeout" entry against a player the slot is waiting for. Then the remaining
players each sign a "choice" about that seat: "wait" (the seat comes back and the slot waits for
it again), "bot" (from now on the seat is played by the game's takeover policy, which every node
derives from the log, and its reveals and attestations are no longer needed) or "end" (the
engine's forfeit ends the game and the others attest the final state). Only a unanimous choice
counts; any disagreement waits.

A seat handed to the bot may take it back: at a move slot, instead of the move, a "reclaim"
entry signed by that seat itself (its request) and by the deciding player (its consent: it
gives up this move slot), each part naming the seat. The seat is active again from the next
entry on; the move slot comes back as a new entry number. An honest decider signs its move or
its consent, never both, so a move entry and a reclaim entry for one slot never both complete
(two such shares of one key are an equivocation); against a timeout entry the consent is the
decider's late share, which a claimant ignores.

Sealed moves (several players choosing at once, `engine.Sealed`) take two slots: a "commit"
entry in which every active chooser signs a hash of its move and a secret salt, then an "open"
entry in which each reveals that move and salt. Nothing of any move is in the log before every
commitment is; an opening that does not hash to its author's commitment, or opens an illegal
move, is its author's fault. A chooser handed to the bot gets the takeover move, seeded by the
commit entry's number, so it is fixed before any opening exists.

Hidden cards (protocol 4, games with `hidden_decks`): set-up entries ("key", then "shuffle" per
seat and deck) come before the first step; a PrivateDraw is a "draw" entry of decryption shares,
a Disclose a "disclose" entry of the holders' shares. protocol.hiddenlog checks and applies them;
a draw nobody could ever open, or a Disclose with nothing to open, is applied without an entry,
like a bot's move.

Blame: an authored fault (AUTHORED_FAULTS) names a seat by its signed part, never by its place
in an entry. Found in a complete entry (`check_entry`, as catch-up and `verify` read entries) it
carries that part as a share frame, so a node that never saw it can check it itself; a rule
broken only by how parts were put together (claims naming different seats) names nobody, as
no signature shows who assembled the entry. A state-mismatch found there carries its signed
attestation too (its signer did sign a hash the replay does not reach: `verify` names it so),
but is not authored: live, two honest builds that diverge meet it, and the nodes compare state
sections rather than convict. The other faults of a complete entry (its match, number,
previous hash, authors, a signature) name the seat its fields point at, which no signature
proves guilty: catch-up holds them against the peer that sent the entry.
"""
from __future__ import annotations

from typing import Any

import engine
from engine.core import IllegalMove, player_name

from .codec import decode
from .faults import Fault
from .frames import Share, shares_of
from .genesis import GenesisError, check_signed_genesis, match_id
from .identity import verify_signature
from .kinds import (ATTEST, CHOICE, COMMIT, DISCLOSE, DRAW, HIDDEN_KINDS, KEY, KINDS, MOVE,
                    OPEN, RECLAIM, REVEAL, SHUFFLE, TIMEOUT)
from .messages import HIDDEN_PROTOCOL, entry_statements
from .randomness import H, chance_seed, sealed_commitment
from .slots import Slot, next_slot
from .takeover import bot_move, sealed_bot_move, settle_choice

__all__ = ["Slot", "Ledger"]

STEP = "step"   # the phase between attestations; ATTEST: an attest entry is due


class Ledger:
    def __init__(self, signed_genesis: dict, initial_state: Any = None,
                 keeps_no_states: bool = False) -> None:
        """`keeps_no_states`: nobody holds a state this ledger passed (an offline check of a
        file, no observer): each entry changes the state in place (the engine's in_place),
        saving a copy a step. Otherwise every state stays the value it was, as the session
        and watchers need (events carry the states before and after an entry)."""
        if initial_state is None:
            try:
                initial_state = check_signed_genesis(signed_genesis)
            except GenesisError as e:
                seats = (e.seat,) if e.seat is not None else ()
                raise Fault("genesis", seats, str(e), 0) from None
        body = signed_genesis["body"]
        self.genesis = signed_genesis
        self.body = body
        self.match_id = match_id(signed_genesis)
        self.n = len(body["players"])
        self.keys = [p["key"] for p in body["players"]]
        self.chain_length = body["chain"]
        self.state = initial_state
        self.game = engine.get_game(initial_state.game)
        self.in_place = keeps_no_states
        self._taking = False   # within take() of a keeps_no_states ledger: moves checked in place
        self.seq = 1                 # sequence number of the next entry (the genesis is 0)
        self.attested_turn = self.game.turn_number(initial_state)  # turn of the last attest
        self.head = self.match_id    # "previous hash" for the next entry
        self.phase = STEP
        self.reveal_heads = [p["commit"] for p in body["players"]]
        self.reveals = 0             # chance nodes resolved so far
        self.revealed = [0] * self.n  # reveals each seat made (a seat the bot played skipped some)
        self.absent: list[int] = []  # seats that do not write: timed out (undecided), bots
        self.undecided: list[int] = []  # timed out; the others' choice about them is pending
        self.bots: list[int] = []    # seats played by the derived bot
        self.bot_moves = 0           # moves the derived bot made (not entries: derived)
        self.choices: list[tuple[int, int, str]] = []  # (seq, seat, outcome) of choice entries
        self.reclaims: list[tuple[int, int]] = []  # (seq, seat) of reclaim entries
        self.entries: list[bytes] = []
        self.counts = dict.fromkeys(KINDS, 0)
        # the sequence number of every attest entry: a turn ends with one (node.watchers holds
        # a delayed game's entries back by these)
        self.turn_ends: list[int] = []
        self.hidden = None
        if body["protocol"] == HIDDEN_PROTOCOL:
            from .hiddenlog import HiddenDecks
            self.hidden = HiddenDecks(self.match_id, body["nonce"], self.game.hidden_decks(
                self.n, tuple(body["variants"])))
        # The sealed node being opened: the commit entry's number and each author's commitment
        # (None while no commit entry awaits its openings).
        self.sealed: tuple[int, dict[int, bytes]] | None = None
        self._hash: bytes | None = None
        # what checking a move share computed (its signature -> the next state), kept for the
        # append of its entry and dropped at every append: only the slot in progress has any
        self._prepared: dict[bytes, Any] = {}
        self.slot: Slot | None = next_slot(self)

    # ---- reading ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.slot is None

    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s not in self.absent)

    def state_hash(self) -> bytes:
        if self._hash is None:
            self._hash = engine.state_hash(self.state)
        return self._hash

    def result(self) -> Any:
        p = engine.pending(self.state)
        return p.result if isinstance(p, engine.Over) else None

    def entry(self, seq: int) -> dict:
        """Logged entry `seq`, decoded."""
        return decode(self.entries[seq - 1])

    def unshared_at_end(self, seat: int) -> int:
        """How many entries at the end of the log the other players may lack because a share
        `seat` signed in them never reached them (its node stopped before sending it), so that
        they may have timed that seat out there and gone on: its own moves at the end, and the
        entry before them if it holds a share of that seat. Nothing earlier can be missing: the other
        authors of that entry built their shares on everything before it. A peer's log that
        verifies from before these entries is then the match's log; a difference anywhere
        else is a fault."""
        count = 0
        for raw in reversed(self.entries):
            entry = decode(raw)
            if entry["kind"] == MOVE and list(entry["authors"]) == [seat]:
                count += 1
                continue
            if seat in entry["authors"]:
                count += 1   # that share may be the one its other authors never saw
            break
        return count

    # ---- checking --------------------------------------------------------------------------
    def check_share(self, share: Share) -> None:
        """Check one signature-verified share against the current slot. Raises `Fault`
        attributed to the share's author: the signature proves the author said this, for this
        match."""
        a, kind, seq = share.author, share.kind, share.seq
        if share.match != self.match_id:
            raise Fault("wrong-match", (a,), "signed for another match", seq)
        slot = self.slot
        if slot is None:
            raise Fault("after-end", (a,), "the game has ended; no entry may follow", seq)
        if seq != self.seq:
            raise Fault("wrong-sequence", (a,), f"sequence {seq}, expected {self.seq}", seq)
        if share.prev != self.head:
            raise Fault("wrong-prev", (a,), "previous-entry hash is not the hash of entry "
                        f"{self.seq - 1}", seq)
        if kind == RECLAIM:
            return _check_reclaim(self, share)
        if a in self.absent:
            raise Fault("wrong-author", (a,), f"{player_name(a)} timed out and may not write", seq)
        if kind == TIMEOUT:
            return _check_claim(self, share)
        if kind == CHOICE and slot.kind != CHOICE:
            raise Fault("bad-choice", (a,), f"a choice about {player_name(share.part['seat'])}, "
                        "but no timeout is waiting for a choice here", seq)
        if kind != slot.kind:
            raise Fault("wrong-kind", (a,), f"a {kind} where the log expects a {slot.kind}", seq)
        if a not in slot.authors:
            who = " or ".join(map(player_name, slot.authors))
            raise Fault("wrong-author", (a,), f"{kind} by {player_name(a)}; this slot is for {who}",
                        seq)
        if kind in HIDDEN_KINDS:
            self.hidden.check(kind, a, share.part, seq, slot.pending, self.bots)
        else:
            prepared = _PART_CHECKS[kind](self, share)
            if prepared is not None:
                self._prepared[share.sig] = prepared

    def on_history(self, share: Share) -> bool:
        """Whether a share for a logged entry was built on the same history as that entry."""
        return self.entry(share.seq)["prev"] == share.prev

    def check_late_share(self, share: Share) -> None:
        """Judge a signed share for entry `seq` (already logged, on the same history) that is
        not one of that entry's shares. Raises the Fault it is; returns when it is none: a
        share or claim that lost the race to a timeout entry or to the awaited share."""
        a, kind, seq = share.author, share.kind, share.seq
        entry = self.entry(seq)
        if kind == TIMEOUT:
            accused = share.part["seat"]
            if entry["kind"] != TIMEOUT and (accused == a or accused not in entry["authors"]):
                raise Fault("bad-claim", (a,), f"a timeout claim against {player_name(accused)}, "
                            f"whom entry {seq} did not wait for", seq)
            return
        if kind == RECLAIM or entry["kind"] in (TIMEOUT, RECLAIM) or a in self.absent:
            return   # a reclaim or a share that lost the race to the other entry of the slot
        if kind == CHOICE and entry["kind"] != CHOICE:
            raise Fault("bad-choice", (a,), f"a choice about {player_name(share.part['seat'])}, "
                        "but no timeout was waiting for a choice there", seq)
        if kind != entry["kind"]:
            raise Fault("wrong-kind", (a,), f"a {kind} where the log has a {entry['kind']} "
                        "entry", seq)
        raise Fault("wrong-author", (a,), f"{player_name(a)} may not write entry {seq}", seq)

    def check_entry(self, entry: dict) -> None:
        """Everything about a complete entry read from a log, signatures included. A fault
        found in one signed part (check_share) carries that part as a share frame, its
        evidence; claims naming different seats, a fault of whoever put them together, name
        no seat."""
        authors, seq = entry["authors"], entry["seq"]
        first = authors[0]
        if entry["match"] != self.match_id:
            raise Fault("wrong-match", (first,), "entry of another match", seq)
        if self.slot is None:
            raise Fault("after-end", (first,), "the game has ended; no entry may follow", seq)
        if seq != self.seq:
            raise Fault("wrong-sequence", (first,), f"sequence {seq}, expected {self.seq}", seq)
        if entry["prev"] != self.head:
            raise Fault("wrong-prev", (first,), "previous-entry hash is not the hash of entry "
                        f"{self.seq - 1}", seq)
        if any(b <= a for a, b in zip(authors, authors[1:])) or authors[-1] >= self.n:
            raise Fault("wrong-author", (first,), f"authors {authors} are not distinct seats in "
                        "seat order", self.seq)
        expected = self._entry_authors(entry)
        missing = [s for s in expected if s not in authors]
        extra = [s for s in authors if s not in expected]
        if extra:
            raise Fault("wrong-author", (extra[0],), f"{player_name(extra[0])} may not sign this "
                        f"{entry['kind']} entry", self.seq)
        if missing:
            raise Fault("wrong-author", (missing[0],), f"{entry['kind']} entry lacks seat "
                        f"{missing[0]}", self.seq)
        for share, statement in zip(shares_of(entry), entry_statements(entry)):
            a = share.author
            if not verify_signature(self.keys[a], share.sig, statement):
                raise Fault("bad-signature", (a,), f"signature of {player_name(a)} does not "
                            "verify", self.seq)
            try:
                self.check_share(share)
            except Fault as f:
                raise f.proven_by(share.raw, a) from None

    def _entry_authors(self, entry: dict) -> tuple[int, ...]:
        """Who must have signed `entry`: the slot's authors, or for a timeout entry every
        active seat but the one it names, for a reclaim entry the seat and the decider."""
        if entry["kind"] == TIMEOUT:
            accused = entry["parts"][0]["seat"]
            if any(p["seat"] != accused for p in entry["parts"]):
                # each claim may be its signer's right (a slot waiting for several seats):
                # only putting them in one entry breaks the rule, and no signature shows who did
                raise Fault("bad-claim", (), "timeout claims name different seats (no one claim "
                            "breaks a rule: whoever put them in one entry did)", self.seq)
            return tuple(s for s in self.active() if s != accused)
        if entry["kind"] == RECLAIM:
            seat = entry["parts"][0]["seat"]
            if any(p["seat"] != seat for p in entry["parts"]):
                raise Fault("bad-reclaim", (), "reclaim parts name different seats (no one "
                            "part breaks a rule: whoever put them in one entry did)", self.seq)
            # the seat's own request and the deciding player's consent
            return tuple(sorted({*self.slot.authors, seat})) if self.slot.kind == MOVE \
                else (seat,)   # no decider to consent: check_share says why it is refused
        return self.slot.authors

    def take(self, entry: dict, raw: bytes) -> None:
        """Check a complete entry read from a log (`check_entry`) and append it. Only here may
        a ledger made `keeps_no_states` check a move in place: the append follows at once, or
        a fault ends the check of the log. A share judged alone (`check_share`: a proof of a
        cheat, a live share) never changes the state it is judged on."""
        self._taking = self.in_place
        try:
            self.check_entry(entry)
        finally:
            self._taking = False
        self.append(entry, raw)

    # ---- writing ---------------------------------------------------------------------------
    def append(self, entry: dict, raw: bytes) -> None:
        """Apply an entry already checked by `check_entry` or by `check_share` on every share."""
        kind = entry["kind"]
        if kind == MOVE:
            prepared = self._prepared.get(entry["sigs"][0])
            self.state = prepared if prepared is not None else self.game.apply(
                self.state, entry["parts"][0], self.in_place)
            self.phase = self._after_step()
        elif kind == COMMIT:
            self.sealed = (entry["seq"], dict(zip(entry["authors"], entry["parts"])))
        elif kind == OPEN:
            self.bot_moves += self._apply_sealed(
                dict(zip(entry["authors"], (p["move"] for p in entry["parts"]))))
            self.phase = self._after_step()
        elif kind in (KEY, SHUFFLE):
            self.hidden.append(entry, self.slot.pending)
        elif kind == DRAW:
            self.hidden.append(entry, self.slot.pending)
            self.state = self.game.apply_draw(self.state, self.in_place)
            self.phase = self._after_step()
        elif kind == DISCLOSE:
            self.state = self.game.apply_disclose(self.state, self.hidden.disclosed(
                entry, self.slot.pending, self.bots), self.in_place)
            self.phase = self._after_step()
        elif kind == REVEAL:
            self._append_reveal(entry)
        elif kind == TIMEOUT:
            accused = entry["parts"][0]["seat"]
            self.absent.append(accused)
            if not isinstance(engine.pending(self.state), engine.Over):
                self.undecided.append(accused)   # the others choose next; the phase stays
            # else the game was already over (a missing final attestation): the result stands
            # and the others attest it
        elif kind == RECLAIM:   # the seat is active again; the move slot comes back
            seat = entry["parts"][0]["seat"]
            self.bots.remove(seat)
            self.absent.remove(seat)
            self.reclaims.append((entry["seq"], seat))
        elif kind == CHOICE:
            self._append_choice(entry)
        else:
            self.phase = STEP
            self.attested_turn = self.game.turn_number(self.state)
        self._prepared.clear()
        self.counts[kind] += 1
        if kind == "attest":
            self.turn_ends.append(self.seq)
        self.entries.append(raw)
        self.head = H(raw)
        self.seq += 1
        if kind != ATTEST:
            self._hash = None
        if self.phase == STEP and not self.undecided and (self.bots or self.hidden):
            self._play_bots()
        self.slot = next_slot(self)

    def _append_reveal(self, entry: dict) -> None:
        for a, part in zip(entry["authors"], entry["parts"]):
            self.reveal_heads[a] = part
            self.revealed[a] += 1
        self.reveals += 1
        seed = chance_seed(self.match_id, entry["seq"], list(entry["parts"]))
        self.state = self.game.resolve(self.state, seed, self.in_place)
        self.phase = self._after_step()

    def _append_choice(self, entry: dict) -> None:
        seat = self.undecided.pop(0)
        outcome = settle_choice([p["choice"] for p in entry["parts"]])
        self.choices.append((entry["seq"], seat, outcome))
        if outcome == "wait":
            self.absent.remove(seat)
        elif outcome == "bot":
            self.bots.append(seat)
            if self.sealed is not None and all(a in self.bots for a in self.sealed[1]):
                # nobody left to open: the bot plays them all
                self.bot_moves += self._apply_sealed({})
                self.phase = self._after_step()
        else:   # "end": the engine's forfeit ends the game, the others attest it
            self.state = self.game.forfeit(self.state, seat)
            self.undecided.clear()
            self.sealed = None
            self.phase = ATTEST

    def _after_step(self) -> str:
        """Attest when a turn has ended (or the game has, or the game has no turns), else go on:
        every node checks every move anyway; the hashes catch nodes whose engines differ."""
        turn = self.game.turn_number(self.state)
        if turn is None or turn != self.attested_turn or \
                isinstance(engine.pending(self.state), engine.Over):
            return ATTEST
        return STEP

    def _apply_sealed(self, opened: dict[int, Any], k: int | None = None) -> int:
        """Apply the pending Sealed node: each chooser's opened move, and the takeover move of
        each chooser handed to the bot, seeded by the commit entry's number and its seat; or,
        when every chooser is a bot and no commit entry was written (`k`: the bot run's count
        so far), as the run's next bot decisions. Returns how many moves the bot made."""
        p = engine.pending(self.state)
        moves, made = [], 0
        for d in p.decisions:
            if d.player in opened:
                moves.append(opened[d.player])
                continue
            if k is None:
                moves.append(sealed_bot_move(self.match_id, self.sealed[0], d.player, self.state, d))
            else:
                moves.append(bot_move(self.match_id, self.seq, k + made, self.state, d))
            made += 1
        self.state = self.game.apply_sealed(self.state, moves, self.in_place)
        self.sealed = None
        return made

    def _play_bots(self) -> None:
        """Every decision of a bot seat, derived: the same move on every node and in `verify`.
        The next attest entry covers the state they lead to; if they end the game, one is due
        at once."""
        k = 0
        moved = False
        while True:
            p = engine.pending(self.state)
            if self.hidden is not None and self.hidden.setup_slot(self.bots) is None and \
                    self._derived_hidden(p):
                moved = True
                continue
            if isinstance(p, engine.Sealed) and all(d.player in self.bots for d in p.decisions):
                k += self._apply_sealed({}, k)
                moved = True
                continue
            if not (isinstance(p, engine.Decision) and p.player in self.bots):
                break
            self.state = self.game.apply(self.state, bot_move(self.match_id, self.seq, k,
                                                              self.state, p), self.in_place)
            k += 1
            moved = True
        if moved:
            self.bot_moves += k
            self._hash = None
            if isinstance(engine.pending(self.state), engine.Over):
                self.phase = ATTEST

    def _derived_hidden(self, p: Any) -> bool:
        """Apply a hidden-card step that writes no entry: a draw nobody could ever open (a key
        holder is a bot) or with no other key holder to share, a Disclose with nothing left
        to open. True if one was applied."""
        if isinstance(p, engine.PrivateDraw):
            authors = self.hidden.draw_authors(p, self.bots)
            if authors is None:
                self.state = self.game.apply_draw(self.state, self.in_place)
                return True
            if not authors:   # the drawer is the only key holder: it opens the card alone
                self.hidden.record_draw(p, {})
                self.state = self.game.apply_draw(self.state, self.in_place)
                return True
        elif isinstance(p, engine.Disclose) and not self.hidden.disclose_authors(p, self.bots):
            self.state = self.game.apply_disclose(self.state, self.hidden.disclosed(
                None, p, self.bots), self.in_place)
            return True
        return False


def _check_move(ledger: Ledger, share: Share) -> Any:
    """The state the move leads to (kept for its entry's append)."""
    part = share.part
    try:
        # in place only within take() of a ledger nobody reads states from (see take): the
        # engine refuses an illegal move before it changes anything
        return ledger.game.apply(ledger.state, part, ledger._taking)
    except IllegalMove as e:
        raise Fault("illegal-move", (share.author,), f"illegal move {part!r:.80}: {e}",
                    share.seq) from None
    except (TypeError, ValueError, KeyError, IndexError) as e:
        raise Fault("illegal-move", (share.author,), f"move {part!r:.80} rejected by the "
                    f"engine: {type(e).__name__}: {e}", share.seq) from None


def _check_reveal(ledger: Ledger, share: Share) -> None:
    a = share.author
    if ledger.reveals >= ledger.chain_length:
        raise Fault("exhausted", (), f"all {ledger.chain_length} reveals are used", share.seq)
    if H(share.part) != ledger.reveal_heads[a]:
        raise Fault("bad-reveal", (a,), f"reveal {ledger.reveals + 1} of {player_name(a)} does "
                    "not hash to its previous reveal", share.seq)


def _check_attest(ledger: Ledger, share: Share) -> None:
    if share.part != ledger.state_hash():
        raise Fault("state-mismatch", (share.author,), f"attested state hash "
                    f"{share.part.hex()[:16]}… differs from the replayed "
                    f"{ledger.state_hash().hex()[:16]}…", share.seq)


def _check_choice(ledger: Ledger, share: Share) -> None:
    seat, pending = share.part["seat"], ledger.slot.pending
    if seat != pending:
        raise Fault("bad-choice", (share.author,), f"a choice about {player_name(seat)}; the "
                    f"timed-out seat to decide about is {player_name(pending)}", share.seq)


def _check_claim(ledger: Ledger, share: Share) -> None:
    a, accused, seq = share.author, share.part["seat"], share.seq
    if accused == a:
        raise Fault("bad-claim", (a,), "a player cannot claim its own timeout", seq)
    if accused not in ledger.slot.authors:
        raise Fault("bad-claim", (a,), f"{player_name(accused)} is not one the "
                    f"{ledger.slot.kind} slot waits for", seq)


def _check_reclaim(ledger: Ledger, share: Share) -> None:
    """A reclaim share: the request of a seat the bot plays (naming itself) or the deciding
    player's consent to it, at a move slot, in a match without hidden cards."""
    a, seat, seq = share.author, share.part["seat"], share.seq
    if ledger.hidden is not None:
        raise Fault("bad-reclaim", (a,), "a seat cannot be taken back from the bot in a "
                    "match with hidden cards", seq)
    if ledger.slot.kind != MOVE:
        raise Fault("bad-reclaim", (a,), f"a reclaim where the log expects a {ledger.slot.kind}"
                    " (a seat is taken back only instead of a move)", seq)
    if seat not in ledger.bots:
        raise Fault("bad-reclaim", (a,), f"a reclaim of {player_name(seat)}, whom the bot "
                    "does not play", seq)
    if a in ledger.absent and a != seat:
        raise Fault("bad-reclaim", (a,), f"{player_name(a)} asks for {player_name(seat)}'s "
                    "seat: only a seat's own key takes it back", seq)
    if a not in ledger.absent and a not in ledger.slot.authors:
        raise Fault("bad-reclaim", (a,), f"{player_name(a)} consents to a reclaim at a move "
                    f"of {player_name(ledger.slot.authors[0])}: only the decider gives up "
                    "its move", seq)


def _check_opening(ledger: Ledger, share: Share) -> None:
    a, part, seq = share.author, share.part, share.seq
    commit_seq, commits = ledger.sealed
    move = part["move"]
    if sealed_commitment(ledger.match_id, commit_seq, a, move, part["salt"]) != commits[a]:
        raise Fault("bad-opening", (a,), f"{player_name(a)} opened {move!r:.80}, which with its "
                    f"salt does not hash to its commitment in entry {commit_seq}", seq)
    decision = next(d for d in ledger.slot.pending.decisions if d.player == a)
    if engine.as_move(move) not in decision.options:
        raise Fault("illegal-move", (a,), f"sealed move {move!r:.80} of {player_name(a)} is "
                    "not among its options", seq)


# The check of each kind of part at its own slot, after what every share is checked for (its
# match, number, previous hash, author); the hidden kinds are protocol.hiddenlog's. A check
# returns what applying the part needs, if anything (a move's next state).
_PART_CHECKS = {
    MOVE: _check_move, REVEAL: _check_reveal, ATTEST: _check_attest, CHOICE: _check_choice,
    OPEN: _check_opening,
    COMMIT: lambda ledger, share: None,   # a hash of a move not yet known: nothing to check
}
