"""Private cards over the protocol (FORMAT.md, protocol 4): keys, shuffles by every seat, private
draws and the disclosure at the end. Only the holder can read its card before the disclosure;
every cheat (a rogue key, a bad shuffle, a bad or replayed share, a disclosure that claims
another card, refusing to disclose) is caught when it happens, attributed to the cheater by
every honest node and by `verify`; a gone player never stalls the game."""
from pathlib import Path

import pytest

from protocol import hidden as hc
from protocol.codec import decode, encode
from protocol.genesis import GenesisError, check_body
from protocol.inmemory import is_clean, make_players, play_match
from protocol.messages import make_entry, parse_signed_genesis
from protocol.session import Session
from protocol.verify import verify_bytes

import tests.protocol.hiddentoy  # noqa: F401  (registers "toy-hidden")
from tests.protocol.hiddentoy import DECK, UNOPENED

from .helpers import first_index, join, resign, worst_shuffle_share
from .test_cheating import CHEAT, _honest_blame, _never_confesses
from .test_sealed_moves import _patch_once

TOY = "toy-hidden"
VECTORS = Path(__file__).resolve().parent / "vectors"
SEEDS = range(3)
seeded = pytest.mark.parametrize("seed", SEEDS)


def _run(seed, players=3, patch=None, **kw):
    prepared = make_players(TOY, players, seed, chain=64)
    if patch:
        kw.update(claim_timeouts=False, filters={CHEAT: _never_confesses(None)},
                  hooks={CHEAT: _patch_once(patch)})
    return play_match(TOY, players, seed=seed, order_seed=seed % 3, prepared=prepared, **kw), \
        prepared[1]


def _cheat_at(kind, change):
    """A patch: the cheater's first part of `kind`, changed by change(session, slot, part)."""
    def patch(session):
        honest = session.own._hidden_part
        done = []

        def part(ledger, slot):
            p = honest(ledger, slot)
            if slot.kind == kind and not done:
                done.append(1)
                return change(session, slot, p)
            return p
        session.own._hidden_part = part
    return patch



def test_a_match_file_of_protocol_3_is_refused_as_made_by_an_older_lanboard():
    # a real file of the build before protocol 4 (tests/protocol/vectors/README.md): verify
    # says why at its genesis, status 1 (a match file, whose genesis fails a check), naming nobody
    old = (VECTORS / "protocol3-toy-hidden.cbor").read_bytes()
    r = verify_bytes(old)
    assert (r.status, r.index, r.kind, r.fault, r.author) == (1, 0, "genesis", "genesis", None), r
    assert "made by an older lanboard" in r.reason and "protocol 3" in r.reason, r.reason
    # and a node does not resume it, saying the same
    run, people = _run(0)
    with pytest.raises(GenesisError, match="made by an older lanboard"):
        Session.resume([old[:_genesis_length(old)]], people[0].identity, people[0].chain)


def _genesis_length(data: bytes) -> int:
    from protocol.matchfile import read_items
    return len(next(read_items(data))[1])


def test_an_unknown_protocol_number_is_refused_at_the_genesis_as_a_newer_lanboards():
    body, _ = make_players(TOY, 2, 0, chain=64)
    for number in (0, 1, 5, (1 << 64) - 1):
        with pytest.raises(GenesisError, match=f"protocol {number} is not one this build knows"):
            check_body(dict(body, protocol=number))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_private_card_match_ends_with_one_log_that_verifies_and_scores_the_cards(players):
    run, _ = _run(players, players)
    assert is_clean(run), run.faults()
    log = run.sessions[0].log
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete, r
    assert r.counts["key"] == 1 and r.counts["shuffle"] == players
    assert r.counts["draw"] == 2 * players and r.counts["disclose"] == 1
    # each holder read its cards alone; the disclosure shows the same cards to everyone
    state = run.sessions[0].state
    for s in run.sessions:
        assert s.state.opened == state.opened
        for (deck, pos), card in s.private_cards().items():
            assert pos in state.held[s.seat] and state.opened[pos] == card
        assert sorted(p for _, p in s.private_cards()) == state.held[s.seat]
    assert sorted(state.opened[: 2 * players]) == sorted(set(state.opened[: 2 * players]))


