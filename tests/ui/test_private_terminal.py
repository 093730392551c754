"""A private table played as people would, in a real terminal (tmux), issue 30.

Held here: `host --private` at 100x30 shows its table code large, and the code read off that
screen seats a joiner whose own terminal (a second home, `join --peer --code`) shows the lobby;
the host refuses that player with x, the seat and y, and the joiner's screen says the host
refused it. Needs tmux (CI: apt-get install tmux), as tests/ui/test_real_terminal.py."""
import json
import re
import subprocess
import time

from cli.ui.big_text import big
# pytestmark: skipped, as there, without tmux or the installed script
from tests.ui.test_real_terminal import LANBOARD, ROOT, Tmux, pytestmark  # noqa: F401

CODE_LINE = re.compile(r"^([A-Z0-9]{3}-[A-Z0-9]{3}): it resists about 595 million guesses",
                       re.M)


def _listening_port(home, timeout: float = 30) -> int:
    """The port of the host's node, from the log its launcher writes (cli.ui.launch)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for log in (home / "logs").glob("host-*.jsonl"):
            for line in log.read_text().splitlines():
                if line.startswith("{") and json.loads(line).get("event") == "listening":
                    return json.loads(line)["port"]
        time.sleep(0.1)
    raise AssertionError("the host's node never said where it listens")


def test_a_private_table_at_the_terminal_shows_its_code_seats_with_it_and_refuses_with_x(
        tmp_path):
    tmux = Tmux(tmp_path)
    gus_home = tmp_path / "gus"
    gus_home.mkdir()
    gus_env = f"env LANBOARD_HOME={gus_home} PYTHONPATH={ROOT} TERM=xterm-256color"
    try:
        tmux.start(100, 30, "host --private --no-announce --seats 3 --name Hana")
        tmux("rename-window", "-t", "a", "hana")
        screen = tmux.wait_for("a", lambda s: CODE_LINE.search(s) is not None)
        code = CODE_LINE.search(screen).group(1)   # read off the screen, as a joiner hears it
        assert all(row.rstrip() in screen for row in big(code)), screen
        port = _listening_port(tmp_path)
        tmux("new-window", "-t", "a", "-n", "gus",
             f"{gus_env} {LANBOARD} join --peer 127.0.0.1:{port} --code {code.lower()} "
             "--name Gus; sleep 60")
        tmux.wait_for("a:gus", "Gus (you)")
        host = tmux.wait_for("a:hana", "x: refuse a player")
        assert "Gus" in host
        tmux.press("a:hana", "x", "Which player do you refuse?")
        tmux.press("a:hana", "2", "Refuse Gus (seat 2")
        tmux.press("a:hana", "y", "Gus was dropped from the lobby: were refused by the host")
        tmux.wait_for("a:gus", "you were refused by the host")
    finally:
        tmux.close()
        # a joiner's node left running by a failure before its refusal
        subprocess.run(f"{gus_env} {LANBOARD} stop --yes", shell=True, capture_output=True,
                       timeout=30, check=False)
