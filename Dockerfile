# Strait for production: the compiled build on a slim Node LTS image, run as the unprivileged `node`
# user. Build: `docker build -t strait .`; run: `docker run -p 8080:8080 strait` (see docs/deploy.md).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-slim
# V8's old space capped at 256 MB: uncapped, V8 let the per-quote garbage (36 venue calls each) pile up
# to ≈ 450 MB of heap under load before collecting it, for a live set of ≈ 100 MB (docs/performance.md,
# `npm run bench:memory`). The young generation is kept at Node's usual 16 MB semi-spaces, which V8
# would otherwise shrink with the cap (more scavenges, slower reads). Override with `-e NODE_OPTIONS=…`.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=16" \
    STRAIT_HOST=0.0.0.0 \
    STRAIT_PORT=8080 \
    STRAIT_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080 8081
# /health answers while the process serves HTTP: the API on STRAIT_PORT, or a `strait worker`'s
# probes on STRAIT_WORKER_PORT (it serves no API), so one check fits both commands.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const h=(p)=>fetch('http://127.0.0.1:'+p+'/health').then(r=>r.ok);h(process.env.STRAIT_PORT||8080).catch(()=>false).then(ok=>ok||h(process.env.STRAIT_WORKER_PORT||8081)).then(ok=>process.exit(ok?0:1),()=>process.exit(1))"]
# node is PID 1's only child-free process here: SIGTERM reaches Strait directly and drains it.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "dist/main.js"]
CMD ["serve"]
