"""Running a node from the command line: identity, control socket, LAN announcement, and what
the person at the terminal sees (plain lines, or one JSON object per event with --json). A plain
line holds other players' names and reasons: it is printed through protocol.peertext.shown, so
no peer writes on this terminal (JSON escapes control characters itself)."""
from __future__ import annotations

import json
import logging
import sys
from functools import partial
from pathlib import Path
from typing import Any

import trio

from engine import player_name
from node.control import Lifecycle, serve_control
from node.discovery import LobbyInfo, announce
from node.runtime import Node
from node.watchers import WATCHERS
from protocol.identity import data_dir, load_or_create
from protocol.peertext import shown

from .command_hint import lanboard

log = logging.getLogger("lanboard.cli")

# A private table's code for the host's own bots: `join` reads it when no --code is given
# (in the environment, never on a command line other users can read)
TABLE_CODE_ENV = "LANBOARD_TABLE_CODE"

# A game against this machine's bots only, with no UI attached this long, ends itself (its bots
# too; the match file stays, resumable): issue 17 found 14 forgotten nodes waiting for a week.
END_IDLE_S = 24 * 3600


class Printer:
    """Events as a person reads them, or as JSON lines for scripts and tests."""

    def __init__(self, json_lines: bool, prefix: str = "", bot: bool = False) -> None:
        self.json = json_lines
        self.prefix = prefix
        self.bot = bot  # a bot's decisions are its own business: not printed

    def __call__(self, kind: str, data: dict) -> None:
        if self.bot and kind == "decision":
            return
        if self.json:
            print(json.dumps({"event": kind, **data}, default=_hex), flush=True)
            return
        text = _describe(kind, data)
        if text:   # names and reasons in it are peers' words: escaped, one line each
            # a lobby's warnings are lines of our own (a name holds no line break); any
            # other text is one line, a peer's line break in it escaped
            for line in text.split("\n") if kind == "lobby" else (text,):
                print(f"{self.prefix}{shown(line)}", flush=True)


def _hex(v: Any) -> Any:
    if isinstance(v, (bytes, bytearray)):
        return v.hex()
    raise TypeError(type(v).__name__)


def _describe(kind: str, d: dict) -> str | None:
    said = _SAID.get(kind)
    return said(d) if said else None


def _lobby(d: dict) -> str:
    names = ", ".join(f"{p['name']} ({p['code']}{_known(p)})" for p in d["players"])
    loud = [p["known"]["words"] for p in d["players"]
            if p.get("known", {}).get("mark") == "another key"]
    return "\n".join([*loud, f"lobby {len(d['players'])}/{d['seats']}: {names}"])


def _over(d: dict) -> str:
    scores = " / ".join(f"{player_name(i)} {s}" for i, s in enumerate(d["scores"]))
    return f"game over: winner {' and '.join(map(player_name, d['winners']))}; scores {scores}"


def _fault(d: dict) -> str:
    over = (". The signed proof is kept in the match file: this match is over for good "
            "(`lanboard verify` names the cheater from it)") if d.get("proven") else ""
    return f"GAME STOPPED: {d['kind']} by {_players(d['seats'])}: {d['reason']}{over}"


def _peer(d: dict) -> str:
    if d.get("state") == "connected":
        return f"{player_name(d['seat'])} connected"
    return f"{player_name(d['seat'])} disconnected: {d.get('reason', 'unknown reason')}"


def _timeout(d: dict) -> str:
    if not d.get("ask"):
        return f"{player_name(d['seat'])} is recorded as timed out; the others are choosing"
    return (f"{player_name(d['seat'])} is gone past the timeout: choose {' / '.join(d['options'])} "
            "— use the control API (cmd: choose)")


def _alone(d: dict) -> str:
    return (f"ALONE: no other player reachable for {d['seconds']} s ({_players(d['seats'])}): "
            "they may have finished or left, or the network is down. Your match so far "
            f"verifies with `{lanboard('verify', '--partial', d['file'])}`; keep this running "
            "to go on when one is back, or Ctrl-C to stop")


# What a person reads for each event the node emits (an event not named here prints nothing)
_SAID = {
    "table code": lambda d: f"table code: {d['code']}",
    "wrong code": lambda d: d["said"],
    "listening": lambda d: f"listening on port {d['port']}; control socket {d['control']}",
    "lobby": _lobby,
    "dropped": lambda d: (f"{d['name']} ({d['code']}) was dropped from the lobby: "
                          f"{d['reason']}; the seat is open again"),
    "started": lambda d: (f"game started: match {d['match'][:16]}…, "
                          f"you are {player_name(d['seat'])}"),
    "over": _over,
    "fault": _fault,
    "peer": _peer,
    "decision": lambda d: (f"your decision ({d['prompt']}): {len(d['options'])} options — "
                           "use the control API"),
    "timeout": _timeout,
    "choice": lambda d: f"about {player_name(d['seat'])}, the players chose: {d['outcome']}",
    "reclaimed": lambda d: f"{player_name(d['seat'])} took their seat back from the bot",
    "hurry": lambda d: (f"HURRY: {d['seconds']} s left to decide before the others may "
                        "time you out"),
    "stalled": lambda d: f"STALLED: {_players(d['seats'])} are all gone: {d['reason']}",
    "alone": _alone,
    "lingering": lambda d: (f"waiting up to {d['up_to']:g} s for {_players(d['seats'])} to "
                            "fetch the end of the game (a player restarting after a crash "
                            "needs it); Ctrl-C stops this, your match file is complete"),
    "recovered": lambda d: ("the match file ended inside an entry (a crash or a full disk): "
                            "cut back to its last complete entry; the other players send the "
                            f"rest. The {d['bytes']} torn bytes are kept in {d['kept']}"),
    "watchers": lambda d: f"watching through this node: {d['active']} (at most {d['limit']})",
    "stopped": lambda d: f"stopped: {d['why']}",
    "saved": lambda d: f"match file: {d['path']}",
}


