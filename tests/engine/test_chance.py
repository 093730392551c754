"""Chance outcomes are a pure function of the seed bytes, exactly uniform, and checked."""
import itertools

from hypothesis import given, strategies as st

from engine.chance import ByteStream, Chance, check_outcome, draw


@given(st.binary(min_size=0, max_size=64))
def test_the_same_seed_gives_the_same_outcome(seed):
    req = Chance("dice", (6, 6))
    assert draw(req, seed) == draw(req, seed)
    assert check_outcome(req, draw(req, seed)) is None
    perm = Chance("perm", (9,))
    assert sorted(draw(perm, seed)) == list(range(9))


def test_rejection_sampling_discards_words_that_would_bias_the_result():
    class Words(ByteStream):
        def __init__(self, words):
            super().__init__(b"")
            self.words = list(words)

        def _word(self):
            return self.words.pop(0)

    top = 2 ** 64 - 1          # 2**64 % 6 == 4: the top 4 words would favour faces 0..3
    s = Words([top, top - 3, 13])
    assert s.below(6) == 13 % 6
    assert s.words == []


def test_faces_are_uniform_over_many_seeds():
    counts = [0] * 6
    for i in range(6000):
        counts[draw(Chance("dice", (6,)), i.to_bytes(4, "big"))[0] - 1] += 1
    # each face expected 1000 times; 5 sigma of a binomial(6000, 1/6) is about 144
    assert all(abs(c - 1000) < 150 for c in counts), counts


def test_every_permutation_of_three_is_reachable():
    seen = {draw(Chance("perm", (3,)), i.to_bytes(2, "big")) for i in range(200)}
    assert seen == set(itertools.permutations(range(3)))


def test_outcomes_that_no_die_can_show_are_named():
    assert "not on a 6-sided die" in check_outcome(Chance("dice", (6,)), (0,))
    assert "expected 2 dice" in check_outcome(Chance("dice", (6, 6)), (3,))
    assert "not a permutation" in check_outcome(Chance("perm", (3,)), (0, 0, 1))


@given(st.binary(min_size=0, max_size=40),
       st.sampled_from([(6, 6), (6,), (1, 20, 3), (2 ** 63 + 1,) * 40, (2 ** 64 - 1,) * 3]))
def test_dice_are_the_streams_words_whatever_path_reads_them(seed, sizes):
    """draw reads dice from the stream's first block in place (chance._dice) and lets the
    stream read on past it: the faces are the stream's either way (half the words of a size
    just over 2**63 are rejected, so forty of them outrun the first block)."""
    stream = ByteStream(seed)
    assert draw(Chance("dice", sizes), seed) == tuple(1 + stream.below(n) for n in sizes)
