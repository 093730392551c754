"""{"cmd": "stop"}: a node says what leaving means before it leaves, and leaves cleanly when
confirmed; a game against this machine's bots only ends itself once no UI has been attached for
the configured time (cli.node_runner.end_when_idle, node.control.Lifecycle)."""
import json
import socket
from pathlib import Path

import pytest
import trio

from cli.node_runner import END_IDLE_S, end_when_idle, run_with_control
from node.control import Lifecycle, call, serve_control
from node.runtime import Node
from protocol.identity import Identity

GAME = "overwatch-monopoly"


class Said:
    """A Printer stand-in that keeps the events a node run prints."""

    def __init__(self) -> None:
        self.events: list[tuple[str, dict]] = []

    def __call__(self, kind: str, data: dict) -> None:
        self.events.append((kind, data))


async def test_stop_without_confirm_only_says_what_happens_and_with_confirm_ends_the_run(
        tmp_path):
    node = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    sock, said = tmp_path / "pat.sock", Said()

    async def play():
        await node.host(GAME, (), 2, announce=None)   # a lobby nobody joins
        raise AssertionError("the lobby never fills")

    async with trio.open_nursery() as n:
        n.start_soon(run_with_control, node, said, play, sock)
        with trio.fail_after(10):
            while not sock.exists():
                await trio.sleep(0.01)
            reply = await call(sock, {"cmd": "stop"})
            assert reply["ok"] and reply["stopping"] is False
            assert "lobby closes" in reply["what_happens"]
            assert (await call(sock, {"cmd": "status"}))["phase"] == "lobby"   # still there
            assert (await call(sock, {"cmd": "stop", "confirm": "yes"}))["ok"] is False
            reply = await call(sock, {"cmd": "stop", "confirm": True})
            assert reply["ok"] and reply["stopping"] is True
            while sock.exists():   # the run ended and took its control socket with it
                await trio.sleep(0.01)
    assert ("stopped", {"why": "asked to stop on the control socket"}) in said.events


async def test_a_node_served_without_a_lifecycle_refuses_stop_and_plays_on(tmp_path):
    node = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    async with trio.open_nursery() as n:
        sock = await n.start(serve_control, node, tmp_path / "pat.sock")
        reply = await call(sock, {"cmd": "stop", "confirm": True})
        assert reply == {"ok": False,
                         "error": "this node cannot be stopped from its control socket"}
        assert (await call(sock, {"cmd": "status"}))["ok"]
        n.cancel_scope.cancel()


@pytest.mark.parametrize("local_bots_only,words", [
    (False, ["leave a game in progress", "wait for your seat for up to 300 s",
             "wait for you, hand your seat to a bot, or end the game", "lanboard resume"]),
    (True, ["bots on this machine stop with it", "lanboard resume"]),
])
async def test_leaving_a_game_in_progress_says_first_what_the_others_may_do(
        tmp_path, local_bots_only, words):
    pat = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    bot = Node(Identity.generate(), "Bot", tmp_path / "bot", bot="greedy",
               listen_host="127.0.0.1")
    async with trio.open_nursery() as n:
        sock = await n.start(partial_serve(pat, tmp_path / "pat.sock",
                                           Lifecycle(lambda: None, local_bots_only)))
        port = await n.start(lambda task_status: pat.host(
            GAME, (), 2, task_status=task_status, timeouts={"decision": 300, "round": 60}))
        n.start_soon(bot.join, "127.0.0.1", port)
        with trio.fail_after(20):
            while pat.session is None or pat.outcome.match_file is None:
                await trio.sleep(0.01)
        reply = await call(sock, {"cmd": "stop"})
        n.cancel_scope.cancel()
    for w in words:
        assert w in reply["what_happens"]
    assert pat.outcome.match_file.stem in reply["what_happens"]


def partial_serve(node, path: Path, lifecycle: Lifecycle):
    async def serve(task_status=trio.TASK_STATUS_IGNORED):
        await serve_control(node, path, lifecycle=lifecycle, task_status=task_status)
    return serve


async def test_an_unwatched_game_against_local_bots_ends_a_day_after_the_ui_left(autojump_clock):
    life = Lifecycle()
    ended_at: list[float] = []
    async with trio.open_nursery() as n:
        n.start_soon(end_when_idle, life, END_IDLE_S, lambda: ended_at.append(trio.current_time()))

        async def ui(start: float, stay: float) -> None:
            await trio.sleep_until(start)
            with Lifecycle.watching(life):
                await trio.sleep(stay)

        # attached at 1 h for 2 days (longer than the limit: it must not end meanwhile),
        # then again for 10 min half a day after it left
        n.start_soon(ui, 3600, 2 * 86400)
        n.start_soon(ui, 3600 + 2 * 86400 + 43200, 600)
    assert END_IDLE_S == 86400
    assert ended_at == [3600 + 2 * 86400 + 43200 + 600 + 86400]


