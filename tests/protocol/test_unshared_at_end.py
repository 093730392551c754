"""`Session.unshared_at_end`: the entries at the end of a node's log that the others may lack
because a share of the node's in them never reached them (it stopped before sending it): its
own moves at the end, and the entry before them if that holds a share of its own. A node
catching up lets the others' log replace exactly those (node.runtime) and treats any other
difference as the sender's fault."""
from protocol.codec import decode
from protocol.session import Session

from .helpers import toy_match


def test_own_moves_at_the_end_and_the_entry_before_them_holding_our_share_count():
    run, prepared = toy_match(players=3, seed=4)
    log = run.sessions[0].log
    entries = [decode(raw) for raw in log[1:]]

    def counts(upto: int) -> list[int]:
        """unshared_at_end of each seat resumed from the log's first `upto` entries."""
        return [Session.resume(log[:1 + upto], p.identity, p.chain)[0].unshared_at_end()
                for p in prepared]

    move = next(i for i, e in enumerate(entries) if e["kind"] == "move" and i > 0
                and len(entries[i - 1]["authors"]) == 3)
    mover = entries[move]["authors"][0]
    # the mover may lack its move and the entry before it (its share there may not have
    # left); the others, whose last entry is somebody else's move, lack nothing of theirs
    assert counts(move + 1) == [2 if s == mover else 0 for s in range(3)]
    # an entry signed by all: each signer's share in it may be the one the others never got,
    # but the entries before it were held by every other signer
    after = entries[move + 1]
    assert len(after["authors"]) == 3 and counts(move + 2) == [1, 1, 1]
