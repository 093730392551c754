"""Where the host sends joiners to find each other: a joiner that reached the host over loopback
runs on the host's machine, so the others are sent to the host's address (""), never to their
own loopback; any other address is passed on as the host saw it."""
import pytest

from node.runtime import shared_addr


@pytest.mark.parametrize("addr", ["127.0.0.1", "127.1.2.3", "::1"])
def test_a_joiner_on_loopback_is_announced_at_the_hosts_address(addr):
    assert shared_addr(addr) == ""


@pytest.mark.parametrize("addr", ["10.213.0.2", "192.168.1.20", "fe80::1%eth0", "2001:db8::7",
                                  "::ffff:10.0.0.5"])
def test_a_joiner_from_another_address_is_announced_where_the_host_saw_it(addr):
    assert shared_addr(addr) == addr
