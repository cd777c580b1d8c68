#!/usr/bin/env sh
# The programs the tests drive, checked (and installed where this user may) before anything else runs, so a
# machine that lacks one learns it in the first second with the command to run, not from a browser test late on.
# TEST_PREREQUISITES_INSTALL=never only reports (what the test of this script uses).
set -eu

missing=""
# Debian's headless-only Chromium: the same engine as the chromium package without the desktop browser's
# parts, it took a third less CPU than `chromium --headless` on the same pages (docs/decisions/004-test-tiers.md).
command -v chromium-headless-shell >/dev/null 2>&1 || [ -n "${CHROME_PATH:-}" ] || missing="$missing chromium-headless-shell"
command -v nginx >/dev/null 2>&1 || missing="$missing nginx"
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
/usr/bin/python3 -c "import feedparser" >/dev/null 2>&1 || missing="$missing python3-feedparser"
missing="${missing# }"

if [ -n "$missing" ] && [ "${TEST_PREREQUISITES_INSTALL:-auto}" != "never" ] && command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" != "0" ]; then
    # Only a sudo that asks no password: a prompt in the middle of `npm test` would hang CI.
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else sudo="none"; fi
  fi
  if [ "$sudo" != "none" ]; then
    echo "test prerequisites: installing $missing" >&2
    # policy-rc.d 101: install without starting the packaged nginx or redis services (tests start their own).
    policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      policy=/usr/sbin/policy-rc.d
      printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null && $sudo chmod +x "$policy"
    fi
    $sudo apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null || true
    [ -n "$policy" ] && $sudo rm -f "$policy"
    exec env TEST_PREREQUISITES_INSTALL=never sh "$0"
  fi
fi

# Where the headless shell could not be installed, the desktop Chromium serves (tests/e2e/browser.ts falls back to
# it): the browser tests run, at a third more CPU, rather than not at all.
case " $missing " in
  *" chromium-headless-shell "*)
    if command -v chromium >/dev/null 2>&1; then
      echo "test prerequisites: no chromium-headless-shell; the browser tests use the desktop chromium, at a third more CPU (sudo apt-get install -y chromium-headless-shell)" >&2
      rest=""
      for pkg in $missing; do [ "$pkg" = chromium-headless-shell ] || rest="$rest $pkg"; done
      missing="${rest# }"
    fi
    ;;
esac

if [ -n "$missing" ]; then
  echo "The tests need Debian packages this machine lacks: $missing" >&2
  echo "Run: sudo apt-get install -y $missing   (or set CHROME_PATH for another Chromium)" >&2
  exit 1
fi

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
if [ "$node_major" != "24" ]; then
  echo "The tests run on Node.js 24 (found: $node_major). Run: npm install   (it brings Node 24 into node_modules/.bin)" >&2
  exit 1
fi
