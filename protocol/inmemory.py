"""N sessions in one process, exchanging real protocol frames through a shuffled queue.

Used by `lanboard sim --log`, the tests and the benchmark. The network model is TCP's: each
(sender, receiver) link delivers in order, and the scheduler picks which link delivers next (or
which bot acts next) with its own seeded `random.Random`, so a run is a function of its seeds
and different order seeds give different interleavings. When nothing can move and the game is
not over, the driver plays the nodes' clocks: every waiting node claims a timeout; once a timeout
is in the log, every node asked chooses what `after_timeout` says ("bot" by default).
"""
from __future__ import annotations

import hashlib
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from engine.bots import make_bot

from .genesis import make_body
from .identity import Identity
from .matchfile import write_bytes
from .randomness import HashChain, chain_secret
from .events import FaultDetected, GameOver, Output, SeatTimedOut, YourDecision
from .session import Session

__all__ = ["Player", "make_players", "Network", "MatchRun", "play_match"]


@dataclass
class Player:
    identity: Identity
    chain: HashChain
    name: str


def make_players(game: str, n: int, seed: int | str, *, chain: int = 512,
                 variants: Sequence[str] = ()) -> tuple[dict, list[Player]]:
    """Deterministic identities and chains for seed, and the genesis body they agree on."""
    def h(label: str) -> bytes:
        return hashlib.sha256(f"lanboard-inmemory/{seed}/{label}".encode()).digest()
    nonce = h("nonce")[:16]
    players = []
    for seat in range(n):
        ident = Identity.from_seed(h(f"key/{seat}"))
        players.append(Player(ident, HashChain(chain_secret(ident.seed(), nonce), chain),
                              f"bot{seat + 1}"))
    body = make_body(game, [{"key": p.identity.public, "name": p.name,
                             "commit": p.chain.commitment} for p in players],
                     variants=tuple(variants), nonce=nonce, chain=chain)
    return body, players


Filter = Callable[[int, bytes], list[bytes]]   # (receiver, frame) -> frames actually sent


class Network:
    def __init__(self, n: int, order_seed: int | str) -> None:
        self.n = n
        self.rng = random.Random(f"order/{order_seed}")
        self.links: dict[tuple[int, int], deque[bytes]] = {}
        self.filters: dict[int, Filter] = {}
        self.delivered = 0
        self.bytes = 0
        self.trace = hashlib.sha256()     # of the delivery order, to tell interleavings apart

    def post(self, src: int, dst: int, data: bytes) -> None:
        frames = self.filters[src](dst, data) if src in self.filters else [data]
        for f in frames:
            self.links.setdefault((src, dst), deque()).append(f)

    def busy(self) -> list[tuple[int, int]]:
        return sorted(k for k, q in self.links.items() if q)


@dataclass
class MatchRun:
    body: dict
    players: list[Player]
    sessions: list[Session]
    net: Network
    events: list[list[Any]] = field(default_factory=list)
    steps: int = 0

    def faults(self) -> dict[int, Any]:
        return {s.seat: s.fault for s in self.sessions if s.fault is not None}

    def match_file(self, seat: int = 0) -> bytes:
        return write_bytes(self.sessions[seat].log)


