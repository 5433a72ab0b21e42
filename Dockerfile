# syntax=docker/dockerfile:1
# VV's image: the web app (default command) or the API alone (command api/src/server.ts), one
# image for both tiers of compose.yaml (docs/operations.md). BASE is any Node 24 image on Debian
# (the fonts below are Debian's packages); a registry's node:24-bookworm-slim by default, or one
# made locally where no registry is reachable.
ARG BASE=node:24-bookworm-slim

# The build: every dependency, then the Remix build (build/server and build/client, precompressed).
FROM ${BASE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The production tree alone (docs/dependencies.md): no build tools in the image.
FROM ${BASE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${BASE}
# The share card's text and emoji are drawn with the Noto fonts of all 16 scripts (sharp, on the
# server). fontconfig brings the configuration that finds them (without it: "Cannot load default
# config file" and no font), and its cache is made here, where it can be written.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fontconfig fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
  && fc-cache -f \
  && rm -rf /var/lib/apt/lists/*
# The share card's renderer (sharp) has a fontconfig of its own, whose cache goes in the home folder.
RUN groupadd --system vv && useradd --system --gid vv --home-dir /app --shell /usr/sbin/nologin vv \
  && mkdir -p /data /app/.cache && chown vv:vv /data /app/.cache
WORKDIR /app
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/data
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# What the server reads from the checkout at run time (docs/dependencies.md).
COPY package.json tsconfig.json server.ts ./
COPY server ./server
COPY api ./api
COPY lib ./lib
COPY contract ./contract
COPY app/utils ./app/utils
COPY locales ./locales
USER vv
VOLUME ["/data"]
# 3000: the web app; 8787: the API when run alone; 9100: METRICS_PORT as compose.yaml sets it.
EXPOSE 3000 8787 9100
# Readiness of whichever tier this container runs: the web app on PORT, the API on API_PORT
# (HEALTH_PORT says which; compose.yaml sets it for the API).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.HEALTH_PORT || process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The tracing preload loads OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
ENTRYPOINT ["node", "--import", "tsx", "--import", "./lib/tracing/preload.ts"]
CMD ["server.ts"]
