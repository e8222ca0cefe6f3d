# Two commands set everything up: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo demo-game demo-race test bench clean firmware-wasm

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The board daemon on emulated hardware for a minute: it plays its attract demo until
# someone presses a key (press ? for the keys); fine without a terminal too.
demo: $(STAMP)
	$(BIN)/clacks-hw run --virtual --for 60

# A whole competitive game, and a Race to Genua, played by the automatic players.
demo-game: $(STAMP)
	$(BIN)/clacks-hw demo

demo-race: $(STAMP)
	$(BIN)/clacks-hw demo --mode race --players 3

test: $(STAMP) firmware-wasm
	$(BIN)/python -m pytest

# MicroPython's WebAssembly port (npm), to run the firmware under a real MicroPython in
# tests/firmware/test_micropython_wasm.py. Reinstalled when the lock file changes.
WASM := firmware/wasm
firmware-wasm: $(WASM)/node_modules/.installed

$(WASM)/node_modules/.installed: $(WASM)/package.json $(wildcard $(WASM)/package-lock.json)
	@command -v npm >/dev/null || { echo "firmware-wasm: npm (Node.js) is needed to test the firmware under MicroPython" >&2; exit 1; }
	cd $(WASM) && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
	touch $@

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
