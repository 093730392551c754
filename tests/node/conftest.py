"""What node tests share: nodes over memory streams on trio's virtual clock (tests.node.memnet)."""
import pytest

from .memnet import virtual_clock


@pytest.fixture
def virtual_net(monkeypatch):
    """The virtual clock to give trio.run for nodes over memory streams (memnet.virtual_clock)."""
    return virtual_clock(monkeypatch)
