#!/usr/bin/env bash
# Installs the Debian packages Quire needs, when missing. `setup.sh app` for running the app,
# `setup.sh test` for the whole test suite (adds Chromium and PostgreSQL). Idempotent and quick when
# everything is present. As root it uses apt-get; otherwise it prints the command to run.
set -euo pipefail
mode="${1:-app}"

# Later issues add the conversion tools (LibreOffice, Poppler) to APP.
APP=(ca-certificates)
TEST=(chromium postgresql fonts-dejavu-core)

want=("${APP[@]}")
[ "$mode" = "test" ] && want+=("${TEST[@]}")

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Quire setup: missing Debian packages: ${missing[*]}" >&2
  echo "Install them as root:  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Quire setup: installing ${missing[*]} …"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Quire setup: done."
