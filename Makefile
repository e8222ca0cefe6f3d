# Two commands set everything up: `make demo` and `make test` (then `. .venv/bin/activate`
# puts `clacks-hw` on PATH; `make install` puts it there for good, with pipx).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo board install demo-game demo-race test bench bench-compare fuzz clean firmware-wasm system-deps build-files architecture-picture terminal-picture hall-picture

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# A whole game played by automatic players on the virtual board, after a countdown; it stops at
# the game's end and says what to try next. Fine without a terminal too (no delay, plain text).
demo: $(STAMP)
	$(BIN)/clacks-hw demo --delay 0.3
	@echo "  . .venv/bin/activate        puts clacks-hw on PATH in this shell (or: make install)"

# The board daemon on emulated hardware in this terminal, until q or Ctrl-C (? lists the keys).
board: $(STAMP)
	$(BIN)/clacks-hw run --virtual

# `clacks-hw` on PATH for good, from this checkout (pipx keeps it in its own environment;
# --editable: a `git pull` here is what it runs).
install:
	@command -v pipx >/dev/null || { echo "install: pipx is needed (sudo apt install pipx, or python3 -m pip install --user pipx)" >&2; exit 1; }
	pipx install --editable --force .
	@echo "clacks-hw is in $$(pipx environment --value PIPX_BIN_DIR 2>/dev/null || echo ~/.local/bin); if the shell cannot find it: pipx ensurepath"

# A whole competitive game, and a Race to Genua, played by the automatic players.
demo-game: $(STAMP)
	$(BIN)/clacks-hw demo

demo-race: $(STAMP)
	$(BIN)/clacks-hw demo --mode race --players 3

# One worker per CPU (pytest-xdist); a test file stays on one worker, with its module's broker,
# board and browser (the slow ones start Chromium, Mosquitto or KiCad: they wait more than compute).
test: $(STAMP) firmware-wasm system-deps
	$(BIN)/python -m pytest -n auto --dist loadfile

# Debian packages some tests use: OpenSCAD (the case's cut files and pictures; xvfb and xauth give
# it the X server its PNG pictures need), graphviz (docs/img/layers.svg),
# Chromium (the kiosk page in a real browser), Mosquitto (MQTT), poppler-utils (printable
# cards to images), fonts-dejavu-core (cards in an edition with letters beyond Western Europe's),
# systemd (systemd-analyze), tmux (the terminal board in a real 80x24 terminal). KiCad 9 (the
# circuit board: pcbnew builds it, kicad-cli checks it and writes its files; its footprints are
# the project's own) comes from bookworm-backports: .ci/install-kicad9 adds the suite to apt's
# sources, installs `kicad` from it and fails unless it got KiCad 9. Installed when running as
# root or with passwordless sudo; otherwise the tests that need a missing one skip and name it
# (and fail under CI=true).
DEBIAN_PACKAGES := openscad xvfb xauth graphviz chromium mosquitto poppler-utils fonts-dejavu-core systemd tmux
system-deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	case "$$(kicad-cli version 2>/dev/null)" in 9.*) kicad=;; *) kicad=yes;; esac; \
	if [ -z "$$missing$$kicad" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else \
	  echo "system-deps: not root and no sudo; tests needing these Debian packages will skip:$$missing$${kicad:+ kicad (KiCad 9, bookworm-backports)}" >&2; exit 0; fi; \
	if [ -n "$$missing" ]; then echo "system-deps: installing$$missing"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; fi; \
	if [ -n "$$kicad" ]; then $$SUDO .ci/install-kicad9; fi

# MicroPython's WebAssembly port (npm), to run the firmware under a real MicroPython in
# tests/firmware/test_micropython_wasm.py. Reinstalled when the lock file changes.
WASM := firmware/wasm
firmware-wasm: $(WASM)/node_modules/.installed

$(WASM)/node_modules/.installed: $(WASM)/package.json $(wildcard $(WASM)/package-lock.json)
	@command -v npm >/dev/null || { echo "firmware-wasm: npm (Node.js) is needed to test the firmware under MicroPython" >&2; exit 1; }
	cd $(WASM) && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
	touch $@

# Every generated file of the physical board (pcb/, bom/, enclosure/laser/, wiring/) from
# clacks_hw/hardware/**/*.toml, the default config and the engine; needs openscad and KiCad 9.
build-files: $(STAMP)
	$(BIN)/clacks-hw build-files --out .

# docs/img/layers.svg, the layers of clacks_hw drawn from its imports (needs graphviz's dot);
# tests/test_architecture_picture.py fails until it is drawn again after a change of layout.
architecture-picture: $(STAMP)
	$(BIN)/python -m tests.support.architecture

# docs/img/terminal-demo.svg, the README's picture of a game in progress, drawn from the text
# board; tests/test_terminal_picture.py fails until it is drawn again after the text changes.
terminal-picture: $(STAMP)
	$(BIN)/python -m tests.support.terminal_picture

# docs/img/hall-network.*: who may read and write what on a hall's broker, from its access list.
hall-picture: $(STAMP)
	$(BIN)/python -m tests.support.hall_network

# Installs the Debian tools the figures need as `make test` does; a figure whose tool is still
# missing (no root) is skipped, naming its package.
bench: $(STAMP) system-deps
	$(BIN)/python bench/run.py

# The engine's and the board's figures of the commit before games were packages and the board's
# screens classes, and of this checkout, side by side in one run (docs/benchmarks.md).
# BEFORE: the commit to compare with (the one before the change being measured).
BEFORE ?= 6b7c2e7
bench-compare: $(STAMP)
	$(BIN)/python bench/compare_commits.py $(BEFORE)

# Every parser the outside world reaches (config, edition, journal, HIL script, hub lines, RDM6300
# frames, HTTP requests, admin JSON, MQTT payloads) fuzzed for FUZZ_SECONDS in all (default 10
# min): Hypothesis, and atheris (libFuzzer) for half of each target's time where it installs.
# Failures are shrunk into tests/fuzz/corpus/, which `make test` replays (docs/security.md).
FUZZ_SECONDS ?= 600
fuzz: $(STAMP)
	@$(BIN)/python -m pip install --quiet -e '.[test,fuzz]' 2>/dev/null \
	  || echo "fuzz: atheris does not install here (it needs clang and libFuzzer to build); Hypothesis alone" >&2
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(BIN)/python -m tests.fuzz.run

clean:
	rm -rf $(VENV) build *.egg-info .fuzz
