"""node.bot_driver: a bot node answers only the slot in progress, with a bot seeded by that
slot (so a restarted node signs the very same move again), and hands a timed-out seat to a bot
only while its player is still asked."""
from types import SimpleNamespace

import trio

from engine.core import Decision, IllegalMove
from node import bot_driver
from protocol.events import SeatTimedOut, YourDecision


class Session:
    def __init__(self, slot_seq, asked_seq=None):
        self.seq = slot_seq   # the move slot in progress
        self.state = "state"
        self.asked = SimpleNamespace(seq=asked_seq) if asked_seq is not None else None
        self.refuse = False

    def move(self, move):
        if self.refuse:
            raise IllegalMove("already sent")
        return ("move", move)

    def slot_kind(self):
        return "move"

    def reclaim_expected(self):
        return False   # no seat the bot plays is asking for itself back

    def pending_choice(self):
        return self.asked

    def choose_after_timeout(self, choice):
        return ("choice", choice)


def _node(session):
    done = []
    node = bot_driver.BotSeat(kind="greedy", seed="ABCD-1234", session=lambda: session,
                              own=done.append, finished=trio.Event(), watchdog=None)
    return node, done


def _drive(node, *events):
    async def run():
        send, receive = trio.open_memory_channel(10)
        for ev in events:
            send.send_nowait(ev)
        await send.aclose()
        await bot_driver.drive_bot(node, receive)
    trio.run(run)


def test_only_the_slot_in_progress_is_answered_by_a_bot_seeded_by_that_slot(monkeypatch):
    seeds = []

    def make_bot(kind, seed):
        seeds.append((kind, seed))
        return SimpleNamespace(choose=lambda state, decision: f"{decision} by {seed}")
    monkeypatch.setattr(bot_driver, "make_bot", make_bot)
    node, done = _node(Session(slot_seq=7))
    _drive(node, YourDecision(5, "stale"), YourDecision(7, "buy"))
    assert seeds == [("greedy", "ABCD-1234/7")]
    assert done == [("move", "buy by ABCD-1234/7")]


def test_a_move_the_session_refuses_was_ours_already_and_the_driver_goes_on(monkeypatch):
    monkeypatch.setattr(bot_driver, "make_bot",
                        lambda kind, seed: SimpleNamespace(choose=lambda s, d: d))
    session = Session(slot_seq=3, asked_seq=4)
    session.refuse = True
    node, done = _node(session)
    _drive(node, YourDecision(3, "roll"), SeatTimedOut(4, 2, ("wait", "bot", "end"), True))
    assert done == [("choice", "bot")]   # the refused move cost nothing; the timeout was handled


def test_a_timed_out_seat_goes_to_a_bot_only_while_we_are_still_asked():
    node, done = _node(Session(slot_seq=9, asked_seq=None))   # chosen already (by us or others)
    _drive(node, SeatTimedOut(8, 1, ("wait", "bot", "end"), True))
    assert done == []


def test_nothing_is_done_once_the_game_is_over():
    node, done = _node(Session(slot_seq=3, asked_seq=3))
    node.finished.set()
    _drive(node, SeatTimedOut(3, 1, ("wait", "bot", "end"), True))
    assert done == []


def test_a_thinking_bot_thinks_in_a_worker_thread_while_the_node_goes_on(monkeypatch):
    """The strong bot's search must not block the node's loop: while it thinks, another task
    (here: the one that lets it finish) runs. A bot run in the loop itself would wait for that
    task forever (up to the guard's 10 s) and answer "blocked"."""
    import threading
    started, release = threading.Event(), threading.Event()
    seen = []

    class Thinker:
        thinks = True

        def choose_seen(self, obs, decision):
            seen.append(obs)
            started.set()
            return "thought" if release.wait(10) else "blocked"

        def choose(self, state, decision):
            return self.choose_seen(SimpleNamespace(state=state), decision)

    monkeypatch.setattr(bot_driver, "make_bot", lambda kind, seed: Thinker())
    session = Session(slot_seq=7)
    session.private_cards = lambda: {("loot", 2): 5}
    node, done = _node(session)

    async def run():
        send, receive = trio.open_memory_channel(10)
        send.send_nowait(YourDecision(7, Decision(1, (("a",), ("b",)))))
        await send.aclose()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(bot_driver.drive_bot, node, receive)
            await trio.to_thread.run_sync(started.wait)   # the bot is thinking now...
            release.set()                                   # ...and this task still runs
    trio.run(run)
    assert done == [("move", "thought")]
    assert seen[0].cards == ((("loot", 2), 5),) and seen[0].seat == 1   # its seat's own cards


def test_while_a_bot_thinks_the_loop_gets_the_interpreter_back_within_half_a_millisecond(
        monkeypatch):
    """A thinking bot's thread holds the GIL; Python hands it to a waiting thread (the node's
    loop: a ping, a frame to relay) only every switch interval, 5 ms by default. The driver
    makes it THINKING_SWITCH_S while it runs, and puts it back after (a measured 5.2 ms median
    wait for the loop becomes 0.7 ms: bench/bench_search.py's node-loop line)."""
    import sys
    during = []

    class Thinker:
        thinks = True

        def choose_seen(self, obs, decision):
            during.append(sys.getswitchinterval())
            return "thought"

    monkeypatch.setattr(bot_driver, "make_bot", lambda kind, seed: Thinker())
    session = Session(slot_seq=7)
    session.private_cards = lambda: {}
    node, done = _node(session)
    before = sys.getswitchinterval()
    _drive(node, YourDecision(7, Decision(1, (("a",), ("b",)))))
    assert done == [("move", "thought")]
    assert during == [bot_driver.THINKING_SWITCH_S] and bot_driver.THINKING_SWITCH_S <= 0.0005
    assert sys.getswitchinterval() == before


def test_a_thinking_bot_remembers_its_turn_from_one_decision_to_the_next_seeded_by_each_slot(
        monkeypatch):
    """The strong bot remembers what its seat's observation does not hold (the hex game's
    activation under way, the trade offers it sent this turn): one object across decisions,
    its rng seeded by each slot as a new bot of that slot would be."""
    import random
    made, drawn = [], []

    class Thinker:
        thinks = True

        def __init__(self, seed):
            self.rng = random.Random(seed)
            self.asked = 0

        def choose_seen(self, obs, decision):
            self.asked += 1
            drawn.append(self.rng.random())
            return (id(self), self.asked)

    def make(kind, seed):
        made.append(seed)
        return Thinker(seed)

    monkeypatch.setattr(bot_driver, "make_bot", make)
    session = Session(slot_seq=7)
    session.private_cards = lambda: {}
    node, done = _node(session)

    async def run():
        send, receive = trio.open_memory_channel(10)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(bot_driver.drive_bot, node, receive)
            await send.send(YourDecision(7, Decision(0, (("a",),))))
            while len(done) < 1:
                await trio.sleep(0.01)
            session.seq = 8
            await send.send(YourDecision(8, Decision(0, (("a",),))))
            await send.aclose()
    trio.run(run)
    assert made == ["ABCD-1234/7"]                      # one bot for both decisions...
    assert [m[1] for _, m in done] == [1, 2] and done[0][1][0] == done[1][1][0]
    assert drawn == [random.Random("ABCD-1234/7").random(), random.Random("ABCD-1234/8").random()]
