# Sourced by .ci/run and usable by hand: puts Node >= 22.12 and pnpm on PATH.
# These machines ship Node 20; Node 22 comes from the npm registry (package `node@22`,
# a binary inside a registry package), installed into the git-ignored .tools/ folder.
_gp_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_gp_tools="$_gp_root/.tools"

_gp_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! _gp_node_ok; then
  if [ ! -x "$_gp_tools/node/node_modules/node/bin/node" ]; then
    echo "[node-env] installing node@22 into .tools/node" >&2
    mkdir -p "$_gp_tools/node"
    (cd "$_gp_tools/node" && npm install --no-audit --no-fund --loglevel=error --prefix . node@22 >&2)
  fi
  export PATH="$_gp_tools/node/node_modules/node/bin:$PATH"
fi

if ! command -v pnpm >/dev/null 2>&1 || ! pnpm --version 2>/dev/null | grep -q '^10\.'; then
  if [ ! -x "$_gp_tools/pnpm/node_modules/.bin/pnpm" ]; then
    echo "[node-env] installing pnpm@10 into .tools/pnpm" >&2
    mkdir -p "$_gp_tools/pnpm"
    (cd "$_gp_tools/pnpm" && npm install --no-audit --no-fund --loglevel=error --prefix . pnpm@10 >&2)
  fi
  export PATH="$_gp_tools/pnpm/node_modules/.bin:$PATH"
fi
unset _gp_root _gp_tools
