"""A lobby announced once must not be lost to one failed resolution: zeroconf reports a
service once and then only its changes, so the Browser resolves a name it could not resolve
again, after 1, 2, 4, then 8 s, and gives a ghost up after about a minute (its removal was
lost). Virtual time; `_resolve` stands in for the network."""
import math

import trio
import trio.testing
from zeroconf import ServiceStateChange

import node.discovery as discovery
from node.discovery import Browser, LobbyInfo, LobbySeen

INFO = LobbyInfo(game="toy", host="Hana", code="AD55-GY4Y", seats_taken=2, seats_total=3)
SEEN = LobbySeen(name="Hana AD55-GY4Y", address="10.0.0.1", port=1, info=INFO)
RESOLVING = 0.25


def _browse(monkeypatch, answers, events, seconds, seen_first=False):
    """What one next_within(seconds) returns after `events`, each resolution answered by the
    next of `answers` (None: unresolved); and when each resolution was tried. `seen_first`:
    the browser has already reported the lobby once (a first call took it)."""
    tries = []

    async def resolve(zc, name):
        tries.append(trio.current_time())
        await trio.sleep(RESOLVING)   # a resolution takes time, as the network's does
        return answers[min(len(tries), len(answers)) - 1]
    monkeypatch.setattr(discovery, "_resolve", resolve)

    async def main():
        send, recv = trio.open_memory_channel(math.inf)
        for e in events:
            send.send_nowait(e)
        browser = Browser(None, recv)
        if seen_first:
            assert await browser.next_within(seconds) == SEEN
        return await browser.next_within(seconds)
    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0)), tries


def test_a_lobby_whose_records_were_lost_once_is_resolved_again_and_seen(monkeypatch):
    got, tries = _browse(monkeypatch, [None, None, SEEN],
                         [(SEEN.name, ServiceStateChange.Added)], 30)
    assert got == SEEN
    r = RESOLVING
    assert tries == [0.0, r + 1.0, 2 * r + 3.0]   # 1 s after the first, then 2 s more


def test_a_name_that_never_resolves_is_given_up_after_about_a_minute(monkeypatch):
    got, tries = _browse(monkeypatch, [None], [(SEEN.name, ServiceStateChange.Added)], 600)
    assert got is None
    waits = discovery.RESOLVE_RETRY_S
    assert len(tries) == 1 + len(waits)
    assert tries[-1] == sum(waits) + len(waits) * RESOLVING and 50 <= tries[-1] <= 70


def test_a_lobby_removed_before_it_resolved_is_not_tried_again(monkeypatch):
    got, tries = _browse(monkeypatch, [None], [(SEEN.name, ServiceStateChange.Added),
                                               (SEEN.name, ServiceStateChange.Removed)], 30)
    assert got is None and tries == [0.0]


def test_the_deadline_cuts_only_the_wait_never_a_resolution_under_way(monkeypatch):
    # the deadline falls while the announcement in hand is being resolved: it is finished
    # and returned, not dropped (zeroconf would not report it again)
    got, tries = _browse(monkeypatch, [SEEN], [(SEEN.name, ServiceStateChange.Added)],
                         RESOLVING / 2)
    assert got == SEEN and tries == [0.0]


def test_a_deadline_that_passes_while_announcements_change_nothing_still_ends_the_wait(
        monkeypatch):
    # the same lobby reported again and again, unchanged: next_within returns None at its
    # deadline rather than resolving on (find_lobby dials again when it returns)
    events = [(SEEN.name, ServiceStateChange.Updated)] * 40
    got, tries = _browse(monkeypatch, [SEEN], events, 3.0)
    assert got == SEEN   # the first is new
    got, tries = _browse(monkeypatch, [SEEN], events, 3.0, seen_first=True)
    assert got is None and len(tries) <= 3.0 / RESOLVING + 1
