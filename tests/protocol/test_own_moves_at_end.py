"""`Session.own_moves_at_end`: the entries at the end of a node's log that only it signed, its
own moves, which a peer may lack (the node stopped before sending them); a node catching up
lets the others' log replace exactly those (node.runtime) and treats any other difference as
the sender's fault."""
from protocol.codec import decode
from protocol.session import Session

from .helpers import toy_match


def test_only_a_seat_s_own_moves_at_the_end_of_its_log_count():
    run, prepared = toy_match(players=3, seed=4)
    log = run.sessions[0].log
    entries = [decode(raw) for raw in log[1:]]

    def counts(upto: int) -> list[int]:
        """own_moves_at_end of each seat resumed from the log's first `upto` entries."""
        return [Session.resume(log[:1 + upto], p.identity, p.chain)[0].own_moves_at_end()
                for p in prepared]

    move = next(i for i, e in enumerate(entries) if e["kind"] == "move")
    mover = entries[move]["authors"][0]
    assert counts(move + 1) == [1 if s == mover else 0 for s in range(3)]
    # the entry after it is signed by all: nothing before it can be missing from their logs
    assert len(entries[move + 1]["authors"]) == 3 and counts(move + 2) == [0, 0, 0]