def _known(player: dict) -> str:
    """The book of players' word after a player's code: ", known: 3 games", ", new"."""
    known = player.get("known") or {}
    if known.get("mark") == "known":
        return f", known: {known['games']} games"
    if known.get("mark") == "new":
        return ", new"
    if known.get("mark") == "another key":
        return ", ANOTHER KEY under a known name"
    return ""


def _players(seats: list[int]) -> str:
    return ", ".join(map(player_name, seats)) or "nobody"


def make_node(args, printer: Printer) -> Node:
    home = data_dir()
    identity = load_or_create(home)
    return Node(identity, args.name, home, bot=args.bot, listen_host=args.listen,
                port=args.port, on_event=printer, watchers=watchers_allowed(args),
                watch_delay=getattr(args, "delay", 0))   # a joiner's comes from its host


def watchers_allowed(args) -> int:
    """How many may watch through this node (--watchers, --no-watchers; at a private table only
    watchers that prove the table code: node.watchers.Watchers.private)."""
    return 0 if getattr(args, "no_watchers", False) else getattr(args, "watchers", WATCHERS)


async def run_with_control(node: Node, printer: Printer, play, control: Path | None = None, *,
                           local_bots_only: bool = False, end_idle: float | None = None):
    """Serve the control socket while `play()` runs; returns play's outcome (node.outcome when
    the run was stopped: {"cmd": "stop"}, or `end_idle` seconds without a UI in a game whose
    other seats are all this machine's bots)."""
    import signal
    control = control or data_dir() / f"control-{node.identity.check_code}.sock"
    outcome = node.outcome
    # SIGTERM is ours from before the control socket exists until after it is gone: a second
    # stop arriving while the first unwinds (a host ending its bots as `stop MATCH` asks them
    # too) must not kill the process between the two and leave the socket file behind.
    with trio.open_signal_receiver(signal.SIGTERM) as sigterm:
        async with trio.open_nursery() as nursery:
            def stop(why: str) -> None:
                if not nursery.cancel_scope.cancel_called:
                    printer("stopped", {"why": why})
                nursery.cancel_scope.cancel()
            lifecycle = Lifecycle(lambda: stop("asked to stop on the control socket"),
                                  local_bots_only)
            await nursery.start(partial(serve_control, node, control, lifecycle=lifecycle))
            nursery.start_soon(stop_on_sigterm, sigterm, lambda: stop("terminated (SIGTERM)"))
            if local_bots_only and end_idle:
                nursery.start_soon(end_when_idle, lifecycle, end_idle, lambda: stop(
                    f"nobody attached for {end_idle:g} s in a game against this machine's bots"))
            outcome = await play()
            nursery.cancel_scope.cancel()
    if outcome.match_file is not None:
        printer("saved", {"path": str(outcome.match_file)})
    return outcome


async def stop_on_sigterm(signals, stop) -> None:
    """SIGTERM (`kill`, a host ending the bots it started) stops the run as {"cmd": "stop"}
    does, so the control socket file goes with the node instead of staying behind."""
    async for _ in signals:
        stop()
        return


async def end_when_idle(lifecycle: Lifecycle, limit: float, end) -> None:
    """Call `end()` once no UI has been attached for `limit` seconds in a row."""
    while True:
        idle = lifecycle.idle_for()
        if idle is not None and idle >= limit:
            end()
            return
        await trio.sleep(limit - (idle or 0))


def announcer(info_for, interfaces):
    """A task for Node.host: announce the lobby and keep its TXT in step with the node."""
    async def run(node: Node) -> None:
        info: LobbyInfo = info_for(node)
        async with announce(info, node.port, interfaces) as ad:
            last = None
            while True:
                phase = "over" if node.finished.is_set() else \
                    "playing" if node.session is not None else "lobby"
                w = node.watchers
                state = (len(node.seats), phase,
                         node.outcome.match_id.hex() if node.outcome.match_id else "",
                         f"{w.active}/{w.limit}" if w.limit > 0 else "no", w.delay)
                if state != last:
                    await ad.update(seats_taken=state[0], phase=state[1], match=state[2],
                                    watch=state[3], delay=state[4])
                    last = state
                await trio.sleep(0.5)
    return run


def exit_status(outcome) -> int:
    if outcome.fault is not None:
        return 1
    return 0 if outcome.result is not None else 1


def setup_logging(verbose: bool) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")


def node_running(control: Path) -> bool:
    """Whether a node of this identity answers on its control socket."""
    import socket
    if not control.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        try:
            s.connect(str(control))
        except OSError:
            return False   # a socket file left by a node that crashed
    return True
