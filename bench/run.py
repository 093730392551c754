"""`make bench`: runs every bench/bench_*.py in turn; each prints its own figures."""
import runpy
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
for script in sorted(here.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    runpy.run_path(str(script), run_name="__main__")
    print(flush=True)
sys.exit(0)