def play_match(game: str, players: int, *, seed: int | str = 0, order_seed: int | str = 0,
               bots: Sequence[str] | str = "random", variants: Sequence[str] = (),
               chain: int = 512, filters: dict[int, Filter] | None = None,
               silent: Sequence[int] = (), claim_timeouts: bool = True,
               max_steps: int = 2_000_000,
               hooks: dict[int, Callable[[Session], list[bytes]]] | None = None,
               prepared: tuple[dict, list[Player]] | None = None,
               after_timeout: str | Callable[[int, SeatTimedOut], str | None] = "bot",
               patient: Sequence[int] = ()) -> MatchRun:
    """Play one match to its end (or until every node is stuck or halted).

    `filters[seat]` rewrites what that seat sends to each receiver (a cheater test double);
    `silent` seats never act on their decisions (a player who walked away);
    `hooks[seat](session)` runs after each output of that seat and returns extra frames it sends
    to every peer (a cheater that signs what it likes);
    `after_timeout` is every asked node's choice about a timed-out seat, or a function of
    (seat choosing, the SeatTimedOut event) returning it (None: that node never chooses);
    `patient` seats act on a decision only while no frame is in flight (a person, slower than
    the network).
    """
    body, people = prepared or make_players(game, players, seed, chain=chain, variants=variants)
    sessions = [Session(body, p.identity, p.chain) for p in people]
    kinds = (bots,) * players if isinstance(bots, str) else tuple(bots)
    agents = [make_bot(k, f"{seed}/{seat}") for seat, k in enumerate(kinds)]
    net = Network(players, order_seed)
    net.filters = dict(filters or {})
    run = MatchRun(body, people, sessions, net, [[] for _ in range(players)])
    todo: set[int] = set()            # seats with a decision to act on
    asked: dict[int, SeatTimedOut] = {}   # seats asked to choose about a timed-out seat
    clock = 0

    def handle(seat: int, out: Output) -> None:
        for send in out.sends:
            for dst in send.to:
                net.post(seat, dst, send.data)
        for ev in out.events:
            run.events[seat].append(ev)
            if isinstance(ev, YourDecision) and seat not in silent:
                todo.add(seat)
            if isinstance(ev, SeatTimedOut) and ev.ask and seat not in silent:
                asked[seat] = ev
        if hooks and seat in hooks:
            for data in hooks[seat](sessions[seat]):
                for dst in sessions[seat].peers:
                    net.links.setdefault((seat, dst), deque()).append(data)

    for s in sessions:
        handle(s.seat, s.start())
    while run.steps < max_steps:
        run.steps += 1
        links = net.busy()
        actors = sorted(a for a in todo | set(asked) if not (links and a in patient))
        choices = len(links) + len(actors)
        if choices == 0:
            live = [s for s in sessions if s.fault is None and not s.over]
            if not live or not claim_timeouts:
                break
            clock += 1
            before = len(net.busy())
            for s in live:
                if s.seat not in silent:
                    handle(s.seat, s.claim_timeout(clock))
            if len(net.busy()) == before:
                break   # nobody had anything to claim: stuck for good
            continue
        pick = net.rng.randrange(choices)
        if pick < len(links):
            src, dst = links[pick]
            data = net.links[(src, dst)].popleft()
            net.delivered += 1
            net.bytes += len(data)
            net.trace.update(bytes((src, dst)))
            handle(dst, sessions[dst].receive(data, src))
        else:
            seat = actors[pick - len(links)]
            s = sessions[seat]
            if seat in asked:
                ev = asked.pop(seat)
                choice = after_timeout if isinstance(after_timeout, str) else \
                    after_timeout(seat, ev)
                if choice is not None and s.pending_choice() == ev:
                    handle(seat, s.choose_after_timeout(choice))
                continue
            todo.discard(seat)
            decision = s.my_decision()
            if decision is not None:
                handle(seat, s.move(agents[seat].choose(s.state, decision)))
    return run


def is_clean(run: MatchRun) -> bool:
    return not run.faults() and all(s.over for s in run.sessions) and \
        len({tuple(s.log) for s in run.sessions}) == 1


__all__ += ["is_clean", "GameOver", "FaultDetected"]


def play_logged(game: str, players: int, path: str, *, seed: int = 1,
                bots: Sequence[str] | str = "greedy", variants: Sequence[str] = (),
                chain: int = 4096, order_seed: int | None = None) -> dict:
    """`lanboard sim --log`: play over the protocol, check every node agrees, write the file."""
    from .matchfile import write_file
    run = play_match(game, players, seed=seed, order_seed=seed if order_seed is None else order_seed,
                     bots=bots, variants=variants, chain=chain)
    faults = run.faults()
    if faults:
        raise RuntimeError("; ".join(f"node {s}: {f}" for s, f in sorted(faults.items())))
    if not is_clean(run):
        raise RuntimeError("the nodes did not all finish with the same log")
    log = run.sessions[0].log
    write_file(path, log)
    ledger = run.sessions[0].ledger
    result = ledger.result()
    return {"match_id": ledger.match_id.hex(), "entries": len(log) - 1,
            "bytes": sum(map(len, log)), "messages": run.net.delivered,
            "winners": list(result.winners), "scores": list(result.scores),
            "state_hash": ledger.state_hash().hex(), "counts": dict(ledger.counts)}


__all__ += ["play_logged"]
