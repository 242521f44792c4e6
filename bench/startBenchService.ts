import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type BenchServiceMessage =
  | { readonly type: 'ready'; readonly url: string }
  | { readonly type: 'usage'; readonly maxRssKb: number; readonly rssKb: number; readonly cpuMs: number; readonly memory: MemoryBreakdown }
  | { readonly type: 'heapSnapshot'; readonly file: string }
  | { readonly type: 'allocationsStart' }
  | { readonly type: 'allocationsStop'; readonly file: string };

/** Where the service's resident memory is, in kilobytes (`process.memoryUsage()`). */
export interface MemoryBreakdown {
  readonly heapUsedKb: number;
  readonly heapTotalKb: number;
  /** Memory outside V8's heap held by JS objects: Buffers, and WebAssembly memories (PGlite's Postgres). */
  readonly externalKb: number;
  readonly arrayBuffersKb: number;
}

export interface BenchService {
  /** Base URL, ending in /v1. */
  readonly url: string;
  readonly pid: number;
  /** Peak and current resident set size of the service process, in kilobytes, and the CPU it has used (user + system, ms). */
  usage(): Promise<{ maxRssKb: number; rssKb: number; cpuMs: number; memory: MemoryBreakdown }>;
  /** Writes a V8 heap snapshot of the service (it collects garbage first) and resolves to its path. */
  heapSnapshot(): Promise<string>;
  /** Starts V8's sampling heap profiler in the service, keeping the samples of collected objects. */
  startAllocations(): Promise<void>;
  /** Stops it, writes the `.heapprofile` (DevTools' format) and resolves to its path. */
  stopAllocations(): Promise<string>;
  /** Closes the service gracefully, killing it if it has not exited within 5 s. */
  stop(): Promise<void>;
}

export interface BenchServiceOptions {
  readonly mode: 'strait' | 'bare' | 'fanout';
  /** The whole environment of the child (nothing is inherited but PATH and HOME). */
  readonly env: Readonly<Record<string, string>>;
  readonly startTimeoutMs?: number;
  /** Extra Node flags for the child (e.g. `--cpu-prof`). */
  readonly nodeArgs?: readonly string[];
  /** `strait` mode on the compiled build in plain Node (bench/benchServiceMainBuilt.mjs; `npm run build` first). */
  readonly built?: boolean;
  /** Another checkout of Strait whose service to run instead of this one's (A/B: bench/abQuoteLoad.ts). */
  readonly checkout?: string;
}

/** The entry point and Node flags of `checkout`'s bench service as its `npm start` would run it. */
async function asNpmStartRuns(checkout: string): Promise<{ entry: string; execArgv: string[] }> {
  const transpiler = join(checkout, 'bin', 'transpileCheckout.mjs');
  if (!existsSync(transpiler)) return { entry: join(checkout, 'bench', 'benchServiceMain.ts'), execArgv: ['--import', 'tsx'] };
  const { prepareCheckout } = (await import(pathToFileURL(transpiler).href)) as { prepareCheckout: (dirs: readonly string[]) => Promise<string> };
  const root = await prepareCheckout(['src', 'bench']);
  return { entry: fileURLToPath(new URL('bench/benchServiceMain.js', root)), execArgv: [] };
}

/**
 * Forks bench/benchServiceMain.ts as `npm start` runs Strait (transpiled into the checkout's mirror by
 * bin/transpileCheckout.mjs, plain Node; a checkout older than that runs it under
 * tsx, as its `npm start` did) and waits for it to listen.
 */
export async function startBenchService(options: BenchServiceOptions): Promise<BenchService> {
  if (options.built && options.mode !== 'strait') throw new Error('only the strait mode runs on the build');
  const checkout = options.checkout ?? fileURLToPath(new URL('..', import.meta.url));
  const run = options.built ? { entry: join(checkout, 'bench', 'benchServiceMainBuilt.mjs'), execArgv: [] } : await asNpmStartRuns(checkout);
  const child = fork(run.entry, [options.mode], {
    execArgv: [...run.execArgv, ...(options.nodeArgs ?? [])],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const ready = await waitFor(child, 'ready', options.startTimeoutMs ?? 60_000);
    return {
      url: ready.url,
      pid: child.pid ?? -1,
      async usage() {
        const { maxRssKb, rssKb, cpuMs, memory } = await ask(child, 'usage', 5_000);
        return { maxRssKb, rssKb, cpuMs, memory };
      },
      heapSnapshot: async () => (await ask(child, 'heapSnapshot', 120_000)).file,
      startAllocations: async () => void (await ask(child, 'allocationsStart', 10_000)),
      stopAllocations: async () => (await ask(child, 'allocationsStop', 60_000)).file,
      stop: () => stopChild(child, exited),
    };
  } catch (error) {
    await stopChild(child, exited);
    throw error;
  }
}

/** Sends `type` to the child and waits for its answer of the same type. */
async function ask<T extends BenchServiceMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<BenchServiceMessage, { type: T }>> {
  // A child that died (out of memory, say) has no channel: sending would throw in an event handler.
  if (!child.connected) throw new Error('the bench service is gone');
  const answer = waitFor(child, type, timeoutMs);
  // With a callback, a failed send is reported there instead of as an unhandled 'error' event;
  // the wait above then ends with the child's exit or its timeout.
  child.send({ type }, () => undefined);
  return answer;
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function waitFor<T extends BenchServiceMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<BenchServiceMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: BenchServiceMessage): void => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<BenchServiceMessage, { type: T }>);
    };
    const onExit = (code: number | null): void => {
      cleanup();
      reject(new Error(`the bench service exited (code ${code}) before '${type}'`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`the bench service sent no '${type}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
