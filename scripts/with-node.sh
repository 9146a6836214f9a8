#!/usr/bin/env bash
# Runs a command with a Node.js that can run Folio first on PATH (see use-node.sh), e.g.
#   scripts/with-node.sh vitest run
# npm scripts go through it, so `npm start` and `npm test` work where the machine's node is too old.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=use-node.sh
source "$here/use-node.sh"
exec "$@"
