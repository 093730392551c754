"""Each Monopoly game's board in a real terminal (tmux), resized through 80x24, 120x40 and
200x60: every size draws the whole screen with the decision and the key hint, full names from
120x40; the quit key's leave stops the node after saying what that means. Needs tmux (CI:
apt-get install tmux)."""
import pytest

# pytestmark: skipped, as there, without tmux or the installed script
from tests.ui.test_real_terminal import Tmux, pytestmark  # noqa: F401

# game -> (its first decision's title, names only written in full from 120x40)
GAMES = {
    "overwatch-monopoly": ("Choose your group leader", ["Volskaya", "Industries", "Eichenwalde"]),
    "mario-monopoly": ("Choose a character for your figure", ["Dragoneel's", "Undersea", "Waddlewing's"]),
    "spiderman-monopoly": ("Choose your hero", ["Hammerhead", "Kraven the", "Chameleon"]),
}


def drawn(tmux: Tmux, width: int, height: int, text: str, timeout: float = 10) -> str:
    """The screen once the UI has drawn it whole at this size: `text` shown and the key hint
    on the last row (a capture taken mid-redraw has only part of it)."""
    def whole(screen: str) -> bool:
        lines = screen.split("\n")
        return text in screen and len(lines) >= height and "q detach" in lines[height - 1]
    return tmux.wait_for("a", whole, timeout)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_fits_every_size_and_leaving_says_what_happens(tmp_path, game):
    title, long_names = GAMES[game]
    tmux = Tmux(tmp_path)
    try:
        tmux.start(80, 24, f"play --game {game} --bots 1 --name Pat")
        tmux.wait_for("a", title)
        for width, height in ((80, 24), (120, 40), (200, 60)):
            tmux("resize-window", "-t", "a", "-x", str(width), "-y", str(height))
            screen = drawn(tmux, width, height, long_names[0] if width > 80 else title)
            lines = screen.split("\n")
            assert len(lines) >= height and max(map(len, lines)) <= width
            assert title in screen and ">1 " in screen, screen
            assert "q detach or leave" in lines[height - 1], screen
            for name in long_names:
                assert (name in screen) == (width > 80), (width, name, screen)
        tmux.press("a", "q", "Detach")
        tmux.press("a", "l", "Leave now")
        tmux.press("a", "y", "Your node is stopping. The game stops in the middle")
    finally:
        tmux.close()
