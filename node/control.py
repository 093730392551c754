"""The local control API: a Unix socket speaking line-delimited JSON.

Bots, scripts, tests and the terminal UI all use it. One request per line, one reply per line:

    {"cmd": "status"}             -> {"ok": true, "seat": 1, "phase": "playing",
                                      "game": "overwatch-monopoly", "title": ..., ...,
                                      "table_code": {"code", "strength"} (a private table's
                                      code and, in words, the guesses it resists; absent at
                                      a table that is not private)}
    {"cmd": "state"}              -> {"ok": true, "state": <the game as this seat may see it>,
                                      "summary": [<lines from the game's describe_state>],
                                      "waiting_for": seat | null, "said": null,
                                      "board": {...} | null,  (what the game's own screen
                                      draws the state with: its words module's board, as
                                      this seat sees it, its own hidden cards' worth too)
                                      "cards": [{"deck", "position", "card"}: the hidden cards
                                      this seat alone has read (its Loot Boxes); never another
                                      seat's, which this node cannot compute]}
    {"cmd": "state", "before": <a state this API sent>, "reveal": bool}
                                  -> the same, "said": [sentences: what changed from "before"
                                     to this state, "reveal": dice came from a reveal entry]
                                     | null (the game has no narration: compare summaries)
    {"cmd": "state", "since": n, "before": ...}
                                  -> the same, but "said" tells entry by entry, in log order,
                                     what every entry numbered n or later did (each turn's
                                     roll, ability and effects under its own turn), when the
                                     node still holds them all (node.told); else as "before"
    {"cmd": "state", "recap": k}  -> the same, "said" telling what the last k entries did (at
                                     most node.told.KEEP; a UI just attached shows it)
    Every "state" reply also holds "seq": the "since" of the next request (the number of the
    first entry it does not tell of yet; attest entries, which change no state, are not told).
    {"cmd": "pending"}            -> {"ok": true, "decision": {"seq", "prompt", "options",
                                      "labels", "context"} | null, "timeout": {"seq", "seat",
                                      "options"} | null}   ("seq": the log entry the answer
                                      will be)
    {"cmd": "glossary"}           -> {"ok": true, "game": id | null, "glossary": {...}}: the
                                     plain data a game's own screens draw with (Overwatch:
                                     "spaces" [{"name", "kind", "price", "rent", "points"}],
                                     "characters" {id: {"name", "role", "help": [lines]}});
                                     {} for a game without screens of its own
    {"cmd": "move", "move": [..]} -> {"ok": true} | {"ok": false, "error": "why not"}
    {"cmd": "choose", "choice": "wait" | "bot" | "end"}
                                  -> {"ok": true} | {"ok": false, "error": "why not"}
    {"cmd": "reclaim"}            -> {"ok": true} | {"ok": false, "error": "why not"}: take
                                     our seat back from the bot that plays it (see below)
    {"cmd": "start"}              -> the host starts before every seat is taken
    {"cmd": "refuse", "code": CODE, "reason": text}
                                  -> the host refuses a seated joiner before the start (its
                                     seat is freed; it is told why)
    {"cmd": "ping"}               -> {"ok": true, "peers": [{"seat", "name", "ms"}, ...]}:
                                     a signed round trip to each seat over the game's own
                                     links ("ms" null: no link, or no answer within 2 s;
                                     no peers before the game starts)
    {"cmd": "events"}             -> {"ok": true}, then one line per event until the node ends
    {"cmd": "stop", "confirm": bool}
                                  -> {"ok": true, "stopping": confirm, "what_happens": text}:
                                     the node leaves (see "Leaving" below); without "confirm"
                                     it only says what would happen

When the log records a player as gone past the timeout, every node sends the event
{"event": "timeout", "seq", "seat", "options": ["wait", "bot", "end"], "ask": bool}; with "ask"
true this player must choose (also shown by "pending"; a bot node chooses "bot" by itself).
Once every remaining player has, {"event": "choice", "seq", "seat", "outcome", "choices"}
follows: the outcome is the choice if they all agree, else "wait".

A player whose seat the bot plays (its seat in the status's "bots") takes it back with
{"cmd": "reclaim"}: the node signs its request at each move slot until the deciding player's
node consents (its player had not moved yet); then every node sends {"event": "reclaimed",
"seq", "seat"} and the seat decides again. The status's "reclaim_asked" is true meanwhile.

The other events: "lobby" (who is seated), "dropped" (a seat left the lobby: "name", "code",
"reason"; the seat is open again), "started", "resumed", "decision", "state" (an entry
changed the state), "attested" (the turn's state hash every node signed), "peer" (a link came
or went), "caught_up", "divergence", "hurry" (to the player whose decision the game waits for:
"seq", "seat", "seconds" left before the others may record them as gone), "stalled" (two
players gone at once: the game waits),
"alone" (no peer reachable for a while during the game: the node keeps trying), "lingering"
(the game is over and the node waits for a peer to hold the whole log), "over", "fault" and
"recovered" (on resume, the match file ended inside an entry and was cut back to its last
complete one: "file", "offset", "bytes", "kept" where the torn bytes are).

"labels" (also in the "decision" event) says what each option does, one line per option in
the same order, from the game's words module; "summary" is the game's describe_state for this
seat. "context" (also in the "decision" event) is what a screen needs to explain the decision,
as named plain data the game's words module writes: always "title" (the decision in one line),
and as the decision has them: "lot" ({"space", "name", "what"?}: what is captured, auctioned
or sold), "price", "rent", "bid_to_beat", "high_bidder" (seat | null), "bidders", "seller",
"buyer", "proposer", "partner", "give"/"take" (lists of {"space", "name"}), "pay", "ask",
"payer", "payee" (seat, null: the bank), "owed", "die", "face", "abilities" and "ultimates"
(character ids whose ability may be used). Seats are seat numbers; money is an int in the
game's own currency. A UI shows these words and computes nothing from the rules; "said",
"waiting_for" and "glossary" serve the same end. "game" is null until the node hosts or is
welcomed into a lobby.

Leaving: {"cmd": "stop", "confirm": true} ends the process that runs the node, cleanly: the reply
is sent, then its run is cancelled (the match file is written entry by entry, so it stays whole
and unfinished, resumable with `lanboard resume`; bots it started on this machine end with it).
"what_happens" says in words what that means for the game: in a lobby, the lobby closes; in a
game against other players, they wait for this seat up to the decision timeout and then choose
together to wait, hand the seat to a bot or end the game; in a game against this machine's
bots only, the bots stop too; once the game is over, the node stops waiting for the others to
fetch its end. A node served without a Lifecycle (tests, embedding) refuses "stop". The process
also learns from Lifecycle whether a UI is attached (an open "events" stream): a game against
this machine's bots only ends itself when none has been for a long time (cli.node_runner).

At most `client_cap()` connections are served at once: MAX_CLIENTS, or a quarter of the
descriptor limit when that is less (strangers' peer connections take another quarter at most,
node.admission), so the node's own files, its links and its UI keep half of its descriptors
whatever local clients do; should something else take those too, the node's own files are
written with the one descriptor it keeps in reserve (node.fd_reserve). One more is answered {"ok": false, "error": ...} (that every
connection is in use) and closed; the log says so once until half of them have closed. The
listen backlog is the system's own (SOMAXCONN): clients that connect at one moment wait to be
accepted instead of being refused (EAGAIN).

A malformed line gets {"ok": false, "error": ...} and the connection stays open: a bad
request never stops the node. Whatever JSON a request holds (any type, size under MAX_LINE,
depth, number: floats, NaN, integers beyond 64 bits), it is answered with an error and the
node plays on; an unexpected failure answering it is logged as our bug and answered too.
"""
from __future__ import annotations

