"""Monopoly Marvel Spider-Man (`spiderman-monopoly`). See RULES.md."""
from .rules import SpiderManMonopoly

__all__ = ["SpiderManMonopoly"]
