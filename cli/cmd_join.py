"""`lanboard join`: find a lobby on the LAN (or dial --peer) and play in it."""
from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
from functools import partial

import trio

from node.discovery import LobbyGone, LobbyInfo, LobbySeen, browse, proven_lobbies
from node.runtime import LobbyRefused
from node.transport import TransportError
from protocol.identity import data_dir, is_check_code
from protocol.peertext import shown
from protocol.table_code import CODE_CHARS, WrongCode, normal_code

from .bot_option import fold_level
from .cmd_host import add_node_arguments, node_argv
from .cmd_resume import resume_if_chosen
from .errors import UsageError
from .chosen_name import chosen_name
from .node_runner import (TABLE_CODE_ENV, Printer, exit_status, make_node, run_with_control,
                          setup_logging)

NAME = "join"
HELP = "join a game found on the LAN (or at --peer HOST:PORT) and play"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("lobby", nargs="?", metavar="NAME",
                   help="host name (or check code) of the lobby; default: the first open one")
    p.add_argument("--peer", metavar="HOST:PORT", help="dial this lobby directly (no multicast)")
    p.add_argument("--code", metavar="CODE",
                   help="a private table's code, as its host reads it out (e.g. K7Q-M3X)")
    p.add_argument("--find-timeout", type=float, default=30.0, metavar="S",
                   help="how long to look for the lobby on the LAN (default: 30)")
    add_node_arguments(p)


