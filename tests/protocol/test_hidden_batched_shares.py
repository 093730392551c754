"""Protocol 4's batched decryption shares (protocol.hidden.shares.share_batch/check_batch, RFC
9497's composite DLEQ over ristretto255): one proof covers a seat's shares, and one bad share
anywhere in the batch fails it, blamed on that seat."""
import pytest

from protocol.hidden import group as g
from protocol.hidden.errors import BadEncoding, BadPoint, ReplayedProof, ShareProofFailed
from protocol.hidden.keys import player_secret
from protocol.hidden.shares import check_batch, share_batch
from protocol.hidden.transcript import public_scalar

MATCH = bytes(range(32))


def _cards(n=5):
    x = player_secret(b"\x07" * 32, b"nonce-batch")
    other = player_secret(b"\x08" * 32, b"nonce-batch")
    joint = g.add(g.base_mul(x.scalar), g.base_mul(other.scalar))
    items = []
    for j in range(n):
        r = public_scalar("t", j)
        ct = g.base_mul(r) + g.add(g.hash_to_point(b"c%d" % j), g.mul(r, joint))
        items.append(("loot", j, ct))
    return x, other, items


def test_a_batch_of_honest_shares_passes_with_one_96_byte_proof():
    x, _, items = _cards()
    shares, proof = share_batch(x, MATCH, 9, 2, items)
    assert len(proof) == 96
    assert check_batch(g.base_mul(x.scalar), MATCH, 9, 2, items, shares, proof) == shares
    assert shares == [g.mul(x.scalar, ct[:32]) for _, _, ct in items]


@pytest.mark.parametrize("bad", [0, 2, 4])
def test_a_batched_proof_with_one_bad_share_in_it_is_refused(bad):
    x, other, items = _cards()
    shares, proof = share_batch(x, MATCH, 9, 2, items)
    shares[bad] = g.mul(other.scalar, items[bad][2][:32])   # another key's share of that card
    with pytest.raises(ShareProofFailed):
        check_batch(g.base_mul(x.scalar), MATCH, 9, 2, items, shares, proof)


def test_a_batch_proof_for_other_cards_or_another_entry_or_seat_is_refused():
    x, _, items = _cards()
    h = g.base_mul(x.scalar)
    shares, proof = share_batch(x, MATCH, 9, 2, items)
    with pytest.raises(ReplayedProof):
        check_batch(h, MATCH, 10, 2, items, shares, proof)
    with pytest.raises(ReplayedProof):
        check_batch(h, MATCH, 9, 1, items, shares, proof)
    # the same shares said to be of other positions: the weights hash the positions
    moved = [(d, p + 1, ct) for d, p, ct in items]
    with pytest.raises(ShareProofFailed):
        check_batch(h, MATCH, 9, 2, moved, shares, proof)
    # the shares swapped between two cards
    swapped = [shares[1], shares[0], *shares[2:]]
    with pytest.raises(ShareProofFailed):
        check_batch(h, MATCH, 9, 2, items, swapped, proof)


def test_a_batch_checks_its_shapes_and_points():
    x, _, items = _cards()
    h = g.base_mul(x.scalar)
    shares, proof = share_batch(x, MATCH, 9, 2, items)
    with pytest.raises(BadEncoding):
        check_batch(h, MATCH, 9, 2, items, shares[:-1], proof)
    with pytest.raises(BadPoint):
        check_batch(h, MATCH, 9, 2, items, [bytes(32), *shares[1:]], proof)
    with pytest.raises(BadEncoding):
        check_batch(h, MATCH, 9, 2, items, shares, proof[:95])
