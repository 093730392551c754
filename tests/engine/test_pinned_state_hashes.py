"""Every turn's state hash of seeded simulated games is pinned: a change made for speed (cloning,
the canonical encoder, option generation) must leave every state and its bytes as they were.

Each case is (game, players, variants, bots, seed, steps, digest): `digest` is the first 16
bytes (hex) of SHA-256 over the concatenated turn hashes of `engine.simulate.play` (a hash after
every turn and one at the end), recorded at commit dafefdb, before the engine-speed work of
issue 27 (the hex game's again after its overwatch rule changed: only a hero entering its
range is shot; recorded on that rule without the speed work, and equal with it). A case that fails names the first game whose states or bytes changed. A deliberate
change of the rules changes these too: record them again then, and say so in the commit.
"""
import hashlib

import pytest

import engine

from engine.simulate import play

PINNED = [
    ('overwatch-monopoly', 4, (), 'greedy', 0, 449, '5eacbf789e89d4208dcb74b11b78473a'),
    ('overwatch-monopoly', 4, (), 'greedy', 1, 626, 'b16b7d09933626999eb2f85b2883f97d'),
    ('overwatch-monopoly', 4, (), 'greedy', 2, 535, 'd2698890af32182491cc969acb6b85b7'),
    ('overwatch-monopoly', 4, (), 'greedy', 3, 479, '45ab707636eb14135d9d037a4e73640a'),
    ('overwatch-monopoly', 4, (), 'random', 0, 1884, 'cc8453aeaebe658d5f3af691531113f4'),
    ('overwatch-monopoly', 4, (), 'random', 1, 1768, '64837586e4e34c73d02099f49a6dbf71'),
    ('overwatch-monopoly', 4, (), 'random', 2, 1703, '269697451ec8b9c4675ff865b56bf67b'),
    ('overwatch-monopoly', 4, (), 'random', 3, 1265, 'f1feabc2e63452a3e8cd8bee3d794b8d'),
    ('overwatch-monopoly', 2, ('6v6',), 'greedy', 0, 238, '0e7ed1d836a91c11167cbcf681198f39'),
    ('overwatch-monopoly', 2, ('6v6',), 'greedy', 1, 271, 'b1a64e7b205d3cd5eed78292ff7e9c27'),
    ('overwatch-monopoly', 2, ('6v6',), 'greedy', 2, 209, 'ce3d02984ca31f013bba9a41c1521c72'),
    ('overwatch-monopoly', 2, ('6v6',), 'greedy', 3, 307, '80401299c7f2491778b0cdfcc9fa2d3e'),
    ('overwatch-monopoly', 2, ('6v6',), 'random', 0, 435, 'ef25eeaca81368b2dc7a2ecc5931211b'),
    ('overwatch-monopoly', 2, ('6v6',), 'random', 1, 818, 'ff6bbc99a2b59e5a8c4d4e959cc68411'),
    ('overwatch-monopoly', 2, ('6v6',), 'random', 2, 734, '259e2efea7766a3c2a35c64d190f028a'),
    ('overwatch-monopoly', 2, ('6v6',), 'random', 3, 727, 'ae25f6ea4b632c72d4e6d36e14466a19'),
    ('overwatch-monopoly', 3, ('lock-out',), 'greedy', 0, 354, 'a68741838cc1e8606f26fb52e0618180'),
    ('overwatch-monopoly', 3, ('lock-out',), 'greedy', 1, 377, 'e3a55a73e5ff481ce6cdc3157dc1b83d'),
    ('overwatch-monopoly', 3, ('lock-out',), 'greedy', 2, 332, '75dd2937a662b1adca8075fc6128aad6'),
    ('overwatch-monopoly', 3, ('lock-out',), 'greedy', 3, 339, '52a3c0470b3e044c873483605ca32dd2'),
    ('overwatch-monopoly', 3, ('lock-out',), 'random', 0, 1553, 'b15ba11d15a13b28019f7a8cf8f4ebaa'),
    ('overwatch-monopoly', 3, ('lock-out',), 'random', 1, 1194, '6334a40b979a1eb52d2535da935c39ab'),
    ('overwatch-monopoly', 3, ('lock-out',), 'random', 2, 1718, '61961f72f4a0f91184a805e3504d6b2a'),
    ('overwatch-monopoly', 3, ('lock-out',), 'random', 3, 1655, 'f7763bcca60f9000a3846d5cb488975f'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'greedy', 0, 455, 'f5d8c5fe24c08fc4fbbbe87e19e281de'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'greedy', 1, 504, '1d1bb8dfea8a968702d26617708a510c'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'greedy', 2, 506, '4da25424c906763978e7ec1c45ce87f0'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'greedy', 3, 530, '5f6ddb193b0e828e0d5d17ca223a479f'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'random', 0, 1894, '2d93ef25322f642883328873c5ee8d7e'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'random', 1, 1812, 'd4c1b39e1cc6857dfe44160519747da9'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'random', 2, 1529, '6f6edee8308f138288d83210072f9d48'),
    ('overwatch-monopoly', 4, ('mystery-heroes',), 'random', 3, 1532, 'bca54a2b6c81841dec77dc708d85c37e'),
    ('overwatch-monopoly', 4, ('no-limits',), 'greedy', 0, 430, '0d6061eba69d6bced2804e8683b68a95'),
    ('overwatch-monopoly', 4, ('no-limits',), 'greedy', 1, 470, 'acaa7db9d9b6298008ef8f818f432439'),
    ('overwatch-monopoly', 4, ('no-limits',), 'greedy', 2, 501, '2841660e630dd50b61b286f01004df2d'),
    ('overwatch-monopoly', 4, ('no-limits',), 'greedy', 3, 584, '5ca30b3e98995412c433bc210896eca9'),
    ('overwatch-monopoly', 4, ('no-limits',), 'random', 0, 2020, '40d164818659f2acb40e7259e48ac671'),
    ('overwatch-monopoly', 4, ('no-limits',), 'random', 1, 1952, 'a9a73d6cbf567dfc91eb1ef715b81278'),
    ('overwatch-monopoly', 4, ('no-limits',), 'random', 2, 1891, 'dba5335d24d697b310fe965a146e4eae'),
    ('overwatch-monopoly', 4, ('no-limits',), 'random', 3, 1485, 'a30f1e8a1737627d363ac62053cfbcfc'),
    ('mario-monopoly', 4, (), 'greedy', 0, 474, 'bd5021cd229aa095b6a154e1ef5e2c4f'),
    ('mario-monopoly', 4, (), 'greedy', 1, 458, '4e3f1a0760ebeafe29ea601854cf0269'),
    ('mario-monopoly', 4, (), 'greedy', 2, 427, '31a4b6ecc633fb5e259713328216fd9b'),
    ('mario-monopoly', 4, (), 'greedy', 3, 533, '2f76f0b9da23d595c03127a9547936ab'),
    ('mario-monopoly', 4, (), 'random', 0, 1435, 'b282c95a2aba0fe03809a8601249e360'),
    ('mario-monopoly', 4, (), 'random', 1, 1754, '42c3b00d146cfa39bc7ad7f55bb454cd'),
    ('mario-monopoly', 4, (), 'random', 2, 1494, 'dda48af915b2fb59c207a8f1684a9b6c'),
    ('mario-monopoly', 4, (), 'random', 3, 1274, 'ef4251521faaa8a88aaebd8d3b565ebd'),
    ('mario-monopoly', 2, ('party',), 'greedy', 0, 376, '86d3fe02af2aa2d2e12c193affd2e10b'),
    ('mario-monopoly', 2, ('party',), 'greedy', 1, 371, 'b686de0356f3d8a6494da9f5f08aa567'),
    ('mario-monopoly', 2, ('party',), 'greedy', 2, 311, '2c0d90cdb9e9ef6c43ec7bafb9a8b683'),
    ('mario-monopoly', 2, ('party',), 'greedy', 3, 342, 'ba75ecc82c8e7930d64e5c0c7637842f'),
    ('mario-monopoly', 2, ('party',), 'random', 0, 990, '342ff07fac6e71c14c66fe630711322c'),
    ('mario-monopoly', 2, ('party',), 'random', 1, 1282, '3f7e57a8253f217f391a2f1524f1bb1b'),
    ('mario-monopoly', 2, ('party',), 'random', 2, 1058, '1e4ef54e9df6a64298dc0d0b9e2578bf'),
    ('mario-monopoly', 2, ('party',), 'random', 3, 937, '181c143f0fce9eb87005daaed102d4af'),
    ('spiderman-monopoly', 4, (), 'greedy', 0, 1136, '351f1c4f6eccd164deb2abc67824de6c'),
    ('spiderman-monopoly', 4, (), 'greedy', 1, 617, '9c2a637eb43ec215b637aafdfced22e2'),
    ('spiderman-monopoly', 4, (), 'greedy', 2, 608, '9dbd01d60304f0915e2ce24eda9f410e'),
    ('spiderman-monopoly', 4, (), 'greedy', 3, 411, 'eb5607e43d330d0e1ca454931298297d'),
    ('spiderman-monopoly', 4, (), 'random', 3, 10256, 'f8d5369a5a01e4c4c123c7dda2f9bf7c'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'greedy', 0, 933, '55a888702a17df449af854307f584618'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'greedy', 1, 778, '08f852c2aa8f6c92452292481eaff581'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'greedy', 2, 1065, '819b74764fd0e69f25b5701acc7a21c4'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'greedy', 3, 447, '162ce7b585f5b388a8c1c9f395e63cfc'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'random', 0, 8621, '6dc240e952d24c1dea0bf8c2642685b7'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'random', 1, 9218, 'f25534d215d161c06fd8ef734c9ebff6'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'random', 2, 8398, '149b87706304d386d8f5c8731e1c0e19'),
    ('spiderman-monopoly', 6, ('turn-limit',), 'random', 3, 9141, '440920d938f92df18ac2acf594e19778'),
    ('overwatch-tactics', 2, (), 'greedy', 0, 235, '3fe419410092c3e3e143918ba5cb5362'),
    ('overwatch-tactics', 2, (), 'random', 0, 243, '306a40364af77f45140650d550f3e78a'),
    ('overwatch-tactics', 2, (), 'random', 1, 263, 'd3eed92316889018939b7e3e63c26c24'),
    ('overwatch-tactics', 2, (), 'random', 2, 224, '78e4d26e0f4e1418545757c9ac6c3e7f'),
    ('overwatch-tactics', 2, (), 'random', 3, 280, 'fc4f41f358ec38fdcac01998d9322cf0'),
]


