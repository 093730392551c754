"""--watchers and --no-watchers set how many may watch through a node (at a private table only
watchers that prove the table code: tests/node/test_private_table.py)."""
import argparse

import pytest

from cli.node_runner import watchers_allowed


@pytest.mark.parametrize("args, allowed", [
    (dict(watchers=5), 5),
    (dict(watchers=5, no_watchers=True), 0),
])
def test_watchers_options_set_how_many_may_watch(args, allowed):
    assert watchers_allowed(argparse.Namespace(**args)) == allowed
