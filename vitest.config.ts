import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default (one core kept free) runs a 2-core machine's suite one file at a time, while most
    // files wait on local nodes and loopback fakes: two at once took it from 609 s to 404 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default'],
  },
});
