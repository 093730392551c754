"""The log files of a node the UI starts in the background (cli.ui.launch.start_node) are the
user's alone: they hold the node's --json events, a private table's code among them (issue 24.6:
match files 0600, like the key; every file written for the node)."""
import json
import stat

from cli.ui import launch


class _Node:
    """subprocess.Popen faked: the node says where its control socket is, and makes it."""

    def __init__(self, argv, stdout, stderr, **kw):
        control = launch.data_dir() / "c.sock"
        control.touch()
        stdout.write(json.dumps({"event": "table code", "code": "ABC234"}) + "\n")
        stdout.write(json.dumps({"event": "listening", "control": str(control)}) + "\n")
        stdout.flush()
        self.returncode = None

    def poll(self):
        return None


def test_the_logs_of_a_node_started_for_the_ui_are_readable_by_the_user_alone(
        tmp_path, monkeypatch):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(launch.subprocess, "Popen", _Node)
    old = launch.os.umask(0o022)   # the usual umask: files 0644 unless made private
    try:
        _, _, log = launch.start_node(["host"], "host")
    finally:
        launch.os.umask(old)
    for path in (log, log.with_suffix(".err")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700
