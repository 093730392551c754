"""--name is held to the name rule (protocol.peertext) before any node starts: a name the host
would refuse, or the genesis, is refused on the command line with the reason, escaped."""
import pytest

from cli.main import main


# Each command line also holds a later bad option, so a build that let the name pass stops
# there (argparse reads options in order) instead of starting a node.
@pytest.mark.parametrize("command", [["host", "--bots", "x"], ["join", "--find-timeout", "x"],
                                     ["play", "--bots", "x"]], ids=["host", "join", "play"])
@pytest.mark.parametrize("name, why", [("a\x1b[2Jb", "\\x1b (Cc)"), ("x" * 33, "1 to 32"),
                                       ("", "1 to 32")])
def test_a_name_the_lobby_would_refuse_is_refused_on_the_command_line(command, name, why,
                                                                       capsys):
    with pytest.raises(SystemExit) as exit:
        main([command[0], "--name", name, *command[1:]])
    err = capsys.readouterr().err
    assert exit.value.code == 2 and why in err and "\x1b" not in err
