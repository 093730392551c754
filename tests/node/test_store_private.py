"""What a node writes for a match is its user's alone, like the key (issue 24: match files
were 0644): the match file, its note, our kept own frames, a torn tail's kept bytes, and the
directory made for them."""
import os
import stat

import pytest

from node.store import MatchStore


@pytest.fixture
def usual_umask():
    """The umask most users have (022: files 0644 unless the writer says otherwise)."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_every_file_a_node_writes_for_a_match_is_private(tmp_path, usual_umask):
    store = MatchStore(tmp_path / "home", b"\x01" * 32)
    store.start(b"\xa0", {"seat": 0})                 # the genesis (an empty map) and the note
    store.append(b"\xa0")
    store.save_unlogged([b"\xa0"])
    store.finish({"seat": 0, "over": True})
    store.close()
    with open(store.path, "ab") as f:
        f.write(b"\xa2")                               # a torn entry: a map cut short
    resumed = MatchStore.open(tmp_path / "home", store.path)
    written = [store.path, store.meta_path, store.path.with_suffix(".unlogged"),
               resumed.torn.kept]
    assert {p.name: _mode(p) for p in written} == {p.name: 0o600 for p in written}
    assert _mode(store.dir) == 0o700


def test_a_stale_temporary_file_does_not_lend_its_mode_to_the_match_file(tmp_path, usual_umask):
    # a crash between writing the temporary file and renaming it leaves it (0644 when an
    # earlier release wrote it); the next write reuses its name
    store = MatchStore(tmp_path, b"\x02" * 32)
    stale = store.path.with_name(store.path.name + ".tmp")
    stale.write_bytes(b"old")
    os.chmod(stale, 0o644)
    store.start(b"\xa0", {"seat": 0})
    assert _mode(store.path) == 0o600
