"""protocol/proven.py: the bounded memo of checks that passed."""
from protocol.proven import Passed


def test_a_full_memo_adding_a_key_it_holds_forgets_nothing():
    # sigma.check adds each seat's key at every share it checks: at the limit that once
    # emptied the memo, and every deck point was checked again
    memo = Passed(2)
    memo.add(b"key")
    memo.add(b"deck point")
    memo.add(b"key")
    assert b"key" in memo and b"deck point" in memo


def test_a_full_memo_is_emptied_for_a_new_key():
    memo = Passed(2)
    memo.add(b"a")
    memo.add(b"b")
    memo.add(b"c")
    assert b"c" in memo and b"a" not in memo and b"b" not in memo
