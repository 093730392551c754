"""The name a player is shown by at the table.

`--name` wins. Otherwise the name remembered in $LANBOARD_HOME/name; a player who has none is
asked once, at a terminal, with their login name offered, and the answer is remembered. Without
a terminal (a script, a node started in the background) nothing is asked and nothing written:
the remembered name, else the login name ("player" when there is none).
"""
from __future__ import annotations

import getpass
import sys
from pathlib import Path

from protocol.peertext import name_problem, shown

NAME_FILE = "name"


def login_name() -> str:
    try:
        return usable(getpass.getuser()) or "player"
    except (KeyError, OSError):   # no login name in the environment or the password file
        return "player"


def usable(text: str) -> str:
    """`text` as a name ("" when it is none): trimmed, and held to the rule every lobby and
    genesis checks (protocol.peertext.name_problem)."""
    text = text.strip()
    return "" if name_problem(text) else text


def remembered(home: Path) -> str:
    try:
        return usable((home / NAME_FILE).read_text())
    except OSError:
        return ""


def chosen_name(given: str | None, home: Path | None = None) -> str:
    if given is not None:
        return given
    from protocol.identity import data_dir
    home = home or data_dir()
    name = remembered(home)
    if name:
        return name
    if not sys.stdin.isatty():
        return login_name()
    name = ask(login_name())
    home.mkdir(parents=True, exist_ok=True)
    (home / NAME_FILE).write_text(name + "\n")
    print(f"(remembered in {home / NAME_FILE}; --name gives another for one game)")
    return name


def ask(offered: str) -> str:
    while True:
        try:
            answer = input(f"Your name at the table [{offered}]: ")
        except EOFError:
            return offered
        if not answer.strip():
            return offered
        problem = name_problem(answer.strip())
        if problem is None:
            return answer.strip()
        print(shown(problem))
