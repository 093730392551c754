"""A node stopped from another terminal (`lanboard stop`) is said as stopped, with how to
resume, and the attached UI exits 0 (it is what was asked); a node that crashed is said as
unreachable and the UI exits 1."""

from cli.command_hint import lanboard
from cli.ui import launch
from cli.ui import model as model_module
from cli.ui.model import Model

from .harness import attached_ui

FILE = "/home/pat/.local/share/lanboard/matches/0123456789abcdef0123.match"


def _node_gone_at(monkeypatch, sock):
    """The node answered once (playing, its match file named), then its socket stopped
    answering: what the UI sees when the node ends under it."""
    answers = iter([{"ok": True, "phase": "lobby", "file": FILE}])

    async def call(path, request):
        answer = next(answers, None)
        if answer is None:
            raise model_module.client.NodeGone(f"cannot reach the node at {path}: gone")
        return answer if request["cmd"] == "status" else {"ok": True, "decision": None}

    async def events(path):
        return
        yield

    monkeypatch.setattr(model_module.client, "call", call)
    monkeypatch.setattr(model_module.client, "events", events)


def _attached_ui_exit(monkeypatch, sock) -> tuple[int, Model]:
    m = Model(socket=sock)
    attached_ui(monkeypatch, m, m.follow)
    return launch.open_ui(sock), m


def test_a_node_stopped_elsewhere_is_said_stopped_with_how_to_resume_and_exits_0(
        monkeypatch, tmp_path, capsys):
    _node_gone_at(monkeypatch, tmp_path / "c.sock")   # the socket a clean stop removed
    code, m = _attached_ui_exit(monkeypatch, tmp_path / "c.sock")
    out = capsys.readouterr().out
    assert code == 0 and m.stopped
    assert "your node was stopped" in out and f"`{lanboard('resume', '0123456789abcdef')}`" in out
    assert "cannot reach" not in out and "crashed" not in out


def test_a_node_that_crashed_is_said_unreachable_and_exits_1(monkeypatch, tmp_path, capsys):
    sock = tmp_path / "c.sock"
    sock.write_bytes(b"")                              # a crash leaves the socket behind
    _node_gone_at(monkeypatch, sock)
    code, m = _attached_ui_exit(monkeypatch, sock)
    assert code == 1 and not m.stopped
    assert "cannot reach the node" in capsys.readouterr().out
    assert m.log[-1].endswith(f"if it crashed, `{lanboard('resume')}` continues the match")
