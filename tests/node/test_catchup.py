"""node.catchup on its own: a node that holds the first entries of a match takes missing ones
from a peer only when they follow its own and verify; overlap keeps the new tail, a gap is
dropped, bad entries are the sender's fault."""
import math

import pytest
import trio
import trio.testing

from node import outbox, wire
from node.runtime import Node
from node.store import MatchStore
from protocol.randomness import HashChain, chain_secret
from protocol.session import Session

from .test_memory_game import _game
from .memnet import MemoryNetwork


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A finished 3-node game over memory streams: its nodes (their logs are the match's)."""
    mp = pytest.MonkeyPatch()
    mp.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    try:
        nodes, _ = trio.run(_game, tmp_path_factory.mktemp("played"), MemoryNetwork(), 3,
                            clock=trio.testing.MockClock(autojump_threshold=0))
    finally:
        mp.undo()
    return nodes


def _behind(tmp_path, played, held: int) -> tuple[Node, list[bytes]]:
    """Seat 1's player, restarted holding only the first `held` entries of the match."""
    source = played[1]
    log = source.session.log
    body = source.session.body
    node = Node(source.identity, "again", tmp_path)
    node.seats, node.my_seat = source.seats, source.my_seat
    chain = HashChain(chain_secret(node.identity.seed(), body["nonce"]), body["chain"])
    session, _ = Session.resume(log[:1 + held], node.identity, chain, [])
    node._begin(body, chain, session)
    node.play.outbox.store = MatchStore(tmp_path, session.match_id)
    node.store.start(log[0], node.play.meta())
    for raw in log[1:1 + held]:
        node.store.append(raw)
    return node, log[1:]


def test_a_batch_overlapping_what_we_hold_adds_its_new_tail(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    node.play.catchup.on_entries(_peers(node)[0], 5, entries[5:20])
    assert node.entry_count() == 20
    assert node.session.log == played[1].session.log[:21]
    assert node.store.count == 21   # the genesis and 20 entries, on disk


def test_a_batch_that_leaves_a_gap_or_is_held_already_is_dropped(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    node.play.catchup.on_entries(_peers(node)[0], 12, entries[12:20])   # entries 11 and 12 missing
    node.play.catchup.on_entries(_peers(node)[0], 3, entries[3:8])      # all held
    assert node.entry_count() == 10


def _held_all_shared(tmp_path, played) -> int:
    """A count of entries to hold such that our log does not end with a share of ours (else a
    batch that does not follow may be the match's log going on without it, and we ask for
    more instead: test_late_restart)."""
    return next(n for n in range(10, 40)
                if _behind(tmp_path / str(n), played, n)[0].session.unshared_at_end() == 0)


def _peers(node) -> list[int]:
    return [s for s in range(len(node.seats)) if s != node.my_seat]


def test_entries_that_do_not_verify_are_the_senders_fault(tmp_path, played):
    held = _held_all_shared(tmp_path, played)
    node, entries = _behind(tmp_path, played, held)
    sender = _peers(node)[-1]
    with pytest.raises(wire.BadMessage,
                       match=f"player {sender + 1} sent entries that do not verify"):
        node.play.catchup.on_entries(sender, held, [entries[held + 1], entries[held]])
    assert node.entry_count() == held


def test_behind_a_peer_we_ask_every_peer_and_are_not_behind_once_the_entries_are_in(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    ahead = _peers(node)[-1]
    node.play.catchup.on_sync(ahead, 30)
    asks = {s: node.links.queues[s][1].receive_nowait() for s in _peers(node)}
    assert {s: wire.unpack(f) for s, f in asks.items()} == {
        s: (wire.NODE, {"t": "sync", "have": 10}) for s in _peers(node)}
    assert node.play.catchup.behind == ahead
    node.play.catchup.on_entries(ahead, 10, entries[10:30])
    assert node.play.catchup.behind is None and node.entry_count() == 30


def _forged_move(played, entries: list[bytes], at: int) -> tuple[bytes, int]:
    """Entry `at` (0-based) of the match, a move, replaced by an illegal move its author signed:
    what a cheater's own node logs and may pass on as catch-up. Returns it and its author."""
    from protocol.codec import decode, encode
    from protocol.messages import make_entry, make_share
    entry = decode(entries[at])
    author = entry["authors"][0]
    signer = next(n for n in played if n.my_seat == author)   # seats are not the list's order
    bad = make_share(signer.identity.sign, entry["match"], entry["seq"], entry["prev"],
                     "move", author, ["no such move"])
    return encode(make_entry([bad])), author


def _behind_a_cheat(tmp_path, played, gap: int):
    """Seat 1's player behind (every entry it holds shared), and the first move of another seat
    at least `gap` entries past its log forged illegal by its author: (entries held, node,
    entries, the move's index, the forged entry, the cheater, the third seat)."""
    from protocol.codec import decode
    held = _held_all_shared(tmp_path, played)
    node, entries = _behind(tmp_path, played, held)
    at = next(i for i in range(held + gap, len(entries)) if decode(entries[i])["kind"] == "move"
              and decode(entries[i])["authors"][0] != node.my_seat)
    forged, cheater = _forged_move(played, entries, at)
    return held, node, entries, at, forged, cheater, next(s for s in _peers(node) if s != cheater)


def test_a_signed_cheat_in_a_batch_stops_the_match_there_blamed_on_its_author(tmp_path, played):
    # A cheater's node logs its own illegal move and passes it on in a catch-up batch before
    # (or instead of) the move itself: the entries before it are ours now, and the match stops
    # at it, blamed on its author as if the move had come on its own (not on the sender, whose
    # link would close and leave us waiting for ever).
    from protocol.codec import decode
    held = _held_all_shared(tmp_path, played)
    node, entries = _behind(tmp_path, played, held)
    at = next(i for i in range(held + 2, len(entries)) if decode(entries[i])["kind"] == "move")
    forged, author = _forged_move(played, entries, at)
    sender = next(s for s in _peers(node) if s != author) if author != node.my_seat else \
        _peers(node)[0]
    node.play.catchup.on_entries(sender, held, entries[held:at] + [forged])
    assert node.entry_count() == at                     # every entry before the cheat kept
    assert node.store.count == 1 + at + 1               # and on disk, the proof after them
    fault = node.session.fault
    assert fault is not None and fault.kind == "illegal-move", fault
    assert fault.seats == (author,) and fault.seq == at + 1


def test_a_match_stopped_by_a_proven_cheat_takes_no_more_entries(tmp_path, played):
    # After the stop its file ends with the proof; an honest peer's batch going on from there
    # (the match's real entries) must not rebuild the session past the cheat, nor be appended
    # after the proof.
    held, node, entries, at, forged, cheater, third = _behind_a_cheat(tmp_path, played, 2)
    node.play.catchup.on_entries(cheater, held, entries[held:at] + [forged])
    assert node.session.record is not None
    on_disk = node.store.path.read_bytes()
    node.play.catchup.on_entries(third, at, entries[at:at + 5])
    assert node.session.fault is not None and node.entry_count() == at
    assert node.store.path.read_bytes() == on_disk


def _resumed_at(played, seat: int, entries: int) -> Session:
    """`seat`'s session rebuilt from the first `entries` entries of the match: an honest node
    that holds the same history and has not seen what comes next."""
    player = next(n for n in played if n.my_seat == seat)
    body = player.session.body
    chain = HashChain(chain_secret(player.identity.seed(), body["nonce"]), body["chain"])
    return Session.resume(player.session.log[:1 + entries], player.identity, chain, [])[0]


def _halt_sent(node, to: int) -> bytes:
    """The halt notice `node` sent to seat `to` (a session frame on its link)."""
    from protocol.messages import parse_wire
    queue = node.links.queues[to][1]
    while True:
        channel, payload = wire.unpack(queue.receive_nowait())
        if channel == wire.SESSION and parse_wire(payload)["t"] == "halt":
            return payload


def test_a_cheat_caught_in_catch_up_is_proven_to_a_node_that_never_saw_it(tmp_path, played,
                                                                          monkeypatch):
    # The cheater's node logs its own illegal move and passes it to us as catch-up; the third
    # player never got the move. Our halt notice must carry the signed move, so the third node
    # convicts the cheater by its own checks, not stop with a dispute naming us too.
    from protocol.verify import verify_bytes
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)   # frames leave at once
    held, node, entries, at, forged, cheater, third = _behind_a_cheat(tmp_path, played, 2)
    node.play.catchup.on_entries(cheater, held, entries[held:at] + [forged])
    assert (node.session.fault.kind, node.session.fault.seats) == ("illegal-move", (cheater,))

    honest = _resumed_at(played, third, at)
    honest.receive(_halt_sent(node, third), node.my_seat)
    fault = honest.fault
    assert fault is not None and (fault.kind, fault.seats, fault.seq) == (
        "illegal-move", (cheater,), at + 1), fault
    # and the files say the same: the cheater's names it, ours and the third's hold up to it
    cheaters_file = verify_bytes(b"".join(played[0].session.log[:1] + entries[:at] + [forged]))
    assert (cheaters_file.fault, cheaters_file.author, cheaters_file.index) == (
        "illegal-move", cheater, at + 1)
    for session in (node.session, honest):
        report = verify_bytes(b"".join(session.log))
        assert (report.fault, report.index) == ("incomplete", at + 1), report


def _mixed_claims(played, entries: list[bytes], at: int, accused: int, other: int) -> bytes:
    """A timeout entry in place of entry `at` (0-based, an attest entry: it waits for every
    seat) put together from two honest claims: the lower seat's against `accused`, the other
    seat's against `other`. Each claim alone is one its signer may make; no honest node puts
    two claims naming different seats in one entry."""
    from protocol.codec import decode, encode
    from protocol.messages import make_entry, make_share
    entry = decode(entries[at])
    signers = sorted(s for s in range(len(played)) if s != accused)
    shares = []
    for signer, named in zip(signers, (accused, other)):
        ident = next(n for n in played if n.my_seat == signer).identity
        shares.append(make_share(ident.sign, entry["match"], entry["seq"], entry["prev"],
                                 "timeout", signer, {"seat": named, "time": 1}))
    return encode(make_entry(shares))


def test_claims_naming_different_seats_in_one_entry_are_the_senders_fault_not_a_signers(
        tmp_path, played):
    # Both claims were the signers' right (an attest slot waits for everyone); whoever put
    # them in one entry broke the rule, and that is the peer that sent it. Blaming the entry's
    # first author would stop the match against an honest player.
    from protocol.codec import decode
    from protocol.verify import verify_bytes
    held = _held_all_shared(tmp_path, played)
    node, entries = _behind(tmp_path, played, held)
    at = next(i for i in range(held + 1, len(entries)) if decode(entries[i])["kind"] == "attest")
    first, sender = sorted(_peers(node))
    mixed = _mixed_claims(played, entries, at, accused=node.my_seat, other=first)
    with pytest.raises(wire.BadMessage,
                       match=f"player {sender + 1} sent entries that do not verify"):
        node.play.catchup.on_entries(sender, held, entries[held:at] + [mixed])
    assert node.session.fault is None and node.entry_count() == held
    report = verify_bytes(b"".join(played[0].session.log[:1] + entries[:at] + [mixed]))
    assert (report.fault, report.index, report.author) == ("bad-claim", at + 1, None), report


def test_a_held_notice_cannot_turn_a_cheat_caught_up_into_a_dispute(tmp_path, played):
    # The cheater sends us a lying notice accusing an honest seat, its "proof" that seat's
    # genuine share of an entry ahead of our log (so we hold it), then entries holding its own
    # signed cheat. The cheat our own checks found must stop the match, convicting the cheater:
    # were the held notice judged first on the entries caught up, it would stop us in a dispute
    # naming the honest seat, and our halt notice would carry no proof for the others.
    from protocol.codec import decode, encode
    from protocol.messages import entry_shares, make_halt
    held, node, entries, at, forged, cheater, honest = _behind_a_cheat(tmp_path, played, 3)
    j = next(i for i in range(held + 1, at) if honest in decode(entries[i])["authors"])
    share = next(sh for sh in entry_shares(decode(entries[j])) if sh["author"] == honest)
    lie = encode(make_halt(j + 1, "illegal-move", (honest,), "a lie", (encode(share),)))
    node.play.handle(node.session.receive(lie, cheater))
    assert node.session.fault is None   # held: its proof is ahead of our log
    node.play.catchup.on_entries(cheater, held, entries[held:at] + [forged])
    fault = node.session.fault
    assert fault is not None and (fault.kind, fault.seats, fault.seq) == (
        "illegal-move", (cheater,), at + 1), fault


def test_a_halt_notice_held_while_behind_is_judged_on_the_entries_caught_up(tmp_path, played):
    # We are behind; a peer stopped the match for the cheater's illegal move a few entries
    # ahead of our log and sent its notice. Our session holds it until its log gets there;
    # catching up rebuilds the session, and the notice (never sent again: its sender has
    # stopped) must still be judged on the new one: the cheater convicted, by its signed move.
    from protocol.codec import decode, encode
    from protocol.messages import entry_shares, make_halt
    node, entries = _behind(tmp_path, played, 10)
    at = next(i for i in range(12, len(entries)) if decode(entries[i])["kind"] == "move"
              and decode(entries[i])["authors"][0] != node.my_seat)
    forged, cheater = _forged_move(played, entries, at)
    reporter = next(s for s in _peers(node) if s != cheater)
    proof = encode(entry_shares(decode(forged))[0])
    notice = encode(make_halt(at + 1, "illegal-move", (cheater,), "illegal move", (proof,)))
    node.play.handle(node.session.receive(notice, reporter))
    assert node.session.fault is None   # held: our log is at entry 11
    node.play.catchup.on_entries(reporter, 10, entries[10:at])
    assert node.entry_count() == at
    fault = node.session.fault
    assert fault is not None and (fault.kind, fault.seats, fault.seq) == (
        "illegal-move", (cheater,), at + 1), fault


def _answered(node, to: int, have: int) -> list[tuple[int, object]]:
    """What `node` sends seat `to` when `to` says it holds `have` entries, as the receiver
    reads it (wire.unpack: a node message it cannot decode is a BadMessage, its link closed)."""
    queue = node.links.queues[to][1]
    while True:   # what a finished game left queued for that peer is not the answer
        try:
            queue.receive_nowait()
        except trio.WouldBlock:
            break
    node.play.catchup.on_sync(to, have)
    frames = []
    while True:
        try:
            frames.append(queue.receive_nowait())
        except trio.WouldBlock:
            return [wire.unpack(frame) for frame in frames]


def _caught_up_by_wire(node, sender: int, answer) -> None:
    for channel, msg in answer:
        if channel == wire.NODE and msg["t"] == "entries":
            node.play.catchup.on_entries(sender, msg["first"], msg["items"])


def test_a_node_behind_by_the_shuffle_entries_of_a_hidden_deck_catches_up(
        tmp_path, played, monkeypatch):
    # Overwatch Monopoly's shuffle entries are 16-17 KB each: 200 entries from the first ones
    # made a node message of over 100 KB, which a receiver refuses (over the 64 KiB limit of a
    # node message), closing the link; redialled, it asked again, for ever (issue 24).
    from protocol.codec import decode
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)   # frames leave at once
    node, entries = _behind(tmp_path, played, 1)   # the key entry: every shuffle is ahead
    assert [decode(e)["kind"] for e in entries[1:4]] == ["shuffle"] * 3
    ahead = next(n for n in played if n.my_seat != node.my_seat)
    _caught_up_by_wire(node, ahead.my_seat, _answered(ahead, node.my_seat, 1))
    assert node.session.log == ahead.session.log
    assert node.store.count == 1 + len(entries)


def test_a_node_behind_by_shuffle_entries_catches_up_over_a_link_that_stays_up(
        tmp_path, played, monkeypatch):
    # The same over a link, both nodes reading with their own read loop (Node._read): the
    # link used to close at the first batch, each time it was dialed again.
    from node.framing import FramedStream
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    node, entries = _behind(tmp_path, played, 1)
    ahead = next(n for n in played if n.my_seat != node.my_seat)
    ours, theirs = trio.testing.memory_stream_pair()

    async def link() -> None:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(node.links.link, ahead.my_seat, FramedStream(ours, peer="ahead"))
            nursery.start_soon(ahead.links.link, node.my_seat, FramedStream(theirs, peer="us"))
            with trio.move_on_after(60):
                while node.entry_count() < len(entries):
                    await trio.sleep(1)
            assert node.seats[ahead.my_seat].conn is not None, "the link dropped"
            nursery.cancel_scope.cancel()

    trio.run(link, clock=trio.testing.MockClock(autojump_threshold=0))
    assert node.session.log == ahead.session.log


def test_catch_up_frames_fit_a_node_message_and_an_entry_of_the_largest_size_goes_alone(
        tmp_path, played, monkeypatch):
    # Whatever the entries hold: frames of several entries stay within codec.MAX_FRAME (what
    # every node, this release's or an older one, decodes), and an entry of the largest size
    # the format allows (codec.MAX_FRAME bytes), which no frame of that size can wrap, still
    # reaches the peer, in a frame of its own.
    from protocol.codec import MAX_FRAME
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    node, _ = _behind(tmp_path, played, 10)
    sizes = [60000, 5000, 600, MAX_FRAME, 1, MAX_FRAME - 40, 30000, 30000, 30000, 200, 65000]
    held = [bytes([i]) * size for i, size in enumerate(sizes)]
    monkeypatch.setattr(node.session.ledger, "entries", held)
    to = _peers(node)[0]
    answer = [msg for channel, msg in _answered(node, to, 0) if channel == wire.NODE]
    assert [msg["t"] for msg in answer] == ["entries"] * len(answer)
    assert [m["first"] for m in answer] == [sum(len(a["items"]) for a in answer[:i])
                                            for i in range(len(answer))]
    assert [item for msg in answer for item in msg["items"]] == held
    for msg in answer:
        assert len(wire.pack("entries", **{k: msg[k] for k in ("first", "items")})) - 1 \
            <= MAX_FRAME or len(msg["items"]) == 1, msg["first"]
    assert [msg["items"] for msg in answer if len(msg["items"][0]) == MAX_FRAME] == [
        [held[3]]]


@pytest.mark.parametrize("have", [-1, (1 << 64) - 1], ids=["negative", "2**64-1"])
def test_a_count_no_match_file_can_hold_is_refused_naming_the_sender(tmp_path, played, have):
    # Issue 24.2: every count a peer sends is checked at the edge. A "sync" saying more entries
    # than any match file can hold made us wait, holding every peer's session traffic, for
    # entries that cannot exist; a negative one was taken as 0.
    node, _ = _behind(tmp_path, played, 10)
    sender = _peers(node)[0]
    with pytest.raises(wire.BadMessage, match=f"player {sender + 1} says it holds"):
        node.play.catchup.on_sync(sender, have)
    assert node.play.catchup.behind is None and sender not in node.play.catchup.peer_have
