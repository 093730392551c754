"""`lanboard play` in a real terminal (tmux): the launcher, the node in the background, keys,
detaching, `lanboard attach`, and a window resize. Needs tmux (CI: apt-get install tmux)."""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANBOARD = Path(sys.executable).with_name("lanboard")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("tmux") is None or not LANBOARD.exists(),
                                 reason="needs tmux and the installed lanboard script")]


class Tmux:
    def __init__(self, tmp: Path) -> None:
        self.sock = str(tmp / "tmux.sock")  # a private server, its socket gone with tmp_path
        self.env = f"env LANBOARD_HOME={tmp} PYTHONPATH={ROOT} TERM=xterm-256color"
        self.node_pid: int | None = None

    def start(self, width: int, height: int, args: str) -> None:
        """`lanboard ARGS` in session "a" of a WIDTHxHEIGHT window."""
        self("new-session", "-d", "-s", "a", "-x", str(width), "-y", str(height),
             f"{self.env} {LANBOARD} {args}; sleep 60")

    def detach(self) -> int:
        """Quit the UI with q, then d to detach; returns the id of the node it leaves playing
        in the background."""
        self.press("a", "q", "Detach")
        after = self.press("a", "d", "Your node plays on in the background")
        self.node_pid = int(after.split("(process ")[1].split(")")[0])
        return self.node_pid

    def close(self) -> None:
        """End the tmux server and any node the test left running: the one a detach left
        playing, or, after a failure before any detach, whatever `lanboard stop` still finds
        (such a node would otherwise wait a day for decisions)."""
        self("kill-server")
        if self.node_pid is not None:
            try:
                os.killpg(self.node_pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        else:
            subprocess.run(f"{self.env} {LANBOARD} stop --yes", shell=True, capture_output=True,
                           timeout=30, check=False)

    def __call__(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.sock, *args], capture_output=True, text=True,
                              check=False).stdout

    def screen(self, target: str) -> str:
        return self("capture-pane", "-p", "-t", target)

    def press(self, target: str, key: str, then, timeout: float = 30) -> str:
        """Send `key` to `target` and wait for what it brings (as `wait_for`)."""
        self("send-keys", "-t", target, key)
        return self.wait_for(target, then, timeout)

    def wait_for(self, target: str, text, timeout: float = 30) -> str:
        """The screen once `text` is on it, or once `text(screen)` holds when it is a test (a
        redraw caught half done shows the first lines only)."""
        shown = text if callable(text) else (lambda screen: text in screen)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen(target)
            if shown(screen):
                return screen
            time.sleep(0.1)
        what = repr(text) if isinstance(text, str) else "the screen awaited"
        raise AssertionError(f"{what} never appeared:\n{self.screen(target)}")


def test_play_detach_attach_and_resize_in_a_real_terminal(tmp_path):
    tmux = Tmux(tmp_path)
    try:
        tmux.start(80, 24, "play --bots 1 --name Pat")
        tmux.wait_for("a", "Choose your group leader")
        screen = tmux.screen("a")
        assert "Pat (you)" in screen and "Bot 2" in screen and "GO" in screen   # seat 2's bot
        tmux.press("a", "Enter", "Draft a hero")
        node_pid = tmux.detach()
        os.kill(node_pid, 0)   # still running: quitting the UI did not end the game
        tmux("new-window", "-t", "a", "-n", "b", f"{tmux.env} {LANBOARD} attach; sleep 60")
        tmux.wait_for("a:b", "Draft a hero")
        tmux("resize-window", "-t", "a:b", "-x", "120", "-y", "40")
        tmux.wait_for("a:b", "Volskaya", timeout=10)   # full names once the window is large
    finally:
        tmux.close()
