import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOperatorCommands } from './operatorCommands.ts';
import { cli, runOperatorScenario, type OperatorScenario } from './operatorScenario.ts';

let dir: string;
let scenario: OperatorScenario;
let metricsText: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'strait-operator-'));
  const run = await runOperatorScenario({ STRAIT_DATA_DIR: dir });
  scenario = run.scenario;
  metricsText = await run.strait.metrics.registry.metrics();
  // PGlite is one process's database: the service closes it before another opens the directory.
  await run.strait.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeOperatorCommands('PGlite data directory', () => ({ env: { STRAIT_DATA_DIR: dir }, scenario }));

describe('the store is chosen from the service environment', () => {
  it('refuses an in-memory PGlite, saying it lives inside the service process', async () => {
    const result = await cli(['transfers', 'list'], { STRAIT_DATA_DIR: 'memory' });
    expect(result.code).toBe(69);
    expect(result.err).toMatch(/in-memory PGlite .* cannot be inspected from another process/);
  });

  it('refuses a directory with no database instead of creating one, but migrate up creates it', async () => {
    const empty = join(dir, 'nothing-here');
    const list = await cli(['transfers', 'list'], { STRAIT_DATA_DIR: empty });
    expect(list.code).toBe(69);
    expect(list.err).toContain('no PGlite database in');
    const status = await cli(['migrate', 'status'], { STRAIT_DATA_DIR: empty });
    expect(status.code).toBe(69);
    const up = await cli(['migrate', 'up'], { STRAIT_DATA_DIR: empty });
    expect(up.code).toBe(0);
    expect(up.out).toMatch(/applied 001_initial,.*008_transfer_polls/);
    expect((await cli(['migrate', 'status'], { STRAIT_DATA_DIR: empty })).code).toBe(0);
  });

  it('refuses a data directory another live process holds, and takes over one a dead process left', async () => {
    // The service closed the directory: it released its pid file.
    expect(existsSync(join(dir, 'strait.pid'))).toBe(false);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      await writeFile(join(dir, 'strait.pid'), `${holder.pid}\n`);
      const refused = await cli(['migrate', 'status'], { STRAIT_DATA_DIR: dir });
      expect(refused.code).toBe(69);
      expect(refused.err).toContain(`in use by process ${holder.pid}: PGlite is one process's database`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder died without releasing it: the next process takes the directory over.
    expect((await cli(['migrate', 'status'], { STRAIT_DATA_DIR: dir })).code).toBe(0);
    expect(existsSync(join(dir, 'strait.pid'))).toBe(false);
  });

  it('reports a configuration that does not load with exit 78', async () => {
    const result = await cli(['transfers', 'list'], { STRAIT_DATA_DIR: dir, STRAIT_WORKER_BATCH: 'many' });
    expect(result.code).toBe(78);
    expect(result.err).toContain('STRAIT_WORKER_BATCH');
  });
});

describe('metrics of the scenario', () => {
  const sample = (series: string) => {
    const line = metricsText.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts the finished transfer by venue and outcome and times it from submit', () => {
    expect(sample('strait_transfers_finished_total{venue="across",outcome="COMPLETED"}')).toBe(1);
    expect(sample('strait_transfer_duration_seconds_count{venue="across",outcome="COMPLETED"}')).toBe(1);
    // Submitted, then three polls an hour apart: finished 3 h after submit.
    expect(sample('strait_transfer_duration_seconds_sum{venue="across",outcome="COMPLETED"}')).toBe(10_800);
    expect(sample('strait_transfer_duration_seconds_bucket{le="7200",venue="across",outcome="COMPLETED"}')).toBe(0);
    expect(sample('strait_transfer_duration_seconds_bucket{le="21600",venue="across",outcome="COMPLETED"}')).toBe(1);
  });

  it('counts submit refusals by reason, and each venue’s part in a quote', () => {
    expect(sample('strait_submit_refusals_total{reason="invalid_submission"}')).toBe(1);
    expect(sample('strait_quote_venue_duration_seconds_count{venue="across",outcome="priced"}')).toBe(3);
  });
});
