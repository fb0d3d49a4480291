#!/usr/bin/env bash
# Browser tests use Debian's chromium (never `playwright install`). Installs it when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "chromium is missing: run 'apt-get update && apt-get install -y chromium' as root" >&2
  exit 1
fi
echo "installing Debian's chromium…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
command -v chromium