def parse_peer(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--peer wants HOST:PORT, not {text!r}")
    return host, int(port)


# A lobby seen on the LAN whose node did not prove its code (slow to answer under load, a
# lost packet) is dialed again this often while the search lasts.
PROVE_RETRY_S = 2.0


async def find_lobby(name: str | None, timeout: float, interfaces,
                     skip: frozenset = frozenset(), prove=proven_lobbies) -> LobbySeen | None:
    """The first open lobby seen (named `name`, if given) that is not in `skip` (by address
    and port), and whose node proves the key of its code (an announcement alone says nothing:
    anyone can announce any name and code). Only lobbies whose announcement could be the one
    asked for are dialed. An endpoint seen but not proven is dialed again every PROVE_RETRY_S:
    an announcement comes once, so one failed dial hid the lobby for good; an impostor that
    answers at another endpoint of the same name does not end the real one's retries."""
    unproven: dict[str, LobbySeen] = {}   # by name: the lobby with its unproven endpoints
    with trio.move_on_after(timeout):
        async with browse(interfaces) as lobbies:
            while True:
                try:
                    ev = await lobbies.next_within(PROVE_RETRY_S if unproven else math.inf)
                except trio.EndOfChannel:
                    return None
                if isinstance(ev, LobbyGone):
                    unproven.pop(ev.name, None)
                    continue
                if isinstance(ev, LobbySeen):
                    if not _may_be(ev, name):
                        continue
                    unproven[ev.name] = ev
                    batch = [ev]
                else:   # the time to dial the unproven ones again
                    batch = list(unproven.values())
                for s in await prove(batch):
                    _proven_at(unproven, s)
                    if s.info.phase == "lobby" and s.info.seats_taken < s.info.seats_total \
                            and (s.address, s.port) not in skip and _named(name, s.info, s.name):
                        return s
    return None


def _may_be(seen: LobbySeen, name: str | None) -> bool:
    """Whether any answer for `seen` announces the lobby asked for (the proven one is then
    checked again on what it proves)."""
    return any(_named(name, c, seen.name) for c in seen.claims or (seen.info,))


def _named(name: str | None, info: LobbyInfo, instance: str) -> bool:
    """Whether a lobby's TXT (`info`) or instance name answers to `name` (None: any)."""
    return name is None or name in (info.host, info.code, instance)


def _proven_at(unproven: dict[str, LobbySeen], proven: LobbySeen) -> None:
    """Drop the endpoint `proven` was proven at from the lobby's unproven ones (the whole
    lobby once none is left)."""
    seen = unproven.get(proven.name)
    if seen is None:
        return
    left = tuple(e for e in seen.endpoints or ((seen.address, seen.port),)
                 if e != (proven.address, proven.port))
    if left:
        unproven[proven.name] = dataclasses.replace(seen, address=left[0][0], port=left[0][1],
                                                    endpoints=left)
    else:
        del unproven[proven.name]


async def join_first_open(find, join, say, seated=lambda: False, name: str | None = None
                          ) -> None:
    """Join the first lobby `find(skip)` offers that takes us: one that refuses us (full, just
    started) or cannot be reached is skipped, said with `say`, and the next one found is tried.
    `find` returns None when no other lobby turns up: a UsageError then says what was tried.
    What fails once we are seated (`seated()`: the game itself) is not retried."""
    tried: dict[tuple[str, int], str] = {}
    while True:
        seen = await find(frozenset(tried))
        if seen is None:
            why = "; ".join(f"{a}:{p}: {e}" for (a, p), e in tried.items())
            raise UsageError(f"no open lobby {name + ' ' if name else ''}found on the LAN "
                             "that took us" +
                             (f" (tried {why})" if tried else "") + " (try --peer HOST:PORT)")
        try:
            await join(seen)
            return
        except BaseException as e:  # noqa: BLE001 - only a lobby's refusal is looked at
            failure = _lobby_failure(e)
            if failure is None or seated():
                raise
            tried[(seen.address, seen.port)] = str(failure)
            say(f"lobby of {seen.info.host} at {seen.address}:{seen.port}: {failure}; "
                "looking for another")


def _lobby_failure(e: BaseException) -> BaseException | None:
    """The refusal or unreachable lobby in `e` (also inside trio's exception groups)."""
    if isinstance(e, BaseExceptionGroup):
        found = [_lobby_failure(x) for x in e.exceptions]
        return found[0] if len(found) == 1 else None
    return e if isinstance(e, (LobbyRefused, TransportError, WrongCode)) else None


def _table_code(args: argparse.Namespace) -> str | None:
    text = args.code or os.environ.get(TABLE_CODE_ENV)   # the host's local bots: environment
    if text is None:
        return None
    code = normal_code(text)
    if code is None:
        raise UsageError(f"{text!r} is not a table code: {CODE_CHARS} letters and digits "
                         "as the host reads them out, e.g. K7Q-M3X")
    return code


def run(args: argparse.Namespace) -> int:
    peer = parse_peer(args.peer) if args.peer else None
    fold_level(args, "bot")
    resumed = resume_if_chosen(args, "join", None)
    if resumed is not None:
        return resumed
    args.name = chosen_name(args.name)
    from .ui.launch import last_words, open_ui, start_node, ui_wanted
    if ui_wanted(args):
        if not args.lobby and not args.peer:
            from .ui.lobby_picker import pick_lobby
            # a private table picked asks for its code, unless --code gave it (checked first)
            seen = pick_lobby(args.interface, _table_code(args) if args.code else None)
            if seen is None:
                return 0
            args.peer = f"{seen['address']}:{seen['port']}"
            args.lobby = seen["code"]   # the node joins there only if that key answers
            args.code = seen.get("table_code") or args.code
        argv = ["join", *([args.lobby] if args.lobby else []), *node_argv(args),
                "--find-timeout", str(args.find_timeout)]
        argv += ["--peer", args.peer] if args.peer else []
        if args.code:   # for the node the UI starts: in its environment, not its command line
            os.environ[TABLE_CODE_ENV] = args.code
        print("looking for the lobby…", flush=True)
        proc, control, log = start_node(argv, "join", timeout=args.find_timeout + 30)
        # a node refused after it took a seat (the host refused us) says why on the screen
        return open_ui(control, words=last_words(proc, log.with_suffix(".err"), "join"))
    table_code = _table_code(args)
    setup_logging(args.verbose)
    printer = Printer(args.json, bot=bool(args.bot))
    node = make_node(args, printer)
    control = data_dir() / f"control-{node.identity.check_code}.sock"

    async def join_at(target, code) -> None:
        async with trio.open_nursery() as nursery:
            port = await nursery.start(partial(node.join, *target, code=code,
                                               table_code=table_code))
            printer("listening", {"port": port, "control": str(control)})

    async def play():
        if peer is not None:
            # `join CODE --peer HOST:PORT` (the picker's way): that key or nothing
            await join_at(peer, args.lobby if is_check_code(args.lobby or "") else None)
        else:
            # a lobby that fails us (refuses, is gone, proves another key than its code) is
            # not the last word: the next one found (of that name or code, if given) is tried
            deadline = trio.current_time() + args.find_timeout

            async def find(skip):
                return await find_lobby(args.lobby, deadline - trio.current_time(),
                                        args.interface, skip)

            async def join(seen):
                printer("found", {"host": seen.info.host, "address": seen.address})
                try:
                    await join_at((seen.address, seen.port), seen.info.code)
                except BaseException:
                    if node.session is None:   # not seated: the node is as it was
                        node.game, node.lobby_roster = None, []
                    raise

            await join_first_open(find, join,
                                  lambda text: print(shown(text), file=sys.stderr, flush=True),
                                  seated=lambda: node.session is not None,
                                  name=repr(args.lobby) if args.lobby else None)
        return node.outcome

    try:
        outcome = trio.run(run_with_control, node, printer, play, control)
    except TransportError as e:
        raise UsageError(str(e)) from None
    except BaseException as e:  # noqa: BLE001 - only a lobby's refusal is looked at
        # raised inside the node's nurseries: found in their exception groups (main says the
        # other user errors it finds there, a refusal is ours to word)
        refused = _lobby_failure(e)
        if isinstance(refused, LobbyRefused):
            raise UsageError(f"the lobby refused us: {refused}") from None
        if isinstance(refused, WrongCode):
            raise UsageError(f"the lobby refused us: {refused}") from None
        raise
    return exit_status(outcome)