import json
import logging
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

import trio

import engine
from engine import Decision
from engine.observe import observation_data, observe
from protocol.identity import check_code

from .admission import default_total, serve_admitted
from .code_tries import strength
from .words import (board, decision_data, glossary, narration, result_data, seat_names,
                    summary, told)

MAX_LINE = 64 * 1024
MAX_DEPTH = 32      # a move is a few levels deep; JSON nested deeper is refused
# Connections served at once: a UI holds two, a script one at a time; 1,100 idle ones once
# took every descriptor, and the node died writing its note at the game's end.
MAX_CLIENTS = 64
REFUSAL_SEND = 1.0  # seconds the refusal of a connection over the cap may take to leave
log = logging.getLogger("lanboard.node.control")


def _marked(node, players: list[dict]) -> list[dict]:
    """Each player with what the node's book of players says of it (node.players_book)."""
    marked = getattr(node, "marked", None)
    return marked(players) if marked is not None else players


def _status(node) -> dict:
    s = node.session
    phase = "lobby"
    if s is not None:
        phase = "over" if node.finished.is_set() else "playing"
    out: dict[str, Any] = {
        "name": node.name, "code": node.identity.check_code, "seat": node.my_seat,
        "phase": phase,
        "players": _marked(node, [{"name": x.name, "code": check_code(x.key),
                                    "connected": x.conn is not None or i == node.my_seat,
                                    **({"bot": x.bot} if x.bot else {})}
                                   for i, x in enumerate(node.seats)] if node.seats else
                           [dict(p, connected=None) for p in node.lobby_roster]),
        "match": node.outcome.match_id.hex() if node.outcome.match_id else None,
        "can_start": phase == "lobby" and node.start_problem() is None,
        "game": node.game,
        "title": _title(node.game),
    }
    if s is not None:
        out["state_hash"] = engine.state_hash(s.state).hex()
        # seats the log hands to the bot (gone past the timeout, the others chose "bot")
        out["bots"] = list(s.bots())
        # our player asked for our seat back ("reclaim") and the log has not given it yet
        out["reclaim_asked"] = s.reclaim_asked()
    door = getattr(node, "door", None)
    if door is not None:
        # a private table's code, for this user's own screen to show large (the control socket
        # is the user's alone, 0600); it is never sent to a peer, nor announced
        out["table_code"] = {"code": door.code, "strength": strength()}
    if node.outcome.match_file is not None:
        out["file"] = str(node.outcome.match_file)
    if node.outcome.result is not None:
        out["result"] = result_data(node.game, node.outcome.result, seat_names(node))
    if node.outcome.fault is not None:
        f = node.outcome.fault
        out["fault"] = {"kind": f.kind, "seats": list(f.seats), "reason": f.reason}
    return out


