"""Errors every command shares."""


class UsageError(Exception):
    """A bad option or value: printed as one line, exit status 2."""
