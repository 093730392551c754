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
