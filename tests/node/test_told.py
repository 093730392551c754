"""node.told answers "what did every entry since n do" only when it holds every such entry:
otherwise a screen would tell a turn with some of its entries silently missing."""
from node.told import KEEP, Told


def test_entries_since_a_count_come_in_log_order_from_that_entry_on():
    told, states = Told(), [object() for _ in range(5)]
    told.start(0)
    for seq in range(4):
        told.record(seq, "move", states[seq], states[seq + 1])
    assert [r.seq for r in told.since(2)] == [2, 3]
    assert told.since(4) == [] and told.next_seq(9) == 4


def test_entries_applied_unseen_before_a_resume_are_not_claimed_held():
    told, a, b = Told(), object(), object()
    told.record(40, "move", a, b)            # the first entry after a resume
    assert told.since(39) is None and [r.seq for r in told.since(40)] == [40]


def test_a_session_rebuilt_by_catch_up_is_a_gap_in_what_is_held():
    told, s0, s1, rebuilt, s3 = Told(), object(), object(), object(), object()
    told.start(0)
    told.record(0, "move", s0, s1)
    told.record(5, "move", rebuilt, s3)      # not from s1: entries 1..4 were applied unseen
    assert told.since(1) is None and [r.seq for r in told.since(5)] == [5]


def test_entries_pushed_out_of_the_window_are_not_claimed_held():
    told, states = Told(), [object() for _ in range(KEEP + 11)]
    told.start(0)
    for seq in range(KEEP + 10):
        told.record(seq, "move", states[seq], states[seq + 1])
    assert told.since(9) is None and len(told.since(10)) == KEEP
