"""A match file (and a node's kept own frames) is replaced by a rename; the rename is durable
only once the directory holding it is synced, so write_file syncs the file and then the
directory, in that order."""
import os
import stat

from protocol import matchfile


def test_a_written_match_file_is_synced_then_its_rename_is_made_durable(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def recording_fsync(fd):
        mode = os.fstat(fd).st_mode
        synced.append(("directory" if stat.S_ISDIR(mode) else "file",
                       os.path.exists(tmp_path / "m.match")))
        real_fsync(fd)

    monkeypatch.setattr(matchfile.os, "fsync", recording_fsync)
    matchfile.write_file(tmp_path / "m.match", [b"\x01", b"\x02"])
    # the data before the rename, the directory after it
    assert synced == [("file", False), ("directory", True)]
    assert (tmp_path / "m.match").read_bytes() == b"\x01\x02"
    assert not (tmp_path / "m.match.tmp").exists()
