# Build and install parleyd and parley with their phrase tables, configuration and systemd unit.
#   make                 release build (Swift standard library linked in statically)
#   sudo make install    install under PREFIX (default /usr/local), /etc/parley and /etc/systemd/system
#   make verify-unit     systemd-analyze verify and security on the unit, against the built binary
# Then: sudo systemctl daemon-reload && sudo systemctl enable --now parleyd
PREFIX ?= /usr/local
DESTDIR ?=
SYSCONFDIR ?= /etc
UNITDIR ?= $(SYSCONFDIR)/systemd/system
BIN := .build/release

.PHONY: all build install uninstall verify-unit

all: build

build:
	swift build -c release --static-swift-stdlib --product parleyd
	swift build -c release --static-swift-stdlib --product parley

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/parley $(DESTDIR)$(SYSCONFDIR)/parley $(DESTDIR)$(UNITDIR)
	install -s -m 0755 $(BIN)/parleyd $(BIN)/parley $(DESTDIR)$(PREFIX)/bin/
	rm -rf $(DESTDIR)$(PREFIX)/share/parley/phrases $(DESTDIR)$(PREFIX)/share/parley/models
	cp -R phrases $(DESTDIR)$(PREFIX)/share/parley/phrases
	cp -R models $(DESTDIR)$(PREFIX)/share/parley/models
	chmod -R a+rX $(DESTDIR)$(PREFIX)/share/parley
	sed 's#/usr/local#$(PREFIX)#g' systemd/parleyd.service > $(DESTDIR)$(UNITDIR)/parleyd.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/parleyd.service
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/parley/parleyd.yaml ]; then \
	    echo "keeping $(DESTDIR)$(SYSCONFDIR)/parley/parleyd.yaml"; \
	else \
	    sed 's#/usr/local#$(PREFIX)#g' systemd/parleyd.yaml > $(DESTDIR)$(SYSCONFDIR)/parley/parleyd.yaml; \
	    chmod 0644 $(DESTDIR)$(SYSCONFDIR)/parley/parleyd.yaml; \
	fi
	@echo "Installed. Start it with: systemctl daemon-reload && systemctl enable --now parleyd"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/parleyd $(DESTDIR)$(PREFIX)/bin/parley $(DESTDIR)$(UNITDIR)/parleyd.service
	rm -rf $(DESTDIR)$(PREFIX)/share/parley
	@echo "Left $(SYSCONFDIR)/parley/parleyd.yaml in place."

verify-unit:
	swift build --product parleyd
	@dir=$$(mktemp -d) && \
	    sed "s#/usr/local/bin/parleyd#$$(swift build --show-bin-path)/parleyd#" systemd/parleyd.service > $$dir/parleyd.service && \
	    systemd-analyze verify $$dir/parleyd.service && echo "systemd-analyze verify: clean" && \
	    systemd-analyze security --offline=yes $$dir/parleyd.service | tail -1; \
	    status=$$?; rm -rf $$dir; exit $$status
