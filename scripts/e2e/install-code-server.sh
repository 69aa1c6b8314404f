#!/usr/bin/env bash
# Installs code-server (VS Code's workbench and Node extension host) into a cache outside the repo,
# offline-safe: no postinstall downloads. Idempotent: a finished install leaves a marker and is reused.
# Usage: scripts/e2e/install-code-server.sh   -> prints the code-server entry script on its last line.
# Environment: RULEBOARD_CACHE (default ~/.cache/ruleboard).
set -euo pipefail

VERSION=4.100.3 # the newest code-server whose engines.node accepts Node 20 (VS Code 1.100.3)
CACHE="${RULEBOARD_CACHE:-$HOME/.cache/ruleboard}"
ROOT="$CACHE/code-server-$VERSION"
ENTRY="$ROOT/node_modules/code-server/out/node/entry.js"
MARKER="$ROOT/.installed"

if [[ -f "$MARKER" && -f "$ENTRY" ]]; then echo "$ENTRY"; exit 0; fi

log() { echo "[code-server] $*" >&2; }

# Debian packages: kerberos builds against libkrb5-dev; ripgrep replaces @vscode/ripgrep's download.
need=()
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if ((${#need[@]})); then
  log "apt-get install ${need[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

rm -rf "$ROOT"
mkdir -p "$ROOT"
cd "$ROOT"
echo '{"name":"code-server-cache","private":true}' > package.json
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

log "npm install code-server@$VERSION (scripts off)"
npm install --no-save "code-server@$VERSION" --ignore-scripts >&2

VS="$ROOT/node_modules/code-server/lib/vscode"
cd "$VS"
log "VS Code's production dependencies"
npm install --omit=dev --ignore-scripts >&2
log "native modules"
npm rebuild kerberos @vscode/deviceid @vscode/spdlog native-watchdog >&2
# node-pty's install script ends in an npx call that fails offline after pty.node has been built.
npm rebuild node-pty >&2 || true
[[ -f node_modules/node-pty/build/Release/pty.node ]] || { log "node-pty did not build"; exit 1; }
(cd node_modules/@parcel/watcher && npx --yes node-gyp rebuild >&2)

mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
ln -sfn node_modules node_modules.asar
log "built-in extensions' dependencies"
(cd extensions && npm install --omit=dev --ignore-scripts >&2)
ln -sf code-linux.sh bin/remote-cli/code-server
ln -sf browser-linux.sh bin/helpers/browser.sh

cd "$ROOT"
log "argon2"
npm rebuild argon2 >&2
ls node_modules/argon2/lib/binding/*/argon2.node >/dev/null || { log "argon2 did not build"; exit 1; }

touch "$MARKER"
echo "$ENTRY"