def _title(game_id: str | None) -> str | None:
    try:
        return engine.get_game(game_id).title if game_id else None
    except (KeyError, TypeError):  # a game this node lacks: the join fails later, saying why
        return None


def _session_in_play(node):
    """The node's session while its game goes on, else None (nothing is asked any more)."""
    return None if node.finished.is_set() else node.session


def _pending(node) -> dict | None:
    s = _session_in_play(node)
    # The log's slot, not the engine alone: after a move the players still sign the new state,
    # and a move sent before that attestation slot closes would be refused. A sealed decision
    # (several players at once) is asked the same way; the session commits to the answer.
    p = s.my_decision() if s is not None else None
    if p is None:
        return None
    # the seq tells two decisions that read alike apart (a UI waiting for its move to land)
    return decision_data(s.seq, s.state, p, seat_names(node))


def _state(node, req: dict) -> dict:
    state = node.session.state
    # What this seat sees, from the one place that says it (engine.observe): the game's view
    # and the hidden cards this node alone decrypted.
    seen = observe(state, node.my_seat, node.session.private_cards())
    shown = observation_data(seen)
    view, cards, private = shown["state"], shown["cards"], seen.known
    p = engine.pending(state)
    said = None
    since = req.get("since")
    records = node.told.since(since) if type(since) is int else None
    recap = req.get("recap")
    if records is None and type(recap) is int and "before" not in req:
        records = node.told.last(recap)
    if records is not None:
        said = told(records, node.my_seat, seat_names(node), len(node.seats), private)
    elif "before" in req:
        said = narration(state.game, req["before"], view, seat_names(node),
                         bool(req.get("reveal")), len(node.seats))
    return {"state": view, "seq": node.told.next_seq(node.session.seq),
            "summary": summary(state, node.my_seat, seat_names(node)), "said": said,
            "board": board(state, node.my_seat, private), "cards": cards,
            "waiting_for": p.player if isinstance(p, Decision) else None}


