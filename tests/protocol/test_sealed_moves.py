"""Sealed moves over the protocol (FORMAT.md, "Sealed moves"): every chooser commits, then all
open; nobody's move leaves its node before every commitment is in that node's log; an opening
that does not match its commitment, an illegal sealed move and two commitments for one slot are
caught by every honest node and by `verify`, and attributed to their author; a chooser who
walks away is timed out and played by the takeover bot, like any other seat."""
import pytest

from protocol.codec import decode, encode
from protocol.inmemory import is_clean, make_players, play_match
from protocol.log import sealed_bot_move
from protocol.messages import parse_wire
from protocol.randomness import sealed_commitment, sealed_salt
from protocol.session import Session
from protocol.verify import replay, verify_bytes

import tests.protocol.sealedtoy  # noqa: F401  (registers "toy-sealed")
from tests.protocol.sealedtoy import BIDS

from .helpers import first_index, join, reshare, resign
from .test_cheating import CHEAT, _honest_blame, _never_confesses

TOY = "toy-sealed"
SEEDS = range(5)
seeded = pytest.mark.parametrize("seed", SEEDS)


def _run(seed, players=3, hooks=None, filters=None, **kw):
    prepared = make_players(TOY, players, seed, chain=64)
    if hooks or filters:
        kw.update(claim_timeouts=False,
                  filters={CHEAT: _never_confesses(filters(prepared[1][CHEAT].identity)
                                                   if filters else None)},
                  hooks={CHEAT: hooks} if hooks else None)
    return play_match(TOY, players, seed=seed, order_seed=seed % 3, prepared=prepared, **kw), \
        prepared[1]


def _kinds(log):
    return [decode(raw)["kind"] for raw in log[1:]]


@pytest.mark.parametrize("players", [2, 3, 4])
@seeded
def test_a_sealed_match_ends_with_one_log_that_verifies(players, seed):
    run, _ = _run(seed, players)
    assert is_clean(run), run.faults()
    log = run.sessions[0].log
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and r.counts["commit"] == r.counts["open"] == 6, r
    kinds = _kinds(log)
    # every open entry directly follows its commit entry, signed by the same choosers
    for i, kind in enumerate(kinds):
        if kind == "open":
            assert kinds[i - 1] == "commit"
            assert decode(log[i + 1])["authors"] == decode(log[i])["authors"]


def test_overwatch_tactics_plays_over_the_protocol_with_one_log_whatever_the_order():
    prepared = make_players("overwatch-tactics", 2, 3, chain=256)
    logs = set()
    for order in (0, 1):
        # the tactical attacker ends a random defender's game in about 10 turns; two tactical
        # bots play all 20, at several times the cost, through the same sealed draft
        run = play_match("overwatch-tactics", 2, seed=3, order_seed=order,
                         bots=("greedy", "random"), prepared=prepared)
        assert is_clean(run), run.faults()
        logs.add(tuple(run.sessions[0].log))
    assert len(logs) == 1
    r = verify_bytes(join(logs.pop()))
    assert r.status == 0 and r.complete and r.counts["commit"] >= 4, r


def test_sim_log_of_overwatch_tactics_verifies(tmp_path, capsys):
    from cli.main import main
    path = str(tmp_path / "ot.match")
    assert main(["sim", "--game", "overwatch-tactics", "--bots", "greedy,random",
                 "--log", path]) == 0
    assert main(["verify", path]) == 0
    assert "OK:" in capsys.readouterr().out


# ---- an opening received before every commitment ------------------------------------------

class _Wires:
    """Three sessions and their links, delivered by hand."""

    def __init__(self, seed=2):
        body, people = make_players(TOY, 3, seed, chain=64)
        self.people = people
        self.s = [Session(body, p.identity, p.chain) for p in people]
        self.links = {}
        self.events = [[] for _ in self.s]
        for x in self.s:
            self.post(x.seat, x.start())

    def post(self, src, out):
        for send in out.sends:
            for dst in send.to:
                self.links.setdefault((src, dst), []).append(send.data)
        self.events[src] += out.events
        return out

    def deliver(self, src, dst, index=0):
        data = self.links[(src, dst)].pop(index)
        return self.post(dst, self.s[dst].receive(data, src))

    def pump(self):
        while any(self.links.values()):
            for (src, dst), q in sorted(self.links.items()):
                if q:
                    self.deliver(src, dst)


