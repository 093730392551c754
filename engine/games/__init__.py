"""The built-in games; importing this package registers them."""
from . import mario_monopoly  # noqa: F401
from . import overwatch_monopoly  # noqa: F401
from . import overwatch_tactics  # noqa: F401
from . import spiderman_monopoly  # noqa: F401
