"""A private table takes no watchers: a watcher proves no table code (node.watchers serves any
stranger the log), so every node of a private table refuses them, the host's and each seat
taken with the code alike; a public table keeps --watchers."""
import argparse

import pytest

from cli.node_runner import TABLE_CODE_ENV
from cli.node_runner import watchers_allowed


@pytest.mark.parametrize("args, env, allowed", [
    (dict(private=True, watchers=8), None, 0),          # host --private
    (dict(code="K7M2QX", watchers=8), None, 0),         # join --code
    (dict(code=None, watchers=8), "K7M2QX", 0),         # a private host's own bot
    (dict(private=False, watchers=5), None, 5),         # a public table: as asked
    (dict(private=False, watchers=5, no_watchers=True), None, 0),
])
def test_a_private_table_takes_no_watchers(monkeypatch, args, env, allowed):
    monkeypatch.delenv(TABLE_CODE_ENV, raising=False)
    if env:
        monkeypatch.setenv(TABLE_CODE_ENV, env)
    assert watchers_allowed(argparse.Namespace(**args)) == allowed
