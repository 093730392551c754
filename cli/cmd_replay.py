"""`lanboard replay FILE`: step forward and back through a verified match file.

This command, not the UI, runs the engine: it replays the file and words every step with the
game's words (node.words, as a live node does), then hands the UI plain data to show."""
from __future__ import annotations

import argparse
import asyncio
import sys

from .command_hint import lanboard
from .errors import UsageError

NAME = "replay"
HELP = "step through a match file in the terminal UI (it is verified first)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="match file")


def load_steps(path: str) -> tuple[list[dict], list[str]]:
    """The state after every entry of a match file; UsageError when it does not verify."""
    steps, names, _ = load_match(path)
    return steps, names


def load_match(path: str) -> tuple[list[dict], list[str], str]:
    """The steps and player names of a match file, and its game's id (it picks the screens):
    every entry verified, each a step (StepMaker)."""
    from protocol.matchfile import MAX_FILE
    from protocol.verify import replay

    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE + 1)
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    make = StepMaker()
    report, _ = replay(data, make)
    if report.status == 2:
        raise UsageError(f"not a match file: {report.reason}")
    if report.status == 1 and report.fault != "incomplete" and report.proof is None:
        raise UsageError(f"the match file does not verify at entry {report.index}: "
                         f"{report.fault}: {report.reason}")
    if not make.steps:
        raise UsageError("the match file holds no entries after its genesis")
    return make.steps, [p["name"] for p in report.players], make.game


class StepMaker:
    """Each verified entry as a step the UI shows, told in order (index, entry, ledger) by
    whatever checks them: `replay` for a file, a live watcher (cli.cmd_watch) for a game being
    played. Each step has the game's summary of its state (describe_state, as a spectator sees
    it), what its entry did ("said") and what it changed ("narration", null for a game that has
    none); a step that ends the game has "over": its "scores", "winners" and the game's words on
    them ("said"). The genesis (index 0) makes no step: it names the players and the game."""

    def __init__(self) -> None:
        self.steps: list[dict] = []
        self.names: list[str] = []
        self.game = ""
        self._before: list = []

    def __call__(self, index: int, entry, ledger) -> dict | None:
        import engine
        from engine.canonical import to_data
        from node.told import Record
        from node.words import SeatNames, board, result_data, summary, told

        names, before = self.names, self._before
        step = None
        if index == 0:  # the genesis: no game state to show until set-up begins
            self.names[:] = [p["name"] for p in ledger.genesis["body"]["players"]]
            self.game = ledger.genesis["body"]["game"]
        else:
            authors = entry.get("authors") or []
            kind = entry.get("kind", "?")
            state = to_data(ledger.state)
            move = (entry.get("parts") or [None])[0] if kind == "move" else None
            # the words a live node tells a spectator for this entry: the move chosen, then
            # what it changed (node.words.told, as the control API's "said")
            said = told([Record(index, kind, before[0], ledger.state, move)], None,
                        SeatNames(names), len(names)) if self.steps and before else None
            step = {"index": index, "kind": kind,
                    "author": authors[0] if len(authors) == 1 else None,
                    "said": _said(entry, before[0] if before else None, names),
                    "state": state, "hash": ledger.state_hash().hex(),
                    "summary": summary(ledger.state, None, SeatNames(names)), "narration": said,
                    "board": board(ledger.state, None)}
            over = engine.pending(ledger.state)
            if isinstance(over, engine.Over):   # the game's end: who won, and the game's words
                step["over"] = result_data(self.game, over.result, SeatNames(names))
            self.steps.append(step)
        before[:] = [ledger.state]
        return step


def _said(entry: dict, state, names: list[str]) -> str:
    """What an entry did, in words: the move as the option it was, a roll, an agreement."""
    import engine
    from engine import Decision
    from node.words import SeatNames, option_labels

    kind = entry.get("kind")
    if kind == "attest":
        return "every node signed the same state hash"
    if kind == "reveal":
        return f"dice from the reveals of all {len(entry.get('authors') or [])} players"
    if kind == "commit":
        return f"{len(entry.get('authors') or [])} players committed to sealed choices"
    if kind == "open":
        seats = SeatNames(names)

        def chose(move: list) -> str:
            return option_labels(state, [move], seats)[0] if state is not None else \
                " ".join(map(str, move))
        return "the sealed choices opened: " + "; ".join(
            f"{seats.plain(a)}: {chose(p.get('move', []))}"
            for a, p in zip(entry.get("authors") or [], entry.get("parts") or []))
    if kind == "key":
        return f"{len(entry.get('authors') or [])} players posted their keys for the hidden cards"
    if kind == "shuffle":
        return "shuffled the hidden deck, with its proof"   # the author is shown beside it
    if kind == "draw":
        return "a hidden card drawn: the others' decryption shares, for its holder alone"
    if kind == "disclose":
        return "the hidden cards turned face up"
    if kind == "move" and state is not None and entry.get("parts"):
        if isinstance(engine.pending(state), Decision):
            return "chose: " + option_labels(state, [entry["parts"][0]], SeatNames(names))[0]
    return kind or "?"


def run(args: argparse.Namespace) -> int:
    import engine
    from node.words import glossary

    from .ui.app import GameUI, ReplaySteps
    from .ui.model import Model
    if not sys.stdin.isatty():   # the UI reads keys: without a terminal it would end at once
        raise UsageError("replay steps through a match at a terminal, and standard input is "
                         f"not one: `{lanboard('verify', args.file)}` checks the file and "
                         f"`{lanboard('export', args.file)}` prints its entries for a script")
    steps, names, game = load_match(args.file)
    model = Model()
    ui = GameUI(model)
    ui.replay = ReplaySteps(model, steps, names, game, engine.get_game(game).title,
                            glossary(game))
    asyncio.run(ui.run_replay())
    return 0
