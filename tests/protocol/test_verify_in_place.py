"""An offline check of a file (`verify`, no observer of its states) changes one state in place
entry by entry (Ledger keeps_no_states); everything else keeps every state a value. The
guarantee: both replays of a file reach the same report and the same final state, whatever
the file holds (hidden cards, a seat handed to the takeover bot, sealed moves)."""
import pytest

from engine import state_hash
from protocol.inmemory import is_clean, play_match
from protocol.verify import replay

from .sealedtoy import GAME as SEALED


def _both(data: bytes):
    kept_states = []
    in_place, ledger_a = replay(data)
    kept, ledger_b = replay(data, lambda index, entry, ledger: kept_states.append(ledger.state))
    return in_place, ledger_a, kept, ledger_b, kept_states


@pytest.mark.parametrize("game,players,silent", [
    ("overwatch-monopoly", 4, ()),        # protocol 4: keys, shuffles, draws, disclosures
    ("mario-monopoly", 3, (2,)),          # seat 2 walks away: the takeover bot plays it
    (SEALED.id, 3, ()),                   # sealed moves: commit and open entries
])
def test_a_file_replayed_in_place_reaches_the_states_of_a_replay_that_keeps_them(
        game, players, silent):
    run = play_match(game, players, seed=5, order_seed=5, bots="greedy", chain=4096,
                     silent=silent)
    assert silent or is_clean(run)
    data = b"".join(run.sessions[0].log)
    in_place, ledger_a, kept, ledger_b, kept_states = _both(data)
    assert in_place.status == kept.status == 0, (in_place.reason, kept.reason)
    assert (in_place.entries, in_place.counts, in_place.bots, in_place.bot_moves) == \
        (kept.entries, kept.counts, kept.bots, kept.bot_moves)
    assert in_place.bots == list(silent)
    assert state_hash(ledger_a.state) == state_hash(ledger_b.state)
    # the replay that keeps states made a new one at every step: an observer's states stay
    # the values they were (an in-place replay would have shown it one object)
    assert len({id(s) for s in kept_states}) > len(kept_states) // 2
