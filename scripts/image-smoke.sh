#!/usr/bin/env bash
# Builds the production image from the Dockerfile without a container registry and runs a smoke session
# through it: a bookworm base made with `debootstrap --variant=minbase` (cached as a tarball), imported
# with `podman import`, the Dockerfile built with `buildah bud --isolation chroot`, then `folio serve`
# started from the image with `buildah run --isolation chroot` on the host network against the local
# PostgreSQL and Redis: signup, generate a deck, export it to PDF, the image's HEALTHCHECK command, and
# `folio worker` started and stopped. Prints the image size and per-phase and per-build-step timings.
# Needs root (buildah and debootstrap), PostgreSQL and Redis on localhost. Cleans up after itself.
#
#   scripts/image-smoke.sh                 # CI runs this (.ci/run; FOLIO_CI_IMAGE_SMOKE=0 skips it there)
#
# Environment:
#   FOLIO_IMAGE_CACHE   default /var/cache/folio-image: the debootstrap base tarball (kept between runs)
#                       and the logs of the last run (build.log, serve.log, worker.log)
#   FOLIO_IMAGE_DRIVER  overlay | vfs; default: overlay where the kernel mounts it here, else vfs
#   FOLIO_IMAGE_KEEP=1  keep the image store afterwards (then a rebuild reuses the cached layers)
#   FOLIO_IMAGE_JOBS    stages built in parallel (buildah bud --jobs), default 2
#   FOLIO_IMAGE_REBASE=1  make the debootstrap base again
#   SMOKE_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/folio_image_smoke (created, then dropped)
#   SMOKE_REDIS_URL     default redis://127.0.0.1:6379 (keys under the folio-image-smoke: prefix)
#   SMOKE_PORT          default 18080
#   DEBIAN_MIRROR       default: the first Debian archive in /etc/apt/sources.list*
set -euo pipefail

