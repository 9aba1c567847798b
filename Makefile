# Builds the `reconcile` command line and installs it, for CI jobs and pre-commit hooks that run
# it outside this package:
#
#   make install                      # into /usr/local/bin
#   make install PREFIX="$HOME/.local" # into ~/.local/bin
#   make uninstall PREFIX=…

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift

# On Linux the Swift runtime and Foundation are linked in, so that the installed command runs
# where no Swift toolchain is installed.
ifeq ($(shell uname),Linux)
RELEASE_FLAGS ?= -c release --static-swift-stdlib
else
RELEASE_FLAGS ?= -c release
endif

.PHONY: build install uninstall

build:
	$(SWIFT) build $(RELEASE_FLAGS) --product reconcile

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/reconcile" "$(DESTDIR)$(BINDIR)/reconcile"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/reconcile"
