"""A live session fed hostile frames: it blames the sender or ignores the frame, never raises."""
from hypothesis import given, settings, strategies as st

from protocol.codec import decode, encode
from protocol.genesis import body_hash
from protocol.messages import entry_shares
from protocol.events import FaultDetected
from protocol.session import Session

from .helpers import toy_match

_RUN, _PEOPLE = toy_match(players=3, seed=2)
# real share frames, as peers send them
_SHARES = [encode(sh) for raw in _RUN.sessions[0].log[1:12] for sh in entry_shares(decode(raw))]


def _fresh_started_session():
    # seat 0 with the genesis complete, before the first entry
    body = _RUN.body
    s = Session(body, _PEOPLE[0].identity, _PEOPLE[0].chain)
    s.start()
    signed = decode(_RUN.sessions[0].log[0])
    for seat in (1, 2):
        s.receive(encode({"t": "gsig", "genesis": body_hash(body), "seat": seat,
                          "sig": signed["sigs"][seat]}), seat)
    assert s.ledger is not None
    return s


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_SHARES), st.integers(0, 5000), st.integers(0, 255), st.integers(1, 2))
def test_mutated_shares_are_blamed_on_the_sender_or_ignored(frame, pos, val, sender):
    s = _fresh_started_session()
    buf = bytearray(frame)
    buf[pos % len(buf)] = val
    out = s.receive(bytes(buf), sender)
    faults = [e.fault for e in out.events if isinstance(e, FaultDetected)]
    if faults:
        f = faults[0]
        # a frame that does not verify is the sender's fault; a validly signed one is its author's
        assert f.seats in ((sender,), (decode(frame)["author"],)), f


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200), st.integers(1, 2))
def test_random_bytes_halt_the_session_with_a_fault_against_the_sender(data, sender):
    s = _fresh_started_session()
    out = s.receive(data, sender)
    assert s.fault is not None and s.fault.seats == (sender,)
    assert any(isinstance(e, FaultDetected) for e in out.events)


def test_an_unexpected_engine_error_stops_the_match_with_an_internal_fault_not_a_crash(
        monkeypatch):
    from tests.protocol.toygame import ToyRace

    def broken(self, state, outcome):
        raise RuntimeError("engine bug")
    monkeypatch.setattr(ToyRace, "_apply_chance", broken)
    run, _ = toy_match(players=2, seed=1)
    for s in run.sessions:
        assert s.fault is not None and s.fault.kind == "internal" and s.fault.seats == ()
        assert "engine bug" in s.fault.reason
