"""200 in-memory games, each node fed the messages in the order a shuffled queue produces: every
node ends with the identical log and state hash, every log verifies, and the log does not depend
on the order messages were delivered in."""
import pytest

from protocol.inmemory import is_clean
from protocol.verify import verify_bytes

from .helpers import toy_match

SEEDS = range(20)
ORDERS = range(10)   # 20 games x 10 delivery orders = 200 games


@pytest.mark.parametrize("seed", SEEDS)
def test_every_order_gives_every_node_the_same_log_and_it_verifies(seed):
    players = 2 + seed % 3
    logs = set()
    deliveries = set()
    for order in ORDERS:
        run, _ = toy_match(players=players, seed=seed, order_seed=order)
        assert not run.faults(), run.faults()
        assert all(s.over for s in run.sessions)
        assert is_clean(run)
        hashes = {s.ledger.state_hash() for s in run.sessions}
        assert len(hashes) == 1
        log = tuple(run.sessions[0].log)
        logs.add(log)
        # the same game seed in a different delivery order is a different interleaving...
        deliveries.add(run.net.trace.digest())
    # ...but one and the same match log, and it verifies (verify_bytes is a function of the
    # bytes, so the one log is verified once, not once per order)
    assert len(logs) == 1
    assert len(deliveries) == len(ORDERS)
    r = verify_bytes(b"".join(logs.pop()))
    assert r.status == 0 and r.complete, r
    assert r.players and r.winners is not None
