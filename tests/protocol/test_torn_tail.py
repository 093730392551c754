"""A torn tail is recovered, never fatal (FORMAT.md, "Torn tail"; issue 14): a match file whose
last item is incomplete is cut back to its last complete entry, the torn bytes kept beside it;
only an incomplete last item is cut, and damage before it is still refused.

The every-byte tests cut hundreds of files: there os.fsync only records what it is asked to
sync (a shared disk makes each real sync cost milliseconds), and each cut checks that the torn
bytes are synced, then their directory, before the cut file is synced.
test_matchfile_durable.py checks that write_file's syncs reach the disk in that order."""
import os
import stat

import pytest

from protocol import matchfile
from protocol.codec import CodecError, Truncated
from protocol.session import Session

from .helpers import items, toy_match


@pytest.fixture(scope="module")
def finished():
    run, _ = toy_match(players=2)
    return run, run.match_file(0)


@pytest.fixture
def synced(monkeypatch):
    """What os.fsync was asked to sync, in order: ("file", its size) or ("directory", None)."""
    calls: list[tuple[str, int | None]] = []

    def record(fd):
        st = os.fstat(fd)
        calls.append(("directory", None) if stat.S_ISDIR(st.st_mode) else ("file", st.st_size))

    monkeypatch.setattr(matchfile.os, "fsync", record)
    return calls


def test_a_tail_torn_at_every_byte_of_the_last_entry_is_cut_back_to_the_entries_before(
        tmp_path, finished, synced):
    run, data = finished
    raws = items(data)
    complete = len(data) - len(raws[-1])
    assert items(data[:complete]) == raws[:-1]
    path = tmp_path / "m.match"
    for cut in range(complete + 1, len(data)):
        path.write_bytes(data[:cut])
        synced.clear()
        torn = matchfile.recover_torn_tail(path)
        assert torn is not None, f"cut at byte {cut}"
        assert (torn.offset, torn.size) == (complete, cut - complete)
        assert path.read_bytes() == data[:complete]
        assert torn.kept.read_bytes() == data[complete:cut]
        # the torn bytes are durable beside the file before the file loses them
        assert synced == [("file", cut - complete), ("directory", None), ("file", complete)]
        torn.kept.unlink()


def test_a_tail_torn_at_every_byte_of_the_last_entry_resumes_the_session(
        tmp_path, finished, synced):
    """What a node does after the cut: its session rebuilt from the complete entries, at the
    slot the torn entry had filled (its peers send that entry again). Session.resume is a
    function of the items it is given, so each distinct file left by a cut is resumed once."""
    run, data = finished
    raws = items(data)
    me = run.players[1]
    complete = len(data) - len(raws[-1])
    resumed: dict[bytes, list] = {}
    path = tmp_path / "m.match"
    for cut in range(complete + 1, len(data)):
        path.write_bytes(data[:cut])
        matchfile.recover_torn_tail(path).kept.unlink()
        left = path.read_bytes()
        if left not in resumed:
            session, _ = Session.resume(items(left), me.identity, me.chain, [])
            resumed[left] = session.log
    assert len(resumed) == 1
    (log,) = resumed.values()
    assert len(log) == len(raws) - 1


def test_a_file_that_ends_with_a_complete_entry_is_left_alone(tmp_path, finished):
    _, data = finished
    path = tmp_path / "m.match"
    path.write_bytes(data)
    assert matchfile.recover_torn_tail(path) is None
    assert path.read_bytes() == data
    assert [p.name for p in tmp_path.iterdir()] == ["m.match"]


@pytest.mark.parametrize("where", ["first entry", "middle entry", "last entry's first byte"])
def test_damage_before_the_last_item_is_refused_and_the_file_left_as_it_was(
        tmp_path, finished, where):
    _, data = finished
    raws = items(data)
    index = {"first entry": 1, "middle entry": len(raws) // 2,
             "last entry's first byte": len(raws) - 1}[where]
    at = sum(len(r) for r in raws[:index])
    damaged = bytearray(data)
    damaged[at] = 0xff   # a break code where an item must begin: not well-formed CBOR
    path = tmp_path / "m.match"
    path.write_bytes(bytes(damaged))
    with pytest.raises(CodecError) as e:
        matchfile.recover_torn_tail(path)
    assert not isinstance(e.value, Truncated)
    assert path.read_bytes() == bytes(damaged)
    assert [p.name for p in tmp_path.iterdir()] == ["m.match"]


def test_a_file_torn_inside_its_genesis_is_refused_not_emptied(tmp_path, finished):
    _, data = finished
    genesis = items(data)[0]
    path = tmp_path / "m.match"
    path.write_bytes(genesis[:len(genesis) // 2])
    with pytest.raises(Truncated, match="no complete item"):
        matchfile.recover_torn_tail(path)
    assert path.read_bytes() == genesis[:len(genesis) // 2]


def test_a_second_tear_at_the_same_entry_keeps_the_first_torn_bytes(tmp_path, finished):
    """The torn bytes of every crash are kept, not only the last one's: a node killed twice
    inside the same entry (resumed, then killed again before it caught up) kept the first tear's
    bytes under the same name, and the second tear wrote over them (seen on the virtual LAN)."""
    _, data = finished
    complete = len(data) - len(items(data)[-1])
    path = tmp_path / "m.match"
    path.write_bytes(data[:complete + 3])
    first = matchfile.recover_torn_tail(path)
    path.write_bytes(data[:complete + 7])
    second = matchfile.recover_torn_tail(path)
    assert first.kept != second.kept
    assert first.kept.read_bytes() == data[complete:complete + 3]
    assert second.kept.read_bytes() == data[complete:complete + 7]
