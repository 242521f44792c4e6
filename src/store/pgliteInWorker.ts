import { Worker } from 'node:worker_threads';
import type { PgliteSession, PgliteResult } from './pglitePool.ts';

interface WorkerError {
  message: string;
  name: string;
  [field: string]: unknown;
}

type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WorkerError }
  | { kind: 'answer'; id: number; result?: unknown; error?: WorkerError }
  | { kind: 'notify'; channel: string; payload: string };

export interface PgliteWorkerOptions {
  /** A data directory, or undefined for an in-memory database. */
  dataDir: string | undefined;
  /** Postgres start parameters added to PGlite's own. */
  extraStartParams: readonly string[];
}

/** The worker's error, rebuilt on this thread with the Postgres fields callers read (`code`…). */
function rebuilt(error: WorkerError): Error {
  const { message, name, ...fields } = error;
  return Object.assign(new Error(message), { name }, fields);
}

/**
 * The process's Node flags less its module loaders: the worker is plain JavaScript, and a loader
 * (tsx under `npm start` and the tests) would load a second copy of itself into the worker for nothing.
 */
function workerExecArgv(): string[] {
  const loaders = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);
  const kept: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const flag = process.execArgv[i]!;
    if (loaders.has(flag)) i++;
    else if (![...loaders].some((loader) => flag.startsWith(`${loader}=`))) kept.push(flag);
  }
  return kept;
}

/**
 * Starts PGlite on a worker thread (src/store/pgliteWorkerMain.mjs) and speaks to it by messages:
 * Postgres's CPU, a decision's commit above all, leaves the thread that answers HTTP. The worker
 * holds the process open only while a request to it is outstanding, as an idle PGlite on this thread
 * would not either.
 */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteSession> {
  const worker = new Worker(new URL('./pgliteWorkerMain.mjs', import.meta.url), { execArgv: workerExecArgv(), workerData: { dataDir: options.dataDir, extraStartParams: [...options.extraStartParams] } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | null = null;

  const settleAll = (error: Error) => {
    stopped = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      switch (message.kind) {
        case 'ready':
          resolve();
          return;
        case 'failed':
          reject(rebuilt(message.error));
          return;
        case 'notify':
          channels.get(message.channel)?.(message.payload);
          return;
        case 'answer': {
          const waiting = pending.get(message.id);
          if (!waiting) return;
          pending.delete(message.id);
          if (pending.size === 0) worker.unref();
          if (message.error) waiting.reject(rebuilt(message.error));
          else waiting.resolve(message.result);
        }
      }
    });
    worker.on('error', (error) => {
      reject(error);
      settleAll(new Error(`the embedded store's thread failed: ${error.message}`, { cause: error }));
    });
    worker.on('exit', (code) => {
      reject(new Error(`the embedded store's thread exited (code ${code}) before it started`));
      settleAll(new Error(`the embedded store's thread exited (code ${code})`));
    });
  });

  const request = <T>(message: Record<string, unknown>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  return {
    query: (sql, parameters) => request<PgliteResult>({ kind: 'query', sql, parameters }),
    exec: (sql) => request<PgliteResult[]>({ kind: 'exec', sql }),
    async listen(channel, callback) {
      channels.set(channel, callback);
      await request({ kind: 'listen', channel });
      return async () => {
        channels.delete(channel);
        await request({ kind: 'unlisten', channel }).catch(() => undefined);
      };
    },
    async close() {
      try {
        await request({ kind: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
