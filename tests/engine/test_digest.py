"""The rules digest the genesis commits to changes with any change to a game's rules or data."""
import importlib.util
import sys

from engine import get_game


def _load_game(package_dir, name):
    spec = importlib.util.spec_from_file_location(name, package_dir / "rules.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.Toy()


def test_a_change_to_rules_code_or_data_changes_the_digest_but_a_bot_change_does_not(tmp_path):
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "rules.py").write_text(
        "from pathlib import Path\nfrom engine.core import Game\n"
        "class Toy(Game):\n    id = 'toy'\n"
        "    def rules_files(self):\n        here = Path(__file__).parent\n"
        "        return [here / 'rules.py', here / 'data.toml']\n")
    (pkg / "data.toml").write_text("x = 1\n")
    (pkg / "bot.py").write_text("# policy\n")
    first = _load_game(pkg, "toy_rules_a").digest()
    (pkg / "bot.py").write_text("# a better policy\n")
    assert _load_game(pkg, "toy_rules_b").digest() == first
    (pkg / "data.toml").write_text("x = 2\n")
    second = _load_game(pkg, "toy_rules_c").digest()
    assert second != first
    (pkg / "rules.py").write_text((pkg / "rules.py").read_text() + "# changed\n")
    assert _load_game(pkg, "toy_rules_d").digest() not in (first, second)


def test_the_reference_games_digest_is_stable_within_a_process():
    g = get_game("overwatch-monopoly")
    assert g.digest() == g.digest() and len(g.digest()) == 32


def test_a_file_added_to_a_game_package_is_in_its_digest_and_its_words_are_not(tmp_path):
    # The rules files come from the package folder, so nobody has to remember to list one.
    pkg = tmp_path / "toy_pkg"
    pkg.mkdir()
    (pkg / "rules.py").write_text(
        "from engine.games.game_package import PackagedGame\n"
        "class Toy(PackagedGame):\n    id = 'toy-package'\n")
    (pkg / "words.py").write_text("# words for people\n")
    first = _load_game(pkg, "toy_pkg_a").digest()
    (pkg / "words.py").write_text("# other words for people\n")
    assert _load_game(pkg, "toy_pkg_b").digest() == first
    (pkg / "helpers.py").write_text("LIMIT = 3\n")
    assert _load_game(pkg, "toy_pkg_c").digest() != first
