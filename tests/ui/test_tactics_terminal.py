"""`lanboard play --game overwatch-tactics` in a real terminal (tmux): the hex game has no screen
of its own yet, so the generic screen must let a person play it: every option in words, and a
choice made with the keys is played. Needs tmux (CI: apt-get install tmux)."""
# pytestmark: skipped, as there, without tmux or the installed script
from tests.ui.test_real_terminal import Tmux, pytestmark  # noqa: F401


def test_a_person_plays_the_hex_game_on_the_generic_screen(tmp_path):
    tmux = Tmux(tmp_path)
    try:
        tmux.start(120, 40, "play --game overwatch-tactics --bots 1 --name Pat")
        screen = tmux.wait_for("a", "Place a piece of terrain")
        assert "You attack: push the payload to the end" in screen
        first = next(line for line in screen.splitlines() if line.startswith(">1 "))
        assert first.startswith(">1 Place a ") and "on column " in first, first
        tmux("send-keys", "-t", "a", "Enter")
        tmux.wait_for("a", "you chose: " + first[3:])
        tmux.wait_for("a", "Terrain: ")          # the state now shows the piece placed
        tmux.detach()
    finally:
        tmux.close()
