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
