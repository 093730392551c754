"""Sealed moves are not in the protocol yet: a LAN match of overwatch-tactics is refused in words."""
import pytest

import engine
from protocol import genesis as gen


def test_genesis_refuses_a_game_with_sealed_moves_and_says_why():
    with pytest.raises(gen.GenesisError, match="sealed moves .* cannot play over the network yet"):
        gen.make_body("overwatch-tactics", [], nonce=b"\0" * 16)
    body = {"game": "overwatch-tactics"}
    assert gen.unsupported(engine.get_game(body["game"])) is not None
    assert gen.unsupported(engine.get_game("overwatch-monopoly")) is None


def test_a_received_genesis_for_it_is_refused_too():
    good = gen.make_body("overwatch-monopoly", [
        {"key": bytes([i]) * 32, "name": f"p{i}", "commit": bytes([i]) * 32} for i in range(2)],
        nonce=b"\1" * 16)
    bad = dict(good, game="overwatch-tactics", digest=engine.get_game("overwatch-tactics").digest())
    with pytest.raises(gen.GenesisError, match="sealed moves"):
        gen.check_body(bad)


@pytest.mark.parametrize("argv", [
    ["host", "--game", "overwatch-tactics", "--seats", "2"],
    ["demo", "--game", "overwatch-tactics", "--players", "2"],
    ["sim", "--game", "overwatch-tactics", "--log", "unused.cbor"],
])
def test_lan_commands_refuse_it_in_words_with_a_usage_status(argv, capsys, tmp_path, monkeypatch):
    from cli.main import main
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "sealed moves" in err and "lanboard sim --game overwatch-tactics" in err
    assert "Traceback" not in err and not (tmp_path / "unused.cbor").exists()


def test_sim_plays_it_in_process_with_two_players_by_default(capsys):
    from cli.main import main
    assert main(["sim", "--game", "overwatch-tactics", "--seed", "2"]) == 0
    assert "overwatch-tactics seed 2: winner P" in capsys.readouterr().out