def _opens(out):
    return [parse_wire(s.data) for s in out.sends
            if parse_wire(s.data)["t"] == "share" and parse_wire(s.data)["kind"] == "open"]


def test_a_node_sends_its_opening_only_once_it_holds_every_commitment():
    w = _Wires()
    w.pump()
    slot = w.s[1].ledger.slot
    assert slot.kind == "commit" and slot.authors == (1, 2)   # seat 0 deals round 0
    assert not _opens(w.post(2, w.s[2].move(["bid", 3])))      # seat 1's commitment not here
    assert not _opens(w.post(1, w.s[1].move(["bid", 2])))      # nor seat 2's here
    out = w.deliver(2, 1)                                      # seat 2's commitment reaches 1
    assert [o["part"]["move"] for o in _opens(out)] == [["bid", 2]]
    assert w.s[1].ledger.counts["commit"] == 1


def test_an_opening_that_arrives_before_every_commitment_is_held_unread():
    w = _Wires()
    w.pump()
    w.post(1, w.s[1].move(["bid", 2]))
    w.post(2, w.s[2].move(["bid", 3]))
    w.deliver(2, 1)   # seat 1 has both commitments and opens
    # Seat 0 gets seat 1's opening ahead of the commitments on that link (a relay overtaken,
    # or a peer that broke the order): it keeps it unread, applies nothing, blames nobody.
    link = w.links[(1, 0)]
    i = next(k for k, d in enumerate(link) if parse_wire(d)["kind"] == "open")
    before = len(w.events[0])
    w.deliver(1, 0, i)
    s0 = w.s[0]
    assert s0.fault is None and s0.ledger.counts["commit"] == 0 and s0.state.bids == []
    assert w.events[0][before:] == []
    w.pump()   # the commitments arrive: the held opening counts once the commit entry is in
    assert all(x.fault is None for x in w.s)
    assert [x.state.bids for x in w.s] == [[[2, 3]]] * 3
    assert len({tuple(x.log) for x in w.s}) == 1


def test_a_restarted_node_commits_and_opens_as_before_its_restart():
    w = _Wires()
    w.pump()
    w.post(1, w.s[1].move(["bid", 2]))
    unlogged = w.s[1].own_unlogged()
    assert [parse_wire(u)["kind"] for u in unlogged] == ["commit"]   # kept before sending
    p = w.people[1]
    again, out = Session.resume(w.s[1].log, p.identity, p.chain, unlogged)
    assert [s.data for s in out.sends] == unlogged      # the same commitment, not a second one
    w.pump()
    w.post(2, w.s[2].move(["bid", 1]))
    w.deliver(2, 1)
    sent = [d for d in w.links[(1, 0)] if parse_wire(d)["kind"] == "open"]
    # restarted from a log that holds the commit entry, it derives the very same opening
    assert decode(w.s[1].log[-1])["kind"] == "commit" and len(sent) == 1
    again, out = Session.resume(w.s[1].log, p.identity, p.chain)
    assert [s.data for s in out.sends if parse_wire(s.data)["kind"] == "open"] == sent


# ---- cheats ---------------------------------------------------------------------------------

def _patch_once(patch):
    """A hook that patches the cheater's own session once (its node runs honest code
    underneath, with the one method the cheat needs replaced)."""
    def hook(session):
        if not getattr(session, "_cheating", False):
            session._cheating = True
            patch(session)
        return []
    return hook


def _opens_another_bid(session):
    honest = session.own._opening

    def opening(ledger):
        part = honest(ledger)
        return {"move": next(list(b) for b in BIDS if list(b) != part["move"]),
                "salt": part["salt"]}
    session.own._opening = opening


@seeded
def test_an_opening_of_another_move_than_committed_is_caught_and_attributed(seed):
    run, _ = _run(seed, hooks=_patch_once(_opens_another_bid))
    _honest_blame(run, "bad-opening")


def _forge_open(log, people, seat, part, open_index=None):
    """`log` with `seat`'s part of its first open entry replaced and re-signed by that seat."""
    i = open_index or first_index(log, "open")
    e = decode(log[i])
    k = e["authors"].index(seat)
    e["parts"][k] = part
    forged = list(log)
    forged[i] = encode(resign(e, k, people[seat].identity))
    return forged[:i + 1], i


