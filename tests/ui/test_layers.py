"""The UI is a client of the control API: importing any of its modules loads no engine, no node
and no game, so nothing it shows can come from running the rules in the UI's own process."""
import pkgutil
import subprocess
import sys
from pathlib import Path

import cli.ui

ROOT = Path(__file__).resolve().parents[2]


def test_importing_every_ui_module_imports_neither_the_engine_nor_the_node():
    modules = sorted(f"cli.ui.{m.name}" for m in pkgutil.iter_modules(cli.ui.__path__))
    assert "cli.ui.app" in modules and "cli.ui.screens" in modules
    code = (f"import sys\nfor m in {modules!r}:\n    __import__(m)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('engine', 'node')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_no_ui_module_holds_a_games_rules_text():
    # The Overwatch character guide, ability words and scoring moved to the game's words module.
    text = "".join(p.read_text() for p in Path(cli.ui.__path__[0]).glob("*.py"))
    for rules_words in ("Defense Matrix", "Biotic Rifle", "Pulse Bomb", "Play of the Game"):
        assert rules_words not in text, rules_words
