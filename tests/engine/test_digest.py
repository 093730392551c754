"""The rules digest the genesis commits to covers everything whose code or data can change a state
hash: the game's folder (rules, data, its takeover policy bot.py) but for words for people and
what its search bot knows (search_*.py), the shared modules it names, and the engine core. What
it leaves out is shown to be outside the path of every state: words are imported only by the
methods that write words, and the bots for a player's own seat and the simulator are reached by
no file of the rules."""
import ast
import importlib.util
import sys
from pathlib import Path

import pytest

import engine
from engine import core
from engine.chance import ByteStream

ENGINE_DIR = Path(core.__file__).resolve().parent
ROOT = ENGINE_DIR.parent
GAMES = [g for g in engine.game_ids()            # the built-in ones (tests may register toys)
         if type(engine.get_game(g)).__module__.startswith("engine.games.")]
# What a digest leaves out of the import closure of its files, and why it may:
REGISTRY = ENGINE_DIR / "games" / "__init__.py"   # names the games; each hashes its own files
WORDS_METHODS = {"describe_move", "describe_state", "explain_illegal"}  # results never hashed


def _load_game(package_dir, name):
    spec = importlib.util.spec_from_file_location(name, package_dir / "rules.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.Toy()


@pytest.fixture
def toy_package(tmp_path):
    pkg = tmp_path / "toy"
    (pkg / "parts").mkdir(parents=True)
    (pkg / "rules.py").write_text(
        "from engine.core import Game\nclass Toy(Game):\n    id = 'toy'\n")
    (pkg / "data.toml").write_text("x = 1\n")
    (pkg / "bot.py").write_text("# takeover policy\n")
    (pkg / "parts" / "rent.py").write_text("RENT = 1\n")
    (pkg / "words.py").write_text("# words for people\n")
    (pkg / "RULES.md").write_text("prose\n")
    return pkg


def test_any_file_of_the_game_folder_is_in_its_digest_but_its_words_and_search_profile(
        toy_package):
    pkg = toy_package
    seen = [_load_game(pkg, "toy_rules_0").digest()]
    for n, (path, text) in enumerate([
            ("bot.py", "# a better takeover policy\n"),   # the takeover policy is rules
            ("data.toml", "x = 2\n"),
            ("rules.py", (pkg / "rules.py").read_text() + "# changed\n"),
            ("parts/rent.py", "RENT = 2\n"),                 # sub-folders too
            ("helper.py", "# a file added later cannot be forgotten\n")], start=1):
        (pkg / path).write_text(text)
        digest = _load_game(pkg, f"toy_rules_{n}").digest()
        assert digest not in seen, path
        seen.append(digest)
    for n, (path, text) in enumerate([("words.py", "# other words\n"),
                                      ("RULES.md", "other prose\n"),
                                      ("search_profile.py", "PROFILE = None\n"),
                                      ("search_plans.py", "# a deeper search\n")]):
        (pkg / path).write_text(text)
        assert _load_game(pkg, f"toy_words_{n}").digest() == seen[-1], path


@pytest.mark.parametrize("game_id", GAMES)
def test_a_change_to_any_file_a_real_games_digest_names_changes_it(game_id, monkeypatch):
    game = engine.get_game(game_id)
    files = [path for _, path in game.digest_files()]
    original = game.digest()
    read_bytes = Path.read_bytes
    for target in files:
        monkeypatch.setattr(Path, "read_bytes", lambda self, t=target: read_bytes(self) + (
            b"\n# one line more\n" if self == t else b""))
        monkeypatch.setattr(game, "_digest", None)
        assert game.digest() != original, target
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    monkeypatch.setattr(game, "_digest", None)
    assert game.digest() == original


@pytest.mark.parametrize("game_id", GAMES)
def test_the_digest_holds_the_takeover_policy_the_engine_core_and_no_bot_of_a_players_own_seat(
        game_id):
    names = [name for name, _ in engine.get_game(game_id).digest_files()]
    folder = engine.get_game(game_id).rules_files()[0].parent.relative_to(ROOT).as_posix()
    assert f"{folder}/bot.py" in names and f"{folder}/rules.py" in names
    assert {"engine/core.py", "engine/chance.py", "engine/canonical.py", "engine/agenda.py",
            "engine/__init__.py"} <= set(names)
    assert "engine/bots.py" not in names and "engine/simulate.py" not in names
    assert "engine/search.py" not in names and "engine/observe.py" not in names
    assert not any(name.rpartition("/")[2].startswith("search_") for name in names)
    assert not any(name.endswith("/words.py") for name in names)
    assert names == sorted(names) and all(not name.startswith("/") for name in names)


def _imports(path: Path) -> list[tuple[Path, str | None]]:
    """(module file, name of the enclosing function or None) of every engine import in `path`."""
    tree = ast.parse(path.read_text(), str(path))
    package = path.parent
    found = []

    def target(node) -> list[Path]:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.parent
                parts = node.module.split(".") if node.module else []
            elif node.module and node.module.split(".")[0] == "engine":
                base, parts = ROOT, node.module.split(".")
            else:
                return []
            stem = base.joinpath(*parts)
            out = [stem.with_suffix(".py") if stem.with_suffix(".py").exists()
                   else stem / "__init__.py"]
            out += [stem / f"{a.name}.py" for a in node.names if (stem / f"{a.name}.py").exists()]
            out += [stem / a.name / "__init__.py" for a in node.names
                    if (stem / a.name / "__init__.py").exists()]
            return out
        return [ROOT.joinpath(*a.name.split(".")).with_suffix(".py") for a in node.names
                if a.name.split(".")[0] == "engine"] + [
                ROOT.joinpath(*a.name.split(".")) / "__init__.py" for a in node.names
                if a.name.split(".")[0] == "engine"]

    def walk(node, function):
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else function
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.extend((t.resolve(), function) for t in target(child) if t.exists())
            walk(child, name)

    walk(tree, None)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_engine_module_the_rules_or_the_ledger_import_is_in_the_digest_or_only_words(
        game_id):
    """Following every import (at the top or inside a function) from the digest's own files and
    from protocol/log.py, which plays the takeover moves: each engine module reached is in the
    digest, or is a words module imported only by a method that writes words, or is the game
    registry (which only names the games; each game hashes its own files)."""
    game = engine.get_game(game_id)
    digest = {path for _, path in game.digest_files()}
    todo = [p for p in digest if p.suffix == ".py"] + [ROOT / "protocol" / "log.py"]
    seen, outside = set(todo), []
    while todo:
        path = todo.pop()
        for module, function in _imports(path):
            if module in digest or module == REGISTRY or not module.is_relative_to(ENGINE_DIR):
                pass                # (the protocol modules the ledger runs are followed too)
            elif core.is_words_module(module.name) and function in WORDS_METHODS:
                continue            # words: not followed further, their text is never hashed
            else:
                outside.append((path.relative_to(ROOT), module.relative_to(ROOT), function))
            if module not in seen and module != REGISTRY:
                seen.add(module)
                todo.append(module)
    assert outside == []


def test_engine_modules_left_out_of_every_digest_are_exactly_the_named_ones():
    every = {p.name for p in ENGINE_DIR.glob("*.py")}
    assert every - {p.name for p in core.engine_core_files()} == set(core.NOT_RULES)
    assert set(core.NOT_RULES) == {"bots.py", "observe.py", "search.py", "search_values.py",
                                   "simulate.py"}
    assert core.WORDS_MODULES == ("words.py", "words_*.py")
    assert [n for n in ("words.py", "words_characters.py", "bot.py", "rules.py", "wordsmith.py",
                        "words_table.toml") if core.is_words_module(n)] == \
        ["words.py", "words_characters.py"]
    assert [n for n in ("search_profile.py", "search_activations.py", "search.py", "bot.py",
                        "research.py") if core.is_search_module(n)] == \
        ["search_profile.py", "search_activations.py"]


def test_a_games_search_profile_is_its_own_and_outside_its_rules_digest():
    """Each built-in game says what the search bot knows of it in its own search_profile.py,
    which its digest leaves out (a bot's judgement, never a rule), as is the hex game's own
    planner; the engine's search and bots name no game."""
    from engine.search_values import DEFAULT, profile
    for game_id in GAMES:
        game = engine.get_game(game_id)
        folder = Path(sys.modules[type(game).__module__].__file__).resolve().parent
        assert (folder / "search_profile.py").is_file(), game_id
        assert not any(core.is_search_module(p.name) for p in game.rules_files())
        assert profile(game) is game.search_profile() is not DEFAULT
    for name in ("bots.py", "search.py", "search_values.py", "observe.py"):
        reached = {m for m, _ in _imports(ENGINE_DIR / name)}
        assert not any(m.is_relative_to(ENGINE_DIR / "games") for m in reached), name


def test_the_takeover_move_is_the_greedy_policy_drawing_from_the_seed_bytes():
    """FORMAT.md: a game whose policy draws `randrange(n)` gets ByteStream(seed).below(n)."""
    import tests.protocol.toygame  # noqa: F401  (registers "toy-race", whose policy is random)
    game = engine.get_game("toy-race")
    state = game.new(3)
    while not isinstance(engine.pending(state), engine.Decision):
        state = game.resolve(state, b"order")
    decision = engine.pending(state)
    picks = {game.takeover_move(state, decision, bytes([i])) for i in range(16)}
    assert len(picks) > 1      # the seed decides: different seeds reach different options
    for i in range(16):
        expected = decision.options[ByteStream(bytes([i])).below(len(decision.options))]
        assert game.takeover_move(state, decision, bytes([i])) == expected


def test_the_reference_games_digest_is_stable_within_a_process():
    g = engine.get_game("overwatch-monopoly")
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