@pytest.mark.parametrize("game,players,variants,bots,seed,steps,digest", PINNED,
                         ids=[f"{c[0]}-{c[1]}p-{'+'.join(c[2]) or 'plain'}-{c[3]}-{c[4]}"
                              for c in PINNED])
def test_seeded_games_keep_every_turn_hash(game, players, variants, bots, seed, steps, digest):
    g = play(game, players, seed, bots, variants)
    assert (g.steps, hashlib.sha256(b"".join(g.turn_hashes)).hexdigest()[:32]) == (steps, digest)


@pytest.mark.parametrize("game,players", [("overwatch-monopoly", 4), ("mario-monopoly", 4),
                                          ("spiderman-monopoly", 4), ("overwatch-tactics", 2)])
def test_a_game_stepped_in_place_has_the_states_of_one_stepped_by_copies(game, players):
    # play() changes its own state in place, but makes a new state a step for an on_step
    # callback, which may keep them: both ways give the same states, and kept ones stay as seen.
    kept: list = []
    seen: list[bytes] = []

    def keep(state):
        kept.append(state)
        seen.append(engine.state_hash(state))

    copied = play(game, players, 5, "random", on_step=keep)
    in_place = play(game, players, 5, "random")
    assert copied.turn_hashes == in_place.turn_hashes
    assert [engine.state_hash(s) for s in kept] == seen
    assert len({id(s) for s in kept}) == len(kept)


