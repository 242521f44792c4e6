import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;

/**
 * What an operator does with a release: pack it (which builds it), install the archive into an empty
 * folder without development dependencies, and serve from there. Proves the build runs with no
 * TypeScript tooling and ships everything serving needs (migrations included).
 */
describe('the packed package', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('installs into an empty folder without dev dependencies and serves from its build', async () => {
    const packDir = await mkdtemp(join(tmpdir(), 'strait-pack-'));
    const appDir = await mkdtemp(join(tmpdir(), 'strait-install-'));
    folders.push(packDir, appDir);
    const packed = await run('npm', ['pack', '--pack-destination', packDir, '--json'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string }];
    await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: 'strait-install-check', private: true }));
    await run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', join(packDir, filename)], { cwd: appDir, maxBuffer: 64 * 1024 * 1024 });
    const installed = join(appDir, 'node_modules', 'strait');
    expect(existsSync(join(installed, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(existsSync(join(appDir, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(appDir, 'node_modules', 'typescript'))).toBe(false);

    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = spawn(process.execPath, [join(installed, 'bin', 'strait.js'), 'serve'], {
      cwd: appDir,
      // STRAIT_VENUE_SNAPSHOTS off: tests never reach the internet (no background coverage fetch).
      env: { PATH: process.env.PATH ?? '', STRAIT_PORT: port, STRAIT_DATA_DIR: 'memory', STRAIT_PRICE_SOURCE: 'none', STRAIT_LOG_LEVEL: 'warn', STRAIT_VENUE_SNAPSHOTS: 'false' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      let ready: Response | null = null;
      for (let i = 0; i < 150 && ready?.status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        ready = await fetch(`${base}/ready`).catch(() => null);
      }
      expect(ready?.status, stderr).toBe(200);
      const venues = (await (await fetch(`${base}/v1/bridge/venues`)).json()) as { venues: unknown[] };
      expect(venues.venues).toHaveLength(36);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code, stderr).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 300_000);
});
