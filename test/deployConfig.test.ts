import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOYED_NODE_OPTIONS } from '../bench/straitBenchEnv.ts';
import { loadConfig } from '../src/config.ts';

const ROOT = new URL('..', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;
  const strait = Object.entries(services).filter(([, s]) => s.build === '.');

  it('runs PostgreSQL, Redis, two API replicas and a worker, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'postgres', 'redis', 'worker']);
    expect(strait.filter(([, s]) => s.command?.join(' ') === 'serve --no-worker')).toHaveLength(2);
    expect(services.worker?.command).toEqual(['worker']);
    for (const service of Object.values(services)) expect(service.healthcheck?.test.length).toBeGreaterThan(0);
    expect(new Set(strait.flatMap(([, s]) => s.ports ?? []).map((p) => p.split(':')[0])).size).toBe(2);
  });

  it('gives every Strait process a configuration Strait accepts, on the shared PostgreSQL and Redis', () => {
    const postgres = services.postgres!.environment!;
    for (const [name, service] of strait) {
      const config = loadConfig(service.environment ?? {});
      expect(config.databaseUrl, name).toBe(`postgres://${postgres.POSTGRES_USER}:${postgres.POSTGRES_PASSWORD}@postgres:5432/${postgres.POSTGRES_DB}`);
      expect(config.redisUrl, name).toBe('redis://redis:6379');
      expect(config.host, name).toBe('0.0.0.0');
      expect(config.trustProxy, name).not.toBe(false);
      expect(service.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('runs the build on a slim Node image as a non-root user, with a health check', () => {
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-slim$/m);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=\d+$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "dist\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('caps V8 old space as the bench runs the service (the RSS figures of the README are the image\'s)', () => {
    expect(dockerfile).toMatch(new RegExp(`^\\s+NODE_OPTIONS="${DEPLOYED_NODE_OPTIONS}" \\\\$`, 'm'));
  });

  it('copies only what exists in the repository', () => {
    for (const [, source] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const path of source!.split(/\s+/)) expect(existsSync(new URL(path, ROOT)), path).toBe(true);
    }
  });
});