def test_all_players_but_the_holder_pooling_keys_and_logs_cannot_name_its_card():
    run, people = _run(0, 4)
    log = run.sessions[0].log
    nonce = run.body["nonce"]
    ledger = _ledger_until(log, first_index(log, "disclose"))
    hidden = ledger.hidden
    secrets = [hc.player_secret(p.identity.seed(), nonce) for p in people]
    for (deck, pos), shares in hidden.shares.items():
        holder = hidden.holders[(deck, pos)]
        ct = hidden.cards[deck][pos]
        # every other seat's key applied: still no card (the holder's share is missing)
        pooled = [hc.group.mul(secrets[s].scalar, ct[:32]) for s in range(4) if s != holder]
        with pytest.raises(hc.NotACard):
            hc.open_card(deck, DECK, ct, pooled)
        assert list(shares) == [s for s in range(4) if s != holder]
        # and the holder alone reads it, from the log and its own key
        own = hc.group.mul(secrets[holder].scalar, ct[:32])
        card = hc.open_card(deck, DECK, ct, [*shares.values(), own])
        assert run.sessions[holder].private_cards()[(deck, pos)] == card
        assert (deck, pos) not in run.sessions[(holder + 1) % 4].private_cards()


def _ledger_until(log, stop):
    from protocol.log import Ledger
    from protocol.messages import parse_entry
    led = Ledger(parse_signed_genesis(decode(log[0])))
    for raw in log[1:stop]:
        e = parse_entry(decode(raw))
        led.take(e, raw)
    return led


def test_a_restarted_node_reads_its_cards_again_from_its_key_and_the_log():
    run, people = _run(1, 3)
    for s in run.sessions:
        again, _ = Session.resume(s.log, people[s.seat].identity, people[s.seat].chain)
        assert again.private_cards() == s.private_cards() and s.private_cards()


# ---- cheats, over the in-memory harness ----------------------------------------------------
def _other_point(session, slot, part):
    return dict(part, share=hc.group.base_mul(hc.group.scalar((7).to_bytes(32, "little"))))


def _replayed_share(session, slot, part):
    # a share with a valid proof, made for the next entry number: another slot
    from protocol.hidden.transcript import Slot
    p = slot.pending
    ct = session.ledger.hidden.cards[p.deck][p.position]
    share, proof = hc.share(session.own._secret(), Slot(session.ledger.match_id, slot.seq + 1,
                                                    p.deck, p.position), session.seat, ct)
    return dict(part, share=share, proof=proof)


def _share_of_another_card(session, slot, part):
    # a true share with a valid proof, of the next card of the deck, named as such
    p = slot.pending
    pos = (p.position + 1) % session.ledger.hidden.sizes[p.deck]
    share, proof = hc.share(session.own._secret(), hc.Slot(session.ledger.match_id, slot.seq,
                            p.deck, pos), session.seat, session.ledger.hidden.cards[p.deck][pos])
    return dict(part, position=pos, share=share, proof=proof)


def _rogue_key(session, slot, part):
    # y·G − Σ (keys this node has seen so far): it cannot prove it knows the scalar
    return dict(part, key=hc.group.base_mul(hc.group.scalar((12345).to_bytes(32, "little"))))


def _key_of_another_match(session, slot, part):
    x = session.own._secret()
    return dict(part, proof=hc.prove_key(x, b"another-nonce-16", session.seat))


def _shuffle_of_another_slot(session, slot, part):
    # an honest shuffle and proof, made for the next entry number
    hidden = session.ledger.hidden
    deck, proof = hc.make_shuffle(session.own._secret(), hidden.joint, hc.Slot(
        session.ledger.match_id, slot.seq + 1, slot.pending), session.seat,
        hidden.cards[slot.pending])
    return {"deck": list(deck), "proof": proof}


def _shuffle_of_another_deck(session, slot, part):
    # an honest shuffle and proof for this slot, of another deck: the same cards, the input
    # turned by one position
    hidden = session.ledger.hidden
    deck_in = hidden.cards[slot.pending]
    deck, proof = hc.make_shuffle(session.own._secret(), hidden.joint, hc.Slot(
        session.ledger.match_id, slot.seq, slot.pending), session.seat, deck_in[1:] + deck_in[:1])
    return {"deck": list(deck), "proof": proof}


