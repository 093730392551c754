"""Overwatch: The Board Game (`overwatch-tactics`): hex tactics of Payload. See RULES.md."""
from .rules import OverwatchTactics

__all__ = ["OverwatchTactics"]
