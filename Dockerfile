# The production image of Folio: `folio serve` (the default) or `folio worker`, on Debian bookworm-slim
# with Node 24, LibreOffice (nogui, with python3-uno for the conversion bridge), poppler-utils and the
# metric-compatible fonts. Configuration comes only from environment variables (docs/operating/
# deployment.md); FOLIO_DATA_DIR (/data) is a volume. Node runs the TypeScript sources; the one build is
# the web console's static files (the `console` stage).
#
#   docker build -t folio .                    # or: buildah bud --isolation chroot -t folio .
#   docker run -p 8080:8080 -e DATABASE_URL=... folio            # the API
#   docker run -e DATABASE_URL=... folio worker --concurrency 4  # a task worker
#
# BASE_IMAGE is an argument so the image builds where no registry is reachable: scripts/image-smoke.sh
# makes a bookworm base with debootstrap and passes it here. Node 24 comes from the npm registry's
# node-linux-<arch> package (the official binary), the way scripts/use-node.sh gets it, and npm from
# the registry's npm package: the build needs the Debian mirror and the npm registry, nothing else.
ARG BASE_IMAGE=debian:bookworm-slim
# Exact versions (bump them together with scripts/use-node.sh's major); fetched from the npm registry.
ARG NODE_VERSION=24.21.0
ARG NPM_VERSION=11.19.1
ARG NPM_REGISTRY=https://registry.npmjs.org

# --- node: the Node 24 binary and npm, as tarballs from the npm registry (one layer) ----------------
FROM ${BASE_IMAGE} AS node
ARG NODE_VERSION
ARG NPM_VERSION
ARG NPM_REGISTRY
RUN set -eu; \
    apt-get update; \
    apt-get install -y --no-install-recommends ca-certificates curl; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin; \
    case "$(dpkg --print-architecture)" in amd64) arch=x64 ;; arm64) arch=arm64 ;; *) echo "unsupported architecture" >&2; exit 1 ;; esac; \
    curl -fsSL "${NPM_REGISTRY}/node-linux-${arch}/-/node-linux-${arch}-${NODE_VERSION}.tgz" \
      | tar -xz -C /usr/local/bin --strip-components=2 package/bin/node; \
    mkdir -p /opt/npm; \
    curl -fsSL "${NPM_REGISTRY}/npm/-/npm-${NPM_VERSION}.tgz" | tar -xz -C /opt/npm --strip-components=1; \
    ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm; \
    node -v; npm -v

# --- deps: production dependencies only; changes to the sources do not invalidate this layer -------
FROM node AS deps
ARG NPM_REGISTRY
WORKDIR /app
COPY package.json package-lock.json ./
# --use-system-ca: trust the system's CA store (and any CA added to it) as curl does above. Source maps,
# type declarations and markdown are not loaded at run time: leaving them out saves ~88 MB and ~6,400
# files (measured on this lockfile).
RUN NODE_OPTIONS=--use-system-ca npm ci --omit=dev --ignore-scripts --no-audit --no-fund --update-notifier=false --loglevel=error --registry="${NPM_REGISTRY}/" \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.md' \) -delete \
 && rm -rf /root/.npm

# --- vendor: the bundles of the packages made of hundreds of small modules (scripts/build-vendor.ts) ----
# esbuild, at the lockfile's version, is installed apart in /tools, so the app's node_modules get only
# node_modules/.folio-vendor; bin/folio.js loads typebox, kysely, pg-boss and jose from there.
FROM deps AS vendor
ARG NPM_REGISTRY
RUN set -eu; \
    version="$(node -e 'console.log(require("./package-lock.json").packages["node_modules/esbuild"].version)')"; \
    mkdir -p /tools; cd /tools; echo '{"private": true}' > package.json; \
    NODE_OPTIONS=--use-system-ca npm install --no-save --no-audit --no-fund --update-notifier=false --loglevel=error --registry="${NPM_REGISTRY}/" "esbuild@${version}"; \
    rm -rf /root/.npm
COPY scripts/build-vendor.ts ./scripts/build-vendor.ts
RUN node scripts/build-vendor.ts --esbuild /tools

# --- console: the web console's static build (web/console, Vite + Preact) ------------------------------
# Only the three packages the build needs, at the lockfile's versions, not the whole dev toolchain; the
# runtime stage copies the built files alone (web/console/dist).
FROM node AS console
ARG NPM_REGISTRY
WORKDIR /build
COPY package-lock.json ./
RUN set -eu; \
    pkgs="$(node -e 'const l = require("./package-lock.json").packages; console.log(["vite", "preact", "uplot"].map((p) => p + "@" + l["node_modules/" + p].version).join(" "))')"; \
    echo '{"private": true, "type": "module"}' > package.json; \
    NODE_OPTIONS=--use-system-ca npm install --no-save --ignore-scripts --no-audit --no-fund --update-notifier=false --loglevel=error --registry="${NPM_REGISTRY}/" $pkgs; \
    rm -rf /root/.npm
COPY packages/sdk/src ./packages/sdk/src
COPY web/console ./web/console
COPY scripts/build-console.ts ./scripts/build-console.ts
RUN node scripts/build-console.ts

# --- runtime -----------------------------------------------------------------------------------------
# Independent of the two stages above until its COPY --from lines, so a builder with parallel stages
# (buildah bud --jobs 2, BuildKit) installs LibreOffice while npm ci runs. One RUN, one layer: the
# packages, the user, /data and the `folio` command. Layers from here on are ordered by how often they
# change: Node, then node_modules (package-lock.json), then the sources, so a change in src/ rebuilds
# only the small COPY layers after node_modules (14 s with buildah's layer cache here).
FROM ${BASE_IMAGE} AS runtime
# `apt-get upgrade` first: the security and point-release updates the base image does not have yet (a
# cached debian:bookworm-slim, or the debootstrap base, which comes from the release alone).
RUN set -eu; \
    apt-get update; \
    apt-get upgrade -y; \
    apt-get install -y --no-install-recommends \
      ca-certificates tini \
      libreoffice-nogui python3-uno \
      poppler-utils \
      fonts-liberation2 fonts-crosextra-carlito fonts-crosextra-caladea fonts-dejavu-core; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log /var/cache/debconf/*-old; \
    groupadd --system --gid 10001 folio; \
    useradd --system --uid 10001 --gid folio --home-dir /home/folio --create-home --shell /usr/sbin/nologin folio; \
    mkdir -p /data /app; chown folio:folio /data; \
    ln -s /app/bin/folio.js /usr/local/bin/folio
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY --from=vendor /app/node_modules /app/node_modules
WORKDIR /app
COPY package.json package-lock.json ./
COPY bin ./bin
COPY web ./web
COPY --from=console /build/web/console/dist ./web/console/dist
COPY src ./src

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    FOLIO_DATA_DIR=/data \
    FOLIO_SOFFICE_PATH=soffice \
    FOLIO_SOFFICE_PYTHON=/usr/bin/python3
VOLUME ["/data"]
EXPOSE 8080
USER folio

# Readiness of the API (the database answers); a worker has no HTTP port, so its health check is its
# process: run workers with --no-healthcheck or override HEALTHCHECK (the Kubernetes and compose files do).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# tini is PID 1: it forwards SIGTERM to Folio (which drains: FOLIO_SHUTDOWN_GRACE_SECONDS for workers)
# and reaps the LibreOffice processes Folio starts.
ENTRYPOINT ["/usr/bin/tini", "--", "node", "/app/bin/folio.js"]
CMD ["serve"]