def _transcript_of_another_slot(session, slot, part):
    # the proof made for the next entry number, its binding rewritten to this slot's: the
    # challenge hashed the other one
    from protocol.hidden.transcript import binding
    other = _shuffle_of_another_slot(session, slot, part)
    here = binding("shuffle", hc.Slot(session.ledger.match_id, slot.seq, slot.pending),
                   session.seat)
    return dict(other, proof=[here, *other["proof"][1:]])


def _duplicated_card(session, slot, part):
    deck = list(part["deck"])
    deck[1] = deck[0]
    return dict(part, deck=deck)


def _dropped_card(session, slot, part):
    return dict(part, deck=list(part["deck"])[:-1])


def _replaced_card(session, slot, part):
    # card 0 swapped for a fresh encryption of card 0 of the deck, re-masked: the proof's
    # openings no longer lead to the committed shadows
    from protocol.hidden.cards import card_point
    hidden = session.ledger.hidden
    r = hc.group.scalar((99).to_bytes(32, "little"))
    fresh = hc.group.base_mul(r) + hc.group.add(card_point("cards", 8), hc.group.mul(r, hidden.joint))
    deck = list(part["deck"])
    deck[0] = fresh
    return dict(part, deck=deck)


def _claims_another_card(session, slot, part):
    cards = part["cards"]
    return dict(part, cards=[dict(cards[0], card=(cards[0]["card"] + 1) % DECK), *cards[1:]])


def _one_bad_share_in_the_batch(session, slot, part):
    # the batched proof unchanged, the last card's share doubled: one bad share in the batch
    cards = part["cards"]
    bad = hc.group.add(cards[-1]["share"], cards[-1]["share"])
    return dict(part, cards=[*cards[:-1], dict(cards[-1], share=bad)])


# Every cheat of issue 15's point 4 that a part can carry, and issue 28's on protocol 4's proofs
# (a shuffle proof for another deck, a transcript of another slot, a batched proof with one bad
# share in it): (entry kind, change, fault). Played over real links too
# (tests/node/test_hidden_cheat_lan.py).
CHEATS = [
    ("draw", _other_point, "bad-share"),
    ("draw", _replayed_share, "replayed-proof"),
    ("draw", _share_of_another_card, "bad-share"),
    ("key", _rogue_key, "bad-key"),
    ("key", _key_of_another_match, "replayed-proof"),
    ("shuffle", _shuffle_of_another_slot, "replayed-proof"),
    ("shuffle", _transcript_of_another_slot, "bad-shuffle"),
    ("shuffle", _shuffle_of_another_deck, "bad-shuffle"),
    ("shuffle", _duplicated_card, "bad-shuffle"),
    ("shuffle", _dropped_card, "bad-shuffle"),
    ("shuffle", _replaced_card, "bad-shuffle"),
    ("disclose", _claims_another_card, "bad-opening"),
    ("disclose", _one_bad_share_in_the_batch, "bad-share"),
]


@seeded
@pytest.mark.parametrize("kind, change, fault", CHEATS)
def test_each_hidden_card_cheat_is_caught_at_once_and_attributed_by_every_honest_node_and_verify(
        kind, change, fault, seed):
    run, _ = _run(seed, patch=_cheat_at(kind, change))
    faulted = _honest_blame(run, fault)
    # caught at once: at the very slot the cheater posted to, which no honest log holds
    for s in faulted:
        assert s.fault.seq == s.ledger.seq and s.ledger.slot.kind == kind, (s.fault, s.ledger.slot)
    # a file holding the entry the cheat is in (the cheater's own node may log it, or stop on
    # a halt notice first): verify blames its author there, at that entry
    seq = faulted[0].ledger.seq
    r = verify_bytes(join(_file_with_the_entry_at(run, faulted[0], kind)))
    assert (r.status, r.index, r.fault, r.author) == (1, seq, fault, CHEAT), r


