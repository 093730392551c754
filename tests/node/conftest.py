"""What node tests share: nodes over memory streams on trio's virtual clock (tests.node.memnet)."""
import math

import pytest
import trio
import trio.testing

from node import outbox


@pytest.fixture
def virtual_net(monkeypatch):
    """For nodes run over memory streams on the virtual clock: every socket the node could open
    fails the test, and syncs stay in the node's thread (a worker's sync is real time the
    virtual clock would jump over, firing seat timeouts). Gives the clock to pass to trio.run."""
    def refused(*args, **kwargs):
        raise AssertionError("a node opened a socket")
    monkeypatch.setattr(trio, "open_tcp_stream", refused)
    monkeypatch.setattr(trio, "serve_tcp", refused)
    monkeypatch.setattr(outbox, "INLINE_SYNC_MAX", math.inf)
    return trio.testing.MockClock(autojump_threshold=0)
