"""1,100 idle connections to a node's control socket, against a node in a game with a lowered
descriptor limit (issue 24: they took every descriptor, and the node died writing its note at
the game's end).

Now: the node serves at most its cap of them (node.control.client_cap: a quarter of the
limit here), the others are told so and closed, and the UI that was attached before the flood
plays the game to its end, whose files verify. The game runs in a process of its own with its
own descriptor limit (tests.node.flood_agents), so the test runner is never starved."""
import json
import socket
import time
from pathlib import Path

import pytest

from node.admission import FD_SHARE
from node.control import MAX_CLIENTS
from protocol.verify import verify_file
from tests.worded_toy import GAME_ID  # noqa: F401  (registers the game the files hold)

from .test_idle_flood import FD_LIMIT, GRACE, _agent, _descriptors, _wait_line

FLOOD = 1100
STALL = 5.0


class _Attached:
    """A UI's one control connection, held through the flood."""

    def __init__(self, path: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.buf = b""

    def ask(self, request: dict) -> dict:
        self.sock.sendall(json.dumps(request).encode() + b"\n")
        while b"\n" not in self.buf:
            data = self.sock.recv(65536)
            assert data, "the node closed the UI's control connection"
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)


def _flood(path: str) -> list[socket.socket]:
    """Up to FLOOD connections, none asking anything, each trying again while the backlog is
    full (a persistent client); one that finds no room for STALL seconds ends the flood: the
    node no longer accepts."""
    socks = []
    for _ in range(FLOOD):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.setblocking(False)
        deadline = time.monotonic() + STALL
        while True:
            try:
                s.connect(path)
                break
            except BlockingIOError:   # EAGAIN: the backlog is full
                if time.monotonic() > deadline:
                    s.close()
                    return socks
                time.sleep(0.005)
        socks.append(s)
    return socks


@pytest.mark.slow   # a real process with its own descriptor limit: what is tested
def test_idle_control_connections_neither_starve_the_node_nor_stop_its_game(tmp_path):
    game, game_out, game_err, ready, ui = _started(tmp_path)
    flood: list[socket.socket] = []
    try:
        flood = _flood(ready["control"])
        assert len(flood) == FLOOD   # the socket kept accepting
        cap = min(MAX_CLIENTS, FD_LIMIT // FD_SHARE)
        # each connection beyond the cap is answered so and closed: the last is, once all are
        last = flood[-1]
        last.setblocking(True)
        last.settimeout(30)
        said = json.loads(last.recv(65536).split(b"\n", 1)[0])
        assert said["ok"] is False and f"at most {cap} control connections" in said["error"]
        assert _descriptors(ready["pid"]) < FD_LIMIT - cap
        # the UI plays the game to its end through the connection it held
        over = _play_to_the_end(ui, game, game_out, game_err)
    finally:
        _stop(game, flood)
    files = _the_same_verified_files(over)
    assert all(Path(f).with_suffix(".json").exists() for f in files)   # its note, written
    log = game_err.read_text()
    assert "Traceback" not in log and "EMFILE" not in log, log[-3000:]


def _started(tmp_path: Path):
    """The game's agent process, ready, and a UI attached to it that has asked its status:
    (process, its stdout and stderr files, its 'ready' line, the UI)."""
    game_out, game_err = tmp_path / "game.jsonl", tmp_path / "game.err"
    game = _agent("game", str(tmp_path), str(FD_LIMIT), str(GRACE), out=game_out, err=game_err)
    try:
        ready = _wait_line(game, game_out, game_err, "ready")
        ui = _Attached(ready["control"])
        assert ui.ask({"cmd": "status"})["ok"]
    except BaseException:
        _stop(game, [])
        raise
    return game, game_out, game_err, ready, ui


def _stop(game, sockets) -> None:
    for s in sockets:
        s.close()
    if game.poll() is None:
        game.kill()
        game.wait()


def _the_same_verified_files(over: dict) -> list[Path]:
    """The players' match files the 'over' line names: byte for byte the same, and verified."""
    files = [Path(f) for f in over["files"]]
    assert files[0].read_bytes() == files[1].read_bytes()
    assert all(verify_file(str(f)).status == 0 for f in files)
    return files


def _play_to_the_end(ui, game, game_out, game_err) -> dict:
    """The UI plays its seat's first option at every decision; the game's 'over' line."""
    while ui.ask({"cmd": "status"})["phase"] != "over":
        pending = ui.ask({"cmd": "pending"})
        if pending["decision"] is not None:
            answer = ui.ask({"cmd": "move", "move": pending["decision"]["options"][0]})
            assert answer["ok"] or "not" in answer["error"], answer
    over = _wait_line(game, game_out, game_err, "over", timeout=120)
    assert game.wait(60) == 0, game_err.read_text()[-3000:]
    return over


def _idle(path: str) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(30)
    s.connect(path)
    return s


@pytest.mark.slow   # a real process with its own descriptor limit: what is tested
def test_with_the_control_cap_full_and_every_other_descriptor_taken_the_node_still_writes_its_files(
        tmp_path):
    """Issue 24.6: "keep a descriptor in reserve for the node's own files" (node.fd_reserve).
    The control cap is filled with idle connections (the UI's one among them), then whatever
    descriptors the process still has are taken (the agent on SIGUSR1, as a leak would); the
    UI plays on, and every file the node writes (its own moves kept before they leave, the
    entries, the note at the game's end) is written through the reserve. Before it the
    process died as the issue's did, writing a note at the game's end ("cannot write
    .../matches/….json: Too many open files", a traceback)."""
    import os
    import signal
    game, game_out, game_err, ready, ui = _started(tmp_path)
    idle: list[socket.socket] = []
    try:
        cap = min(MAX_CLIENTS, FD_LIMIT // FD_SHARE)
        idle = [_idle(ready["control"]) for _ in range(cap - 1)]   # with the UI's: the cap
        # one more is told the cap is full: all of them are being served
        extra = _idle(ready["control"])
        said = json.loads(extra.recv(65536).split(b"\n", 1)[0])
        extra.close()
        assert f"at most {cap} control connections" in said["error"], said
        os.kill(ready["pid"], signal.SIGUSR1)
        hogged = _wait_line(game, game_out, game_err, "hogged")
        assert hogged["taken"] > 0 and _descriptors(ready["pid"]) == FD_LIMIT
        over = _play_to_the_end(ui, game, game_out, game_err)
    finally:
        _stop(game, idle)
    files = _the_same_verified_files(over)
    notes = [json.loads(f.with_suffix(".json").read_text()) for f in files]
    assert all(note["finished"] for note in notes), notes   # the note at the game's end
    log = game_err.read_text()
    assert "Traceback" not in log and "cannot write" not in log, log[-3000:]
