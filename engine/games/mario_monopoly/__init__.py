"""Monopoly Gamer (Super Mario) (`mario-monopoly`). See RULES.md."""
from .rules import MarioMonopoly

__all__ = ["MarioMonopoly"]
