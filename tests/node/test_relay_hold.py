"""Forwarded shares (the session's relays, which expose a player who signs two different
shares for one slot) may wait up to RELAY_HOLD to leave together with the node's next frame
to that peer, but never after it: on every link a peer gets another author's share before any
share of ours built on it. A node that equivocates over real links is still caught by every
honest node, with the two signed shares as the proof."""
import trio

from engine.core import as_move
from node import outbox
from node.runtime import Node
from protocol.codec import encode
from protocol.identity import Identity
from protocol.faults import check_equivocation
from protocol.messages import make_share, parse_wire
from protocol.events import Output, Send
from protocol.session import Session

from .loopback import bot_nodes, play_on_loopback


def _node_with_queues(tmp_path, seats):
    node = Node(Identity.generate(), "N", tmp_path)
    for seat in seats:
        node.links.queue(seat)
    return node


def _drain(node, seat):
    out = []
    while True:
        try:
            out.append(node.links.queues[seat][1].receive_nowait())
        except trio.WouldBlock:
            return out


async def test_a_held_relay_leaves_before_our_next_frame_to_that_peer_and_others_get_it_when_due(
        tmp_path, autojump_clock):   # virtual time: "when due" is not a race with a loaded CPU
    node = _node_with_queues(tmp_path, (1, 2, 3))
    async with trio.open_nursery() as n:
        n.start_soon(node.play.outbox.release_relays_when_due)
        while node.play.outbox.relays_due is None:
            await trio.sleep(0)
        node.play.handle(Output(sends=[Send((1, 2), b"relayed", relay=True)]))
        assert [_drain(node, s) for s in (1, 2, 3)] == [[], [], []]   # held, not lost
        node.play.handle(Output(sends=[Send((1, 3), b"ours")]))
        # seat 1 gets the relay first, then ours; seat 3 was owed no relay
        assert _drain(node, 1) == [b"\x00relayed", b"\x00ours"]
        assert _drain(node, 3) == [b"\x00ours"]
        assert _drain(node, 2) == []
        await trio.sleep(outbox.RELAY_HOLD * 3)
        assert _drain(node, 2) == [b"\x00relayed"]   # nothing of ours came: sent when due
        n.cancel_scope.cancel()


async def test_relays_leave_at_once_before_the_node_holds_them(tmp_path):
    node = _node_with_queues(tmp_path, (1, 2))
    node.play.handle(Output(sends=[Send((1, 2), b"relayed", relay=True)]))
    assert [_drain(node, s) for s in (1, 2)] == [[b"\x00relayed"], [b"\x00relayed"]]


async def test_a_node_that_signs_two_moves_for_one_slot_is_caught_by_every_honest_node(
        tmp_path, monkeypatch):
    nodes = bot_nodes(tmp_path, 3)
    cheater = nodes[2]
    others: dict[int, list] = {}   # slot -> the other legal moves the cheater had there
    move = Session.move

    def noting_alternatives(session, m):
        if session.identity is cheater.identity:
            options = [list(as_move(o)) for o in session.ledger.slot.pending.options]
            others[session.ledger.seq] = [o for o in options if o != list(as_move(m))]
        return move(session, m)

    monkeypatch.setattr(Session, "move", noting_alternatives)
    own = cheater._own
    cheated = []

    def two_faced(out: Output) -> None:
        # the first move with an alternative: the move to one peer, another one to the other
        mine = [s for s in out.sends if parse_wire(s.data)["kind"] == "move"]
        share = parse_wire(mine[0].data) if mine else None
        if cheated or share is None or not others.get(share["seq"]):
            return own(out)
        alt = encode(make_share(cheater.identity.sign, share["match"], share["seq"],
                                share["prev"], "move", share["author"], others[share["seq"]][0]))
        cheated.append((mine[0].data, alt))
        first, second = cheater.session.peers
        out.sends[out.sends.index(mine[0])] = Send((first,), mine[0].data)
        out.sends.append(Send((second,), alt))
        return own(out)

    cheater._own = two_faced
    # relays leave only with the holder's own frames (or at the end): what is checked is
    # that those carry them first, not that a timer happened to send them earlier
    monkeypatch.setattr(outbox, "RELAY_HOLD", 3600)
    assert await play_on_loopback(nodes, "overwatch-monopoly", 60), \
        "the honest nodes never stopped the game"
    assert cheated, "the cheater never had a move with an alternative"
    keys = [s.key for s in nodes[0].seats]
    for honest in nodes[:2]:
        fault = honest.outcome.fault
        assert fault is not None and fault.kind == "equivocation" and \
            fault.seats == (cheater.my_seat,)
        assert check_equivocation(keys, honest.session.ledger.match_id, *fault.evidence) \
            == cheater.my_seat