def _file_with_the_entry_at(run, honest, kind):
    """`honest`'s log, which ends before the slot it stopped at, and the entry every author's
    signed part for that slot makes: the parts each node holds or was shown as evidence."""
    slot = honest.ledger.slot
    parts = {}
    for s in run.sessions:
        evidence = s.fault.evidence if s.fault is not None else ()
        for raw in [*s.current_shares(), *evidence]:
            m = decode(raw)
            if m.get("t") == "share" and (m["seq"], m["kind"]) == (slot.seq, kind):
                parts[m["author"]] = m
    return [*honest.log, encode(make_entry([parts[a] for a in slot.authors]))]


@pytest.mark.parametrize("kind, change, fault", [
    ("draw", _other_point, "bad-share"),
    ("key", _rogue_key, "bad-key"),
    ("shuffle", _duplicated_card, "bad-shuffle"),
    ("disclose", _claims_another_card, "bad-opening"),
])
def test_verify_attributes_each_hidden_card_cheat_to_its_author(kind, change, fault):
    run, people = _run(2, 3)
    log = run.sessions[0].log
    i = first_index(log, kind)
    e = decode(log[i])
    k = e["authors"].index(CHEAT) if CHEAT in e["authors"] else None
    if k is None:   # a draw by the cheater itself: take the next draw it shares in
        i = next(j for j in range(i, len(log)) if decode(log[j])["kind"] == kind
                 and CHEAT in decode(log[j])["authors"])
        e = decode(log[i])
        k = e["authors"].index(CHEAT)
    session = run.sessions[CHEAT]
    e["parts"][k] = change(session, None, e["parts"][k]) if kind != "draw" else \
        _other_point(session, None, e["parts"][k])
    forged = list(log[:i]) + [encode(resign(e, k, people[CHEAT].identity))]
    r = verify_bytes(join(forged))
    assert (r.status, r.index, r.fault, r.author) == (1, i, fault, CHEAT), r


def test_a_holder_who_refuses_to_disclose_is_timed_out_and_its_cards_score_the_unopened_value():
    prepared = make_players(TOY, 3, 4, chain=64)

    dark = []

    def dark_at_disclose(dst, data):
        # from its disclosure on, the holder sends nothing (it walks away with its cards)
        msg = decode(data)
        if msg.get("kind") == "disclose" and msg.get("author") == CHEAT:
            dark.append(1)
        return [] if dark else [data]
    run = play_match(TOY, 3, seed=4, order_seed=1, prepared=prepared,
                     filters={CHEAT: dark_at_disclose})
    honest = [s for s in run.sessions if s.seat != CHEAT]
    for s in honest:
        assert s.fault is None and s.over
        kinds = [decode(raw) for raw in s.log[1:]]
        timeouts = [e for e in kinds if e["kind"] == "timeout"]
        assert timeouts and all(p["seat"] == CHEAT for e in timeouts for p in e["parts"])
    state = honest[0].state
    assert all(state.opened[p] == -1 for p in state.held[CHEAT])
    assert honest[0].ledger.result().scores[CHEAT] == state.players[CHEAT] + 2 * UNOPENED
    assert len({tuple(s.log) for s in honest}) == 1
    r = verify_bytes(join(honest[0].log))
    assert r.status == 0 and r.complete, r


def test_a_player_gone_mid_game_never_stalls_it_later_draws_score_the_unopened_value():
    # seat 2 walks away at its first decision: the others hand it to the bot; every later
    # draw can never be opened (seat 2's share is gone), so it writes no entry
    run, _ = _run(3, 3, silent=(2,))
    live = [s for s in run.sessions if s.seat != 2]
    for s in live:
        assert s.fault is None and s.over
    log = live[0].log
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and r.bots == [2], r
    state = live[0].state
    drawn_after = [p for seat in range(3) for p in state.held[seat] if state.opened[p] == -1]
    assert drawn_after and r.counts["draw"] < 6
    assert live[0].ledger.result().scores == live[1].ledger.result().scores


