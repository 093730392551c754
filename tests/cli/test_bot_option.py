"""Bot kinds, levels and think times on the command line: sim --bots, play --bot-kind/--level/
--think, host/join --bot: anything bad is refused (exit 2) naming what is allowed, before a
node or a game starts."""
import argparse

import pytest

from cli.bot_option import fold_level
from cli.errors import UsageError
from cli.main import main


@pytest.mark.parametrize("argv,named", [
    (["play", "--think", "0"], "more than 0 and at most 60"),
    (["play", "--think", "-1"], "more than 0"),
    (["play", "--think", "86400"], "at most 60"),
    (["play", "--level", "expert"], "choose from 'easy', 'normal', 'hard'"),
    (["play", "--bot-kind", "clever"], "known: random, greedy, strong"),
    (["host", "--bot", "strong:expert"], "known: easy, normal, hard"),
    (["join", "--bot", "strong@0"], "more than 0"),
])
def test_a_bad_bot_level_or_think_time_is_refused_naming_what_is_allowed(argv, named, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2 and named in capsys.readouterr().err


@pytest.mark.parametrize("bots,named", [("strong:expert", "known: easy, normal, hard"),
                                        ("strong@1", "budget is simulations")])
def test_sim_refuses_a_bad_strong_bot_naming_what_is_allowed(bots, named, capsys):
    assert main(["sim", "--bots", bots]) == 2
    assert named in capsys.readouterr().err


def test_level_and_think_go_into_the_strong_bots_spec_and_need_a_strong_bot():
    args = argparse.Namespace(bot=None, bot_kind="strong", level="hard", think=0.5)
    fold_level(args, "bot", "bot_kind")
    assert args.bot_kind == "strong:hard@0.5" and args.bot is None
    with pytest.raises(UsageError, match="strong"):
        fold_level(argparse.Namespace(bot_kind="greedy", level="easy", think=None), "bot_kind")


def test_sim_plays_a_strong_bot_at_a_level(capsys):
    assert main(["sim", "--game", "overwatch-monopoly", "--bots",
                 "strong:easy,greedy,greedy,greedy", "--seed", "2"]) == 0
    assert capsys.readouterr().out.strip()