def _pending_timeout(node) -> dict | None:
    s = _session_in_play(node)
    asked = s.pending_choice() if s is not None else None
    if asked is None:
        return None
    return {"seq": asked.seq, "seat": asked.seat, "options": list(asked.options)}


# Requests that act on the game; each raises ValueError (IllegalMove) with the reason to refuse.
# The commands besides ACTIONS, as the unknown-command error lists them
QUERIES = ("status", "state", "pending", "glossary")
STREAMS = ("ping", "events", "stop")

ACTIONS = {
    "move": lambda node, req: node.submit_move(req.get("move")),
    "choose": lambda node, req: node.submit_choice(req.get("choice")),
    "reclaim": lambda node, req: node.submit_reclaim(),
    "start": lambda node, req: node.start_now(),
    "refuse": lambda node, req: node.refuse(_text(req, "code"), _text(req, "reason", "")),
}


def _text(req: dict, key: str, default: str | None = None) -> str:
    value = req.get(key, default)
    if not isinstance(value, str):
        raise ValueError(f"'{key}' must be text")
    return value


def parse_request(line: bytes) -> dict:
    """The request a line holds, or ValueError saying what is wrong with it. Nothing a client
    sends gets further than this unless it is a JSON object with a text 'cmd', nested at most
    MAX_DEPTH deep (a deeper one would exhaust the recursion of whatever walks it next)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"a request is UTF-8 text; byte {e.start} is 0x{line[e.start]:02x}"
                         ) from None
    try:
        req = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:
        raise ValueError(f"not JSON: {e}") from None
    if not isinstance(req, dict) or not isinstance(req.get("cmd"), str):
        raise ValueError("a request is a JSON object with a 'cmd'")
    if _too_deep(req):
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    return req


def _too_deep(value: Any) -> bool:
    # iterative: the walk itself must not recurse on what it is checking
    todo = [(value, 1)]
    while todo:
        v, depth = todo.pop()
        if isinstance(v, (list, dict)):
            if depth > MAX_DEPTH:
                return True
            todo.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return False


async def _request(node, line: bytes, send, lifecycle: "Lifecycle | None" = None) -> bool:
    """Answer one request; True when the connection turns into an event stream."""
    try:
        req = parse_request(line)
    except ValueError as e:
        await send({"ok": False, "error": f"bad request: {e}"})
        return False
    cmd = req["cmd"]
    if cmd == "status":
        await send({"ok": True, **_status(node)})
    elif cmd == "state":
        if node.session is None:
            await send({"ok": False, "error": "the game has not started yet"})
        else:
            await send({"ok": True, **_state(node, req)})
    elif cmd == "glossary":
        await send({"ok": True, "game": node.game, "glossary": glossary(node.game)})
    elif cmd == "pending":
        await send({"ok": True, "decision": _pending(node), "timeout": _pending_timeout(node)})
    elif cmd in ACTIONS:
        try:
            ACTIONS[cmd](node, req)
        except ValueError as e:  # IllegalMove is one: the reason goes back, the node goes on
            await send({"ok": False, "error": str(e)})
        else:
            await send({"ok": True})
    elif cmd == "ping":
        rtts = await node.ping()
        await send({"ok": True, "peers": [
            {"seat": seat, "name": node.seats[seat].name,
             "ms": None if rtt is None else round(rtt * 1000, 2)}
            for seat, rtt in sorted(rtts.items())]})
    elif cmd == "events":
        await send({"ok": True})
        return True
    elif cmd == "stop":
        await _stop(node, req, send, lifecycle)
    else:
        known = ", ".join([*QUERIES, *ACTIONS, *STREAMS])
        await send({"ok": False, "error": f"unknown cmd {cmd!r} ({known})"})
    return False


async def _client(node, stream: trio.SocketStream, lifecycle: "Lifecycle | None" = None) -> None:
    async def send(obj: dict) -> None:
        await stream.send_all(json.dumps(obj, default=_bytes_hex).encode() + b"\n")

    buf = b""
    try:
        while True:
            while b"\n" not in buf:
                data = await stream.receive_some(65536)
                if not data:
                    return
                buf += data
                if len(buf) > MAX_LINE and b"\n" not in buf:
                    await send({"ok": False, "error": f"request longer than {MAX_LINE} bytes"})
                    return
            line, buf = buf.split(b"\n", 1)
            if not line.strip():
                continue
            try:
                stream_events = await _request(node, line, send, lifecycle)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                raise
            except Exception as e:  # noqa: BLE001 - a bug of ours must not stop the game
                log.exception("control request %.200r", line)
                await send({"ok": False, "error": f"the node could not answer this request "
                                                  f"({type(e).__name__}: {e}); it plays on"})
                continue
            if stream_events:
                with Lifecycle.watching(lifecycle):
                    await _stream_events(node, stream, send)
                return
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        return
    finally:
        await trio.aclose_forcefully(stream)


def _bytes_hex(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


async def serve_control(node, path: Path, *, lifecycle: "Lifecycle | None" = None,
                        task_status=trio.TASK_STATUS_IGNORED) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()  # a socket left by a node that died
    sock = trio.socket.socket(trio.socket.AF_UNIX, trio.socket.SOCK_STREAM)
    # bound under a name of this process's own (no longer than `path`'s, for AF_UNIX's limit)
    # and moved into place once private and listening: whoever waits for `path` (a UI, a
    # test) is never refused by a socket bound but not yet listening
    fresh = path.with_name(f".ctl-{os.getpid()}")
    try:
        fresh.unlink(missing_ok=True)
        await sock.bind(str(fresh))
        os.chmod(fresh, 0o600)  # only this user may play this user's seat
        sock.listen(trio.socket.SOMAXCONN)
        os.replace(fresh, path)
    except BaseException as e:
        sock.close()
        fresh.unlink(missing_ok=True)
        if not isinstance(e, OSError):
            raise
        # the user reads it (cli.main prints an OSError): which socket, and why
        said = OSError(f"cannot open the control socket {path}: {e.strerror or e}")
        said.errno = e.errno
        raise said from e
    listener = trio.SocketListener(sock)
    try:
        task_status.started(path)
        # never trio.serve_listeners: its traceback every 0.1 s while descriptors are short
        await serve_admitted(_Capped(lambda stream: _client(node, stream, lifecycle),
                                     client_cap()).serve, [listener], "control socket")
    finally:
        path.unlink(missing_ok=True)


def client_cap() -> int:
    """Control connections served at once: MAX_CLIENTS, or a quarter of the descriptor limit."""
    return default_total(MAX_CLIENTS)


class _Capped:
    """Serves at most `cap` connections at once; one more is told so and closed."""

    def __init__(self, handle, cap: int) -> None:
        self.handle, self.cap = handle, cap
        self.open = 0
        self.said = False   # the cap was said in the log, and open has not fallen to half

    async def serve(self, stream) -> None:
        if self.open >= self.cap:
            await self._refuse(stream)
            return
        self.open += 1
        try:
            await self.handle(stream)
        finally:
            self.open -= 1
            if self.open <= self.cap // 2:
                self.said = False   # said again only after the clients mostly went

    async def _refuse(self, stream) -> None:
        if not self.said:
            self.said = True
            log.warning("control socket: %d connections open, the most served at once; "
                        "refusing more until one closes", self.cap)
        line = {"ok": False, "error": f"the node serves at most {self.cap} control "
                                      "connections at once and all are in use: close one "
                                      "and try again"}
        with trio.move_on_after(REFUSAL_SEND):   # a client that does not read holds nothing
            try:
                await stream.send_all(json.dumps(line).encode() + b"\n")
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                pass


async def call(path: Path, request: dict) -> dict:
    """One request to a node's control socket (used by the CLI and tests)."""
    stream = await trio.open_unix_socket(str(path))
    async with stream:
        buf = b""
        try:
            await stream.send_all(json.dumps(request).encode() + b"\n")
            while b"\n" not in buf:
                data = await stream.receive_some(65536)
                if not data:
                    break
                buf += data
        except trio.BrokenResourceError:
            pass   # reset by a node that was ending: said as below, like a plain close
        if b"\n" not in buf:
            raise ConnectionError("the node closed the control connection")
        return json.loads(buf.split(b"\n", 1)[0])


