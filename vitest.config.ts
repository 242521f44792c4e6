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
    // Each worker keeps its modules from one file to the next instead of importing the app again per
    // file: import time 178 s → 13 s and the suite 420 → 302 s on 2 cores (2026-12-03), and CI's runner
    // spent 563 s of its 1 258 importing. The tests share no module state (no vi.mock, stubbed
    // globals or fake timers; every harness starts its own servers, stores and chains).
    isolate: false,
    reporters: ['default'],
  },
});
