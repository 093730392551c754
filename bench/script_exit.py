"""How a bench script ends. bench/run.py runs every bench_*.py in one process, each in its own
namespace through runpy, so a script must not exit when it succeeds (the scripts after it would
not run); it exits with its code only on failure."""
import sys


def exit_on_failure(rc: int) -> None:
    if rc:
        sys.exit(rc)