def test_a_seat_gone_before_its_key_holds_no_key_and_the_others_cards_still_open():
    # seat 2 signs the genesis and then sends nothing: timed out at the key entry and handed
    # to the bot, it is no key holder; the others' draws need no share of it, so their cards
    # open at the end; its own never do
    run, _ = _run(5, 3, filters={2: lambda dst, data: [] if decode(data)["t"] == "share"
                                 else [data]})
    live = run.sessions[0]
    assert all(s.fault is None and s.over for s in run.sessions[:2])
    first = decode(live.log[1])
    assert first["kind"] == "timeout" and first["parts"][0]["seat"] == 2
    keys = next(decode(raw) for raw in live.log[1:] if decode(raw)["kind"] == "key")
    assert keys["authors"] == [0, 1]
    state = live.state
    assert all(state.opened[p] >= 0 for seat in (0, 1) for p in state.held[seat])
    assert all(state.opened[p] == -1 for p in state.held[2]) and state.held[2]
    r = verify_bytes(join(live.log))
    assert r.status == 0 and r.complete and r.bots == [2], r


def test_a_game_ended_after_a_timeout_scores_every_card_at_the_unopened_value():
    run, _ = _run(6, 3, silent=(1,), after_timeout="end")
    live = run.sessions[0]
    assert live.fault is None and live.over and live.state.forfeited == [1]
    scores = live.ledger.result().scores
    state = live.state
    assert set(state.opened) == {-1}
    assert scores == tuple(pts + UNOPENED * len(state.held[s])
                           for s, pts in enumerate(state.players))
    r = verify_bytes(join(live.log))
    assert r.status == 0 and r.complete, r


def test_a_protocol_2_genesis_of_a_game_with_hidden_cards_is_refused_with_why():
    body, _ = make_players(TOY, 2, 0, chain=64)
    assert body["protocol"] == 4
    with pytest.raises(GenesisError, match="hidden cards, which need protocol 4"):
        check_body(dict(body, protocol=2))
    import tests.protocol.toygame  # noqa: F401
    plain, _ = make_players("toy-race", 2, 0, chain=64)
    assert plain["protocol"] == 2
    with pytest.raises(GenesisError, match="protocol 4 is only for games with hidden cards"):
        check_body(dict(plain, protocol=4))
    with pytest.raises(GenesisError, match="made by an older lanboard"):
        check_body(dict(body, protocol=3))



def test_a_4_seat_overwatch_game_with_private_loot_boxes_gives_every_node_the_same_scores():
    run = play_match("overwatch-monopoly", 4, seed=9, order_seed=2, bots="greedy",
                     prepared=make_players("overwatch-monopoly", 4, 9, chain=2048))
    assert is_clean(run), run.faults()
    results = {s.ledger.result().scores for s in run.sessions}
    assert len(results) == 1
    r = verify_bytes(join(run.sessions[0].log))
    assert r.status == 0 and r.complete and list(results.pop()) == r.scores, r
    assert r.counts["draw"] == 9 and r.counts["shuffle"] == 4
    # each Loot Box scored is the card its holder alone read during the game
    state = run.sessions[0].state
    for s in run.sessions:
        mine = s.private_cards()
        assert sorted(pos for _, pos in mine) == sorted(state.players[s.seat].loot)
        assert all(state.loot_open[pos] == card for (_, pos), card in mine.items())


def test_a_hidden_deck_past_the_shuffle_proofs_generators_is_refused_at_the_genesis(monkeypatch):
    from protocol.genesis import MAX_HIDDEN_DECK
    from tests.protocol.hiddentoy import GAME
    assert MAX_HIDDEN_DECK == 255 >= 64
    body, _ = make_players(TOY, 2, 0, chain=64)
    for size in (0, MAX_HIDDEN_DECK + 1):
        monkeypatch.setattr(GAME, "hidden_decks", lambda players, variants: (("cards", size),))
        with pytest.raises(GenesisError, match=f"has {size} cards; a hidden deck has 1 to 255 "
                           r"\(protocol 4's shuffle proof has one commitment generator a "
                           r"position, h_0 to h_254\)"):
            check_body(body)
    monkeypatch.setattr(GAME, "hidden_decks",
                        lambda players, variants: (("cards", MAX_HIDDEN_DECK),))
    check_body(body)


