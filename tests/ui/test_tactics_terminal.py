"""`lanboard play --game overwatch-tactics` in a real terminal (tmux): the hex map screen at
120x40, then resized to 80x24 and 200x60, redraws to fit each size with the decision on screen,
and a choice made with the keys is played. Needs tmux (CI: apt-get install tmux)."""

# pytestmark: skipped, as there, without tmux or the installed script
from tests.ui.test_real_terminal import Tmux, pytestmark  # noqa: F401


def _drawn(width: int, height: int, also: str = ""):
    """Whether a screen is whole at that size: its header first, the key hint last (tmux may
    show a redraw after a resize half done)."""
    def whole(screen: str) -> bool:
        lines = screen.rstrip("\n").split("\n")
        return also in screen and len(lines) <= height and max(map(len, lines)) <= width \
            and lines[0].startswith("Overwatch") and "q detach" in lines[-1]
    return whole


def _fits(screen: str, width: int, height: int) -> list[str]:
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= height and max(map(len, lines)) <= width
    assert lines[0].startswith("Overwatch") and "round 1/10" in lines[0]   # the header, whole
    assert "q detach" in lines[-1]                                         # the hint, last
    # one payload drawn (the legend names its mark too)
    assert sum(x.count("<P>") - x.count("<P> payload") for x in lines) == 1
    return lines


def test_the_hex_screen_plays_and_redraws_at_80x24_120x40_and_200x60(tmp_path):
    tmux = Tmux(tmp_path)
    try:
        tmux.start(120, 40, "play --game overwatch-tactics --bots 1 --name Pat")
        screen = tmux.wait_for("a", "Place a piece of terrain")
        lines = _fits(screen, 120, 40)
        first = next(line for line in lines if line.startswith(">1 "))
        assert first.startswith(">1 Place a ") and "on column " in first, first
        assert "C.C" in screen and "E.E" in screen          # checkpoints and the route's end
        tmux.press("a", "Enter", "You placed a ")           # the narration of our piece
        tmux("resize-window", "-t", "a", "-x", "80", "-y", "24")
        screen = tmux.wait_for("a", _drawn(80, 24), timeout=10)
        _fits(screen, 80, 24)
        assert "Place a piece of terrain" in screen or "Not your decision" in screen
        tmux("resize-window", "-t", "a", "-x", "200", "-y", "60")
        # the long legend, which only a wide screen has room for
        screen = tmux.wait_for("a", _drawn(200, 60, "aTr attack · dRp defence"), timeout=10)
        _fits(screen, 200, 60)
        tmux.detach()
    finally:
        tmux.close()
