"""A cheating node (a test double that signs what it likes) against honest nodes: every honest
node detects the cheat, attributes it to the cheater, and keeps a log that verifies."""
import pytest

from protocol.codec import encode
from protocol.messages import make_share, parse_wire
from protocol.events import FaultDetected
from protocol.session import AHEAD_WINDOW
from protocol.verify import verify_bytes

from .helpers import TOY, reshare
from protocol.inmemory import make_players, play_match

N = 3
CHEAT = 1


def _never_confesses(inner):
    """A cheater's node runs honest code underneath: when that code catches the cheat and
    halts, a real cheater would not send the halt notice that convicts it. Drop it."""
    def f(dst, data):
        return [] if parse_wire(data)["t"] == "halt" else inner(dst, data) if inner else [data]
    return f


# Each cheat is played in matches of several seeds (other match ids, dice, turn orders and
# delivery orders): detection must not depend on one lucky trajectory.
SEEDS = range(8)
seeded = pytest.mark.parametrize("seed", SEEDS)


def _run(seed=5, order_seed=None, filters=None, hooks=None, players=N):
    order_seed = seed % 5 if order_seed is None else order_seed
    prepared = make_players(TOY, players, seed, chain=64)
    f = {CHEAT: _never_confesses(filters(prepared[1][CHEAT].identity) if filters else None)}
    h = {CHEAT: hooks(prepared[1][CHEAT].identity)} if hooks else None
    return play_match(TOY, players, seed=seed, order_seed=order_seed, prepared=prepared,
                      filters=f, hooks=h, claim_timeouts=False)


def _honest_blame(run, kind, seat=CHEAT, everyone=True):
    kinds = (kind,) if isinstance(kind, str) else kind
    honest = [s for s in run.sessions if s.seat != CHEAT]
    faulted = [s for s in honest if s.fault is not None]
    assert faulted, "no honest node noticed"
    if everyone:
        assert len(faulted) == len(honest), {s.seat: s.fault for s in honest}
    for s in faulted:
        assert s.fault.kind in kinds, s.fault
        assert s.fault.seats == (seat,), s.fault
        assert any(isinstance(e, FaultDetected) for e in run.events[s.seat])
        # the log each honest node kept up to the fault is intact: every entry verifies
        r = verify_bytes(b"".join(s.log))
        assert r.status == 1 and r.fault == "incomplete", r
    return faulted


def _rewrite(kind, change, times=1):
    """Filter: the cheater's first `times` outgoing shares of `kind`, changed and re-signed."""
    def make(identity):
        done = {}

        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] != "share" or msg["kind"] != kind or msg["author"] != CHEAT:
                return [data]   # shares it only relays go out as their authors signed them
            key = msg["seq"]
            if key not in done and len(done) >= times:
                return [data]
            if key not in done:
                done[key] = reshare(msg, identity, **change(msg))
            return [done[key]]
        return f
    return make


@seeded
def test_a_bad_signature_is_attributed_to_the_sender(seed):
    def make(identity):
        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] == "share" and msg["kind"] == "attest":
                return [encode(dict(msg, sig=bytes(64)))]
            return [data]
        return f
    _honest_blame(_run(seed=seed, filters=make), "bad-signature")


@seeded
def test_a_reveal_not_matching_the_chain_is_attributed_to_the_revealer(seed):
    run = _run(seed=seed, filters=_rewrite("reveal", lambda m: {"part": b"\x07" * 32}))
    _honest_blame(run, "bad-reveal")


@seeded
def test_an_attested_state_hash_that_differs_is_attributed_to_its_signer(seed):
    run = _run(seed=seed, filters=_rewrite("attest", lambda m: {"part": b"\x01" * 32}))
    _honest_blame(run, "state-mismatch")


@seeded
def test_a_share_with_a_wrong_previous_hash_is_attributed_to_its_signer(seed):
    run = _run(seed=seed, filters=_rewrite("attest", lambda m: {"prev": b"\x02" * 32}))
    _honest_blame(run, "wrong-prev")


@seeded
def test_a_share_far_ahead_in_sequence_is_attributed_to_its_signer(seed):
    far = AHEAD_WINDOW + 1
    run = _run(seed=seed, filters=_rewrite("attest", lambda m: {"seq": m["seq"] + far}))
    _honest_blame(run, "wrong-sequence")


@seeded
def test_an_illegal_move_signed_by_the_mover_is_attributed_to_the_mover(seed):
    run = _run(seed=seed, filters=_rewrite("move", lambda m: {"part": ["roll", 9]}))
    _honest_blame(run, "illegal-move")


@seeded
def test_a_share_of_another_match_is_attributed_to_whoever_relays_it(seed):
    run = _run(seed=seed, filters=_rewrite("attest", lambda m: {"match": b"\x03" * 32}))
    _honest_blame(run, "wrong-match")


@seeded
def test_garbage_bytes_are_attributed_to_the_sender(seed):
    def make(identity):
        return lambda dst, data: [data[:-3] + b"\xff\xff\xff"] if data[:1] == b"\xa8" else [data]
    _honest_blame(_run(seed=seed, filters=make), "malformed")