def test_every_frame_a_shuffle_of_the_largest_hidden_deck_makes_fits_one_item():
    # FORMAT.md: every CBOR item (an entry, a frame) is at most 65536 bytes; a shuffle share that
    # did not fit could never be sent, nor be the evidence of a halt notice or a proof item
    from protocol.codec import MAX_FRAME
    from protocol.genesis import MAX_HIDDEN_DECK
    from protocol.messages import make_halt, make_proof, parse_wire
    share = encode(worst_shuffle_share(MAX_HIDDEN_DECK))
    entry = encode(make_entry([decode(share)]))
    halt = make_halt((1 << 64) - 1, "bad-shuffle", (7,), "x" * 1024, (share,))
    assert halt["evidence"] == [share] and len(encode(halt)) <= MAX_FRAME
    parse_wire(encode(halt))
    assert max(len(share), len(entry), len(encode(make_proof((share,))))) <= MAX_FRAME
    assert DECK <= MAX_HIDDEN_DECK


def test_a_disclosure_of_every_hidden_card_a_match_may_have_fits_one_entry():
    # the worst disclose entry: every one of MAX_CARDS cards opened, by 8 seats, each item
    # naming a deck of the longest name, the largest numbers
    from protocol.codec import MAX_FRAME
    from protocol.hidden.sizes import MAX_CARDS, MAX_DECK_NAME
    from protocol.messages import make_share, parse_entry
    item = {"deck": "z" * MAX_DECK_NAME, "position": 254, "card": 254, "share": bytes(32)}
    shares = [make_share(lambda statement: bytes(64), bytes(32), (1 << 64) - 1, bytes(32),
                         "disclose", seat, {"cards": [item] * (MAX_CARDS // 8), "proof": bytes(96)})
              for seat in range(8)]
    entry = encode(make_entry(shares))
    parse_entry(decode(entry))
    assert len(entry) <= MAX_FRAME


@pytest.mark.parametrize("decks, why", [
    ((("cards", 255), ("more", 255), ("last", 3)), "513 cards together; a match has at most 512"),
    ((("cards", 9), ("cards", 9)), "names two hidden decks alike"),
    ((("Cards", 9),), "a hidden deck's name is 1 to 16 lowercase letters, digits or hyphens"),
    ((("c" * 17, 9),), "a hidden deck's name is 1 to 16"),
    ((("", 9),), "a hidden deck's name is 1 to 16"),
])
def test_hidden_decks_past_the_match_limit_or_oddly_named_are_refused_at_the_genesis(
        monkeypatch, decks, why):
    from tests.protocol.hiddentoy import GAME
    body, _ = make_players(TOY, 2, 0, chain=64)
    monkeypatch.setattr(GAME, "hidden_decks", lambda players, variants: decks)
    with pytest.raises(GenesisError, match=why):
        check_body(body)


def test_a_64_card_hidden_deck_is_shuffled_drawn_and_disclosed_end_to_end():
    # protocol 4 carries decks of at least 64 cards: four seats shuffle it in turn (each
    # shuffle share well inside one frame), draw from it, and every node and verify agree
    from protocol.codec import MAX_FRAME
    toy = "toy-hidden-64"
    prepared = make_players(toy, 4, 3, chain=64)
    run = play_match(toy, 4, seed=3, order_seed=1, prepared=prepared)
    assert is_clean(run), run.faults()
    log = run.sessions[0].log
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete, r
    assert (r.counts["shuffle"], r.counts["draw"], r.counts["disclose"]) == (4, 8, 1)
    shuffles = [raw for raw in log[1:] if decode(raw)["kind"] == "shuffle"]
    assert all(len(decode(raw)["parts"][0]["deck"]) == 64 for raw in shuffles)
    assert max(map(len, shuffles)) <= MAX_FRAME // 4   # some 13 KB of 64 KB
    state = run.sessions[0].state
    for s in run.sessions:
        mine = s.private_cards()
        assert sorted(pos for _, pos in mine) == state.held[s.seat]
        assert all(state.opened[pos] == card for (_, pos), card in mine.items())
    drawn = [state.opened[pos] for pos in range(8)]
    assert len(set(drawn)) == 8 and all(0 <= c < 64 for c in drawn)
