"""The built-in games; importing this package registers them (engine/__init__.py does, so any
import of the engine has them). Only names the games: each hashes its own files."""
from . import mario_monopoly  # noqa: F401
from . import overwatch_monopoly  # noqa: F401
from . import overwatch_tactics  # noqa: F401
from . import spiderman_monopoly  # noqa: F401
