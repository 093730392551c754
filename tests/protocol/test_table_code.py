"""A private table's code proven with SPAKE2 bound to the handshake (protocol.table_code)."""
import hashlib

import pytest

from protocol.table_code import (CODE_BITS, CodeProof, WrongCode, new_code, normal_code)

T1 = hashlib.sha256(b"one connection").digest()
T2 = hashlib.sha256(b"another connection").digest()


def _run(joiner: CodeProof, host: CodeProof) -> None:
    j_mac = joiner.confirm(host.message())
    h_mac = host.confirm(joiner.message())
    host.check(j_mac)
    joiner.check(h_mac)


def test_the_same_code_on_both_sides_is_proven_whatever_way_it_was_typed():
    code = new_code()
    _run(CodeProof(code.lower().replace("-", " "), T1, initiator=True),
         CodeProof(code, T1, initiator=False))


def test_a_wrong_code_fails_on_both_sides_and_the_code_is_in_no_message():
    code = new_code()
    wrong = "222-222" if code != "222-222" else "333-333"
    joiner, host = CodeProof(wrong, T1, initiator=True), CodeProof(code, T1, initiator=False)
    j_mac = joiner.confirm(host.message())
    h_mac = host.confirm(joiner.message())
    with pytest.raises(WrongCode):
        host.check(j_mac)
    with pytest.raises(WrongCode):
        joiner.check(h_mac)
    for sent in (joiner.message(), host.message(), j_mac, h_mac):
        assert code.encode() not in sent and code.replace("-", "").encode() not in sent


def test_a_message_replayed_from_another_connection_fails():
    code = new_code()
    # a joiner with the code, recorded on one connection
    old_joiner, old_host = CodeProof(code, T1, initiator=True), CodeProof(code, T1,
                                                                          initiator=False)
    recorded_msg, recorded_mac = old_joiner.message(), old_joiner.confirm(old_host.message())
    # replayed on a new connection (new transcript) by someone without the code
    host = CodeProof(code, T2, initiator=False)
    host.confirm(recorded_msg)
    with pytest.raises(WrongCode):
        host.check(recorded_mac)


def test_our_own_message_or_mac_reflected_back_fails():
    host = CodeProof(new_code(), T1, initiator=False)
    with pytest.raises(WrongCode):
        host.confirm(host.message())
    other = CodeProof("222-333", T1, initiator=False)
    mac = other.confirm(CodeProof("222-333", T1, initiator=True).message())
    with pytest.raises(WrongCode):
        other.check(mac)   # the host's own MAC is not the joiner's


@pytest.mark.parametrize("junk", [b"", b"\x00" * 33, b"A" + b"\xff" * 32, "text", None])
def test_a_malformed_code_message_is_a_wrong_code_not_a_crash(junk):
    with pytest.raises(WrongCode):
        CodeProof(new_code(), T1, initiator=False).confirm(junk)


def test_a_code_is_easy_to_say_and_resists_about_half_a_billion_guesses():
    code = new_code()
    assert normal_code(code) == code and len(code) == 7 and code[3] == "-"
    assert not set(code) & set("01ILOUV")
    assert normal_code("abc") is None and normal_code("0OO-111") is None
    assert 29 <= CODE_BITS < 30


def test_a_recorded_exchange_gives_an_eavesdropper_nothing_to_test_guesses_against():
    """Offline, an eavesdropper holding every message of a successful exchange can only run
    SPAKE2 itself against a recorded message, under each code it guesses. Its key never
    matches the recorded MACs, under the right code as under every wrong one: the recording
    rejects every guess alike, so no guess can be confirmed without a live try at the host."""
    code = "K7Q-M3X"
    joiner, host = CodeProof(code, T1, initiator=True), CodeProof(code, T1, initiator=False)
    j_mac = joiner.confirm(host.message())
    h_mac = host.confirm(joiner.message())
    host.check(j_mac)
    joiner.check(h_mac)   # the recorded exchange succeeded
    recorded = (joiner.message(), host.message(), j_mac, h_mac)
    guesses = [code, "222-222", "K7Q-M3Y", "ZZZ-ZZZ", new_code()]
    outcome = {}
    for guess in guesses:
        fails = []
        # as a joiner against the host's recorded message, checking the host's recorded MAC
        as_joiner = CodeProof(guess, T1, initiator=True)
        as_joiner.confirm(recorded[1])
        # as the host against the joiner's recorded message, checking the joiner's MAC
        as_host = CodeProof(guess, T1, initiator=False)
        as_host.confirm(recorded[0])
        for proof, mac in ((as_joiner, recorded[3]), (as_host, recorded[2])):
            try:
                proof.check(mac)
                fails.append(False)
            except WrongCode:
                fails.append(True)
        outcome[guess] = fails
    assert outcome == {g: [True, True] for g in guesses}
    # and no recorded message holds the code, nor a plain hash of it
    for sent in recorded:
        for form in (code, code.replace("-", "")):
            assert form.encode() not in sent
            assert hashlib.sha256(form.encode()).digest() not in sent
