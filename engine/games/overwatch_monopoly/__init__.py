"""Monopoly Gamer: Overwatch (`overwatch-monopoly`), the reference game. See RULES.md."""
from .rules import OverwatchMonopoly

__all__ = ["OverwatchMonopoly"]
