#!/usr/bin/env bash
# Debian's Chromium for the review page's end-to-end test (test/review/review-page.e2e.test.ts, driven by
# playwright-core, which downloads no browser of its own). Installs it when missing; fails loudly if it cannot.
set -euo pipefail
CHROMIUM="${TRACETWIN_CHROMIUM:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
echo "== installing chromium (Debian package) for the review page test" >&2
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo -n apt-get update -qq && sudo -n DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "chromium is missing at $CHROMIUM and could not be installed: run \`apt-get install chromium\` as root" >&2
  exit 1
fi
