# Every target installs into .venv on first use, so a fresh clone needs only python3 and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test demo bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/lanboard play --bots 3

# Three pytest processes side by side: the end-to-end tests (marked slow; those on a virtual
# LAN apart) mostly wait on real timers and processes, the rest keep a core busy
# (tests/suite.py says more). Bytecode is
# written even where the environment says not to: the suite starts a few hundred Python
# processes (nodes, bots, the CLI), each of which would otherwise compile lanboard anew.
test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(PY) tests/suite.py

demo: $(STAMP)
	$(VENV)/bin/lanboard demo

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
