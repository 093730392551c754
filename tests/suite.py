"""The whole suite as `make test` runs it: three pytest processes side by side.

    .venv/bin/python tests/suite.py [PYTEST ARGS...]

The end-to-end tests (marked `slow`: real node processes, mDNS, network namespaces) spend most
of their time waiting on real timers and other processes, while the rest (virtual clock, memory
streams, the engine) keep one core busy. Run one after the other they leave a core idle; side by
side the suite takes about as long as its longest part. The end-to-end tests are in two parts:
those on a virtual LAN of network namespaces (marked `lab`) and the rest (loopback, terminals,
processes on this host); they share nothing, as a lab's hosts reach neither this host's loopback
nor its multicast. Each part is an ordinary pytest run, so a failure reads as usual: the
in-process part prints as it goes, the end-to-end parts when they are done. Exit status: 0 when
every part passes (a part that selects no test counts as passed), else the first non-zero status.
Extra arguments go to every part (`-x`, `-k word`, a path).

Invariants:
- every test is in exactly one part (`not slow`, `slow and not lab`, `slow and lab` partition
  the suite);
- two end-to-end tests of one kind never run beside each other: loopback tests share mDNS on
  127.0.0.1 and process groups, lab tests the lab's kernel objects, so each kind runs as before,
  one test at a time.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time

NO_TESTS = 5  # pytest's exit status when a selection holds no test
LATER = [("end-to-end tests on this host (marked slow)", "slow and not lab"),
         ("end-to-end tests on a virtual LAN (marked slow and lab)", "slow and lab")]


def main(argv: list[str]) -> int:
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    started = time.monotonic()
    outputs = [tempfile.TemporaryFile(mode="w+", encoding="utf-8") for _ in LATER]
    later = [subprocess.Popen([*pytest, "-m", marks, *argv], stdout=out,
                              stderr=subprocess.STDOUT, text=True)
             for out, (_, marks) in zip(outputs, LATER)]
    try:
        quick = subprocess.call([*pytest, "-m", "not slow", *argv])
        statuses = [quick] + [p.wait() for p in later]
    except KeyboardInterrupt:
        for p in later:
            p.terminate()
            p.wait()
        raise
    for out, (title, _) in zip(outputs, LATER):
        out.seek(0)
        print(f"\n── {title}, run beside the others ──", flush=True)
        sys.stdout.write(out.read())
        out.close()
    statuses = [0 if s == NO_TESTS else s for s in statuses]
    status = next((s for s in statuses if s != 0), 0)
    print(f"\nwhole suite: {'passed' if status == 0 else 'FAILED'} in "
          f"{time.monotonic() - started:.0f} s (three pytest processes side by side)")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