cd "$(dirname "$0")/.."
CACHE=${FOLIO_IMAGE_CACHE:-/var/cache/folio-image}
DB_URL=${SMOKE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/folio_image_smoke}
REDIS_URL_=${SMOKE_REDIS_URL:-redis://127.0.0.1:6379}
PORT_=${SMOKE_PORT:-18080}
JOBS=${FOLIO_IMAGE_JOBS:-2}
IMAGE=localhost/folio:smoke
export BUILDAH_ISOLATION=chroot

T0=$(date +%s)
declare -a TIMINGS=()
phase_start=$T0
phase() { local now; now=$(date +%s); TIMINGS+=("$(printf '%-26s %5ss' "$1" $((now - phase_start)))"); phase_start=$now; }
say() { printf '\n== %s\n' "$*"; }

[ "$(id -u)" = 0 ] || { echo "image-smoke: run as root (buildah and debootstrap need it)" >&2; exit 1; }
echo "image-smoke: load at start:$(uptime | sed 's/.*load average//')"

# --- tools -------------------------------------------------------------------------------------------
missing=()
for tool in buildah:buildah podman:podman debootstrap:debootstrap curl:curl jq:jq psql:postgresql-client; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
phase "tools"

unmount_under() { # unmount_under <dir>: every mount below dir, deepest first
  awk -v d="$1/" 'index($2, d) == 1 {print $2}' /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null || true
}

# --- storage: a private store, overlay when the kernel allows it -------------------------------------
# The store is this script's own (not /var/lib/containers): removing it afterwards touches nothing else.
# Native overlay (root, kernel overlayfs) commits a layer as its diff; vfs copies the whole root file
# system for every layer, which made a cold build take ~40 minutes here.
driver=${FOLIO_IMAGE_DRIVER:-}
if [ -z "$driver" ]; then
  probe=$(mktemp -d)
  mkdir -p "$probe"/{l,u,w,m}
  if mount -t overlay overlay -o "lowerdir=$probe/l,upperdir=$probe/u,workdir=$probe/w" "$probe/m" 2>/dev/null; then
    umount "$probe/m"; driver=overlay
  else
    driver=vfs
  fi
  rm -rf "$probe"
fi
STORE=/var/lib/folio-image/storage-$driver
RUNROOT=/run/folio-image/$driver
BUILDAH=(buildah --root "$STORE" --runroot "$RUNROOT" --storage-driver "$driver")
PODMAN=(podman --root "$STORE" --runroot "$RUNROOT" --storage-driver "$driver")
echo "image-smoke: storage driver $driver ($STORE)"
# What an interrupted earlier run left behind (trash still being deleted is left to its rm).
for old in /var/lib/folio-image/storage-*.trash.*; do
  [ -d "$old" ] || continue
  pgrep -f "rm -rf $old" >/dev/null && continue
  unmount_under "$old"; setsid nohup rm -rf "$old" >/dev/null 2>&1 </dev/null &
done

ctr=; server_pid=; worker_pid=; data=
descendants() { local p; for p in $(pgrep -P "$1" || true); do echo "$p"; descendants "$p"; done; }
tini_under() { local p; for p in $(descendants "$1"); do [ "$(cat "/proc/$p/comm" 2>/dev/null)" = tini ] && { echo "$p"; return; }; done; true; }
stop_pid() { # stop_pid <pid>: SIGTERM to the tini under that `buildah run` (it forwards it to Folio), then
  # to the whole tree; SIGKILL after 10 s
  local pid=$1 t
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  t=$(tini_under "$pid")
  if [ -n "$t" ]; then kill -TERM "$t" 2>/dev/null || true; else kill -TERM $(descendants "$pid") "$pid" 2>/dev/null || true; fi
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
  kill -KILL $(descendants "$pid") "$pid" 2>/dev/null || true
}
cleanup() {
  stop_pid "$server_pid"; stop_pid "$worker_pid"
  [ -n "$ctr" ] && "${BUILDAH[@]}" rm "$ctr" >/dev/null 2>&1 || true
  [ -n "$data" ] && rm -rf "$data"
  [ -n "${admin_url:-}" ] && psql -q "$admin_url" -c "drop database if exists $db_name with (force)" >/dev/null 2>&1 || true
  if [ "${FOLIO_IMAGE_KEEP:-0}" != 1 ]; then
    # The whole private store goes, with its containers and images: unmounted, renamed, and deleted in
    # the background. Deleting its tens of thousands of files took 90-100 s on this loaded machine (`buildah rmi
    # --all`, or bud's own removal of intermediate containers, hence --rm=false) and nothing waits for it.
    unmount_under "$STORE"
    rm -rf "$RUNROOT"
    if [ -d "$STORE" ]; then
      mv "$STORE" "$STORE.trash.$$"
      setsid nohup rm -rf "$STORE.trash.$$" >/dev/null 2>&1 </dev/null &
    fi
  fi
}
trap cleanup EXIT

# --- the base: debootstrap once, cached as a tarball -------------------------------------------------
mirror=${DEBIAN_MIRROR:-$( { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } \
  | grep -oE '^(URIs:|deb) +\S+' | awk '{print $2}' | grep -v -- '-security' | head -n 1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}
mkdir -p "$CACHE"
if [ "${FOLIO_IMAGE_REBASE:-0}" = 1 ] || [ ! -s "$CACHE/bookworm-minbase.tar" ]; then
  say "debootstrap --variant=minbase bookworm from $mirror"
  rootfs=$(mktemp -d "$CACHE/rootfs.XXXXXX")
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap.log" 2>&1 \
    || { tail -n 30 "$CACHE/debootstrap.log" >&2; unmount_under "$rootfs"; rm -rf "$rootfs"; exit 1; }
  # debootstrap can leave its /proc mounted here (its umount fails on this kernel): unmount whatever is
  # under the new root before it is archived or removed.
  unmount_under "$rootfs"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" --one-file-system -cf "$CACHE/bookworm-minbase.tar.tmp" .
  mv "$CACHE/bookworm-minbase.tar.tmp" "$CACHE/bookworm-minbase.tar"
  rm -rf "$rootfs"
fi
phase "debootstrap base"

# On top of the base: what makes debian:bookworm-slim slim (dpkg leaves out docs, man pages and
# translations; apt keeps no package cache, installs no recommends, fetches no translations; dpkg skips
# fsync, which matters in a throwaway build root), and this machine's package sources and trust, so
# that the build fetches from where the host does: its apt sources (a snapshot mirror's old Release files
# need Check-Valid-Until off) and its extra CA certificates (a TLS-intercepting proxy in front of the
# npm registry; the Dockerfile's ca-certificates install picks them up).
overlay=$(mktemp -d)
mkdir -p "$overlay/etc/apt/sources.list.d" "$overlay/etc/apt/apt.conf.d" "$overlay/etc/dpkg/dpkg.cfg.d" "$overlay/usr/local/share/ca-certificates"
cat >"$overlay/etc/dpkg/dpkg.cfg.d/folio-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
force-unsafe-io
EOF
cat >"$overlay/etc/apt/apt.conf.d/folio-slim" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Binary::apt::APT::Keep-Downloaded-Packages "false";
EOF
if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
  cp /etc/apt/sources.list.d/*.sources "$overlay/etc/apt/sources.list.d/"
  : >"$overlay/etc/apt/sources.list"
fi
[ -s /etc/apt/sources.list ] && cp /etc/apt/sources.list "$overlay/etc/apt/sources.list"
[ -e "$overlay/etc/apt/sources.list" ] || echo "deb $mirror bookworm main" >"$overlay/etc/apt/sources.list"
grep -rhs 'Check-Valid-Until' /etc/apt/apt.conf.d/ >"$overlay/etc/apt/apt.conf.d/99folio-mirror" || rm -f "$overlay/etc/apt/apt.conf.d/99folio-mirror"
cp /usr/local/share/ca-certificates/*.crt "$overlay/usr/local/share/ca-certificates/" 2>/dev/null || true
env_hash=$(cat "$CACHE/bookworm-minbase.tar" <(tar -C "$overlay" -c --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner .) | sha256sum | cut -c1-12)
BASE=localhost/folio-base:bookworm-$env_hash
if ! "${PODMAN[@]}" image exists "$BASE"; then
  say "podman import $BASE"
  "${PODMAN[@]}" import -q "$CACHE/bookworm-minbase.tar" localhost/folio-base:debootstrap >/dev/null
  layer=$("${BUILDAH[@]}" from --pull-never localhost/folio-base:debootstrap)
  "${BUILDAH[@]}" copy "$layer" "$overlay/" / >/dev/null
  "${BUILDAH[@]}" commit -q --rm "$layer" "$BASE" >/dev/null
fi
rm -rf "$overlay"
phase "podman import"

# --- the image -----------------------------------------------------------------------------------------
# --format docker: the OCI format has no HEALTHCHECK. Each output line is stamped with the seconds since
# the build started, so the step timings below show where the time goes.
say "buildah bud --isolation chroot --layers --jobs $JOBS ($driver) -t $IMAGE"
build_start=$(date +%s)
set +e
"${BUILDAH[@]}" bud --isolation chroot --layers --rm=false --jobs "$JOBS" --format docker --pull-never \
  --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" -f Dockerfile . 2>&1 \
  | while IFS= read -r line; do printf '%5d %s\n' $(( $(printf '%(%s)T' -1) - build_start )) "$line"; done >"$CACHE/build.log"
rc=${PIPESTATUS[0]}
set -e
[ "$rc" = 0 ] || { tail -n 40 "$CACHE/build.log" >&2; exit 1; }
phase "buildah bud"
echo "build steps (seconds since the build started; stages run in parallel):"
grep -E '^ *[0-9]+ (\[[0-9]+/[0-9]+\] )?(STEP|COMMIT)|^ *[0-9]+ --> ' "$CACHE/build.log" | grep -v -- '--> Using cache' | cut -c1-110 || true
size_bytes=$("${PODMAN[@]}" image inspect "$IMAGE" --format '{{.Size}}')
base_bytes=$("${PODMAN[@]}" image inspect "$BASE" --format '{{.Size}}')
layers=$("${PODMAN[@]}" image inspect "$IMAGE" --format '{{len .RootFS.Layers}}')
image_config=$("${BUILDAH[@]}" inspect --type image "$IMAGE" | jq -c '.Docker.config')
healthcheck=$(jq -c '.Healthcheck' <<<"$image_config")
jq -e '.Test | length > 1' <<<"$healthcheck" >/dev/null || { echo "image-smoke: the image has no HEALTHCHECK ($healthcheck)" >&2; exit 1; }

# --- run folio serve from the image ------------------------------------------------------------------
say "folio serve from the image on :$PORT_ ($DB_URL)"
admin_url=${DB_URL%/*}/postgres
db_name=${DB_URL##*/}
PGOPTIONS='--client-min-messages=warning' psql -q "$admin_url" -c "drop database if exists $db_name with (force)" -c "create database $db_name" >/dev/null
data=$(mktemp -d /tmp/folio-image-smoke.XXXXXX)
chown 10001:10001 "$data"
ctr=$("${BUILDAH[@]}" from --pull-never "$IMAGE")
# The container's root directory may be created 0700 root (vfs): the image's user (folio) could not
# exec anything inside the chroot. Only this container's copy changes.
chmod 755 "$("${BUILDAH[@]}" mount "$ctr")"
mapfile -t entrypoint < <(jq -r '.Entrypoint[]' <<<"$image_config")
[ "${entrypoint[0]}" = /usr/bin/tini ] || { echo "image-smoke: the entrypoint is not tini: ${entrypoint[*]}" >&2; exit 1; }
# chroot isolation has no PID namespace, so tini is not PID 1 here: -s makes it a subreaper instead.
run_env=(--env NODE_ENV=development --env HOST=127.0.0.1 --env PORT="$PORT_" --env FOLIO_PUBLIC_URL="http://127.0.0.1:$PORT_"
  --env DATABASE_URL="$DB_URL" --env REDIS_URL="$REDIS_URL_" --env FOLIO_REDIS_PREFIX="folio-image-smoke:" --env FOLIO_EXPORT_POOL_SIZE=1)
# NODE_ENV=development: the smoke session signs up with the built-in issuer's development token (in
# production, the image's default, only an OIDC issuer is trusted).
"${BUILDAH[@]}" run --isolation chroot --user folio -v "$data:/data" "${run_env[@]}" \
  "$ctr" -- "${entrypoint[0]}" -s "${entrypoint[@]:1}" serve >"$CACHE/serve.log" 2>&1 &
server_pid=$!
API=http://127.0.0.1:$PORT_/api/v1
for _ in $(seq 1 240); do
  curl -fs "$API/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "image-smoke: folio serve exited" >&2; tail -n 40 "$CACHE/serve.log" >&2; exit 1; }
  sleep 0.5
done
curl -fs "$API/health" | jq -c '{ready, checks}' || { tail -n 40 "$CACHE/serve.log" >&2; exit 1; }
phase "serve ready"
# The image's own HEALTHCHECK command, run inside the container against the running server.
mapfile -t hc < <(jq -r '.Test[1:][]' <<<"$healthcheck")
[ "${hc[0]}" = CMD-SHELL ] && hc=(/bin/sh -c "${hc[1]}")
"${BUILDAH[@]}" run --isolation chroot --user folio "${run_env[@]}" "$ctr" -- "${hc[@]}" \
  || { echo "image-smoke: the image's HEALTHCHECK failed" >&2; exit 1; }
echo "HEALTHCHECK (${hc[*]:0:2} ...) passed"
# The image's node_modules carry the vendored bundles (the Dockerfile's vendor stage), and Node resolves typebox to them.
"${BUILDAH[@]}" run --isolation chroot --user folio "$ctr" -- node --input-type=module -e \
  "const { installVendorHooks } = await import('/app/bin/vendor-hooks.js'); const n = installVendorHooks('/app'); const url = import.meta.resolve('typebox'); if (!n || !url.includes('/.folio-vendor/')) { console.error('no vendored bundles: ' + n + ' ' + url); process.exit(1); } console.log('vendored bundles: ' + n + ' specifiers, typebox from ' + url)" \
  || { echo "image-smoke: the image does not load the vendored bundles" >&2; exit 1; }

# --- the smoke session -------------------------------------------------------------------------------
J='Content-Type: application/json'
fail() { echo "image-smoke: $1" >&2; echo "$2" >&2; tail -n 30 "$CACHE/serve.log" >&2; exit 1; }
# The web console was built into the image: /console answers its page, and its script is served.
console_html=$(curl -fs "http://127.0.0.1:$PORT_/console/") || fail "GET /console/ failed (was the console built into the image?)" "$(curl -s "http://127.0.0.1:$PORT_/console/" | head -c 300)"
asset=$(grep -o '/console/assets/[^"]*\.js' <<<"$console_html" | head -n 1)
[ -n "$asset" ] || fail "the console page names no script" "$(head -c 300 <<<"$console_html")"
curl -fs -o /dev/null "http://127.0.0.1:$PORT_$asset" || fail "the console's script $asset is not served" ""
phase "console"
token=$(curl -fs "$API/dev/token" -H "$J" -d '{"sub":"smoke","email":"smoke@example.com"}' | jq -r '.token // .id_token')
signup=$(curl -s "$API/signup" -H "Authorization: Bearer $token" -H "$J" -d '{"org_name":"Smoke"}')
key=$(jq -r '.secret // empty' <<<"$signup"); [ -n "$key" ] || fail "signup failed" "$signup"
phase "signup"
deck=$(curl -s "$API/slides/generate" -H "X-API-Key: $key" -H "$J" -d '{"prompt":"A deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets"}')
run=$(jq -r '.run_id // empty' <<<"$deck"); [ "$(jq -r .status <<<"$deck")" = completed ] || fail "generate failed" "$deck"
curl -fs -o "$data/deck.pptx" "$(jq -r .download_url <<<"$deck")"
phase "generate deck"
pdf=$(curl -s "$API/runs/$run/export" -H "X-API-Key: $key" -H "$J" -d '{"format":"pdf"}')
url=$(jq -r '.download_url // empty' <<<"$pdf"); [ -n "$url" ] || fail "export failed" "$pdf"
curl -fs -o "$data/deck.pdf" "$url"
[ "$(head -c 5 "$data/deck.pdf")" = "%PDF-" ] || fail "the export is not a PDF" "$(head -c 200 "$data/deck.pdf")"
phase "export to PDF"
echo "deck.pptx $(stat -c %s "$data/deck.pptx") bytes, deck.pdf $(stat -c %s "$data/deck.pdf") bytes ($(pdfinfo "$data/deck.pdf" 2>/dev/null | awk '/^Pages/{print $2}') pages)"
# Memory after one generate and one export (chroot isolation shares the host's process table).
soffice_kb=$(ps -eo rss=,args= | awk '/soffice\.bin/ && /file:\/\/\/data\// {s += $1} END {print s + 0}')
serve_kb=$(ps -eo rss=,args= | awk '/node \/app\/bin\/folio\.js serve/ && !/tini/ {s += $1} END {print s + 0}')
echo "RSS after the session: folio serve $((serve_kb / 1024)) MB, LibreOffice $((soffice_kb / 1024)) MB"
stop_pid "$server_pid"; server_pid=

# --- folio worker: the alternative command starts, then drains on SIGTERM ------------------------------
say "folio worker from the image"
"${BUILDAH[@]}" run --isolation chroot --user folio -v "$data:/data" "${run_env[@]}" \
  "$ctr" -- "${entrypoint[0]}" -s "${entrypoint[@]:1}" worker --concurrency 1 >"$CACHE/worker.log" 2>&1 &
worker_pid=$!
for _ in $(seq 1 240); do
  grep -q 'Folio worker running' "$CACHE/worker.log" && break
  kill -0 "$worker_pid" 2>/dev/null || { echo "image-smoke: folio worker exited" >&2; tail -n 40 "$CACHE/worker.log" >&2; exit 1; }
  sleep 0.5
done
grep -q 'Folio worker running' "$CACHE/worker.log" || { echo "image-smoke: folio worker did not start" >&2; tail -n 40 "$CACHE/worker.log" >&2; exit 1; }
tini=$(tini_under "$worker_pid"); [ -n "$tini" ] || { echo "image-smoke: no tini under the worker" >&2; exit 1; }
kill -TERM "$tini"  # tini passes SIGTERM on to Folio, which drains and exits
for _ in $(seq 1 100); do kill -0 "$worker_pid" 2>/dev/null || break; sleep 0.2; done
grep -q 'worker stopped' "$CACHE/worker.log" || { echo "image-smoke: folio worker did not stop cleanly on SIGTERM" >&2; tail -n 20 "$CACHE/worker.log" >&2; exit 1; }
worker_pid=
echo "folio worker started and stopped on SIGTERM"
phase "worker start/stop"

cleanup
trap - EXIT
phase "cleanup"
say "image-smoke passed"
printf '%s\n' "${TIMINGS[@]}"
printf '%-26s %5ss\n' "total" $(( $(date +%s) - T0 ))
printf 'image %s: %s MB in %s layers (the debootstrap base: %s MB), storage driver %s\n' "$IMAGE" $((size_bytes / 1000000)) "$layers" $((base_bytes / 1000000)) "$driver"
echo "image-smoke: load at end:$(uptime | sed 's/.*load average//')"