# --- leaving: {"cmd": "stop"}, and whether a UI is attached ---------------------------------------

class Lifecycle:
    """What the process running a node lets control clients know and do about its life.

    `on_stop` ends that process's run ({"cmd": "stop"}); `local_bots_only` says every other seat
    is a bot this machine started (the process knows, the node does not). A UI is attached while
    it holds an "events" stream; `idle_for()` is None then, else the seconds since the last one
    ended (or since this Lifecycle was made: the node started)."""

    def __init__(self, on_stop: Callable[[], None] | None = None,
                 local_bots_only: bool = False) -> None:
        self.on_stop = on_stop
        self.local_bots_only = local_bots_only
        self.watchers = 0
        self.idle_since = trio.current_time()

    @staticmethod
    @contextmanager
    def watching(lifecycle: "Lifecycle | None"):
        if lifecycle is None:
            yield
            return
        lifecycle.watchers += 1
        try:
            yield
        finally:
            lifecycle.watchers -= 1
            lifecycle.idle_since = trio.current_time()

    def idle_for(self) -> float | None:
        return None if self.watchers else trio.current_time() - self.idle_since


async def _stream_events(node, stream: trio.SocketStream, send) -> None:
    """Send the node's events until it ends or the client hangs up. The hang-up is seen at
    once, not at the next event: a UI closed while the game waits for its player's decision
    sends nothing more, and until then it would count as attached (Lifecycle) forever."""
    async def until_hangup(scope: trio.CancelScope) -> None:
        try:
            while await stream.receive_some(65536):
                pass   # a subscriber has nothing more to ask
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        scope.cancel()

    with node.subscribe() as events:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(until_hangup, nursery.cancel_scope)
            try:
                async for ev in events:
                    await send(ev)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                pass
            nursery.cancel_scope.cancel()


