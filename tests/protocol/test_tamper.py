"""Each tampering of a valid match file fails verification at the tampered entry, for the
right reason, attributed to the right seat."""
import random

import pytest

from protocol.codec import decode, encode
from protocol.genesis import assemble, sign_body
from protocol.verify import verify_bytes

from .helpers import first_index, join, resign, toy_match

RUN, PLAYERS = toy_match(players=3, seed=11)
LOG = RUN.sessions[0].log
DATA = join(LOG)


def _fails_at(raws_or_data, index, fault=None, author=None, proven=None):
    data = raws_or_data if isinstance(raws_or_data, bytes) else join(raws_or_data)
    r = verify_bytes(data)
    assert r.status == 1, r
    assert r.index == index, r
    if fault is not None:
        assert r.fault == fault, r
    if author is not None:
        assert r.author == author, r
    if proven is not None:
        assert r.proven is proven, r
    return r


def _replaced(i, e, part=None, signer=None):
    """LOG with entry i replaced by the entry `e`, its `part`-th signature made again with seat
    `signer`'s key (with part None, the signatures stay as they were)."""
    raws = list(LOG)
    raws[i] = encode(e if part is None else resign(e, part, PLAYERS[signer].identity))
    return raws


def test_the_untampered_file_verifies():
    r = verify_bytes(DATA)
    assert r.status == 0 and r.complete, r
    assert r.entries == len(LOG) - 1
    # (the toy's digest is in the genesis, so the game played changes with the engine core)
    assert r.counts["move"] > 3 and r.counts["reveal"] > 3 and r.counts["attest"] > 3
    assert r.signatures == 3 + sum(len(decode(x)["sigs"]) for x in LOG[1:])


def test_a_flipped_bit_in_any_entry_fails_at_that_entry():
    rng = random.Random(1)
    for i in range(1, len(LOG)):
        raws = list(LOG)
        buf = bytearray(raws[i])
        buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
        raws[i] = bytes(buf)
        _fails_at(raws, i)


def test_every_single_bit_flip_of_one_entry_fails_at_that_entry():
    i = 2
    prefix = join(LOG[:i])
    for pos in range(len(LOG[i])):
        for bit in range(8):
            buf = bytearray(LOG[i])
            buf[pos] ^= 1 << bit
            r = verify_bytes(prefix + bytes(buf) + LOG[i + 1])
            assert r.status == 1 and r.index == i, (pos, bit, r)


def test_a_flipped_bit_in_the_genesis_is_never_accepted():
    rng = random.Random(2)
    for _ in range(60):
        buf = bytearray(LOG[0])
        buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
        r = verify_bytes(bytes(buf) + join(LOG[1:]))
        assert r.status == 2 or (r.status == 1 and r.index == 0), r


@pytest.mark.parametrize("i", [1, 5, 20])
def test_a_dropped_entry_fails_where_it_is_missing(i):
    _fails_at(LOG[:i] + LOG[i + 1:], i, "wrong-sequence")


@pytest.mark.parametrize("i", [1, 6, len(LOG) - 2])   # a late pair whatever the length
def test_two_swapped_entries_fail_at_the_first_of_them(i):
    raws = list(LOG)
    raws[i], raws[i + 1] = raws[i + 1], raws[i]
    _fails_at(raws, i, "wrong-sequence")


def test_an_entry_re_signed_by_another_players_key_fails_as_a_bad_signature():
    i = first_index(LOG, "move")
    e = decode(LOG[i])
    author = e["authors"][0]
    other = (author + 1) % 3
    # a signature that fails proves nothing against the seat it names: anyone can write one
    _fails_at(_replaced(i, e, 0, other), i, "bad-signature", author, proven=False)


def test_a_reveal_that_does_not_hash_to_the_previous_one_fails_as_bad_reveal():
    i = first_index(LOG, "reveal", 3)
    e = decode(LOG[i])
    e["parts"][1] = bytes(32)
    _fails_at(_replaced(i, e, 1, e["authors"][1]), i, "bad-reveal", e["authors"][1], proven=True)


def test_a_move_signed_by_the_wrong_player_fails_as_wrong_author():
    i = first_index(LOG, "move")
    e = decode(LOG[i])
    intruder = (e["authors"][0] + 1) % 3
    e["authors"] = [intruder]
    # refused before its signature is checked: named, not proven
    _fails_at(_replaced(i, e, 0, intruder), i, "wrong-author", intruder, proven=False)


def test_an_illegal_move_signed_by_its_player_fails_as_illegal_move():
    i = first_index(LOG, "move")
    e = decode(LOG[i])
    e["parts"][0] = ["roll", 3]          # the toy game offers one or two dice
    _fails_at(_replaced(i, e, 0, e["authors"][0]), i, "illegal-move", e["authors"][0],
              proven=True)


@pytest.mark.parametrize("re_signed, fault, proven", [(True, "state-mismatch", True),
                                                      (False, "bad-signature", False)])
def test_a_changed_attested_hash_is_held_against_its_player_only_when_they_signed_it(
        re_signed, fault, proven):
    i = first_index(LOG, "attest", 4)
    e = decode(LOG[i])
    e["parts"][2] = bytes.fromhex("ab" * 32)
    raws = _replaced(i, e, 2, e["authors"][2]) if re_signed else _replaced(i, e)
    _fails_at(raws, i, fault, e["authors"][2], proven)


def test_a_truncated_file_fails_at_the_cut_entry():
    for i in (1, 9, len(LOG) - 1):
        cut = join(LOG[:i]) + LOG[i][: len(LOG[i]) // 2]
        r = _fails_at(cut, i, "malformed")
        assert "truncated" in r.reason


def test_a_file_cut_between_entries_is_reported_incomplete_not_valid():
    r = _fails_at(LOG[:10], 10, "incomplete")
    assert "all 9 entries hold" in r.reason


def test_a_forged_genesis_fails_at_the_genesis():
    signed = decode(LOG[0])
    body = signed["body"]
    body["players"][1]["name"] = "mallory"
    sigs = list(signed["sigs"])
    sigs[1] = sign_body(body, PLAYERS[1].identity.sign)   # only mallory re-signs
    r = _fails_at([encode(assemble(body, sigs))] + LOG[1:], 0, "genesis", 0)
    assert r.kind == "genesis"


def test_a_match_made_by_other_rules_is_refused_by_verify_saying_the_rules_differ():
    """A genesis every player signed, whose digest is another build's (rules, data, takeover
    bot or engine core differ): verify refuses it at the genesis and says why, instead of
    blaming an honest player for the first move or state hash the rules now disagree on."""
    signed = decode(LOG[0])
    body = signed["body"]
    body["digest"] = bytes(32)
    sigs = [sign_body(body, p.identity.sign) for p in PLAYERS]
    r = _fails_at([encode(assemble(body, sigs))] + LOG[1:], 0, "genesis")
    assert r.reason.startswith("rules digest differs: this match was made by a build whose "
                               "toy-race rules (rules, data, takeover bot or engine core) are "
                               "not this build's")
    assert "every player needs the same lanboard version" in r.reason


def test_an_entry_from_another_match_fails_as_wrong_match():
    other, _ = toy_match(players=3, seed=12)
    i = 3
    raws = list(LOG)
    raws[i] = other.sessions[0].log[i]
    _fails_at(raws, i, "wrong-match")


def test_an_entry_appended_after_the_end_fails():
    _fails_at(LOG + [LOG[-1]], len(LOG), "after-end")
