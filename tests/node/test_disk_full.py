"""A full disk mid-game (issue 14): the write fails with ENOSPC after part of an entry reached
the file; the node stops with one clear line (StoreWriteError, an OSError the command line
prints as one line) and leaves a resumable file. Once space is freed, `resume` cuts the torn
entry back, catches up from its peer, and the game ends exactly as an uninterrupted one."""
import errno

import pytest
import trio

from cli.main import _user_error

from node.runtime import Node
from node.store import MatchStore, StoreWriteError
from protocol.identity import Identity
from protocol.verify import verify_file
from tests.worded_toy import GAME_ID

from .memnet import MemoryNetwork, virtual_clock

NONCE = bytes(range(16))
SLOW = {"decision": 3600, "round": 3600}   # nobody times the stopped node out meanwhile


def _players(base):
    net = MemoryNetwork()
    host = Node(Identity.from_seed(b"\x01" * 32), "Host", base / "host", bot="greedy",
                transport=net)
    joiner = Node(Identity.from_seed(b"\x02" * 32), "Joiner", base / "joiner", bot="greedy",
                  transport=net)
    return host, joiner


async def _host(host, nursery):
    return await nursery.start(lambda task_status: host.host(
        GAME_ID, (), 2, nonce=NONCE, timeouts=SLOW, task_status=task_status))


def _leaf(e: BaseException):
    """The error `lanboard` prints as its one line (cli.main), if it is the write error."""
    found = _user_error(e)
    return found if isinstance(found, StoreWriteError) else None


async def _uninterrupted(base):
    host, joiner = _players(base)
    async with trio.open_nursery() as nursery:
        port = await _host(host, nursery)
        nursery.start_soon(joiner.join, "127.0.0.1", port)
        await host.linger.closed.wait()
        await joiner.linger.closed.wait()
    return host.outcome.match_file.read_bytes()


async def _disk_fills_then_resumes(base, monkeypatch, full_at: int):
    host, joiner = _players(base)
    real_write = MatchStore._write
    writes = []
    events = []

    def filling_disk(store, entry):
        if store.dir.parent == joiner.home:
            writes.append(entry)
            if len(writes) == full_at:
                real_write(store, entry[:len(entry) // 2])   # what fitted
                raise OSError(errno.ENOSPC, "No space left on device")
        real_write(store, entry)

    monkeypatch.setattr(MatchStore, "_write", filling_disk)
    stopped = None
    async with trio.open_nursery() as nursery:
        port = await _host(host, nursery)
        try:
            await joiner.join("127.0.0.1", port)
        except BaseException as e:  # noqa: BLE001 - the error the user sees is checked below
            stopped = _leaf(e)
            if stopped is None:
                raise
        monkeypatch.setattr(MatchStore, "_write", real_write)   # space freed
        file = base / "joiner" / "matches" / host.outcome.match_file.name
        again = Node(joiner.identity, "Joiner", base / "joiner", bot="greedy",
                     transport=joiner.transport, on_event=lambda k, d: events.append((k, d)))
        await again.resume(file)
        await host.linger.closed.wait()
    return stopped, file, host, again, events


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The match file of the same game (keys, nonce) played with no disk error."""
    with pytest.MonkeyPatch.context() as mp:
        return trio.run(_uninterrupted, tmp_path_factory.mktemp("reference"),
                        clock=virtual_clock(mp))


@pytest.mark.parametrize("full_at", [3, 12, 19])
def test_a_disk_full_mid_game_stops_the_node_with_one_line_and_resume_finishes_identical(
        tmp_path, monkeypatch, full_at, reference, virtual_net):
    stopped, file, host, joiner, events = trio.run(
        _disk_fills_then_resumes, tmp_path / "game", monkeypatch, full_at, clock=virtual_net)
    assert stopped is not None, "the write error did not stop the node"
    assert "\n" not in str(stopped)
    assert "No space left on device" in str(stopped) and "lanboard resume" in str(stopped)
    recovered = [d for k, d in events if k == "recovered"]
    assert len(recovered) == 1 and recovered[0]["bytes"] > 0
    assert joiner.outcome.result is not None and host.outcome.result is not None
    assert file.read_bytes() == host.outcome.match_file.read_bytes() == reference
    assert verify_file(str(file)).status == 0


def test_an_io_error_syncing_the_match_file_is_one_line_naming_the_file_and_resume(
        tmp_path, monkeypatch):
    from node import store as store_module
    store = MatchStore(tmp_path, b"\xab" * 32)
    store.start(b"\x80", {"seat": 0})
    store.append(b"\x81\x01")

    def failing_sync(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(store_module, "_datasync", failing_sync)
    with pytest.raises(StoreWriteError) as e:
        store.sync()
    assert e.value.errno == errno.EIO
    assert str(e.value) == (f"cannot write {store.path}: Input/output error. "
                            "The match so far is kept: once that is fixed, "
                            f"`lanboard resume {store.path.stem}` goes on")
