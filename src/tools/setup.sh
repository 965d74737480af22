#!/usr/bin/env bash
# Installs the Debian packages Quire needs, when missing. `setup.sh app` for running the app,
# `setup.sh test` for the whole test suite (adds Chromium and PostgreSQL). Idempotent and quick when
# everything is present. As root it uses apt-get; otherwise it prints the command to run.
set -euo pipefail
mode="${1:-app}"

# APP includes the conversion tools: LibreOffice headless (office → PDF) driven over UNO by Debian's
# python3-uno, Poppler (pdfinfo, pdftoppm, pdftotext), qpdf (outline, links) and the fonts documents
# usually name. prlimit and setpriv (util-linux) and timeout (coreutils) are part of every Debian system.
APP=(ca-certificates poppler-utils qpdf libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3-uno
  fonts-dejavu-core fonts-liberation2)
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
