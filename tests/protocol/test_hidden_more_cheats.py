"""Hidden-card cheats beyond a bad proof (FORMAT.md, protocol 4): a seat posting two different
valid shuffles for one slot, a drawer posting a share of its own card, a disclosure sent at a
draw slot, parts whose points are no points of the group, a deck of 255 cards. Each is caught
by every honest node at the slot where it happens, blamed on the cheater, and no node crashes;
`verify` blames the same cheats in a match file."""
import pytest

from protocol import hidden as hc
from protocol.codec import decode, encode
from protocol.inmemory import make_players, play_match
from protocol.messages import make_share, parse_wire
from protocol.verify import verify_bytes

import tests.protocol.hiddentoy  # noqa: F401  (registers "toy-hidden")

from .helpers import join, resign, reshare
from .hidden_table import IDENTITY, NEGATIVE, top_bit_set
from .test_cheating import CHEAT, _honest_blame, _never_confesses
from .test_hidden_cards import _ledger_until
from .test_sealed_moves import _patch_once

TOY = "toy-hidden"
seeded = pytest.mark.parametrize("seed", range(3))


def _run(seed, filters=None, hooks=None, players=3):
    prepared = make_players(TOY, players, seed, chain=64)
    f = {CHEAT: _never_confesses(filters(prepared[1][CHEAT].identity) if filters else None)}
    h = {CHEAT: hooks(prepared[1][CHEAT].identity)} if hooks else None
    return play_match(TOY, players, seed=seed, order_seed=seed % 3, prepared=prepared,
                      filters=f, hooks=h, claim_timeouts=False)


def _own_parts(kind, change):
    """Filter: the cheater's own shares of `kind`, changed (per receiver) and re-signed."""
    def make(identity):
        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] != "share" or msg["kind"] != kind or msg["author"] != CHEAT:
                return [data]
            part = change(dst, msg)
            return [data] if part is None else [reshare(msg, identity, part=part)]
        return f
    return make


@seeded
def test_two_different_valid_shuffles_signed_for_one_slot_are_equivocation(seed):
    # Both decks carry a valid proof (another permutation, the cheater's own key): each alone
    # passes every check, so only the two signatures for one slot convict the cheater.
    inputs = {}   # seq -> (deck name, the deck it shuffles), seen by the cheater's hook

    def make(identity):
        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] != "share" or msg["kind"] != "shuffle" or msg["author"] != CHEAT \
                    or dst != 0:
                return [data]
            name, deck_in, joint, match = inputs[msg["seq"]]
            twin = hc.PlayerSecret(secret[0].scalar, bytes(32))   # another permutation
            deck, proof = hc.make_shuffle(twin, joint, hc.Slot(match, msg["seq"], name), CHEAT,
                                          deck_in)
            assert list(deck) != msg["part"]["deck"]
            return [reshare(msg, identity, part={"deck": list(deck), "proof": proof})]
        return f

    secret = []

    def hooks(identity):
        def watch(session):
            honest = session.own._hidden_part

            def part(led, slot):
                if slot.kind == "shuffle":
                    secret[:] = [session.own._secret()]
                    inputs[slot.seq] = (slot.pending, led.hidden.cards[slot.pending],
                                        led.hidden.joint, led.match_id)
                return honest(led, slot)
            session.own._hidden_part = part
        return _patch_once(watch)
    run = _run(seed, filters=make, hooks=hooks)
    _honest_blame(run, ("equivocation", "wrong-prev"))


def _at_draw(when, kind, part_of):
    """Hooks: once, at the first draw slot `when(slot)` accepts, the cheater also signs and sends
    a `kind` share whose part is part_of(its share of the slot's card, its proof)."""
    def hooks(identity):
        sent = []

        def hook(session):
            led = session.ledger
            slot = led.slot if led is not None else None
            if sent or slot is None or slot.kind != "draw" or not when(slot):
                return []
            sent.append(slot.seq)
            p = slot.pending
            share, proof = hc.share(session.own._secret(), hc.Slot(led.match_id, slot.seq, p.deck,
                                    p.position), CHEAT, led.hidden.cards[p.deck][p.position])
            return [encode(make_share(identity.sign, led.match_id, slot.seq, led.head, kind,
                                      CHEAT, part_of(p, share, proof)))]
        return hook
    return hooks


def test_a_drawer_posting_a_share_of_its_own_card_is_a_wrong_author():
    # the holder's own share would open its card for all: the slot does not admit it
    run = _run(0, hooks=_at_draw(lambda slot: slot.pending.player == CHEAT, "draw",
                                 lambda p, share, proof: {"deck": p.deck, "position": p.position,
                                                          "share": share, "proof": proof}))
    faulted = _honest_blame(run, "wrong-author")
    for s in faulted:
        assert s.ledger.slot.kind == "draw" and s.ledger.slot.pending.player == CHEAT


def test_a_disclosure_sent_at_a_draw_slot_is_a_wrong_kind():
    hooks = _at_draw(lambda slot: CHEAT in slot.authors, "disclose",
                     lambda p, share, proof: {"cards": [{"deck": p.deck, "position": p.position,
                                                         "card": 0, "share": share}],
                                              "proof": proof})
    # its honest draw share for the slot goes out too: whichever a node judges first, the
    # cheater is convicted (a part of a kind the slot does not admit, or two parts for it)
    _honest_blame(_run(1, hooks=hooks), ("wrong-kind", "equivocation"))


