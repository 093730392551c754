"""How many table codes a private lobby lets strangers try: a few a minute, then a pause.

Invariants kept here (sans-IO: `now` is given, trio's clock in the node, virtual in tests):
- A try counts as wrong from the moment it begins and stops counting only when its code is
  proven, so a joiner that stops halfway through the exchange has spent a try like a wrong code.
- At most TRIES_PER_MINUTE tries count within any minute for the whole lobby (not per address:
  a stranger can change address); once they are used up no try begins until PAUSE seconds after
  the last, whoever asks, and the right code waits that pause too. The code resists about
  595 million guesses (protocol.table_code): at 5 a minute, half of them take over 100 years.
- The host is told who guessed, as words: "3 wrong codes from 10.0.0.7".
"""
from __future__ import annotations

from collections import Counter, deque

from protocol.table_code import RESISTS

TRIES_PER_MINUTE = 5
PAUSE = 60.0
WINDOW = 60.0


def strength() -> str:
    """How well a table's code holds, in words: the guesses it resists and the tries a lobby
    allows (the host's own screen shows it under the code, through the control API)."""
    return (f"it resists {RESISTS}; this lobby allows {TRIES_PER_MINUTE} wrong codes a minute, "
            f"then a {PAUSE:.0f}-second pause")


class CodeTries:
    def __init__(self, per_minute: int = TRIES_PER_MINUTE, pause: float = PAUSE) -> None:
        self.per_minute, self.pause = per_minute, pause
        self._tries: deque[tuple[float, str]] = deque()   # (when, address), oldest first
        self.wrong: Counter[str] = Counter()               # wrong or abandoned, by address
        self._paused_until = float("-inf")

    def begin(self, address: str, now: float) -> str | None:
        """Count a try from `address` now; None if it may go ahead, else why not (to tell it)."""
        if now < self._paused_until:
            return (f"too many wrong table codes here lately; try again in "
                    f"{self._paused_until - now:.0f} s")
        while self._tries and self._tries[0][0] <= now - WINDOW:
            self._tries.popleft()
        if len(self._tries) >= self.per_minute:   # used up: a pause from the last try
            self._paused_until = self._tries[-1][0] + self.pause
            self._tries.clear()
            return self.begin(address, now)
        self._tries.append((now, address))
        self.wrong[address] += 1
        return None

    def proven(self, address: str) -> None:
        """`address`'s try proved the code: it does not count."""
        for i in range(len(self._tries) - 1, -1, -1):
            if self._tries[i][1] == address:
                del self._tries[i]
                break
        self.wrong[address] -= 1
        if self.wrong[address] <= 0:
            del self.wrong[address]

    def said(self, address: str) -> str:
        n = self.wrong[address]
        return f"{n} wrong code{'s' if n != 1 else ''} from {address}"
