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
    node.outbox.store = MatchStore(tmp_path, session.match_id)
    node.store.start(log[0], node._meta())
    for raw in log[1:1 + held]:
        node.store.append(raw)
    return node, log[1:]


def test_a_batch_overlapping_what_we_hold_adds_its_new_tail(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    node.catchup.on_entries(0, 5, entries[5:20])
    assert node.entry_count() == 20
    assert node.session.log == played[1].session.log[:21]
    assert node.store.count == 21   # the genesis and 20 entries, on disk


def test_a_batch_that_leaves_a_gap_or_is_held_already_is_dropped(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    node.catchup.on_entries(0, 12, entries[12:20])   # entries 11 and 12 missing
    node.catchup.on_entries(0, 3, entries[3:8])      # all held
    assert node.entry_count() == 10


def test_entries_that_do_not_verify_are_the_senders_fault(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    with pytest.raises(wire.BadMessage, match="seat 2 sent entries that do not verify"):
        node.catchup.on_entries(2, 10, [entries[11], entries[10]])
    assert node.entry_count() == 10


def test_behind_a_peer_we_ask_every_peer_and_are_not_behind_once_the_entries_are_in(tmp_path, played):
    node, entries = _behind(tmp_path, played, 10)
    node.catchup.on_sync(2, 30)
    asks = {s: node.links.queues[s][1].receive_nowait() for s in (0, 2)}
    assert {s: wire.unpack(f) for s, f in asks.items()} == {
        s: (wire.NODE, {"t": "sync", "have": 10}) for s in (0, 2)}
    assert node.catchup.behind == 2
    node.catchup.on_entries(2, 10, entries[10:30])
    assert node.catchup.behind is None and node.entry_count() == 30
