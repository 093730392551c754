"""node.events: every observer gets the node's events in order, and none can slow the node."""
import trio

from node.events import SUBSCRIBER_BUFFER, Events


async def test_events_reach_the_callback_then_every_subscriber_in_the_order_emitted():
    seen = []
    events = Events(lambda kind, data: seen.append((kind, data)))
    first, second = events.subscribe(), events.subscribe()
    events.emit("lobby", {"seats": 2})
    events.emit("started", {"seat": 0})
    assert seen == [("lobby", {"seats": 2}), ("started", {"seat": 0})]
    for sub in (first, second):
        assert [sub.receive_nowait(), sub.receive_nowait()] == [
            {"event": "lobby", "seats": 2}, {"event": "started", "seat": 0}]


async def test_a_subscriber_that_does_not_read_or_has_left_is_dropped_and_the_others_go_on():
    events = Events()
    slow, gone, reader = events.subscribe(), events.subscribe(), events.subscribe()
    await gone.aclose()
    for i in range(SUBSCRIBER_BUFFER + 5):
        events.emit("state", {"seq": i})
        reader.receive_nowait()
    assert slow.statistics().current_buffer_used == SUBSCRIBER_BUFFER   # it got no more
    assert len(events._subscribers) == 1                                 # only the reader left
    events.emit("state", {"seq": -1})
    assert reader.receive_nowait() == {"event": "state", "seq": -1}
    try:
        slow.receive_nowait()
    except trio.WouldBlock:
        raise AssertionError("the slow subscriber's buffered events were lost") from None
