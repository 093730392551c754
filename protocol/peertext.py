"""Text that other people wrote (player names, a peer's reasons, a lobby's host name): the rule a
name must keep, and the one way any such text is shown on a terminal.

Invariants kept here:
- A name is valid when it has 1 to MAX_NAME code points, none of them one a terminal acts on
  or one that changes how others look: no Unicode "Other" (Cc control, Cf format such as the
  bidirectional overrides, Cs, Co, Cn unassigned) and no line or paragraph separator (Zl, Zp);
  of the spaces (Zs) only U+0020. protocol/FORMAT.md states the same rule; the genesis check,
  the lobby and the CLI all call `name_problem`.
- `shown` is the only way peer text reaches a terminal: every code point the rule refuses is
  written as a Python-style escape (\\n, \\x1b, \\u202e, \\U000e0001), so what is printed is one line
  of characters that only print. Text the rule accepts is shown unchanged.
- Which code points are "Other" is the Unicode database of the running Python (3.11: Unicode
  14.0); a code point assigned later is refused (Cn) until the interpreter knows it.
"""
from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME", "name_problem", "shown", "printable_char"]

MAX_NAME = 32


def printable_char(c: str) -> bool:
    """Whether `c` may stand for itself in peer text: not "Other", not a line or paragraph
    separator, and a space only if it is U+0020."""
    cat = unicodedata.category(c)
    return not (cat[0] == "C" or cat in ("Zl", "Zp") or (cat == "Zs" and c != " "))


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a player's name, or None. The reason never quotes the name raw."""
    if type(name) is not str:
        return f"a name must be text, not {type(name).__name__}"
    bad = next((c for c in name if not printable_char(c)), None)
    if bad is not None:
        return (f"the name {shown(name)} holds {_escape(bad)} ({unicodedata.category(bad)}): "
                "only printable characters are allowed")
    if not 1 <= len(name) <= MAX_NAME:
        return f"a name has 1 to {MAX_NAME} characters, not {len(name)}"
    return None


def shown(text: object) -> str:
    """`text` as it may be printed: each code point `printable_char` refuses escaped."""
    s = text if isinstance(text, str) else str(text)
    if all(printable_char(c) for c in s):
        return s
    return "".join(c if printable_char(c) else _escape(c) for c in s)


_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(c: str) -> str:
    if c in _SHORT:
        return _SHORT[c]
    n = ord(c)
    if n < 0x100:
        return f"\\x{n:02x}"
    if n < 0x10000:
        return f"\\u{n:04x}"
    return f"\\U{n:08x}"
