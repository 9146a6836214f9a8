#!/usr/bin/env bash
# Builds the production image from the Dockerfile without a container registry and runs a smoke session
# through it: a bookworm base made with `debootstrap --variant=minbase` (cached), imported with
# `podman import`, the Dockerfile built with `buildah bud --isolation chroot` (vfs storage), then
# `folio serve` started from the image with `buildah run --isolation chroot` on the host network against
# the local PostgreSQL and Redis, and a session: signup, generate a deck, export it to PDF. Prints the
# timings and the image size. Needs root (buildah and debootstrap), PostgreSQL and Redis on localhost.
#
#   scripts/image-smoke.sh                 # CI runs this
#
# Environment: FOLIO_IMAGE_CACHE (default /var/cache/folio-image: the debootstrap base, kept between
# runs), SMOKE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/folio_smoke, dropped and
# created afresh), SMOKE_REDIS_URL (default redis://127.0.0.1:6379), SMOKE_PORT (default 18080),
# DEBIAN_MIRROR (default: the first Debian archive in /etc/apt/sources.list*), FOLIO_IMAGE_REBASE=1
# (make the base again).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
CACHE=${FOLIO_IMAGE_CACHE:-/var/cache/folio-image}
DB_URL=${SMOKE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/folio_smoke}
REDIS_URL_=${SMOKE_REDIS_URL:-redis://127.0.0.1:6379}
PORT_=${SMOKE_PORT:-18080}
IMAGE=localhost/folio:smoke
export BUILDAH_ISOLATION=chroot
# vfs: works in any container or VM (no overlay mounts needed). Given on every call: buildah does not
# read STORAGE_DRIVER from the environment, and an image stored by one driver is invisible to another.
PODMAN=(podman --storage-driver vfs)
BUILDAH=(buildah --storage-driver vfs)

T0=$(date +%s)
declare -a TIMINGS=()
phase_start=$T0
phase() { local now; now=$(date +%s); TIMINGS+=("$(printf '%-28s %5ss' "$1" $((now - phase_start)))"); phase_start=$now; }
say() { printf '\n== %s\n' "$*"; }

[ "$(id -u)" = 0 ] || { echo "image-smoke: run as root (buildah and debootstrap need it)" >&2; exit 1; }

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

# --- the base: debootstrap once, cached as a tarball -------------------------------------------------
mirror=${DEBIAN_MIRROR:-$( { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } \
  | grep -oE '^(URIs:|deb) +\S+' | awk '{print $2}' | grep -v -- '-security' | head -n 1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}
mkdir -p "$CACHE"
if [ "${FOLIO_IMAGE_REBASE:-0}" = 1 ] || [ ! -s "$CACHE/bookworm-minbase.tar" ]; then
  say "debootstrap --variant=minbase bookworm from $mirror"
  rootfs=$(mktemp -d "$CACHE/rootfs.XXXXXX")
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap.log" 2>&1 || { tail -n 30 "$CACHE/debootstrap.log" >&2; exit 1; }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -cf "$CACHE/bookworm-minbase.tar.tmp" . && mv "$CACHE/bookworm-minbase.tar.tmp" "$CACHE/bookworm-minbase.tar"
  rm -rf "$rootfs"
fi
phase "debootstrap base"

# This machine's package sources and trust go on top of the base, so that the build fetches from where
# the host does: its apt sources (its mirror; a snapshot mirror's old Release files need
# Check-Valid-Until off) and its extra CA certificates (a TLS-intercepting proxy in front of the npm
# registry; the Dockerfile's ca-certificates install picks them up). The base is tagged with a hash of
# these files and imported again when they change.
overlay=$(mktemp -d)
mkdir -p "$overlay/etc/apt/sources.list.d" "$overlay/etc/apt/apt.conf.d" "$overlay/usr/local/share/ca-certificates"
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
  "${PODMAN[@]}" import "$CACHE/bookworm-minbase.tar" localhost/folio-base:debootstrap >/dev/null
  layer=$("${BUILDAH[@]}" from --pull-never localhost/folio-base:debootstrap)
  "${BUILDAH[@]}" copy "$layer" "$overlay/" / >/dev/null
  "${BUILDAH[@]}" commit --rm "$layer" "$BASE" >/dev/null
fi
rm -rf "$overlay"
phase "podman import"

# --- the image -----------------------------------------------------------------------------------------
say "buildah bud --isolation chroot (vfs) -t $IMAGE"
"${BUILDAH[@]}" bud --isolation chroot --layers --pull-never --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" -f Dockerfile . >"$CACHE/build.log" 2>&1 \
  || { tail -n 40 "$CACHE/build.log" >&2; exit 1; }
phase "buildah bud"
size_bytes=$("${PODMAN[@]}" image inspect "$IMAGE" --format '{{.Size}}')
base_bytes=$("${PODMAN[@]}" image inspect "$BASE" --format '{{.Size}}')

# --- run folio serve from the image ------------------------------------------------------------------
say "folio serve from the image on :$PORT_ ($DB_URL)"
admin_url=${DB_URL%/*}/postgres
db_name=${DB_URL##*/}
psql -q "$admin_url" -c "drop database if exists $db_name with (force)" -c "create database $db_name" >/dev/null
data=$(mktemp -d /tmp/folio-smoke-data.XXXXXX)
chown 10001:10001 "$data"
ctr=$("${BUILDAH[@]}" from --pull-never "$IMAGE")
# vfs creates the container's root directory 0700 root: the image's user (folio) could not exec anything
# inside the chroot. Only this container's copy changes.
chmod 755 "$("${BUILDAH[@]}" mount "$ctr")"
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    pkill -TERM -P "$server_pid" 2>/dev/null || true
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  "${BUILDAH[@]}" rm "$ctr" >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap cleanup EXIT
# NODE_ENV=development: the smoke session signs up with the built-in issuer's development token (in
# production, the image's default, only an OIDC issuer is trusted).
"${BUILDAH[@]}" run --isolation chroot --user folio -v "$data:/data" \
  --env NODE_ENV=development --env PORT="$PORT_" --env HOST=127.0.0.1 --env FOLIO_PUBLIC_URL="http://127.0.0.1:$PORT_" \
  --env DATABASE_URL="$DB_URL" --env REDIS_URL="$REDIS_URL_" --env FOLIO_REDIS_PREFIX="folio-smoke:" \
  --env FOLIO_EXPORT_POOL_SIZE=1 \
  "$ctr" -- /usr/bin/tini -s -- node /app/bin/folio.js serve >"$CACHE/serve.log" 2>&1 &
server_pid=$!
API=http://127.0.0.1:$PORT_/api/v1
for _ in $(seq 1 120); do
  curl -fs "$API/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "image-smoke: folio serve exited" >&2; tail -n 40 "$CACHE/serve.log" >&2; exit 1; }
  sleep 0.5
done
curl -fs "$API/health" | jq -c '{ready, checks}' || { tail -n 40 "$CACHE/serve.log" >&2; exit 1; }
phase "serve ready"

# --- the smoke session -------------------------------------------------------------------------------
J='Content-Type: application/json'
fail() { echo "image-smoke: $1" >&2; echo "$2" >&2; tail -n 30 "$CACHE/serve.log" >&2; exit 1; }
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

cleanup
trap - EXIT
phase "stop"
say "image-smoke passed"
printf '%s\n' "${TIMINGS[@]}"
printf '%-28s %5ss\n' "total" $(( $(date +%s) - T0 ))
printf 'image %s: %s MB (the debootstrap base: %s MB)\n' "$IMAGE" $((size_bytes / 1000000)) $((base_bytes / 1000000))