def _signs_a_move_out_of_turn(identity):
    sent = set()

    def hook(session):
        led = session.ledger
        if led is None or led.over or led.slot.kind != "move" or led.slot.authors == (CHEAT,):
            return []
        if led.seq in sent:
            return []
        sent.add(led.seq)
        legal = list(led.slot.pending.options[0])   # a legal move: only the author is wrong
        return [encode(make_share(identity.sign, led.match_id, led.seq, led.head, "move",
                                  CHEAT, legal))]
    return hook


@seeded
def test_a_move_by_the_player_not_deciding_is_attributed_to_that_player(seed):
    run = _run(seed=seed, hooks=_signs_a_move_out_of_turn)
    _honest_blame(run, "wrong-author")


@seeded
def test_a_reveal_at_a_decision_is_a_wrong_kind_attributed_to_its_signer(seed):
    def hook_maker(identity):
        def hook(session):
            led = session.ledger
            if led is None or led.over or led.slot.kind != "move" or led.seq < 4:
                return []
            return [encode(make_share(identity.sign, led.match_id, led.seq, led.head, "reveal",
                                      CHEAT, b"\x00" * 32))]
        return hook
    _honest_blame(_run(seed=seed, hooks=hook_maker), "wrong-kind")


def _equivocating_mover(identity):
    """On its own turn the cheater sends one legal move to one peer and another to the rest."""
    def f(dst, data):
        msg = parse_wire(data)
        if msg["t"] != "share" or msg["kind"] != "move" or dst != 0 or msg["author"] != CHEAT:
            return [data]   # shares it only relays go out as their authors signed them
        alt = ["roll", 2] if msg["part"] != ["roll", 2] else ["roll", 1]
        return [reshare(msg, identity, part=alt)]
    return f


@seeded
def test_two_different_moves_signed_for_one_slot_are_proven_against_the_signer(seed):
    # The node the cheater sent the other move to may first see the cheater's own next share,
    # built on the other move: that is a wrong previous hash by the cheater, also its fault.
    # The node that got the same move as the cheater always ends up holding the proof.
    run = _run(seed=seed, filters=_equivocating_mover)
    faulted = _honest_blame(run, ("equivocation", "wrong-prev"))
    from protocol.identity import verify_signature
    from protocol.messages import share_statement
    assert run.sessions[2].fault.kind == "equivocation"
    from protocol.faults import check_equivocation
    keys = [p["key"] for p in run.body["players"]]
    for s in faulted:
        if s.fault.kind != "equivocation":
            continue
        assert check_equivocation(keys, s.match_id, *s.fault.evidence) == CHEAT
        assert check_equivocation(keys, s.match_id, s.fault.evidence[0],
                                  s.fault.evidence[0]) is None
        a, b = (parse_wire(x) for x in s.fault.evidence)
        assert a["seq"] == b["seq"] and a["author"] == b["author"] == CHEAT and a != b
        key = run.body["players"][CHEAT]["key"]
        for m in (a, b):   # the proof stands on its own: both carry the cheater's signature
            stmt = share_statement(m["match"], m["seq"], m["prev"], m["kind"], m["author"],
                                   m["part"])
            assert verify_signature(key, m["sig"], stmt)


@seeded
def test_a_genesis_signature_for_another_body_is_blamed_on_the_node_that_sent_it(seed):
    def make(identity):
        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] == "gsig" and dst == 0:
                return [encode(dict(msg, genesis=b"\x05" * 32))]
            return [data]
        return f
    run = _run(seed=seed, filters=make)
    s0 = run.sessions[0]
    assert s0.fault is not None and s0.fault.kind == "genesis" and s0.fault.seats == (CHEAT,)
    assert s0.ledger is None


def test_honest_nodes_alone_never_fault():
    for seed in range(4):
        run = _run(seed=seed, order_seed=seed)
        assert not run.faults() and all(s.over for s in run.sessions)


@seeded
def test_a_node_whose_state_diverges_is_named_with_the_first_differing_section(seed):
    """An engine bug on one node (its state drifts): everyone's attestations disagree with it,
    and the nodes' section hashes name the part of the state that differs."""
    from protocol.events import Divergence

    def drift(identity):
        done = []

        def hook(session):
            led = session.ledger
            if not done and led is not None and led.seq >= 6 and led.phase == "step":
                led.state.coins[0] += 5          # a silent corruption on this node only
                led._hash = None
                done.append(led.seq)
            return []
        return hook
    run = _run(seed=seed, hooks=drift)
    _honest_blame(run, "state-mismatch")
    for seat in (0, 2):
        divs = [e for e in run.events[seat] if isinstance(e, Divergence)]
        assert divs and divs[0].seat == CHEAT and divs[0].section == "coins", divs


def test_a_cheat_sent_to_one_node_only_is_blamed_by_the_others_at_their_deadline():
    """The cheater signs an illegal move and sends it to seat 0 only; seat 2 sees it only as
    seat 0's relay, holds it (a relay may overtake an equivocation), and when its deadline
    passes without a direct copy, blames the author."""
    def make(identity):
        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] != "share" or msg["kind"] != "move" or msg["author"] != CHEAT:
                return [data]
            return [reshare(msg, identity, part=["roll", 9])] if dst == 0 else []
        return f
    prepared = make_players(TOY, N, 5, chain=64)
    run = play_match(TOY, N, seed=5, order_seed=2, prepared=prepared,
                     filters={CHEAT: make(prepared[1][CHEAT].identity)}, claim_timeouts=True)
    _honest_blame(run, "illegal-move")
