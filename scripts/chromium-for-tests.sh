#!/usr/bin/env bash
# Starts the browser tests' Chromium ($CHROMIUM_BINARY) with every --disable-features it
# is given merged into one. Chromium keeps only the last --disable-features on its command
# line, and Playwright passes a list of its own that must stay in force next to the
# features the tests turn off (scripts/chromium-flags.mjs). See decision 043.
set -euo pipefail
disabled=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if ((${#disabled[@]})); then
  IFS=,
  args+=("--disable-features=${disabled[*]}")
fi
exec "${CHROMIUM_BINARY:?CHROMIUM_BINARY names the Chromium to start}" "${args[@]}"
