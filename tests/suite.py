"""The whole suite as `make test` runs it: two pytest processes side by side.

    .venv/bin/python tests/suite.py [PYTEST ARGS...]

The end-to-end tests (marked `slow`: real node processes, mDNS, network namespaces) spend most
of their time waiting on real timers and other processes, while the rest (virtual clock, memory
streams, the engine) keep one core busy. Run one after the other they leave a core idle; side by
side the suite takes about as long as its longer half. Each half is an ordinary pytest run, so
a failure reads as usual: the in-process half prints as it goes, the end-to-end half when it is
done. Exit status: 0 when both halves pass (a half that selects no test counts as passed), else
the first non-zero status of the two. Extra arguments go to both halves (`-x`, `-k word`, a
path).

Invariants:
- every test is in exactly one half (`-m slow` and `-m "not slow"` partition the suite);
- the end-to-end tests never run beside each other, only beside in-process tests, so what they
  share (mDNS on the loopback, network namespaces, process groups) is theirs alone as before.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time

NO_TESTS = 5  # pytest's exit status when a selection holds no test


def main(argv: list[str]) -> int:
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    started = time.monotonic()
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as later:
        slow = subprocess.Popen([*pytest, "-m", "slow", *argv], stdout=later,
                                stderr=subprocess.STDOUT, text=True)
        try:
            quick = subprocess.call([*pytest, "-m", "not slow", *argv])
            slow_status = slow.wait()
        except KeyboardInterrupt:
            slow.terminate()
            slow.wait()
            raise
        later.seek(0)
        print("\n── end-to-end tests (marked slow), run beside the others ──", flush=True)
        sys.stdout.write(later.read())
    statuses = [0 if s == NO_TESTS else s for s in (quick, slow_status)]
    status = next((s for s in statuses if s != 0), 0)
    print(f"\nwhole suite: {'passed' if status == 0 else 'FAILED'} in "
          f"{time.monotonic() - started:.0f} s (two pytest processes side by side)")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
