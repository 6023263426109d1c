#!/usr/bin/env bash
# Makes sure Debian's chromium is present for the browser tests (the docs page; the SDK in a page on
# another origin; playwright-core drives it with executablePath: playwright's own browser download
# is not reachable here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium (apt)" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "ensure-chromium: chromium is missing; install it (apt-get install chromium) to run the browser test" >&2
fi
