# shellcheck shell=bash
# Puts a Node.js that can run Folio (>= 22.18; 24 LTS preferred) first on PATH.
#
#   source scripts/use-node.sh      # in your shell or in CI: PATH now has a suitable node
#   bash scripts/use-node.sh        # installs if needed and prints the PATH line to use
#
# If the `node` on PATH is already >= 22.18 this does nothing. Otherwise it installs Node 24 from the
# npm registry's `node` package (which ships the official binaries) into a local cache and prepends
# <cache>/bin to PATH. The cache is $FOLIO_NODE_CACHE, default $HOME/.cache/folio/node24. A second run
# only checks the cached binary, so it is cheap enough to source from every script.
#
# Works with an old system npm (npm 11 on Node 20 was checked). The registry is the only network
# access it needs. It never uses `set -e`/`exit` while sourced, so it cannot kill the calling shell.

__folio_use_node() {
  local min_major=22 min_minor=18 want_major=24
  local cache="${FOLIO_NODE_CACHE:-${HOME:-/root}/.cache/folio/node${want_major}}"

  __folio_node_ok() { # $1: node binary; true when it runs and is >= min version
    local v major minor
    v="$("$1" -v 2>/dev/null)" || return 1
    v="${v#v}"
    major="${v%%.*}"
    minor="${v#*.}"; minor="${minor%%.*}"
    case "$major$minor" in ''|*[!0-9]*) return 1 ;; esac
    [ "$major" -gt "$min_major" ] || { [ "$major" -eq "$min_major" ] && [ "$minor" -ge "$min_minor" ]; }
  }

  __folio_prepend_path() {
    case ":$PATH:" in
      ":$1:"*) ;; # already first
      *) PATH="$1:$(printf '%s' ":$PATH:" | sed "s#:$1:#:#g; s#^:##; s#:\$##")" ;;
    esac
    export PATH
    hash -r 2>/dev/null || true
  }

  # 1. The node on PATH is good enough: nothing to do.
  if command -v node >/dev/null 2>&1 && __folio_node_ok node; then
    return 0
  fi

  # 2. Already installed in the cache.
  if __folio_node_ok "$cache/bin/node" && [ "$("$cache/bin/node" -v | sed 's/^v//; s/\..*//')" = "$want_major" ]; then
    __folio_prepend_path "$cache/bin"
    return 0
  fi

  # 3. Install Node $want_major into a temporary prefix next to the cache, check it, then move it into place,
  #    so that an interrupted install never leaves a half-written cache behind.
  if ! command -v npm >/dev/null 2>&1; then
    echo "use-node: node on PATH is missing or older than ${min_major}.${min_minor}, and there is no npm to install Node ${want_major} with." >&2
    return 1
  fi
  local parent tmp
  parent="$(dirname "$cache")"
  mkdir -p "$parent" || return 1
  tmp="$(mktemp -d "$parent/.node-install.XXXXXX")" && chmod 755 "$tmp" || return 1
  echo "use-node: installing Node ${want_major} from the npm registry into $cache (one time) ..." >&2
  if ! npm install --global --prefix "$tmp" --no-audit --no-fund --loglevel=error "node@${want_major}" >&2; then
    echo "use-node: npm install node@${want_major} failed." >&2
    rm -rf "$tmp"
    return 1
  fi

  # The `node` package puts the real binary in place from its preinstall script. Some npm setups skip
  # install scripts; the platform package (node-<os>-<arch>) is still installed as a dependency, so
  # link its binary ourselves when the preinstall did not run.
  if ! __folio_node_ok "$tmp/bin/node"; then
    local os arch pkgbin
    case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) os="$(uname -s | tr '[:upper:]' '[:lower:]')" ;; esac
    case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; armv7l) arch=armv7l ;; ppc64le) arch=ppc64le ;; s390x) arch=s390x ;; *) arch="$(uname -m)" ;; esac
    pkgbin="$(find "$tmp/lib/node_modules/node" -path "*/node-${os}-${arch}/bin/node" -type f 2>/dev/null | head -n 1)"
    if [ -z "$pkgbin" ]; then
      # Scripts were skipped entirely, so the platform package was never fetched: fetch it by hand.
      local ver pkgdir tarball
      ver="$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' "$tmp/lib/node_modules/node/package.json" 2>/dev/null | head -n 1)"
      pkgdir="$tmp/lib/node_modules/node/node_modules/node-${os}-${arch}"
      mkdir -p "$tmp/pack" "$pkgdir"
      if [ -n "$ver" ] && tarball="$(cd "$tmp/pack" && npm pack --silent "node-${os}-${arch}@${ver}" 2>/dev/null | tail -n 1)" \
        && [ -n "$tarball" ] && tar -xzf "$tmp/pack/$tarball" -C "$pkgdir" --strip-components=1; then
        pkgbin="$pkgdir/bin/node"
      fi
      rm -rf "$tmp/pack"
    fi
    if [ -n "$pkgbin" ] && [ -f "$pkgbin" ]; then
      mkdir -p "$tmp/lib/node_modules/node/bin" "$tmp/bin"
      ln -f "$pkgbin" "$tmp/lib/node_modules/node/bin/node" 2>/dev/null || cp -f "$pkgbin" "$tmp/lib/node_modules/node/bin/node"
      chmod +x "$tmp/lib/node_modules/node/bin/node"
      ln -sfn ../lib/node_modules/node/bin/node "$tmp/bin/node"
    fi
  fi
  if ! __folio_node_ok "$tmp/bin/node"; then
    echo "use-node: the installed node does not run ($tmp/bin/node); leaving PATH unchanged." >&2
    rm -rf "$tmp"
    return 1
  fi

  rm -rf "$cache.old"
  if [ -e "$cache" ]; then mv "$cache" "$cache.old" || { rm -rf "$tmp"; return 1; }; fi
  if ! mv "$tmp" "$cache"; then
    # Another process may have finished the same install first; use whichever works.
    rm -rf "$tmp"
  fi
  rm -rf "$cache.old"
  if ! __folio_node_ok "$cache/bin/node"; then
    echo "use-node: $cache/bin/node does not run after install." >&2
    return 1
  fi
  echo "use-node: $("$cache/bin/node" -v) installed in $cache" >&2
  __folio_prepend_path "$cache/bin"
}

# Sourced or executed? (bash, zsh; other shells are treated as sourced.)
__folio_sourced=1
if [ -n "${BASH_VERSION:-}" ]; then
  [ "${BASH_SOURCE[0]}" = "$0" ] && __folio_sourced=0
elif [ -n "${ZSH_EVAL_CONTEXT:-}" ]; then
  case "$ZSH_EVAL_CONTEXT" in *:file) ;; *) __folio_sourced=0 ;; esac
fi

if __folio_use_node; then
  __folio_status=0
else
  __folio_status=1
fi
unset -f __folio_use_node __folio_node_ok __folio_prepend_path 2>/dev/null

if [ "$__folio_sourced" = 0 ]; then
  # Executed: a child cannot change the parent's PATH, so say what to do.
  if [ "$__folio_status" = 0 ]; then
    echo "node $(node -v) at $(command -v node)" >&2
    case "$(command -v node)" in
      "${FOLIO_NODE_CACHE:-${HOME:-/root}/.cache/folio/node24}"/bin/node)
        echo "export PATH=\"$(dirname "$(command -v node)"):\$PATH\"" ;;
    esac
  fi
  unset __folio_sourced
  exit "$__folio_status"
fi
unset __folio_sourced
# shellcheck disable=SC2317
return "$__folio_status" 2>/dev/null || true
