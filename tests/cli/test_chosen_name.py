"""A player's name: asked once at a terminal (the login name offered) and remembered in
$LANBOARD_HOME; without a terminal the remembered name or the login name, nothing asked;
--name overrides both."""
import sys

import pytest

from cli.chosen_name import NAME_FILE, chosen_name


@pytest.fixture
def terminal_answers(monkeypatch):
    """Fake a terminal whose player types `answers` in turn; returns the questions asked."""
    asked = []

    def at_terminal(*answers):
        monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
        monkeypatch.setattr("builtins.input", lambda q: asked.append(q) or answers[len(asked) - 1])
        return asked
    monkeypatch.setattr("getpass.getuser", lambda: "alice")
    return at_terminal


def test_first_use_at_a_terminal_asks_once_offering_the_login_name_and_remembers(
        tmp_path, terminal_answers):
    asked = terminal_answers("\x07bad", "Ann")
    assert chosen_name(None, tmp_path) == "Ann"
    assert asked == ["Your name at the table [alice]: "] * 2     # an unprintable name: again
    assert (tmp_path / NAME_FILE).read_text().strip() == "Ann"
    assert chosen_name(None, tmp_path) == "Ann" and len(asked) == 2   # not asked again


def test_enter_takes_the_offered_login_name(tmp_path, terminal_answers):
    terminal_answers("")
    assert chosen_name(None, tmp_path) == "alice"
    assert (tmp_path / NAME_FILE).read_text().strip() == "alice"


def test_without_a_terminal_nothing_is_asked_or_written(tmp_path, monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "alice")
    monkeypatch.setattr("builtins.input", lambda q: pytest.fail("asked without a terminal"))
    assert chosen_name(None, tmp_path) == "alice" and not (tmp_path / NAME_FILE).exists()
    (tmp_path / NAME_FILE).write_text("Ann\n")
    assert chosen_name(None, tmp_path) == "Ann"
    assert chosen_name("Bob", tmp_path) == "Bob"                   # --name overrides


def test_host_at_a_terminal_asks_the_name_on_first_use(tmp_path, monkeypatch, terminal_answers):
    from cli.main import main
    from tests.cli.test_unfinished_matches import _home
    _home(tmp_path, monkeypatch)
    terminal_answers("Ann")
    named = []

    class Started(Exception):
        pass

    def make_node(args, printer):
        named.append(args.name)
        raise Started
    monkeypatch.setattr("cli.cmd_host.make_node", make_node)
    with pytest.raises(Started):
        main(["host", "--headless", "--no-announce"])
    assert named == ["Ann"] and (tmp_path / NAME_FILE).read_text().strip() == "Ann"