def test_verify_attributes_an_opening_of_another_move_to_its_author():
    run, people = _run(1)
    log = run.sessions[0].log
    i = first_index(log, "open")
    e = decode(log[i])
    k = e["authors"].index(CHEAT)
    other = next(list(b) for b in BIDS if list(b) != e["parts"][k]["move"])
    forged, i = _forge_open(log, people, CHEAT, {"move": other, "salt": e["parts"][k]["salt"]})
    r = verify_bytes(join(forged))
    assert (r.status, r.index, r.fault, r.author) == (1, i, "bad-opening", CHEAT), r


ILLEGAL = ["bid", 9]


def _bids_nine(session):
    def commit(ledger, move):
        salt = sealed_salt(session.identity.seed(), ledger.match_id, ledger.seq)
        commitment = sealed_commitment(ledger.match_id, ledger.seq, session.seat, ILLEGAL, salt)
        return session.own.sign(ledger, "commit", commitment)

    def opening(ledger):
        c = ledger.sealed[0]
        return {"move": ILLEGAL, "salt": sealed_salt(session.identity.seed(),
                                                     ledger.match_id, c)}
    session.own.commit, session.own._opening = commit, opening


@seeded
def test_an_illegal_sealed_move_is_caught_at_its_opening_and_attributed(seed):
    run, _ = _run(seed, hooks=_patch_once(_bids_nine))
    faulted = _honest_blame(run, "illegal-move")
    assert all(s.ledger.counts["commit"] == 1 for s in faulted)   # committed, caught at opening


def test_verify_attributes_an_illegal_sealed_move_to_its_author():
    run, people = _run(1)
    log = list(run.sessions[0].log)
    c = first_index(log, "commit")
    e = decode(log[c])
    k = e["authors"].index(CHEAT)
    match = run.sessions[0].match_id
    salt = sealed_salt(people[CHEAT].identity.seed(), match, e["seq"])
    e["parts"][k] = sealed_commitment(match, e["seq"], CHEAT, ILLEGAL, salt)
    log[c] = encode(resign(e, k, people[CHEAT].identity))
    o = decode(log[c + 1])   # every author re-signs the open entry, which now builds on it
    import hashlib
    o["prev"] = hashlib.sha256(log[c]).digest()
    o["parts"][o["authors"].index(CHEAT)] = {"move": ILLEGAL, "salt": salt}
    for j, seat in enumerate(o["authors"]):
        o = resign(o, j, people[seat].identity)
    log[c + 1] = encode(o)
    r = verify_bytes(join(log[:c + 2]))
    assert (r.status, r.index, r.fault, r.author) == (1, c + 1, "illegal-move", CHEAT), r


def _equivocating_committer(identity):
    """The cheater sends one commitment to seat 0 and another to the rest."""
    def f(dst, data):
        msg = parse_wire(data)
        if msg["t"] != "share" or msg["kind"] != "commit" or dst != 0 or msg["author"] != CHEAT:
            return [data]
        return [reshare(msg, identity, part=bytes(reversed(msg["part"])))]
    return f


@seeded
def test_two_commitments_signed_for_one_slot_are_proven_against_the_signer(seed):
    run, _ = _run(seed, filters=_equivocating_committer)
    faulted = _honest_blame(run, ("equivocation", "wrong-prev"))
    assert any(s.fault.kind == "equivocation" for s in faulted)


def _replays(where):
    """The cheater commits with a commitment made for another match or an earlier slot (its
    own, copied), and opens it with that commitment's move and salt."""
    def patch(session):
        saved = {}
        honest_commit = session.own.commit

        def commit(ledger, move):
            if where == "match":
                other = bytes(32)
                salt = sealed_salt(session.identity.seed(), other, ledger.seq)
                saved["open"] = {"move": list(move), "salt": salt}
                commitment = sealed_commitment(other, ledger.seq, session.seat, list(move), salt)
                return session.own.sign(ledger, "commit", commitment)
            if "commit" not in saved:   # the first round: honest, and remembered
                share = honest_commit(ledger, move)
                saved["commit"] = share.part
                return share
            return session.own.sign(ledger, "commit", saved["commit"])

        honest_opening = session.own._opening

        def opening(ledger):
            if where == "slot" and "open" not in saved:
                saved["open"] = honest_opening(ledger)
            return saved["open"]
        session.own.commit, session.own._opening = commit, opening
    return patch


