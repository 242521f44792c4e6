import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

/** Tests never reach the internet: no background fetch of venues' published coverage. */
const OFFLINE = { STRAIT_VENUE_SNAPSHOTS: 'false' };

function startCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: ROOT, env: { ...process.env, ...OFFLINE, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function firstLine(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return line;
}

/** Reads JSON log lines from stdout until one matches. */
async function linesUntil(child: ChildProcess, done: (line: string) => boolean, skipNonJson = false): Promise<Record<string, unknown>[]> {
  const lines = createInterface({ input: child.stdout! });
  const seen: Record<string, unknown>[] = [];
  for await (const line of lines) {
    if (skipNonJson && !line.startsWith('{')) continue;
    seen.push(JSON.parse(line) as Record<string, unknown>);
    if (done(line)) break;
  }
  lines.close();
  return seen;
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

describe('strait sandbox (the public interface)', () => {
  it('prints one JSON line, serves the API, and stops everything on SIGTERM', async () => {
    const child = startCli(['sandbox']);
    try {
      const info = JSON.parse(await firstLine(child)) as { baseUrl: string; chains: Record<string, { chainId: number; rpcUrl: string }>; accounts: { address: string; privateKey: string }[] };
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(Object.values(info.chains).map((c) => c.chainId).sort((a, b) => a - b)).toEqual([1, 10, 8453, 42161]);
      expect(info.accounts).toHaveLength(10);
      const venues = (await (await fetch(`${info.baseUrl}/bridge/venues`)).json()) as { venues: unknown[] };
      expect(venues.venues).toHaveLength(36);
      // §8 holds in the sandbox too, per client as X-Forwarded-For names it from loopback.
      const quote = (client: string, account: number) =>
        fetch(`${info.baseUrl}/bridge/quote`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: 'not a number', sender: info.accounts[account]!.address, recipient: info.accounts[0]!.address }) });
      for (let i = 0; i < 10; i++) expect((await quote('203.0.113.7', i)).status).toBe(400);
      const refused = await quote('203.0.113.7', 0);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      expect((await quote('203.0.113.8', 1)).status).toBe(400);
      expect(await stop(child)).toBe(0);
      expect(await reachable(`${info.baseUrl}/bridge/venues`)).toBe(false);
      for (const chain of Object.values(info.chains)) expect(await reachable(chain.rpcUrl)).toBe(false);
    } finally {
      await stop(child);
    }
  });
});

describe('strait serve', () => {
  it('serves /v1 on the configured port with PGlite in the data directory, and drains on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'strait-data-'));
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = startCli(['serve'], { STRAIT_PORT: port, STRAIT_DATA_DIR: dataDir, STRAIT_LOG_LEVEL: 'info', STRAIT_QUOTE_DEADLINE: '900' });
    try {
      // Start-up tells the truth: a typo is named, and one line says what runs, before listening.
      const logs = await linesUntil(child, (line) => line.includes('strait is serving'));
      const typo = logs.find((l) => l.variable === 'STRAIT_QUOTE_DEADLINE');
      expect(typo).toMatchObject({ level: 40, didYouMean: 'STRAIT_QUOTE_DEADLINE_MS' });
      const startup = logs.find((l) => l.msg === 'strait configuration')?.startup as Record<string, unknown> | undefined;
      expect(startup).toMatchObject({ store: `pglite (${dataDir})`, rateLimit: '10/min per IP and per wallet, in memory', rpcChains: [] });
      expect(startup?.venuesEnabled).toEqual(expect.arrayContaining(['across', 'relay']));
      expect(Object.keys(startup?.venuesOff as object)).toEqual(expect.arrayContaining(['changenow']));
      const base = `http://127.0.0.1:${port}`;
      let ready = await fetch(`${base}/ready`).catch(() => null);
      for (let i = 0; i < 50 && ready?.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await fetch(`${base}/ready`).catch(() => null);
      }
      expect(ready?.status).toBe(200);
      const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { openapi: string };
      expect(doc.openapi).toBe('3.1.0');
      expect(await stop(child)).toBe(0);
    } finally {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm start', () => {
  it('stops the service when a process manager sends SIGTERM to npm', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, ...OFFLINE, STRAIT_PORT: port, STRAIT_DATA_DIR: 'memory', STRAIT_LOG_LEVEL: 'info', STRAIT_PRICE_SOURCE: 'none' }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await linesUntil(npm, (line) => line.includes('strait is serving'), true);
      expect(await reachable(`http://127.0.0.1:${port}/health`)).toBe(true);
      npm.kill('SIGTERM');
      await once(npm, 'exit');
      let stillUp = true;
      for (let i = 0; i < 50 && stillUp; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stillUp = await reachable(`http://127.0.0.1:${port}/health`);
      }
      expect(stillUp).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  });
});
