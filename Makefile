SHELL := /bin/bash
# Lyra: build, run the demo, test, benchmark, install.
# `make demo` and `make test` install libedit-dev and libcurl4-openssl-dev first when missing.

SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= debug
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DEBUG   = .build/debug/lyra
BIN_RELEASE = .build/release/lyra

.PHONY: all build release demo test bench fuzz install uninstall deps clean man mcp-servers

all: build

# The system libraries Lyra builds against: libedit (line editing) and libcurl (HTTP; its header
# at build time, libcurl.so.4 loaded with dlopen on first use).
deps:
	@pkg-config --exists libedit 2>/dev/null || { \
	  echo "lyra: installing libedit-dev (needed for line editing)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev pkg-config; }
	@pkg-config --exists libcurl 2>/dev/null || { \
	  echo "lyra: installing libcurl4-openssl-dev (needed for HTTP)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev pkg-config; }
	@[ -x /usr/bin/time ] || { \
	  echo "lyra: installing time (tests measure a child's CPU and memory with it)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; }

build: deps
	$(SWIFT) build

# Release builds link the Swift runtime and Foundation statically (start-up without loading ~20
# shared Swift libraries; libedit, libc and libstdc++ stay dynamic, libcurl is still loaded on first use).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

# The REPL against the built-in local backend.
demo: release
	@$(BIN_RELEASE) --demo

# The real MCP servers the tool tests run against (SPEC §14), from PyPI, pinned as the peer kit's
# install.sh --with-mcp pins them, in ~/lyra-peers/venv-mcp; nothing is done when they are there.
MCP_VENV ?= $(HOME)/lyra-peers/venv-mcp
MCP_PINS  = mcp==2.3.0 mcp-server-time==2026.10.19 mcp-server-git==2026.10.19
mcp-servers:
	@[ -x $(MCP_VENV)/bin/mcp-server-time ] || { \
	  echo "lyra: installing the MCP test servers in $(MCP_VENV) ($(MCP_PINS))"; \
	  { python3 -m venv $(MCP_VENV) && $(MCP_VENV)/bin/pip install -q $(MCP_PINS); } || \
	  echo "lyra: warning: the MCP test servers could not be installed; the tests that need them are skipped"; }

# Every test: unit, integration over loopback, end-to-end on the built binary and a pseudo-terminal.
test: deps mcp-servers
	$(SWIFT) build
	$(SWIFT) test --parallel 2>&1 | tee .build/test.log; exit $${PIPESTATUS[0]}

# The manual page, made from the option table and the command catalog (a test checks it is current).
man: build
	$(BIN_DEBUG) --man > docs/lyra.1

bench: release
	@bash Benchmarks/run.sh

fuzz: deps
	SWIFT_DETERMINISTIC_HASHING=1 LYRA_FUZZ_CASES=200000 $(SWIFT) test --no-parallel --filter "Fuzz|ConcurrencyTests|SessionCrashTests"

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 -s $(BIN_RELEASE) $(DESTDIR)$(PREFIX)/bin/lyra
	@[ ! -f docs/lyra.1 ] || install -m 0644 docs/lyra.1 $(DESTDIR)$(PREFIX)/share/man/man1/lyra.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lyra $(DESTDIR)$(PREFIX)/share/man/man1/lyra.1

clean:
	$(SWIFT) package clean
