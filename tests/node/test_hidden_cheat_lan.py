"""Hidden-card cheats over real links (loopback TCP): three Overwatch Monopoly nodes, one of
which posts a bad part of a protocol-4 entry: each cheat the in-memory tests play
(tests/protocol/test_hidden_cards.py CHEATS: a rogue key, a key proof or shuffle proof or share
made for another match or slot, a share of another card, a shuffle proof made for another deck
or a transcript of another slot rebound to this one, a shuffle that drops, duplicates or
replaces a card, a decryption share its key does not give, a disclosure that claims another
Loot Box, a batched disclosure proof with one bad share in it). Every
honest node stops the game at that entry, blaming the cheater, and its match file verifies up
to there, then names the cheater from the signed proof kept after its last entry.

The cheater is the first node whose turn it is to post a part of that kind (with cards in it,
for a disclosure): identities, and so the game, differ at every run, and a seat fixed in advance
holds no Loot Box to disclose in about one game in forty ((2/3)^9: nine Loot Boxes among three
seats), which left nothing to cheat with."""
import pytest
import trio

from protocol.own_parts import OwnParts
from protocol.verify import verify_file

from tests.protocol.test_hidden_cards import CHEATS

from .loopback import bot_nodes, play_on_loopback


@pytest.mark.slow   # three node processes' worth of real TCP per cheat
@pytest.mark.parametrize("kind, change, fault", CHEATS)
async def test_a_hidden_card_cheat_over_real_links_is_caught_by_every_honest_node(
        tmp_path, monkeypatch, kind, change, fault):
    nodes = bot_nodes(tmp_path, 3)
    honest_part = OwnParts._hidden_part
    cheated = []   # (seq, cheating node)
    known = trio.Event()

    def cheating(own, ledger, slot):
        part = honest_part(own, ledger, slot)
        if slot.kind == kind and part and not cheated:
            node = next(n for n in nodes if n.identity is own.identity)
            cheated.append((slot.seq, node))
            known.set()
            return change(node.session, slot, part)
        return part

    monkeypatch.setattr(OwnParts, "_hidden_part", cheating)
    # the cheater's own node need not stop (it does not check its own parts again): what
    # matters is that the honest ones do
    assert await play_on_loopback(
        nodes, "overwatch-monopoly", 120, known=known,
        stop_when=lambda: [n for n in nodes if n is not cheated[0][1]]), \
        f"no {kind} part was posted, or the honest nodes never stopped the game"
    seq, cheater = cheated[0]
    for honest in (n for n in nodes if n is not cheater):
        f = honest.outcome.fault
        assert f is not None and f.kind == fault and f.seats == (cheater.my_seat,), f
        assert f.seq == seq
        # its file holds every entry before the cheat and the signed proof after them, from
        # which `verify` names the cheater
        report = verify_file(honest.outcome.match_file)
        assert (report.status, report.fault, report.author, report.proven, report.index) == (
            1, fault, cheater.my_seat, True, seq), report
