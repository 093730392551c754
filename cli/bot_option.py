"""The bot options every command shares: a bot spec KIND[:LEVEL][@SECONDS] (engine.bots), and
`--level` / `--think`, which set the level and think time of the strong bots a command starts.

Invariant: a spec that leaves here is one engine.bots.parse_bot_spec accepts; anything else is
refused with a message naming what is allowed, before a node or a game starts.
"""
from __future__ import annotations

import argparse

from engine.bots import (BOT_KINDS, LEVELS, THINK_DEFAULT, THINK_MAX, bot_spec, check_think,
                         parse_bot_spec)

from .errors import UsageError

__all__ = ["bot_spec_arg", "think_arg", "add_level_options", "fold_level", "KINDS_HELP"]

KINDS_HELP = (f"{'|'.join(BOT_KINDS)}; strong takes a level: strong:{'|'.join(LEVELS)}")


def bot_spec_arg(value: str) -> str:
    """argparse type of a bot spec."""
    try:
        parse_bot_spec(value)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return value


def think_arg(value: str) -> float:
    """argparse type of --think."""
    try:
        return check_think(value)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_level_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", choices=LEVELS, default=None,
                   help="how well the strong bots play: easy, normal (default), hard")
    p.add_argument("--think", type=think_arg, default=None, metavar="SECONDS",
                   help=f"time a strong bot may think a decision at hard (default {THINK_DEFAULT:g}, "
                        f"at most {THINK_MAX:g}; normal uses part of it)")


def fold_level(args: argparse.Namespace, *attrs: str) -> None:
    """Write --level and --think into the strong-bot specs among `attrs` of `args` (a spec's own
    level or time is kept when the option is not given); UsageError when they are given and
    no strong bot is started."""
    level, think = getattr(args, "level", None), getattr(args, "think", None)
    if level is None and think is None:
        return
    touched = False
    for attr in attrs:
        spec = getattr(args, attr, None)
        if not spec:
            continue
        kind, own_level, own_think = parse_bot_spec(spec)
        if kind != "strong":
            continue
        lv = level or own_level
        th = think if think is not None else own_think
        setattr(args, attr, bot_spec("strong", lv, th))
        touched = True
    if not touched:
        raise UsageError("--level and --think set the strong bot's play: name it "
                         "(--bot-kind strong, --bot strong)")