@pytest.mark.parametrize("kind, field, value, fault", [
    ("key", "key", IDENTITY, "bad-key"),
    ("key", "key", b"\xff" * 32, "bad-key"),
    ("key", "key", None, "bad-key"),                 # the key with its top bit set
    ("draw", "share", NEGATIVE, "bad-share"),
    ("draw", "share", None, "bad-share"),            # the true share with its top bit set
    ("shuffle", "deck", b"\x00" * 64, "bad-shuffle"),
    ("shuffle", "deck", "huge", "bad-shuffle"),     # 255 cards out for 9 in, refused unparsed
])
def test_a_part_whose_points_are_no_group_points_is_its_authors_fault(kind, field, value,
                                                                      fault):
    def change(dst, msg):
        part = dict(msg["part"])
        if value == "huge":
            part["deck"] = [part["deck"][0]] * 255
        elif field == "deck":
            part["deck"] = [value, *part["deck"][1:]]
        elif value is None:
            part[field] = top_bit_set(part[field])
        else:
            part[field] = value
        return part
    _honest_blame(_run(2, filters=_own_parts(kind, change)), fault)


# ---- the same cheats in a match file: `verify` blames the cheater as a live node does -------
def _honest_log(players=3):
    prepared = make_players(TOY, players, 2, chain=64)
    run = play_match(TOY, players, seed=2, order_seed=2, prepared=prepared)
    return run.sessions[0].log, prepared[1]


def _draw_by(log, seat):
    return next(i for i in range(1, len(log)) if decode(log[i])["kind"] == "draw"
                and seat not in decode(log[i])["authors"])


def test_verify_blames_a_drawer_whose_own_share_is_in_its_draw_entry():
    log, people = _honest_log()
    i = _draw_by(log, CHEAT)
    e = decode(log[i])
    led = _ledger_until(log, i)
    p = led.slot.pending
    share, proof = hc.share(hc.player_secret(people[CHEAT].identity.seed(), led.body["nonce"]),
                            hc.Slot(led.match_id, i, p.deck, p.position), CHEAT,
                            led.hidden.cards[p.deck][p.position])
    k = sorted([*e["authors"], CHEAT]).index(CHEAT)
    e = dict(e, authors=sorted([*e["authors"], CHEAT]),
             parts=[*e["parts"][:k], {"deck": p.deck, "position": p.position, "share": share,
                                      "proof": proof}, *e["parts"][k:]],
             sigs=[*e["sigs"][:k], b"\0" * 64, *e["sigs"][k:]])
    r = verify_bytes(join([*log[:i], encode(resign(e, k, people[CHEAT].identity))]))
    assert (r.status, r.index, r.fault, r.author) == (1, i, "wrong-author", CHEAT), r


def test_verify_blames_a_disclosure_entry_where_a_draw_is_due():
    log, people = _honest_log()
    i = next(j for j in range(1, len(log)) if decode(log[j])["kind"] == "draw"
             and decode(log[j])["authors"][0] == CHEAT)
    e = decode(log[i])
    # every author of the draw entry signed a disclosure instead; the cheater is the first
    e = dict(e, kind="disclose", parts=[
        {"cards": [{"deck": part["deck"], "position": part["position"], "card": 0,
                    "share": part["share"]}], "proof": part["proof"]} for part in e["parts"]])
    for k, a in enumerate(e["authors"]):
        e = resign(e, k, people[a].identity)
    r = verify_bytes(join([*log[:i], encode(e)]))
    assert (r.status, r.index, r.fault, r.author) == (1, i, "wrong-kind", CHEAT), r



def _cards_out_of_order(dst, msg):
    cards = msg["part"]["cards"]
    return dict(msg["part"], cards=cards[::-1]) if len(cards) > 1 else None


def _a_card_left_out(dst, msg):
    return dict(msg["part"], cards=msg["part"]["cards"][:-1]) \
        if len(msg["part"]["cards"]) > 1 else None


@pytest.mark.parametrize("change", [_cards_out_of_order, _a_card_left_out])
def test_a_disclosure_whose_cards_are_not_its_holders_in_the_disclose_order_is_a_bad_opening(
        change):
    # each seat holds two cards in the toy: its part must list both, in the Disclose's order
    faulted = _honest_blame(_run(1, filters=_own_parts("disclose", change)), "bad-opening")
    for s in faulted:
        assert s.ledger.slot.kind == "disclose" and "in that order" in s.fault.reason


def test_verify_blames_every_key_holder_when_the_keys_sum_to_the_identity():
    # two colluding seats: seat 1 posts the negation of seat 0's key, with a valid proof (it
    # knows the scalar): each part holds alone, the joint key is no key
    prepared = make_players(TOY, 2, 5, chain=64)
    run = play_match(TOY, 2, seed=5, order_seed=0, prepared=prepared)
    log, people = run.sessions[0].log, prepared[1]
    e = decode(log[1])
    assert e["kind"] == "key" and e["authors"] == [0, 1]
    nonce = run.body["nonce"]
    x0 = hc.player_secret(people[0].identity.seed(), nonce)
    minus = hc.PlayerSecret(hc.group.scalar_neg(x0.scalar), x0.prf)
    parts = [e["parts"][0], {"key": minus.public, "proof": hc.prove_key(minus, nonce, 1)}]
    forged = resign(dict(e, parts=parts), 1, people[1].identity)
    r = verify_bytes(join([log[0], encode(forged)]))
    assert (r.status, r.index, r.fault, r.author, r.proven) == (1, 1, "bad-key", 0, True), r
    assert "identity" in r.reason
