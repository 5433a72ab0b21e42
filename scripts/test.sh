#!/usr/bin/env bash
# The README's test command, and all that CI runs (.ci/run calls it and nothing else): sets up
# what this machine lacks, then runs every test stage and prints their table (docs/testing.md).
#   scripts/test.sh               every stage
#   scripts/test.sh vitest lint   only those stages (their names: scripts/run-stages.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."

# 1. The Debian packages of scripts/system-packages.txt that this machine lacks: Chromium for the
# end-to-end tests, the Noto fonts for the 16 scripts and the emoji the share image draws, HAProxy
# for the two-instance test. Installed as root or through passwordless sudo; otherwise said.
missing=()
while read -r package; do
  case "$package" in '' | '#'*) continue ;; esac
  if [ "$package" = chromium ]; then [ -x /usr/bin/chromium ] || missing+=(chromium); continue; fi
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done < scripts/system-packages.txt
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then as_root=()
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n)
  else as_root=(nobody)
  fi
  if [ "${as_root[*]}" = nobody ]; then
    echo "MISSING system packages: ${missing[*]}" >&2
    echo "  Neither root nor passwordless sudo here, so they are not installed; the tests that need them" >&2
    echo "  will fail or say they are skipped. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  else
    echo "Installing the missing system packages: ${missing[*]}"
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

# 2. Node 24 LTS first on the PATH (from the npm registry when the machine's node is older).
. scripts/use-node.sh

# 3. The dependencies, when node_modules is missing or was installed from another package-lock.json.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
marker=node_modules/.vv-lock-sha256
if [ ! -d node_modules ]; then
  install="node_modules is missing"
elif [ -f "$marker" ]; then
  [ "$(cat "$marker")" = "$lock_hash" ] && install='' || install="package-lock.json changed since the last npm ci"
elif [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  install="node_modules is older than package-lock.json"
else
  install=''
fi
if [ -n "$install" ]; then
  echo "npm ci: $install"
  npm ci --no-audit --no-fund
fi
echo "$lock_hash" > "$marker"

# 4. The stages, in order, and their table at the end, green or red.
exec node scripts/run-stages.mjs "$@"