@pytest.mark.parametrize("where", ["match", "slot"])
@seeded
def test_a_commitment_replayed_from_another_match_or_slot_does_not_open(where, seed):
    run, _ = _run(seed, hooks=_patch_once(_replays(where)))
    faulted = _honest_blame(run, "bad-opening")
    if where == "slot":   # the first round opened honestly; the copied one did not
        assert all(s.ledger.counts["open"] >= 1 for s in faulted)


# ---- timeouts -------------------------------------------------------------------------------

@pytest.mark.parametrize("order_seed", [0, 1])
def test_a_sealed_chooser_who_never_commits_is_timed_out_and_played_by_the_bot(order_seed):
    prepared = make_players(TOY, 3, 4, chain=64)
    run = play_match(TOY, 3, seed=4, order_seed=order_seed, prepared=prepared, silent=[1])
    assert is_clean(run), run.faults()
    log = run.sessions[0].log
    kinds = _kinds(log)
    assert kinds[:3] == ["timeout", "choice", "commit"]   # timed out at the first commit slot
    report, led = replay(join(log))
    assert report.status == 0 and report.bots == [1], report
    # seat 1 chooses in rounds 0, 2, 3 and 5; each of its bids is the takeover move
    assert report.bot_moves == 4
    assert all(1 not in decode(log[i + 1])["authors"] for i, k in enumerate(kinds)
               if k in ("commit", "open"))


def test_the_bots_sealed_move_is_the_takeover_move_fixed_by_the_commit_entry():
    prepared = make_players(TOY, 3, 4, chain=64)
    run = play_match(TOY, 3, seed=4, order_seed=0, prepared=prepared, silent=[1])
    expected, got = [], []

    def on_entry(index, entry, ledger):
        if entry is None or entry["kind"] not in ("commit", "open"):
            return
        seats = [d.player for d in ledger.slot.pending.decisions] if entry["kind"] == "commit" \
            else None
        if seats is not None and 1 in seats:   # the Sealed node's state: no opening in it
            d = ledger.slot.pending.decisions[seats.index(1)]
            bid = sealed_bot_move(ledger.match_id, entry["seq"], 1, ledger.state, d)
            expected.append((len(ledger.state.bids), seats.index(1), bid[1]))
        if entry["kind"] == "open":
            got.append(ledger.state.bids[-1])
    report, _ = replay(join(run.sessions[0].log), on_entry)
    assert report.status == 0 and len(expected) == 4 and len(got) == 6, (expected, got)
    for round_, k, bid in expected:
        assert got[round_][k] == bid


def test_a_chooser_who_commits_then_goes_dark_is_timed_out_at_the_open_slot():
    sent = {"commit": False}

    def dark_after_commit(identity):
        def f(dst, data):
            msg = parse_wire(data)
            if msg["t"] == "share" and msg["kind"] == "commit" and msg["author"] == 1:
                sent["commit"] = True
            elif sent["commit"]:
                return []
            return [data]
        return f
    prepared = make_players(TOY, 3, 6, chain=64)
    run = play_match(TOY, 3, seed=6, order_seed=0, prepared=prepared,
                     filters={1: dark_after_commit(prepared[1][1].identity)})
    logs = {tuple(run.sessions[s].log) for s in (0, 2)}
    assert len(logs) == 1
    log = list(logs.pop())
    kinds = _kinds(log)
    assert kinds[:4] == ["commit", "timeout", "choice", "open"]
    assert decode(log[4])["authors"] == [2]   # seat 1 committed, then the bot played it
    r = verify_bytes(join(log))
    assert r.status == 0 and r.complete and r.bots == [1], r
    assert not run.sessions[0].fault and not run.sessions[2].fault


def test_replay_says_who_committed_and_what_each_sealed_choice_opened_to():
    from cli.cmd_replay import _said
    run, _ = _run(1)
    log = run.sessions[0].log
    commit, opened = (decode(log[first_index(log, k)]) for k in ("commit", "open"))
    names = ["Ann", "Bob", "Cy"]
    assert _said(commit, None, names) == "2 players committed to sealed choices"
    bids = [" ".join(map(str, p["move"])) for p in opened["parts"]]
    assert _said(opened, None, names) == \
        f"the sealed choices opened: Bob: {bids[0]}; Cy: {bids[1]}"   # seat 0 deals round 0