async def test_a_ui_attaches_by_its_event_stream_and_a_status_query_does_not_count(
        tmp_path, autojump_clock):
    node = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    life = Lifecycle()
    async with trio.open_nursery() as n:
        sock = await n.start(partial_serve(node, tmp_path / "pat.sock", life))
        await trio.sleep(50)
        await call(sock, {"cmd": "status"})
        assert life.idle_for() == pytest.approx(50)
        stream = await trio.open_unix_socket(str(sock))
        await stream.send_all(b'{"cmd": "events"}\n')
        assert json.loads((await stream.receive_some(1000)).split(b"\n")[0]) == {"ok": True}
        with trio.fail_after(1):   # the node subscribes right after its reply
            while life.idle_for() is not None:
                await trio.sleep(0.001)
        await trio.sleep(100)
        assert life.idle_for() is None   # attached all along
        await stream.aclose()   # seen at once, though no event comes to send
        with trio.fail_after(1):
            while life.idle_for() is None:
                await trio.sleep(0.001)
        assert life.idle_for() < 1
        n.cancel_scope.cancel()


async def test_a_control_call_to_a_node_ending_meanwhile_is_a_connection_error(tmp_path):
    """`lanboard stop MATCH` asks every node of the match in turn; a bot whose host just ended
    may close its control socket with our request unread (a reset, not a plain close). The call
    says the node closed the connection, as for a plain close, which stop takes as 'ended
    meanwhile' (it once ended in a BrokenResourceError traceback)."""
    import socket as stdsocket

    path = tmp_path / "ending.sock"
    listener = stdsocket.socket(stdsocket.AF_UNIX, stdsocket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen()

    async def close_unread():
        conn, _ = await trio.to_thread.run_sync(listener.accept)
        await trio.sleep(0.05)          # our request arrives and stays unread
        conn.close()                    # closing with unread data resets the connection

    async with trio.open_nursery() as nursery:
        nursery.start_soon(close_unread)
        with pytest.raises(ConnectionError, match="closed the control connection"):
            await call(path, {"cmd": "stop", "confirm": True})
    listener.close()


async def test_the_control_socket_path_appears_only_once_it_is_private_and_accepts(tmp_path):
    # a UI or a test that waits for the path and then calls must never be refused: the path
    # was once there, bound but not yet listening (1 full run of make test in about 20)
    # (its mode is checked as what a caller finds, not as a window another user could use:
    # a socket not listening refuses everyone)
    path = tmp_path / "pat.sock"
    node = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    async with trio.open_nursery() as n:
        n.start_soon(serve_control, node, path)
        with trio.fail_after(10):
            while not path.exists():
                await trio.lowlevel.checkpoint()
        assert path.stat().st_mode & 0o777 == 0o600
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with probe:
            probe.connect(str(path))   # refused while the socket is not listening
        n.cancel_scope.cancel()


def _fail_replace(monkeypatch):
    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", str(src), None, str(dst))
    monkeypatch.setattr("node.control.os.replace", refuse)


def _fail_chmod(monkeypatch):
    def refuse(path, mode):
        raise PermissionError(1, "Operation not permitted", str(path))
    monkeypatch.setattr("node.control.os.chmod", refuse)


def _fail_listen(monkeypatch):
    probe = trio.socket.socket(trio.socket.AF_UNIX, trio.socket.SOCK_STREAM)
    probe.close()

    def refuse(self, backlog):
        raise OSError(98, "Address already in use")
    monkeypatch.setattr(type(probe), "listen", refuse)


@pytest.mark.parametrize("fail, cause", [(_fail_chmod, "Operation not permitted"),
                                         (_fail_listen, "Address already in use"),
                                         (_fail_replace, "Permission denied")],
                         ids=["chmod", "listen", "replace"])
async def test_a_control_socket_that_cannot_be_put_in_place_leaves_no_file_and_says_why(
        tmp_path, monkeypatch, fail, cause):
    # bound as .ctl-PID, made private, listening, then moved into place: whichever step fails,
    # the half-made socket file goes, and the user reads which socket could not be opened
    path = tmp_path / "run" / "pat.sock"
    node = Node(Identity.generate(), "Pat", tmp_path / "pat", listen_host="127.0.0.1")
    fail(monkeypatch)
    with pytest.raises(OSError) as raised, trio.fail_after(10):
        await serve_control(node, path)    # (it would serve until cancelled had no step failed)
    assert str(raised.value) == f"cannot open the control socket {path}: {cause}"
    assert list(path.parent.iterdir()) == []    # neither .ctl-PID nor pat.sock