def what_stopping_does(node, local_bots_only: bool) -> str:
    """In words, what ending this node now means for its game."""
    s = node.session
    resume = (f" Your match file is kept: `lanboard resume {node.outcome.match_file.stem}` "
              "continues it." if node.outcome.match_file is not None else "")
    if s is None:
        return "The lobby closes: players who joined it are disconnected, and no game starts."
    if node.finished.is_set():
        return ("The game has ended and your match file is complete; the node stops waiting "
                "for the other players to fetch its end.")
    if local_bots_only:
        return "The game stops in the middle, and the bots on this machine stop with it." + resume
    wait = s.body.get("timeouts", {}).get("decision")
    within = f" for up to {wait} s" if isinstance(wait, int) else ""
    return ("You leave a game in progress. The other players wait for your seat" + within +
            ", then choose together: wait for you, hand your seat to a bot, or end the game." +
            resume)


async def _stop(node, req: dict, send, lifecycle: "Lifecycle | None") -> None:
    if lifecycle is None or lifecycle.on_stop is None:
        await send({"ok": False, "error": "this node cannot be stopped from its control socket"})
        return
    confirm = req.get("confirm", False)
    if not isinstance(confirm, bool):
        await send({"ok": False, "error": "bad request: 'confirm' is true or false"})
        return
    await send({"ok": True, "stopping": confirm,
                "what_happens": what_stopping_does(node, lifecycle.local_bots_only)})
    if confirm:
        log.info("stopping on request from the control socket")
        lifecycle.on_stop()
