#!/usr/bin/env bash
# Runs a command with a Node.js that can run Folio first on PATH (see use-node.sh), e.g.
#   scripts/with-node.sh vitest run
# npm scripts go through it, so `npm start` and `npm test` work where the machine's node is too old.
# In a fresh clone (no node_modules yet) it first installs the dependencies with `npm ci`, run on that
# same Node: on a machine whose node is 20, npm then checks the packages' engines against Node 24 and
# has nothing to warn about (running `npm ci` under Node 20 prints dozens of EBADENGINE warnings).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=use-node.sh
source "$here/use-node.sh"
root="$(dirname "$here")"
if [ ! -e "$root/node_modules" ] && [ "${FOLIO_SKIP_INSTALL:-}" != "1" ]; then
  echo "with-node: installing dependencies (npm ci on Node $(node -v)) ..." >&2
  # `npm` is the machine's npm script; it runs on the first `node` on PATH, which is now the right one.
  (cd "$root" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi
exec "$@"
