#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no test tool downloads its own browser here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
exit 1
