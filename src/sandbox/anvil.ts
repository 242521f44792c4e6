/**
 * Launches a local anvil node (the binary shipped by `@foundry-rs/anvil`) for the sandbox.
 *
 * - binds 127.0.0.1 only, on an OS-chosen port (`--port 0`, the real port is parsed from
 *   anvil's "Listening on" line, so parallel starts never race for a port);
 * - automine unless `blockTime` is given;
 * - anvil's stdout/stderr are piped and drained (never echoed); the last stderr/stdout lines
 *   are kept for error messages;
 * - every live node is killed when this process exits, so no orphan anvil survives a test run.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface AnvilOptions {
  chainId: number;
  /** Fixed port; default: a free port chosen by the OS. */
  port?: number;
  /** Seconds between blocks; default: automine (one block per transaction). */
  blockTime?: number;
  /** `optimism`: anvil accepts OP Stack deposit transactions (type 0x7e), as an OP Stack L2 does. */
  network?: 'optimism';
}

export interface AnvilInstance {
  rpcUrl: string;
  chainId: number;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;
const TAIL_LINES = 20;

const PLATFORM_PACKAGES: Record<string, Record<string, string>> = {
  linux: { x64: '@foundry-rs/anvil-linux-amd64', arm64: '@foundry-rs/anvil-linux-arm64' },
  darwin: { x64: '@foundry-rs/anvil-darwin-amd64', arm64: '@foundry-rs/anvil-darwin-arm64' },
  win32: { x64: '@foundry-rs/anvil-win32-amd64' },
};

let cachedBinary: { command: string; prefixArgs: string[] } | undefined;

/** Path of the native anvil binary, or the `@foundry-rs/anvil` node wrapper as a fallback. */
export function resolveAnvilBinary(): { command: string; prefixArgs: string[] } {
  if (cachedBinary) return cachedBinary;
  const require = createRequire(import.meta.url);
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const pkg = PLATFORM_PACKAGES[process.platform]?.[process.arch];
  if (pkg) {
    try {
      const bin = join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', exe);
      if (existsSync(bin)) return (cachedBinary = { command: bin, prefixArgs: [] });
    } catch {
      // platform package not installed: fall through to the wrapper
    }
  }
  try {
    const wrapper = join(dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
    if (existsSync(wrapper)) return (cachedBinary = { command: process.execPath, prefixArgs: [wrapper] });
  } catch {
    // not installed
  }
  throw new Error(`anvil binary not found for ${process.platform}/${process.arch} (install @foundry-rs/anvil)`);
}

// One process-wide set of live children and one set of exit hooks (not one listener per node,
// which would trip Node's MaxListeners warning with many chains).
const liveChildren = new Set<ChildProcess>();
let hooksInstalled = false;

function killAllChildren(): void {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  liveChildren.clear();
}

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAllChildren);
  // A bare SIGINT/SIGTERM terminates Node without 'exit'. Kill the nodes, then, if nobody else
  // handles the signal, re-raise it so the default behaviour (terminate) is kept.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = (): void => {
      killAllChildren();
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, handler);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, handler);
  }
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await res.json()) as { result?: unknown };
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startAnvil(opts: AnvilOptions): Promise<AnvilInstance> {
  const { command, prefixArgs } = resolveAnvilBinary();
  const args = [
    ...prefixArgs,
    '--host', '127.0.0.1',
    '--port', String(opts.port ?? 0),
    '--chain-id', String(opts.chainId),
  ];
  if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime));
  if (opts.network !== undefined) args.push('--network', opts.network);

  installExitHooks();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);

  const tail: string[] = [];
  const remember = (line: string): void => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  const describe = (): string => (tail.length ? `\n${tail.join('\n')}` : '');

  // Mutable state shared with the child's callbacks (an object, so TS does not narrow it away).
  const state: { exited: boolean; spawnError?: Error } = { exited: false };
  let markEnded: () => void = () => {};
  const exitPromise = new Promise<void>((resolve) => (markEnded = resolve));
  child.once('exit', (code, signal) => {
    state.exited = true;
    liveChildren.delete(child);
    remember(`[anvil exited code=${code ?? 'null'} signal=${signal ?? 'null'}]`);
    markEnded();
  });
  child.once('error', (err) => {
    // spawn failure (ENOENT, EACCES): no 'exit' follows
    state.spawnError = err;
    state.exited = true;
    liveChildren.delete(child);
    markEnded();
  });

  // Drain both pipes forever (anvil logs every RPC call; an unread pipe would block it).
  let resolvePort: (port: number) => void = () => {};
  const portPromise = new Promise<number>((r) => (resolvePort = r));
  const lineReader = (isStdout: boolean) => {
    let partial = '';
    return (chunk: Buffer): void => {
      partial += chunk.toString('utf8');
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.trimEnd();
        if (!line) continue;
        const m = /Listening on [^\s]*:(\d+)/.exec(line);
        if (m?.[1]) resolvePort(Number(m[1]));
        // Keep stderr always, stdout only as context (its banner is long and uninteresting).
        if (!isStdout || /error|panic|warn/i.test(line)) remember(line);
      }
    };
  };
  child.stdout?.on('data', lineReader(true));
  child.stderr?.on('data', lineReader(false));

  const stop = async (): Promise<void> => {
    if (state.exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (!state.exited) child.kill('SIGKILL');
    }, 3_000);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    let startTimer: NodeJS.Timeout | undefined;
    const port = await Promise.race([
      portPromise,
      exitPromise.then(() => undefined),
      new Promise<undefined>((r) => (startTimer = setTimeout(r, START_TIMEOUT_MS, undefined))),
    ]);
    clearTimeout(startTimer);
    if (state.spawnError) throw new Error(`failed to spawn anvil (${command}): ${state.spawnError.message}`);
    if (port === undefined) {
      throw new Error(`anvil (chain ${opts.chainId}) did not start listening${describe()}`);
    }
    const rpcUrl = `http://127.0.0.1:${port}`;
    for (;;) {
      if (state.exited) throw new Error(`anvil (chain ${opts.chainId}) exited during start-up${describe()}`);
      const id = await rpcChainId(rpcUrl);
      if (id === opts.chainId) return { rpcUrl, chainId: opts.chainId, stop };
      if (id !== undefined) throw new Error(`anvil at ${rpcUrl} reports chain id ${id}, expected ${opts.chainId}`);
      if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} did not answer eth_chainId${describe()}`);
      await sleep(50);
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