@pytest.mark.parametrize("game", ["overwatch-monopoly", "mario-monopoly", "spiderman-monopoly",
                                  "overwatch-tactics"])
def test_after_a_step_in_place_pending_is_what_the_state_itself_gives(game):
    # An agenda game answers pending() after an in-place step with the options it found while
    # settling: they must be those a fresh copy of the state gives.
    from engine.bots import make_bot
    from engine.core import Decision, Over, clone, get_game
    from engine.simulate import TableDealer, chance_seed
    g = get_game(game)
    players = 2 if game == "overwatch-tactics" else 4
    state = clone(g.new(players))
    dealer = TableDealer.shuffled(g, state, b"seed")
    bots = [make_bot("random", f"pending/{seat}") for seat in range(players)]
    decisions = 0
    for step in range(3000):
        p = g.pending(state)
        assert p == g.pending(clone(state))
        if isinstance(p, Over):
            break
        if isinstance(p, Decision):
            decisions += 1
            state = g.apply(state, bots[p.player].choose(state, p), in_place=True)
        elif isinstance(p, engine.Chance):
            state = g.resolve(state, chance_seed(1, step), in_place=True)
        elif hasattr(p, "decisions"):
            state = g.apply_sealed(state, [bots[d.player].choose(state, d)
                                           for d in p.decisions], in_place=True)
        else:
            state, _ = dealer.deal(state, in_place=True)
    assert decisions > 100
