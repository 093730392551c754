"""A private lobby's code tries are bounded (node.code_tries): a few a minute, then a pause."""
from node.code_tries import PAUSE, TRIES_PER_MINUTE, CodeTries


def test_wrong_codes_are_limited_per_lobby_then_paused_and_the_right_code_gets_in_after():
    tries = CodeTries()
    for k in range(TRIES_PER_MINUTE):
        assert tries.begin(f"10.0.0.{k}", now=float(k)) is None   # other addresses: one lobby
    why = tries.begin("10.0.0.7", now=10.0)
    assert why is not None and "try again in" in why
    assert tries.begin("10.0.0.2", now=TRIES_PER_MINUTE - 1 + PAUSE - 0.5) is not None
    assert tries.begin("10.0.0.2", now=TRIES_PER_MINUTE - 1 + PAUSE) is None
    tries.proven("10.0.0.2")   # the right code: it does not count against anyone
    assert tries.wrong["10.0.0.2"] == 1 and tries.said("10.0.0.1") == "1 wrong code from 10.0.0.1"


def test_a_joiner_that_stops_halfway_has_spent_a_try():
    tries = CodeTries()
    for _ in range(3):
        assert tries.begin("10.0.0.7", now=0.0) is None   # begun, never proven nor failed
    assert tries.said("10.0.0.7") == "3 wrong codes from 10.0.0.7"
    for _ in range(TRIES_PER_MINUTE - 3):
        tries.begin("10.0.0.8", now=1.0)
    assert tries.begin("10.0.0.9", now=2.0) is not None


def test_tries_older_than_a_minute_no_longer_count():
    tries = CodeTries()
    for k in range(TRIES_PER_MINUTE - 1):
        assert tries.begin("10.0.0.7", now=float(k)) is None
    assert tries.begin("10.0.0.7", now=61.0) is None
    assert tries.begin("10.0.0.7", now=62.0) is None
